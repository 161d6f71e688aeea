import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension AndroidDailyNotificationPlugin {
    /// Whether this build keeps a device-protected copy of its schedule (A33): the policy's
    /// ``PluginPolicy/DirectBoot/mirror`` with direct-boot-aware receivers.
    var mirrorsToDeviceProtectedStorage: Bool { policy.directBoot == .mirror && build.directBootAware }

    /// Copies the slots (not the history) to device-protected storage, so they can be re-armed
    /// at LOCKED_BOOT_COMPLETED, before the user unlocks.
    func mirrorSchedule(context: Context) {
        guard mirrorsToDeviceProtectedStorage, context.isUserUnlocked,
            let slots = try? context.withStorage({ $0.slots })
        else { return }
        context.withDeviceProtectedStorage { $0.slots = slots }
    }

    /// LOCKED_BOOT_COMPLETED: credential storage is unreadable (A33), so re-arm every mirrored
    /// slot's next future occurrence from the device-protected copy. Missed occurrences are
    /// judged after the unlock, when the full database can be read.
    func rearmFromDeviceProtectedStorage(context: Context) {
        let now = context.currentTimeMillis()
        let slots = context.withDeviceProtectedStorage { $0.slots }
        for var slot in slots {
            let (date, runAt) = RolloverRule.firstOccurrence(
                after: now - graceMillis, time: slot.time, zone: context.timeZone)
            slot.nextLocalDate = date
            slot.nextRunAt = runAt
            arm(slot, context: context)
        }
        context.log("directBoot.rearmed", [TraceDetail("slots", slots.count)])
    }

    /// An alarm fired before the first unlock: post from the device-protected copy and note the
    /// delivery there; the next reconcile after unlock moves the note into the database.
    func deliverBeforeUnlock(slotID: String, date: LocalDate, planned: Int64, context: Context) {
        let next = context.withDeviceProtectedStorage { store -> PluginStore.Slot? in
            guard let index = store.slotIndex(of: slotID),
                !store.hasHistory(slot: slotID, localDate: date)
            else { return nil }
            var slot = store.slots[index]
            context.notify(
                id: slot.requestCode, title: slot.title, body: slot.body,
                extras: NotificationExtraKey.occurrence(slot: slotID, localDate: date.description, plannedWallMillis: planned, content: []))
            store.appendHistory(.init(slot: slotID, localDate: date, status: .delivered))
            slot.nextLocalDate = date
            slot.nextRunAt = planned
            rollover.advance(&slot, in: context.timeZone)
            store.slots[index] = slot
            return slot
        }
        if let next {
            context.log("directBoot.delivered", [TraceDetail("occurrence", "\(slotID)@\(date)")])
            arm(next, context: context)
        }
    }

    /// After the unlock: deliveries made before it are moved into the database, so they are
    /// neither reported missed nor posted again.
    func mergeDeviceProtectedHistory(context: Context) {
        guard mirrorsToDeviceProtectedStorage, context.isUserUnlocked else { return }
        let early = context.withDeviceProtectedStorage { store -> [PluginStore.HistoryEntry] in
            defer { store.removeAllHistory() }
            return store.history
        }
        guard !early.isEmpty else { return }
        _ = try? context.withStorage { store in
            for entry in early where !store.hasHistory(slot: entry.slot, localDate: entry.localDate) {
                store.appendHistory(entry)
                if let index = store.slotIndex(of: entry.slot),
                    store.slots[index].nextLocalDate <= entry.localDate
                {
                    // Point the slot at the delivered occurrence; the reconcile rolls it forward.
                    let slot = store.slots[index]
                    store.slots[index].nextLocalDate = entry.localDate
                    store.slots[index].nextRunAt =
                        DailyOccurrence.instant(on: entry.localDate, at: slot.time, in: context.timeZone)?
                        .millisecondsSinceEpoch ?? slot.nextRunAt
                }
            }
        }
    }
}
