import DNSimCalendar
import DNSimCore
import DNSimPlatforms

/// The plugin's iOS side (seeds 001, 002, 003): daily notifications as UNNotificationRequests,
/// the T–lead prefetch as a BGAppRefresh task, and launch recovery, as its policy
/// (``PluginPolicy/IOS``) decides:
///
/// - the trigger: one repeating calendar trigger per slot, or dated one-shot requests built by
///   the rollover rule (+24 h arithmetic, S1, or each local date's wall time);
/// - the window: a fixed number of days, or sized to the 64 budget (I1);
/// - at launch: the 15-minute missed-BGTask check only, the seeds' three-way comparison
///   ("pending empty ⇒ terminated", S15; ±180 s, S6; the BGTask-miss resubmission, S18), or an
///   idempotent reconcile;
/// - on a refresh and on a time-change notification: nothing, the seeds' cancel-and-reschedule
///   (S5), or the reconcile.
public final class IOSDailyNotificationPlugin: IOSApplication {
    /// Sandbox data.
    public typealias Storage = IOSPluginStore
    /// Build configuration.
    public typealias Build = IOSPluginBuild
    /// The context type iOS hands this plugin.
    public typealias Context = IOSContext<IOSDailyNotificationPlugin>

    /// The configuration compiled into the app.
    public let build: IOSPluginBuild
    /// The iOS decisions of the build's policy.
    var policy: PluginPolicy.IOS { build.policy.ios }

    /// Each slot's last window and what it was computed from, by slot id (a cache of this
    /// process, like any app's in-memory state: a new process starts without it).
    var windowMemos: [String: WindowMemo] = [:]
    /// What the last complete re-arming pass read and left behind (in-process, as
    /// ``windowMemos``).
    var lastPass: PassMemo?
    /// How many passes of this process found everything as the last one left it.
    var unchangedPasses = 0

    /// Creates the app delegate for a new process.
    public init(build: IOSPluginBuild) { self.build = build }

    /// Empty sandbox data.
    public static func emptyStorage() -> IOSPluginStore { IOSPluginStore() }

    /// BGTaskSchedulerPermittedIdentifiers.
    public static func permittedTaskIdentifiers(of build: IOSPluginBuild) -> [String] {
        build.taskIdentifierInInfoPlist ? [IOSPluginBuild.refreshTaskIdentifier] : []
    }

    // MARK: - TypeScript API

    /// `scheduleDailyNotification({ id?, time, title, body })`.
    public func scheduleDailyNotification(_ request: DailySlotRequest, context: Context) -> PluginError? {
        guard let time = DailySlotRequest.wallTime(request.time) else {
            return .invalidTimeFormat(request.time)
        }
        if policy.permissionCheck == .rejectUnlessAuthorized {
            // Permission auto-healing: never keep a ghost schedule the user cannot see.
            var status = IOSAuthorizationStatus.notDetermined
            context.notificationCenter.getNotificationSettings { status = $0 }
            if !status.presents {
                context.log("schedule.rejected", [TraceDetail("code", "notifications_denied")])
                return .notificationsDenied
            }
        }
        let id = request.resolvedID
        var (date, runAt) = RolloverRule.firstOccurrence(after: context.now().millisecondsSinceEpoch, time: time, zone: context.timeZone)
        if policy.travel == .oncePerLocalDate {
            // A date this slot already had (shown, or settled as missed) is not armed again.
            let zone = context.timeZone
            context.withStorage { store in
                while store.core.hasHistory(slot: id, localDate: date) {
                    date = DailyOccurrence.nextDate(after: date, at: time, in: zone)
                    runAt = DailyOccurrence.instant(on: date, at: time, in: zone)?.millisecondsSinceEpoch ?? runAt
                }
            }
        }
        var slot = PluginStore.Slot(
            id: id, time: time, title: request.title, body: request.body, nextLocalDate: date, nextRunAt: runAt,
            requestCode: PluginStore.requestCode(for: id))
        slot.scheduledAt = context.now().millisecondsSinceEpoch
        context.withStorage { store in
            if let index = store.core.slotIndex(of: id) {
                store.core.slots[index] = slot
            } else {
                store.core.slots.append(slot)
            }
        }
        context.log("schedule.accepted", [TraceDetail("slot", id), TraceDetail("time", time.description)])
        // A budget-aware window depends on the number of slots: every slot is re-planned.
        if policy.windowSizing == .budgetAware {
            if policy.launchRecovery == .reconcile { settle(context: context, reason: "schedule") }
            armAll(context: context)
        } else {
            arm(slot, context: context)
        }
        submitRefresh(context: context)
        return nil
    }

