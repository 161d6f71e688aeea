import DNSimCalendar
import DNSimCore
import DNSimPlatforms

/// The plugin's Android side: daily notifications armed as AlarmManager alarms, re-armed from
/// its database by receivers and on app launch, following seeds 000 and 004.
///
/// It sees the OS only through ``AndroidContext``, the calls it would make on a phone. A new
/// instance is created every time the OS starts the app's process, so nothing kept in memory
/// survives process death: the ``PluginStore`` in the app's storage is the only memory.
public final class AndroidDailyNotificationPlugin: AndroidApplication {
    /// The plugin's storage: its database.
    public typealias Storage = PluginStore
    /// The build configuration.
    public typealias Build = AndroidPluginBuild
    /// The context type the OS hands this plugin.
    public typealias Context = AndroidContext<AndroidDailyNotificationPlugin>

    /// The configuration compiled into the app.
    public let build: AndroidPluginBuild

    /// The texts of the occurrences armed lately (memory of this process only).
    var occurrenceTexts = OccurrenceTextCache()
    /// The next occurrences of the dates moved on from lately (memory of this process only).
    let nextOccurrences = DailyOccurrence.Memo()

    /// Creates the plugin for a new process.
    public init(build: AndroidPluginBuild) { self.build = build }

    /// The manifest of a build.
    public static func manifest(of build: AndroidPluginBuild) -> AndroidManifest { build.manifest }

    /// An empty database.
    public static func emptyStorage() -> PluginStore { PluginStore() }

    /// The Android decisions of the build's policy.
    var policy: PluginPolicy.Android { build.policy.android }

    // MARK: - TypeScript API

    /// `scheduleDailyNotification({ id?, time, title, body })`.
    public func scheduleDailyNotification(_ request: DailySlotRequest, context: Context) -> PluginError? {
        guard let time = DailySlotRequest.wallTime(request.time) else {
            return .invalidTimeFormat(request.time)
        }
        if !context.areNotificationsEnabled {
            context.log("schedule.rejected", [TraceDetail("code", "notifications_denied")])
            return .notificationsDenied
        }
        let id = request.resolvedID
        let now = context.currentTimeMillis()
        let (date, runAt) = RolloverRule.firstOccurrence(after: now, time: time, zone: context.timeZone)
        var slot = PluginStore.Slot(
            id: id, time: time, title: request.title, body: request.body, nextLocalDate: date, nextRunAt: runAt,
            requestCode: PluginStore.requestCode(for: id))
        slot.scheduledAt = now
        var missed: [String] = []
        do {
            try context.withStorage { store in
                slot.historyMark = store.history.count
                if let index = store.slotIndex(of: id) {
                    if let due = settleDueBeforeRemoval(store.slots[index], store: &store, now: now) { missed.append(due) }
                    store.slots[index] = slot
                } else {
                    store.slots.append(slot)
                }
            }
        } catch {
            return .storageUnavailable
        }
        reportMissed(missed, reason: "reschedule", context: context)
        mirrorSchedule(context: context)
        context.log(
            "schedule.accepted",
            [TraceDetail("slot", id), TraceDetail("time", time.description), TraceDetail("localDate", date.description)])
        return arm(slot, context: context)
    }

    /// `cancelAllNotifications()`: removes every slot and its alarm.
    public func cancelAllNotifications(context: Context) -> PluginError? {
        do {
            let now = context.currentTimeMillis()
            var missed: [String] = []
            let slots = try context.withStorage { store -> [PluginStore.Slot] in
                defer { store.slots.removeAll() }
                for slot in store.slots {
                    if let due = settleDueBeforeRemoval(slot, store: &store, now: now) { missed.append(due) }
                }
                return store.slots
            }
            reportMissed(missed, reason: "cancelAll", context: context)
            for slot in slots {
                for operation in allOperations(for: slot) { context.alarmManager.cancel(operation) }
            }
            context.log("cancelAll", [TraceDetail("slots", slots.count)])
            return nil
        } catch {
            return .storageUnavailable
        }
    }

