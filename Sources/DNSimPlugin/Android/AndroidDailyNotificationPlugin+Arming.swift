import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension AndroidDailyNotificationPlugin {
    /// The PendingIntent of a slot's alarm: one per slot, so re-arming replaces (A12).
    func operation(for slot: PluginStore.Slot) -> AndroidPendingIntent {
        AndroidPendingIntent(
            requestCode: slot.requestCode,
            intent: AndroidIntent(action: AndroidPluginBuild.notifyAction, extras: Self.extras(of: slot)))
    }

    /// The extras that tie an alarm or notification to its occurrence.
    static func extras(of slot: PluginStore.Slot) -> [AndroidExtra] {
        [
            AndroidExtra(NotificationExtraKey.slot, slot.id),
            AndroidExtra(NotificationExtraKey.localDate, slot.nextLocalDate.description),
            AndroidExtra(NotificationExtraKey.plannedWallMillis, String(slot.nextRunAt)),
        ]
    }

    /// Arms a slot's next occurrence: an exact alarm when permitted, else the windowed fallback.
    @discardableResult
    func arm(_ slot: PluginStore.Slot, context: Context) -> PluginError? {
        let operation = operation(for: slot)
        let alarms = context.alarmManager
        if alarms.canScheduleExactAlarms() {
            do {
                try alarms.setExactAndAllowWhileIdle(.rtcWakeup, slot.nextRunAt, operation)
            } catch {
                return .schedulingFailed("exact alarm refused: \(error)")
            }
            context.log("armed", [TraceDetail("slot", slot.id), TraceDetail("mode", "exact")])
        } else if profile == .directive {
            // Seed 004: "windowed fallback (±10 m) via setWindow(start,len)", as written (S8).
            alarms.setWindow(.rtcWakeup, slot.nextRunAt - 600_000, 1_200_000, operation)
            context.log("armed", [TraceDetail("slot", slot.id), TraceDetail("mode", "windowed±10m")])
        } else {
            // Never early: a one-sided 10-minute window from T (A5).
            alarms.setWindow(.rtcWakeup, slot.nextRunAt, 600_000, operation)
            context.log("armed", [TraceDetail("slot", slot.id), TraceDetail("mode", "windowed+10m")])
        }
        return nil
    }

    /// The rollover arithmetic of the profile.
    var rollover: RolloverRule { profile == .directive ? .add24Hours : .calendarDay }

    /// The alarm fired: post the notification, record it, arm the next day.
    func deliver(_ intent: AndroidIntent, context: Context) {
        guard let slotID = intent.extra(NotificationExtraKey.slot) else { return }
        do {
            let next = try context.withStorage { store -> PluginStore.Slot? in
                guard let index = store.slots.firstIndex(where: { $0.id == slotID }) else { return nil }
                let slot = store.slots[index]
                context.notify(id: slot.requestCode, title: slot.title, body: slot.body, extras: Self.extras(of: slot))
                if !store.hasHistory(slot: slot.id, localDate: slot.nextLocalDate) {
                    store.history.append(.init(slot: slot.id, localDate: slot.nextLocalDate, status: .delivered))
                }
                store.slots[index] = rolledOver(slot, context: context)
                return store.slots[index]
            }
            if let next { arm(next, context: context) }
        } catch {
            context.log("deliver.failed", [TraceDetail("slot", slotID), TraceDetail("error", "\(error)")])
        }
    }

    /// The slot moved to its next occurrence by the profile's rollover rule.
    func rolledOver(_ slot: PluginStore.Slot, context: Context) -> PluginStore.Slot {
        var next = slot
        next.nextRunAt = rollover.next(
            after: slot.nextLocalDate, previousWallMillis: slot.nextRunAt, time: slot.time, zone: context.timeZone)
        next.nextLocalDate = slot.nextLocalDate.adding(days: 1)
        return next
    }
}
