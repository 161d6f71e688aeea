import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension ElectronDailyNotificationPlugin {
    /// Re-evaluation at start and on `resume` (E3): occurrences that passed while the app was quit
    /// or the machine asleep are reported missed once, in one collapsed report; one passed by at
    /// most the grace (``PluginPolicy/Electron/missedGraceMinutes``) is still shown, late. Then
    /// every slot's timer is re-armed.
    func recover(context: Context, reason: String) {
        let now = context.now().millisecondsSinceEpoch
        let zone = context.timeZone
        let grace = graceMillis
        var missed: [String] = []
        var late: [(slot: PluginStore.Slot, date: LocalDate, planned: Int64)] = []
        let slots = context.withStorage { store -> [PluginStore.Slot] in
            if policy.timerCheck == .wallClock { store.noteRun(in: zone.identifier, at: now) }
            for index in store.slots.indices {
                var slot = store.slots[index]
                switch rollover {
                case .calendarDay:
                    if policy.timerCheck == .wallClock {
                        // The wall clock, not the timers, decides: a westward move can bring
                        // back a date owed since the set-up (armed if ahead, settled below if passed).
                        slot.nextLocalDate = store.earliestOwedDate(of: slot, from: slot.nextLocalDate, after: store.owedFloor(of: slot, now: now), in: zone)
                    }
                    // Each occurrence from its own local date and wall time, in the zone now.
                    while let at = DailyOccurrence.instant(on: slot.nextLocalDate, at: slot.time, in: zone)?.millisecondsSinceEpoch,
                        at <= now
                    {
                        if !store.hasHistory(slot: slot.id, localDate: slot.nextLocalDate) {
                            let status: PluginStore.HistoryEntry.Status = now - at <= grace ? .delivered : .missed
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
                            let isLate = grace > 0 && now - slot.nextRunAt <= grace
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
        for occurrence in late {
            context.log("late.delivery", [TraceDetail("occurrence", "\(occurrence.slot.id)@\(occurrence.date)")])
            show(occurrence.slot, date: occurrence.date, planned: occurrence.planned, context: context)
        }
        if !missed.isEmpty {
            context.log(
                "missed.reported",
                [TraceDetail("count", String(missed.count)), TraceDetail("reason", reason)] + missed.map { TraceDetail("occurrence", $0) })
        }
        for slot in slots { arm(slot, context: context) }
        context.log("recovery.done", [TraceDetail("reason", reason), TraceDetail("armed", String(slots.count))])
    }
}