    /// `cancelAllNotifications()`.
    public func cancelAllNotifications(context: Context) -> PluginError? {
        // The reconcile's settling first: what fell due unshown is reported before the slots go.
        if policy.launchRecovery == .reconcile { settle(context: context, reason: "cancelAll") }
        var own: [String] = []
        context.notificationCenter.getPendingNotificationRequests { requests in
            own = requests.map(\.identifier).filter { $0.hasPrefix(IOSPluginBuild.requestPrefix) }
        }
        context.notificationCenter.removePendingNotificationRequests(withIdentifiers: own)
        context.withStorage { store in
            store.core.slots.removeAll()
            store.forgetArmed { _ in true }
        }
        context.log("cancelAll", [TraceDetail("removed", own.count)])
        return nil
    }

    /// The fields of ``getNotificationStatus(context:)``'s answer, in its order (a scenario's
    /// `statusReports` check must name one of them).
    public static let statusFields = ["authorization", "backgroundRefresh", "pendingRequests", "scheduledSlots", "missedOccurrences"]

    /// `getNotificationStatus()`.
    public func getNotificationStatus(context: Context) -> [(String, String)] {
        var status = IOSAuthorizationStatus.notDetermined
        context.notificationCenter.getNotificationSettings { status = $0 }
        var pending = 0
        context.notificationCenter.getPendingNotificationRequests { requests in
            pending = requests.filter { $0.identifier.hasPrefix(IOSPluginBuild.requestPrefix) }.count
        }
        let store = context.withStorage { $0 }
        return [
            ("authorization", status.rawValue),
            ("backgroundRefresh", context.backgroundRefreshAvailable ? "available" : "unavailable"),
            ("pendingRequests", String(pending)),
            ("scheduledSlots", String(store.core.slots.count)),
            ("missedOccurrences", String(store.core.missedCount)),
        ]
    }

    /// `getLastNotification()`: the last occurrence the plugin knows was delivered (it learns of
    /// deliveries in the foreground, on a tap, or by reconciling).
    public func getLastNotification(context: Context) -> PluginStore.HistoryEntry? {
        context.withStorage { $0.core.lastDelivered }
    }

    /// `configure(settings)` (`replace`) or `updateSettings(changes)`: stores the run-time
    /// settings and re-arms the window under them.
    public func applySettings(_ settings: PluginSettings, replace: Bool, context: Context) -> PluginError? {
        context.withStorage { store in
            if replace { store.core.settings = settings } else { store.core.settings.merge(settings) }
        }
        context.log(replace ? "configure" : "updateSettings")
        if policy.launchRecovery == .reconcile { settle(context: context, reason: replace ? "configure" : "updateSettings") }
        if policy.windowSizing == .budgetAware { armAll(context: context) } else { rearmAll(context: context) }
        submitRefresh(context: context)
        return nil
    }

    // MARK: - UIKit, UserNotifications, BackgroundTasks entry points

    public func didFinishLaunching(_ reason: IOSLaunchReason, context: Context) {
        context.log("load", [TraceDetail("launch", reason.rawValue), TraceDetail("profile", build.policy.name)])
        recover(context: context, reason: "launch.\(reason.rawValue)")
    }

    public func willEnterForeground(context: Context) {
        context.log("load", [TraceDetail("launch", "resume"), TraceDetail("profile", build.policy.name)])
        recover(context: context, reason: "resume")
    }

