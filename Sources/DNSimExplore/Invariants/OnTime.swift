import DNSimCore
import DNSimScenario

/// What "on time" means for a delivery: seed 004's acceptance criterion, "±1 m with the exact
/// permission, else ±10 m". An Android app without SCHEDULE_EXACT_ALARM (denied by default for
/// new installs on Android 14 and later, A19) can only ask for a window (A5); iOS and Electron
/// have no such split, so a minute everywhere else.
///
/// Built once per run: whether the device held the permission at an instant is looked up in
/// the run's grant and revoke steps, never by scanning them per delivery.
struct OnTime {
    /// Within a minute with the exact-alarm permission (and on iOS and Electron).
    static let exactMillis: Int64 = 60_000
    /// Within ten minutes on Android without it.
    static let windowedMillis: Int64 = 600_000

    /// Whether the device holds SCHEDULE_EXACT_ALARM from the run's start on (always `true` off
    /// Android, where the split does not exist).
    private let heldAtStart: Bool
    /// Each grant (`true`) or revoke (`false`) step, in time order.
    private let changes: [(SimInstant, Bool)]

    /// The permission's time line of `result`: the resolved starting grant (the run's
    /// `android.exactAlarmGranted` parameter), then each `grantExactAlarm` and `revokeExactAlarm` step.
    init(_ result: RunResult) {
        guard result.scenario.platform == .android else {
            heldAtStart = true
            changes = []
            return
        }
        heldAtStart = result.parameters.first { $0.key == "android.exactAlarmGranted" }?.value != "false"
        changes = result.scenario.steps.compactMap { step in
            switch step.action {
            case .grantExactAlarm: (step.at, true)
            case .revokeExactAlarm: (step.at, false)
            default: nil
            }
        }
    }

    /// How far from its planned instant `at` a delivery may be and count as on time.
    func toleranceMillis(at instant: SimInstant) -> Int64 {
        let held = TimeLine.last(in: changes, atOrBefore: instant) ?? heldAtStart
        return held ? Self.exactMillis : Self.windowedMillis
    }
}
