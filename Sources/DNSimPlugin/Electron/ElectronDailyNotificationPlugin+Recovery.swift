import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension ElectronDailyNotificationPlugin {
    /// Re-evaluation at start and on `resume` (E3): occurrences that passed while the app was quit
    /// or the machine asleep are reported missed once, in one collapsed report; one passed by at
    /// most the grace (``PluginPolicy/Electron/missedGraceMinutes``) is still shown, late. Then
    /// every slot's timer is re-armed.
    func recover(context: Context, reason: String) {
        let (slots, late) = settle(context: context, reason: reason, grace: graceMillis)
        for occurrence in late {
            context.log("late.delivery", [TraceDetail("occurrence", "\(occurrence.slot.id)@\(occurrence.date)")])
            show(occurrence.slot, date: occurrence.date, planned: occurrence.planned, context: context)
        }
        for slot in slots { arm(slot, context: context) }
        context.log("recovery.done", [TraceDetail("reason", reason), TraceDetail("armed", slots.count)])
    }

    /// ``PluginPolicy/TimerCheck/wallClock``: before an API call changes the slots or the
    /// settings, what fell due on the wall clock unnoticed (a zone change the running app never
    /// heard of, E1) is settled and reported, and the slots the settle moved on are re-armed
    /// at their next occurrence. Other policies trust their timers and do nothing here.
    func settleBeforeChange(context: Context, reason: String) {
        guard policy.timerCheck == .wallClock else { return }
        let before = context.withStorage { $0.slots }
        let (slots, _) = settle(context: context, reason: reason, grace: nil)
        for slot in slots {
            guard let old = before.first(where: { $0.id == slot.id }) else { continue }
            if old.nextLocalDate != slot.nextLocalDate || old.nextRunAt != slot.nextRunAt { arm(slot, context: context) }
        }
    }

    /// The first half of the recovery: each slot's occurrences that passed are settled, those
    /// within `grace` returned to be shown late, the rest reported missed once, and each slot
    /// moves to its next occurrence. Also run before `cancelAllNotifications` forgets the slots
    /// (with no grace, `nil`), so a loss the app had not noticed yet is still reported.
    func settle(
        context: Context, reason: String, grace: Int64?
    ) -> (slots: [PluginStore.Slot], late: [(slot: PluginStore.Slot, date: LocalDate, planned: Int64)]) {
        let now = context.now().millisecondsSinceEpoch
        let zone = context.timeZone
        var missed: [String] = []
        var late: [(slot: PluginStore.Slot, date: LocalDate, planned: Int64)] = []
        let slots = context.withStorage { store -> [PluginStore.Slot] in
            if policy.timerCheck == .wallClock { store.noteRun(in: zone.identifier, at: now) }
            for index in store.slots.indices {
                var slot = store.slots[index]
                switch rollover {
                case .calendarDay:
                    // A date brought back by a westward move and already passed: reported, not shown late.
                    let plannedFrom = slot.nextLocalDate
                    if policy.timerCheck == .wallClock {
                        // The wall clock, not the timers, decides: a westward move can bring
                        // back a date owed since the set-up (armed if ahead, settled below if passed).
                        slot.nextLocalDate = store.firstOwedDate(of: slot, now: now, in: zone)
                    }
                    // Each occurrence from its own local date and wall time, in the zone now.
                    while let at = DailyOccurrence.instant(on: slot.nextLocalDate, at: slot.time, in: zone)?.millisecondsSinceEpoch,
                        at <= now
                    {
                        if !store.hasHistory(slot: slot.id, localDate: slot.nextLocalDate) {
                            let status: PluginStore.HistoryEntry.Status = slot.nextLocalDate >= plannedFrom && grace.map { now - at <= $0 } == true ? .delivered : .missed
                            store.appendHistory(.init(slot: slot.id, localDate: slot.nextLocalDate, status: status))
                            if status == .delivered {
                                late.append((slot, slot.nextLocalDate, at))
                            } else {
                                missed.append("\(slot.id)@\(slot.nextLocalDate)")
                            }
                        }
                        slot.nextLocalDate = DailyOccurrence.nextDate(after: slot.nextLocalDate, at: slot.time, in: zone)
                    }
                    slot.nextRunAt =
                        DailyOccurrence.instant(on: slot.nextLocalDate, at: slot.time, in: zone)?.millisecondsSinceEpoch
                        ?? slot.nextRunAt
                case .add24Hours:
                    // Seed 003: the stored trigger plus 24 h steps (S1).
                    while slot.nextRunAt <= now {
                        if !store.hasHistory(slot: slot.id, localDate: slot.nextLocalDate) {
                            let isLate = grace.map { $0 > 0 && now - slot.nextRunAt <= $0 } == true
                            store.appendHistory(.init(slot: slot.id, localDate: slot.nextLocalDate, status: isLate ? .delivered : .missed))
                            if isLate {
                                late.append((slot, slot.nextLocalDate, slot.nextRunAt))
                            } else {
                                missed.append("\(slot.id)@\(slot.nextLocalDate)")
                            }
                        }
                        slot.nextRunAt += 86_400_000
                        slot.nextLocalDate = slot.nextLocalDate.adding(days: 1)
                    }
                }
                store.slots[index] = slot
            }
            return store.slots
        }
        if !missed.isEmpty {
            context.log(
                "missed.reported",
                [TraceDetail("count", missed.count), TraceDetail("reason", reason)] + missed.map { TraceDetail("occurrence", $0) })
        }
        return (slots, late)
    }
}
