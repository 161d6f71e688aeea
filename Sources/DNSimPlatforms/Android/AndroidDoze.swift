import DNSimCore

/// The Doze state machine and the while-idle quotas (A10, A37, A38), as plain state.
///
/// Deep idle starts when a scenario says the device is idle (`setDeviceIdle`), or once the screen
/// has been off on battery for ``AndroidDozeParameters/idleAfterScreenOff`` (A63). The first
/// maintenance window opens after the first spacing, each spacing jittered by the seeded stream
/// `android.doze`; windows are short, and the spacing grows to its last value.
public struct AndroidDoze: Sendable {
    /// Whether the device is in deep idle.
    public internal(set) var isIdle = false
    /// Whether a maintenance window is open.
    public internal(set) var inMaintenanceWindow = false
    /// Whether the device is charging (Doze and standby limits lifted, A10, A39).
    public internal(set) var isCharging = false
    /// How many maintenance windows have opened since idle began.
    var windowsSinceIdle = 0
    /// The next window start, when idle and between windows.
    public internal(set) var nextWindowStart: SimInstant?
    /// The window or idle-entry event queued, so it can be cancelled on exit.
    var pendingEvent: EventHandle?
    /// Fire times of exact while-idle alarms in the current idle period, oldest first; ones older
    /// than the quota's hour are dropped when the quota is checked.
    var exactWhileIdleFires: [SimInstant] = []
    /// The last inexact while-idle fire.
    var lastInexactWhileIdleFire: SimInstant?
    /// When deep idle begins if the screen stays off on battery (AOSP's INACTIVE state, A63);
    /// `nil` when no such count runs.
    public internal(set) var idleAt: SimInstant?
    /// The queued end of that count, so turning the screen on or plugging in can cancel it.
    var inactiveEvent: EventHandle?

    /// Whether restrictions apply now: idle, not in a window, not charging.
    public var isRestricting: Bool { isIdle && !inMaintenanceWindow && !isCharging }
}

/// The Doze parameters real devices vary, printed in every report.
public struct AndroidDozeParameters: Sendable, Hashable {
    /// How long the screen must stay off on battery before deep Doze begins (A63): AOSP
    /// DeviceIdleController's `INACTIVE_TIMEOUT` (30 min) followed by `IDLE_AFTER_INACTIVE_TIMEOUT`
    /// (30 min); both are 15 min on small-battery devices, and DeviceConfig or the OEM may change
    /// them. A device with a motion sensor then checks it is still (up to `SENSING_TIMEOUT`, 4 min,
    /// usually seconds) and takes a location fix (up to `LOCATING_TIMEOUT`, 30 s); the default
    /// leaves those out.
    public var idleAfterScreenOff: SimDuration = .minutes(60)
    /// Gaps between deep-Doze maintenance windows (A38: ~1 h, 2 h, 4 h, 6 h; low confidence).
    public var maintenanceSpacing: [SimDuration] = [.hours(1), .hours(2), .hours(4), .hours(6)]
    /// Each spacing is drawn uniformly within ± this percentage (seeded stream `android.doze`).
    public var maintenanceJitterPercent: Int = 10
    /// How long a maintenance window stays open.
    public var maintenanceWindowLength: SimDuration = .minutes(5)
    /// Exact while-idle alarms allowed per hour in idle (A10).
    public var exactWhileIdlePerHour: Int = 72
    /// Minimum gap between inexact while-idle alarms in idle (A10).
    public var inexactWhileIdleGap: SimDuration = .minutes(9)

    /// Creates the defaults.
    public init() {}
}
