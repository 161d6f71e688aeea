import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension AndroidDailyNotificationPlugin {
    /// Where a recovery runs: force-stop detection depends on it.
    enum RecoveryEntry {
        /// `load()` at a cold start (the process was started for the launch).
        case coldLaunch
        /// `load()` when a running process's activity resumes.
        case warmLaunch
        /// The BOOT_COMPLETED receiver.
        case boot
        /// MY_PACKAGE_REPLACED or an exact-permission change.
        case other
    }

    /// The boot receiver of ``PluginPolicy/BootRecovery/futureOnly`` (seed 000 §1.1): re-arm a slot
    /// only if its stored `nextRunAt` is still in the future; a slot whose time passed while the
    /// device was off is dropped silently.
    func rearmFutureOnly(context: Context) {
        let now = context.currentTimeMillis()
        guard let stored = try? context.withStorage({ $0 }) else {
            context.log("recovery.storageLocked")
            return
        }
        guard let (slots, _) = stored.restorableSlots(tolerant: policy.restore == .skipCorrupt) else {
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
        context: Context, recomputeFromWallTime: Bool, grace: Int64
    ) throws -> (slots: [PluginStore.Slot], missed: [String]) {
        let now = context.currentTimeMillis()
        let zone = context.timeZone
        var missed: [String] = []
        let slots = try context.withStorage { store -> [PluginStore.Slot] in
            // ``PluginPolicy/RecoveryRecompute/fromWallTime`` judges every occurrence on the wall
            // clock from the earliest date owed; seed 003's TIME_SET recalculation (the
            // directive) takes the first occurrence after now instead.
            let owedDates = recomputeFromWallTime && policy.recovery == .fromWallTime
            // After a move, a date-time the old clock had already passed (shown or lost there) is
            // not late here, however recently a westward move makes it look passed.
            let passedBeforeMove = owedDates ? store.oldClockReading(movingTo: zone, at: now) : nil
            if owedDates { store.noteRun(in: zone.identifier, at: now) }
            for index in store.slots.indices {
                var slot = store.slots[index]
                var keptForLateDelivery = false
                // A date brought back by a westward move and already passed was never reached
                // on this zone's clock before the plugin looked: reported, not shown late.
                let plannedFrom = slot.nextLocalDate
                if owedDates {
                    // The zone or the clock may have changed since the slot was armed: its
                    // occurrences are judged on the wall clock in the zone now, from the earliest
                    // date owed since the set-up (a westward move can bring one back).
                    slot.nextLocalDate = store.firstOwedDate(of: slot, now: now, in: zone)
                    slot.nextRunAt = DailyOccurrence.instant(on: slot.nextLocalDate, at: slot.time, in: zone)?.millisecondsSinceEpoch ?? slot.nextRunAt
                }
                while slot.nextRunAt <= now {
                    let undelivered = !store.hasHistory(slot: slot.id, localDate: slot.nextLocalDate)
                    let readBeforeMove = passedBeforeMove.map { LocalDateTime(date: slot.nextLocalDate, time: slot.time) <= $0 } ?? false
                    if undelivered && now - slot.nextRunAt <= grace && slot.nextLocalDate >= plannedFrom && !readBeforeMove {
                        // Armed with a past trigger it fires at once (A12): late, but once.
                        keptForLateDelivery = true
                        context.log("late.delivery", [TraceDetail("occurrence", "\(slot.id)@\(slot.nextLocalDate)")])
                        break
                    }
                    if undelivered {
                        store.appendHistory(.init(slot: slot.id, localDate: slot.nextLocalDate, status: .missed))
                        missed.append("\(slot.id)@\(slot.nextLocalDate)")
                    }
                    rollover.advance(&slot, in: context.timeZone)
                }
                if recomputeFromWallTime && !owedDates && !keptForLateDelivery {
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

    /// The grace of ``PluginPolicy/Android/missedGraceMinutes``, in ms.
    var graceMillis: Int64 { Int64(policy.missedGraceMinutes) * 60_000 }

    /// A recovery at launch, boot, update or exact-permission change: force-stop detection by the
    /// policy, then every passed, undelivered occurrence reported missed once (collapsed into one
    /// report) and each slot re-armed, its next occurrence placed by
    /// ``PluginPolicy/Android/recovery``. Re-arming an armed slot replaces its alarms (A12), so
    /// running this any number of times leaves one alarm per occurrence.
    func recover(context: Context, reason: String, at entry: RecoveryEntry) {
        switch policy.forceStopDetection {
        case .none: break
        case .exitReasons:
            if entry == .coldLaunch || entry == .warmLaunch { detectForceStop(context: context) }
        case .alarmCounting:
            // Seed 000 §0.2: "On cold start, query AlarmManager for active alarms".
            if entry == .coldLaunch {
                guard countAlarms(context: context) else {
                    context.log("recovery.storageLocked", [TraceDetail("reason", reason)])
                    return
                }
            }
        }
        mergeDeviceProtectedHistory(context: context)
        rearmAll(context: context, reason: reason, recomputeFromWallTime: policy.recovery == .fromWallTime, grace: graceMillis)
    }

    /// TIME_SET / TIMEZONE_CHANGED (seed 003 §2–3, S5: "recalculate all scheduled times"): each
    /// slot's next occurrence is recomputed from its wall time in the current zone.
    func recalculateFromWallTime(context: Context, reason: String) {
        mergeDeviceProtectedHistory(context: context)
        rearmAll(context: context, reason: reason, recomputeFromWallTime: true, grace: graceMillis)
    }

    /// ``PluginPolicy/ForceStopDetection/exitReasons``, as WorkManager does it (A29):
    /// `wasForceStopped()` on API 35+, else a new REASON_USER_REQUESTED process exit on API 30+.
    /// Below 30 nothing reliable exists; the idempotent recovery makes detection unnecessary.
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

    /// ``PluginPolicy/ForceStopDetection/alarmCounting``: seed 000 §0.2 ("DB.count > 0 &&
    /// AlarmManager.count == 0"), realised with the only real tool, `FLAG_NO_CREATE` probes (S11).
    /// Returns `false` when the database cannot be read.
    func countAlarms(context: Context) -> Bool {
        guard let slots = try? context.withStorage({ $0.slots }) else { return false }
        let alive = slots.filter { slot in
            allOperations(for: slot).contains { context.alarmManager.pendingIntentExists($0) }
        }
        if !slots.isEmpty && alive.isEmpty {
            noteForceStop(via: "alarm count 0 with \(slots.count) stored", context: context)
        }
        return true
    }

    /// Records a force-stop conclusion (visible in `getNotificationStatus`).
    func noteForceStop(via: String, context: Context) {
        context.log("forceStop.detected", [TraceDetail("via", via)])
        _ = try? context.withStorage { $0.forceStopsDetected += 1 }
    }

    private func rearmAll(context: Context, reason: String, recomputeFromWallTime: Bool, grace: Int64) {
        // A record that no longer deserializes: a tolerant restore skips it and restores the
        // rest; a strict one (like the code seed 000 describes) fails as a whole.
        if let stored = try? context.withStorage({ $0 }) {
            guard let (_, skipped) = stored.restorableSlots(tolerant: policy.restore == .skipCorrupt) else {
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
        reportMissed(missed, reason: reason, context: context)
        for slot in slots { arm(slot, context: context) }
        mirrorSchedule(context: context)
        context.log("recovery.done", [TraceDetail("reason", reason), TraceDetail("armed", slots.count)])
    }
}
