import DNSimCalendar
import DNSimCore
import DNSimPlatforms

/// The plugin's Electron side (seed 004 §8, "best-effort while running"): daily notifications as
/// the app's own timers, because Electron has no scheduling API (E1), with recovery at start and
/// on `resume` (E3), and start on login (E2), as its policy (``PluginPolicy/Electron``) decides:
///
/// - the rollover: +24 h (S1), or each occurrence resolved from its local date and wall time;
/// - at start: nothing (after a quit or reboot nothing is armed until the app schedules again),
///   or the same re-evaluation as on `resume`: passed, unshown occurrences reported missed once
///   (collapsed), one passed by at most ``PluginPolicy/Electron/missedGraceMinutes`` shown late;
/// - a fired timer: shown however late, or judged against the wall clock (late: no `resume`
///   heard; early: the zone or clock changed).
///
/// Every build has the T–lead hook: a timer at T − ``ElectronPluginBuild/prefetchLeadMinutes``
/// that makes the single ETag-aware content fetch (seed 004 §8).
public final class ElectronDailyNotificationPlugin: ElectronApplication {
    /// The plugin's files in userData.
    public typealias Storage = PluginStore
    /// Build configuration.
    public typealias Build = ElectronPluginBuild
    /// The context type Electron hands this plugin.
    public typealias Context = ElectronContext<ElectronDailyNotificationPlugin>

    /// The timers armed for one slot, in process memory only.
    struct ArmedTimers {
        var slot: String
        var notify: Int32?
        var prefetch: Int32?
    }

    /// The configuration packaged with the app.
    public let build: ElectronPluginBuild
    /// The Electron decisions of the build's policy.
    var policy: PluginPolicy.Electron { build.policy.electron }
    /// The timers this process armed, per slot, in the order armed (they die with the process, E1).
    var armed = InsertionOrderedMap<String, ArmedTimers>()

    /// Creates the main-process plugin for a new process.
    public init(build: ElectronPluginBuild) { self.build = build }

    /// Empty userData.
    public static func emptyStorage() -> PluginStore { PluginStore() }

    /// Whether the Linux package installs an autostart entry (E2).
    public static func linuxAutostartEntry(of build: ElectronPluginBuild) -> Bool { build.linuxAutostartEntry }

    // MARK: - TypeScript API

    /// `scheduleDailyNotification({ id?, time, title, body })`: stores the slot and arms a timer
    /// for its next occurrence.
    public func scheduleDailyNotification(_ request: DailySlotRequest, context: Context) -> PluginError? {
        guard let time = DailySlotRequest.wallTime(request.time) else {
            return .invalidTimeFormat(request.time)
        }
        let id = request.resolvedID
        settleBeforeChange(context: context, reason: "schedule")
        let (date, runAt) = RolloverRule.firstOccurrence(after: context.now().millisecondsSinceEpoch, time: time, zone: context.timeZone)
        var slot = PluginStore.Slot(
            id: id, time: time, title: request.title, body: request.body, nextLocalDate: date, nextRunAt: runAt,
            requestCode: PluginStore.requestCode(for: id))
        slot.scheduledAt = context.now().millisecondsSinceEpoch
        context.withStorage { store in
            // A date reported missed before this set-up is owed to it (PluginStore.wasSettled).
            slot.historyMark = store.history.count
            if let index = store.slotIndex(of: id) {
                store.slots[index] = slot
            } else {
                store.slots.append(slot)
            }
        }
        context.log("schedule.accepted", [TraceDetail("slot", id), TraceDetail("time", time.description)])
        arm(slot, context: context)
        return nil
    }

    /// `cancelAllNotifications()`: clears every timer and forgets the slots.
    public func cancelAllNotifications(context: Context) -> PluginError? {
        // ``PluginPolicy/TimerCheck/wallClock``: what fell due on the wall clock unnoticed (a
        // zone change the running app never heard of, E1) is reported before the slots go.
        if policy.timerCheck == .wallClock { _ = settle(context: context, reason: "cancelAll", grace: nil) }
        let count = armed.count
        for entry in armed.values { disarm(entry.slot, context: context) }
        context.withStorage { $0.slots.removeAll() }
        context.log("cancelAll", [TraceDetail("removed", count)])
        return nil
    }

    /// The fields of ``getNotificationStatus(context:)``'s answer, in its order (a scenario's
    /// `statusReports` check must name one of them).
    public static let statusFields = ["platform", "openAtLogin", "armedTimers", "scheduledSlots", "missedOccurrences"]

    /// `getNotificationStatus()`.
    public func getNotificationStatus(context: Context) -> [(String, String)] {
        let store = context.withStorage { $0 }
        return [
            ("platform", context.platform.rawValue),
            ("openAtLogin", String(context.getLoginItemSettings().openAtLogin)),
            ("armedTimers", String(armed.count)),
            ("scheduledSlots", String(store.slots.count)),
            ("missedOccurrences", String(store.missedCount)),
        ]
    }

    /// `getLastNotification()`: the last occurrence the plugin delivered.
    public func getLastNotification(context: Context) -> PluginStore.HistoryEntry? {
        context.withStorage { $0.lastDelivered }
    }

    /// `configure(settings)` (`replace`) or `updateSettings(changes)`: stores the run-time
    /// settings and re-arms every slot's timers under them.
    public func applySettings(_ settings: PluginSettings, replace: Bool, context: Context) -> PluginError? {
        settleBeforeChange(context: context, reason: replace ? "configure" : "updateSettings")
        let slots = context.withStorage { store -> [PluginStore.Slot] in
            if replace { store.settings = settings } else { store.settings.merge(settings) }
            return store.slots
        }
        context.log(replace ? "configure" : "updateSettings")
        for slot in slots { arm(slot, context: context) }
        return nil
    }

    // MARK: - Electron entry points

    /// `app.whenReady()`: registers the login item, then recovers if the policy says so.
    public func didFinishLaunching(_ reason: ElectronLaunchReason, context: Context) {
        let settings = context.getLoginItemSettings()
        context.log(
            "load",
            [
                TraceDetail("launch", reason.rawValue), TraceDetail("profile", build.policy.name),
                TraceDetail("wasOpenedAtLogin", String(settings.wasOpenedAtLogin)),
            ])
        context.setLoginItemSettings(openAtLogin: build.openAtLogin)
        switch policy.launchRecovery {
        case .none: return  // no startup recovery: the timers of the last process are gone (E1)
        case .recover: recover(context: context, reason: "launch.\(reason.rawValue)")
        }
    }

    /// A timer fired: a slot's occurrence or its T–lead hook.
    public func timerFired(tag: TimerTag, context: Context) {
        switch tag {
        case .notify(let slotID, let date, let planned):
            deliver(slotID: slotID, date: date, planned: planned, context: context)
        case .prefetch(let slotID, let date):
            armed.update(slotID) { $0.prefetch = nil }
            prefetch(slotID: slotID, localDate: date, context: context)
        }
    }

    /// `powerMonitor` events: every profile re-evaluates on `resume` (E3).
    public func powerEvent(_ event: ElectronPowerEvent, context: Context) {
        switch event {
        case .suspend: context.log("suspend")
        case .resume: recover(context: context, reason: "resume")
        }
    }
}