    /// ``PluginPolicy/RecoveryRecompute/fromWallTime``: before a slot is replaced or removed, its
    /// occurrence already due and not yet shown (a late delivery armed with a past trigger, which
    /// would fire after the call, A12, but whose alarm the call replaces or cancels) is recorded
    /// missed. Returns it as `slot@date`, or `nil`. Other policies do nothing here.
    func settleDueBeforeRemoval(_ slot: PluginStore.Slot, store: inout PluginStore, now: Int64) -> String? {
        guard policy.recovery == .fromWallTime, slot.nextRunAt <= now, !store.hasHistory(slot: slot.id, localDate: slot.nextLocalDate)
        else { return nil }
        store.appendHistory(.init(slot: slot.id, localDate: slot.nextLocalDate, status: .missed))
        return "\(slot.id)@\(slot.nextLocalDate)"
    }

    /// Reports occurrences (`slot@date`) missed in one collapsed report, if there are any.
    func reportMissed(_ occurrences: [String], reason: String, context: Context) {
        guard !occurrences.isEmpty else { return }
        context.log(
            "missed.reported",
            [TraceDetail("count", occurrences.count), TraceDetail("reason", reason)] + occurrences.map { TraceDetail("occurrence", $0) })
    }

    /// `configure(settings)` (`replace`) or `updateSettings(changes)`: stores the run-time
    /// settings and re-arms every slot under them.
    public func applySettings(_ settings: PluginSettings, replace: Bool, context: Context) -> PluginError? {
        do {
            let slots = try context.withStorage { store -> [PluginStore.Slot] in
                if replace { store.settings = settings } else { store.settings.merge(settings) }
                return store.slots
            }
            context.log(replace ? "configure" : "updateSettings")
            for slot in slots { arm(slot, context: context) }
            return nil
        } catch {
            return .storageUnavailable
        }
    }

    /// `getLastNotification()`: the last occurrence the plugin delivered.
    public func getLastNotification(context: Context) -> PluginStore.HistoryEntry? {
        (try? context.withStorage { $0.lastDelivered }) ?? nil
    }

    /// The fields of ``getNotificationStatus(context:)``'s answer, in its order (a scenario's
    /// `statusReports` check must name one of them).
    public static let statusFields = ["notificationsEnabled", "canScheduleExactAlarms", "mode", "scheduledSlots", "missedOccurrences", "forceStopDetected"]

    /// `getNotificationStatus()`: what the plugin knows, as the TypeScript API returns it.
    public func getNotificationStatus(context: Context) -> [(String, String)] {
        let slots = (try? context.withStorage { $0.slots }) ?? []
        let missed = (try? context.withStorage { store in store.missedCount }) ?? 0
        return [
            ("notificationsEnabled", String(context.areNotificationsEnabled)),
            ("canScheduleExactAlarms", String(context.alarmManager.canScheduleExactAlarms())),
            ("mode", context.alarmManager.canScheduleExactAlarms() ? "exact" : "windowed"),
            ("scheduledSlots", String(slots.count)),
            ("missedOccurrences", String(missed)),
            ("forceStopDetected", String(((try? context.withStorage { $0.forceStopsDetected }) ?? 0) > 0)),
        ]
    }

    // MARK: - OS entry points

    public func onLaunch(_ launch: AndroidLaunch, context: Context) {
        context.log("load", [TraceDetail("launch", launch.rawValue), TraceDetail("profile", build.policy.name)])
        // Seed 000 §1.3: as found, load() only initialises the database.
        guard policy.launchRecovery == .recover else { return }
        recover(context: context, reason: "launch.\(launch.rawValue)", at: launch == .cold ? .coldLaunch : .warmLaunch)
    }

    public func onReceive(_ intent: AndroidIntent, context: Context) {
        switch intent.action {
        case AndroidPluginBuild.notifyAction:
            deliver(intent, context: context)
        case AndroidIntent.lockedBootCompleted where mirrorsToDeviceProtectedStorage && !context.isUserUnlocked:
            rearmFromDeviceProtectedStorage(context: context)
        case AndroidIntent.bootCompleted, AndroidIntent.lockedBootCompleted:
            switch policy.bootRecovery {
            case .futureOnly: rearmFutureOnly(context: context)
            case .recover: recover(context: context, reason: "boot", at: .boot)
            }
        case AndroidIntent.timeSet, AndroidIntent.timezoneChanged:
            // Seed 003 §2–3 (S5): "recalculate all scheduled times" from each slot's wall time.
            recalculateFromWallTime(context: context, reason: intent.action)
        case AndroidIntent.myPackageReplaced, AndroidPluginBuild.exactAlarmPermissionStateChanged:
            recover(context: context, reason: intent.action, at: .other)
        default:
            context.log("broadcast.ignored", [TraceDetail("action", intent.action)])
        }
    }
}