    public func handleBackgroundTask(_ request: IOSBackgroundTaskRequest, context: Context) -> IOSTaskOutcome {
        let now = context.now().millisecondsSinceEpoch
        context.withStorage { $0.lastRefreshRun = now }
        var took = SimDuration.zero
        var anySuccess = false
        for slot in context.withStorage({ $0.core.slots }) {
            // One ETag-aware fetch per slot per refresh (seed 004 §3, 12 s timeout).
            let (result, time) = context.httpClient.fetchContent(ifNoneMatch: slot.contentETag)
            took = took + time
            // The occurrence this fetch serves: the slot's next one from now.
            let (serves, _) = RolloverRule.firstOccurrence(after: now, time: slot.time, zone: context.timeZone)
            context.log(
                "prefetch.result",
                [TraceDetail("slot", slot.id), TraceDetail("localDate", serves.description), TraceDetail("result", result.name)])
            guard result.isSuccess else { continue }
            anySuccess = true
            context.withStorage { store in
                guard let index = store.core.slotIndex(of: slot.id) else { return }
                if case .content(let version, let etag) = result {
                    store.core.slots[index].apply(version: version, etag: etag, fetchedAt: now + time.milliseconds)
                } else {
                    store.core.slots[index].apply(version: nil, etag: nil, fetchedAt: now + time.milliseconds)
                }
            }
        }
        switch policy.refreshAction {
        case .reconcile: reconcile(context: context, reason: "refresh")
        case .extendWindow: rearmAll(context: context)  // seed 002: the refresh also extends the rolling window
        case .fetchOnly: break
        }
        submitRefresh(context: context)
        return IOSTaskOutcome(success: anySuccess, runTime: took + .seconds(1))
    }

    public func willPresent(_ request: IOSNotificationRequest, context: Context) {
        recordDelivered(request, context: context)
    }

    public func didReceive(_ request: IOSNotificationRequest, context: Context) {
        recordDelivered(request, context: context)
    }

    public func timeChanged(_ change: IOSTimeChange, context: Context) {
        switch policy.timeChangeCallbacks {
        case .ignore: return
        case .rescheduleAll:
            // Seed 003 does not know UIKit's significant time change (S3), so only clock and zone
            // changes reach its handler.
            guard change != .significant else { return }
            // S5: "recalculate all scheduled times … cancel & reschedule".
            context.log("timeChange.rescheduleAll", [TraceDetail("change", change.rawValue)])
            rearmAll(context: context)
        case .reconcile:
            reconcile(context: context, reason: "timeChange.\(change.rawValue)")
        }
    }

    /// Records a telemetry event for a request and ACKs it when seed 004 says so. On iOS the
    /// plugin learns of a delivery only in the foreground or on a tap (I6).
    func telemetry(_ event: String, request: IOSNotificationRequest, context: Context) {
        guard let slot = request.info(NotificationExtraKey.slot),
            let date = request.info(NotificationExtraKey.localDate).flatMap(LocalDate.init(parsing:))
        else { return }
        let now = context.now().millisecondsSinceEpoch
        let zone = context.timeZone
        let trigger = request.trigger
        // The planned instant is worked out only for a payload that is built.
        func payload() -> [TraceDetail] {
            var planned: SimInstant?
            if case .calendar(let components, _, _) = trigger, let time = LocalTime(hour: components.hour, minute: components.minute) {
                planned = DailyOccurrence.instant(on: date, at: time, in: zone)
            }
            return Telemetry.payload(
                event, slot: slot, date: date, plannedWallMillis: planned?.millisecondsSinceEpoch ?? 0, nowWallMillis: now,
                zone: zone)
        }
        // The payload is built only if the trace keeps it (or, for the ACK, reads it).
        context.log("telemetry", payload(), summary: Telemetry.summary(event, slot: slot, date: date), tag: event)
        if Telemetry.isAcknowledged(event) { context.httpClient.acknowledge(count: Telemetry.payloadCount(), payload()) }
    }

    private func recordDelivered(_ request: IOSNotificationRequest, context: Context) {
        guard let slot = request.info(NotificationExtraKey.slot),
            let date = request.info(NotificationExtraKey.localDate).flatMap(LocalDate.init(parsing:))
        else { return }
        telemetry("shown", request: request, context: context)
        context.withStorage { store in
            if !store.core.hasHistory(slot: slot, localDate: date) {
                store.core.appendHistory(.init(slot: slot, localDate: date, status: .delivered))
            }
        }
    }
}
