import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension AndroidDailyNotificationPlugin {
    /// `as-found` boot receiver (seed 000 §1.1): re-arm a slot only if its stored `nextRunAt` is
    /// still in the future; a slot whose time passed while the device was off is dropped silently.
    func rearmFutureOnly(context: Context) {
        let now = context.currentTimeMillis()
        guard let stored = try? context.withStorage({ $0 }) else {
            context.log("recovery.storageLocked")
            return
        }
        guard let (slots, _) = stored.restorableSlots(tolerant: false) else {
            context.log("recovery.failed", [TraceDetail("why", "a stored record does not deserialize")])
            return
        }
        for slot in slots {
            if slot.nextRunAt > now {
                arm(slot, context: context)
            } else {
                context.log("recovery.skippedPast", [TraceDetail("slot", slot.id)])
            }
        }
    }

    /// Rolls every slot whose occurrence has passed forward until it is in the future, recording
    /// each passed, undelivered occurrence as missed exactly once. Returns the slots and the
    /// missed occurrences.
    func rollPassedOccurrences(
        context: Context, recomputeFromWallTime: Bool, grace: Int64? = nil
    ) throws -> (slots: [PluginStore.Slot], missed: [String]) {
        let now = context.currentTimeMillis()
        let zone = context.timeZone
        var missed: [String] = []
        let grace = grace ?? (recomputeFromWallTime ? Int64(build.missedGraceMinutes) * 60_000 : 0)
        let slots = try context.withStorage { store -> [PluginStore.Slot] in
            for index in store.slots.indices {
                var slot = store.slots[index]
                var keptForLateDelivery = false
                while slot.nextRunAt <= now {
                    let undelivered = !store.hasHistory(slot: slot.id, localDate: slot.nextLocalDate)
                    if undelivered && now - slot.nextRunAt <= grace {
                        // Armed with a past trigger it fires at once (A12): late, but once.
                        keptForLateDelivery = true
                        context.log("late.delivery", [TraceDetail("occurrence", "\(slot.id)@\(slot.nextLocalDate)")])
                        break
                    }
                    if undelivered {
                        store.appendHistory(.init(slot: slot.id, localDate: slot.nextLocalDate, status: .missed))
                        missed.append("\(slot.id)@\(slot.nextLocalDate)")
                    }
                    slot = rolledOver(slot, context: context)
                }
                if recomputeFromWallTime && !keptForLateDelivery {
                    // The zone or the clock may have changed since the slot was armed.
                    let (date, runAt) = RolloverRule.firstOccurrence(after: now, time: slot.time, zone: zone)
                    slot.nextLocalDate = date
                    slot.nextRunAt = runAt
                }
                store.slots[index] = slot
            }
            return store.slots
        }
        return (slots, missed)
    }

    /// `corrected` force-stop detection, as WorkManager does it (A29): `wasForceStopped()` on
    /// API 35+, else a new REASON_USER_REQUESTED process exit on API 30+. Below 30 nothing
    /// reliable exists; the idempotent reconcile makes detection unnecessary for recovery.
    func detectForceStop(context: Context) {
        if let stopped = context.wasForceStopped {
            if stopped { noteForceStop(via: "ApplicationStartInfo.wasForceStopped", context: context) }
            return
        }
        guard let exits = context.historicalProcessExitReasons() else { return }
        let seen = (try? context.withStorage { $0.examinedExitRecords }) ?? exits.count
        if exits.dropFirst(min(seen, exits.count)).contains(where: { $0.reason == .userRequested }) {
            noteForceStop(via: "getHistoricalProcessExitReasons REASON_USER_REQUESTED", context: context)
        }
        _ = try? context.withStorage { $0.examinedExitRecords = exits.count }
    }

    /// `corrected`: idempotent reconcile of store and alarms. Passed, undelivered occurrences are
    /// reported once, collapsed into one report, and each slot is re-armed for its next
    /// occurrence computed from its wall time in the current zone. Re-arming an armed slot
    /// replaces its alarm (A12), so running this any number of times leaves one alarm per slot.
    func reconcile(context: Context, reason: String) {
        mergeDeviceProtectedHistory(context: context)
        rearmAll(context: context, reason: reason, recomputeFromWallTime: true)
    }

    /// `directive`: seed 000 §0.2 force-stop detection ("DB.count > 0 && AlarmManager.count == 0"),
    /// realised with the only real tool, `FLAG_NO_CREATE` probes (S11); then the seeds' recovery.
    func recoverDirective(context: Context, reason: String) {
        guard let slots = try? context.withStorage({ $0.slots }) else {
            context.log("recovery.storageLocked", [TraceDetail("reason", reason)])
            return
        }
        let alive = slots.filter { slot in
            allOperations(for: slot).contains { context.alarmManager.pendingIntentExists($0) }
        }
        if !slots.isEmpty && alive.isEmpty {
            noteForceStop(via: "alarm count 0 with \(slots.count) stored", context: context)
        }
        recomputeAll(context: context, reason: reason)
    }

    /// Records a force-stop conclusion (visible in `getNotificationStatus`).
    func noteForceStop(via: String, context: Context) {
        context.log("forceStop.detected", [TraceDetail("via", via)])
        _ = try? context.withStorage { $0.forceStopsDetected += 1 }
    }

    /// `directive` on TIME_SET / TIMEZONE_CHANGED (seed 003 §2–3, S5: "recalculate all scheduled
    /// times"): each slot's next time is recalculated from its wall time in the current zone,
    /// then the window is armed with the seeds' +24 h steps.
    func recalculateDirective(context: Context, reason: String) {
        rearmAll(context: context, reason: reason, recomputeFromWallTime: true, grace: 0)
    }

    /// `directive` re-arm: passed occurrences marked missed, then +24 h steps until in the future.
    func recomputeAll(context: Context, reason: String) {
        rearmAll(context: context, reason: reason, recomputeFromWallTime: false)
    }

    private func rearmAll(context: Context, reason: String, recomputeFromWallTime: Bool, grace: Int64? = nil) {
        // A record that no longer deserializes: `corrected` skips it and restores the rest; the
        // seeds' restore (like the code seed 000 describes) fails as a whole.
        if let stored = try? context.withStorage({ $0 }) {
            guard let (_, skipped) = stored.restorableSlots(tolerant: profile == .corrected) else {
                context.log("recovery.failed", [TraceDetail("reason", reason), TraceDetail("why", "a stored record does not deserialize")])
                return
            }
            if !skipped.isEmpty {
                context.log("record.skippedCorrupt", skipped.map { TraceDetail("slot", $0) })
                _ = try? context.withStorage { store in store.slots.removeAll { $0.isCorrupt } }
            }
        }
        guard
            let (slots, missed) = try? rollPassedOccurrences(
                context: context, recomputeFromWallTime: recomputeFromWallTime, grace: grace)
        else {
            context.log("recovery.storageLocked", [TraceDetail("reason", reason)])
            return
        }
        if !missed.isEmpty {
            context.log(
                "missed.reported",
                [TraceDetail("count", String(missed.count)), TraceDetail("reason", reason)]
                    + missed.map { TraceDetail("occurrence", $0) })
        }
        for slot in slots { arm(slot, context: context) }
        mirrorSchedule(context: context)
        context.log("recovery.done", [TraceDetail("reason", reason), TraceDetail("armed", String(slots.count))])
    }
}
