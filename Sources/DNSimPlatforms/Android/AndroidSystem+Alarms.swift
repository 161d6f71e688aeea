import DNSimCore

extension AndroidSystem {
    /// Errors AlarmManager throws.
    public enum AlarmError: Error, Equatable, Sendable {
        /// `SecurityException`: exact alarm without the permission (A19).
        case securityException
    }

    /// Records what the OS did about an alarm's PendingIntent: the operation, its Intent's extras
    /// (which tie it to an occurrence) as `extra.<key>` details, then `more`.
    @discardableResult
    func trace(
        _ subsystem: String, _ kind: String, rule: OSRule? = nil, cause: Int32? = nil, about operation: AndroidPendingIntent,
        _ more: @autoclosure () -> [TraceDetail] = []
    ) -> Int32 {
        trace(
            subsystem, kind, rule: rule, cause: cause, [TraceDetail("operation", operation.description)],
            extras: operation.intent.extras, more())
    }

    /// Sets (or, for an equal PendingIntent, replaces) an alarm (A12).
    func setAlarm(
        method: AndroidAlarm.Method, type: AndroidAlarm.ClockType, triggerAtMillis: Int64, windowLength: Int64,
        operation: AndroidPendingIntent
    ) throws(AlarmError) {
        if method.needsExactPermission && !canScheduleExactAlarms {
            trace(
                "android.alarm", "alarm.rejected", rule: .a19,
                [TraceDetail("method", method.rawValue), TraceDetail("operation", operation.description)])
            throw .securityException
        }
        let identity = operation.identity
        // The old alarm is replaced when the new one is held (below), where it stands found once.
        // Read in place (an alarm is a large value, and most settings replace one).
        let held = alarmTable.position(of: identity)
        // An alarm's PendingIntent lives while the alarm does (every call that drops live
        // PendingIntents drops their alarms): only a setting that replaces none looks it up.
        assert(held == nil || livePendingIntents.contains(identity), "an alarm outlived its PendingIntent")
        if held == nil && !livePendingIntents.contains(identity) { livePendingIntents.append(operation, for: identity) }
        if let held {
            alarmTable.update(at: held) { old in
                if let handle = old.dueEvent { sim.cancel(handle) }
                // The identity is equal, so the old operation reads as the new one does.
                trace("android.alarm", "alarm.replaced", rule: .a12, cause: old.setRecord, about: old.operation)
            }
        }
        var window = windowLength
        var rule: OSRule
        switch method {
        case .setExact: rule = .a6
        case .setExactAndAllowWhileIdle: rule = .a7
        case .setAlarmClock: rule = .a9
        case .setAndAllowWhileIdle: rule = .a8
        case .set: rule = .a3
        case .setWindow:
            rule = .a5
            if profile.apiLevel >= 31 && manifest.targetSdk >= 31 {
                window = max(window, minimumWindow(type: type, trigger: triggerAtMillis))
            }
        }
        let trigger = max(0, triggerAtMillis)
        let deferral = chooseDeferral(method: method, type: type, trigger: trigger, window: window)
        let serial = nextAlarmSerial
        nextAlarmSerial += 1
        let record = trace(
            "android.alarm", "alarm.set", rule: rule,
            [
                TraceDetail("method", method.rawValue), TraceDetail("type", type.rawValue),
                TraceDetail("triggerAtMillis", trigger), TraceDetail("windowMillis", window),
                TraceDetail("deferralMillis", deferral), TraceDetail("operation", operation.description),
                TraceDetail("serial", serial),
            ], extras: operation.intent.extras)
        let alarm = AndroidAlarm(
            serial: serial, operation: operation, type: type, triggerAtMillis: trigger, windowLengthMillis: window,
            method: method, deferralMillis: deferral, dueEvent: nil, setRecord: record)
        // Held first: its due event names where it stands.
        let position = alarmTable.set(alarm, replacing: held)
        alarmTable.update(at: position) { alarm in alarm.dueEvent = scheduleDue(alarm, at: position, cause: record) }
    }

    /// How far past its trigger an alarm will be delivered, drawn once when it is set.
    private func chooseDeferral(
        method: AndroidAlarm.Method, type: AndroidAlarm.ClockType, trigger: Int64, window: Int64
    ) -> Int64 {
        switch method {
        case .setExact, .setExactAndAllowWhileIdle, .setAlarmClock:
            return 0
        case .setWindow:
            var rng = sim.randomStream("android.alarm.window", Int64(nextAlarmSerial))
            return window > 0 ? rng.next(in: 0...window) : 0
        case .set, .setAndAllowWhileIdle:
            let (allowance, rule) = batchingAllowance(type: type, trigger: trigger)
            var rng = sim.randomStream("android.alarm.batch", Int64(nextAlarmSerial))
            let deferral = allowance > 0 ? rng.next(in: 0...allowance) : 0
            trace(
                "android.alarm", "alarm.batchingWindow", rule: rule,
                [
                    TraceDetail("method", method.rawValue), TraceDetail("allowanceMillis", allowance),
                    TraceDetail("deferralMillis", deferral),
                ])
            return deferral
        }
    }

    /// How far past its trigger an inexact alarm may be delivered (AOSP `maxTriggerTime`), and
    /// the rule that decided it: 75% of the time to the trigger, none below 10 s (A4); on API 31+
    /// at most one hour (A54).
    func batchingAllowance(type: AndroidAlarm.ClockType, trigger: Int64) -> (Int64, OSRule) {
        let delay = trigger - clockNow(type)
        if delay < 10_000 { return (0, .a4) }  // A4: below 10 s, no deferral.
        let allowance = delay * Int64(parameters.inexactDeferralPercent) / 100
        if profile.apiLevel >= 31 && allowance > parameters.inexactMaximumWindowMillis {
            return (parameters.inexactMaximumWindowMillis, .a54)
        }
        return (allowance, .a4)
    }

    /// The least window `setWindow` is stretched to on API 31+ for apps targeting 31+ (A5):
    /// `min(10 min, 0.75 × time to the trigger)`, as AOSP `getMinimumAllowedWindow` computes it.
    func minimumWindow(type: AndroidAlarm.ClockType, trigger: Int64) -> Int64 {
        let futurity = max(0, trigger - clockNow(type))
        return min(parameters.minimumWindowMillis, futurity * 3 / 4)
    }

    /// The current reading of the clock an alarm of `type` is set on (A13).
    func clockNow(_ type: AndroidAlarm.ClockType) -> Int64 {
        type.isWallClock ? clock.wallMillis(at: sim.now) : clock.elapsedRealtime(at: sim.now)
    }

    /// The true instant an alarm is due under the current clocks (A13); past triggers are due now (A12).
    func dueInstant(of alarm: AndroidAlarm) -> SimInstant {
        let target = alarm.triggerAtMillis + alarm.deferralMillis
        let instant: SimInstant
        if alarm.type.isWallClock {
            instant = clock.trueInstant(forWallMillis: target)
        } else {
            instant = clock.bootInstant + .milliseconds(target)
        }
        return max(instant, sim.now)
    }

    /// Schedules the due event of `alarm`, held at `position`.
    private func scheduleDue(_ alarm: AndroidAlarm, at position: AndroidAlarmTable.Position, cause: Int32) -> EventHandle? {
        sim.schedule(.android(.alarmDue(slot: position.slot, serial: position.serial)), at: dueInstant(of: alarm), cause: cause)
    }

    /// Re-queues every alarm at its due instant, so held alarms are checked again (after a
    /// maintenance window opens, idle ends, charging starts or the bucket changes).
    func requeueAllAlarms() {
        alarmTable.updateEach { position, alarm in
            if let handle = alarm.dueEvent { sim.cancel(handle) }
            alarm.dueEvent = scheduleDue(alarm, at: position, cause: sim.trace.lastID)
        }
    }

    /// Re-evaluates every RTC alarm after the wall clock moved (A14); ELAPSED alarms count from
    /// boot and stay where they are (A13).
    func rebatchWallClockAlarms() {
        alarmTable.updateEach { position, alarm in
            guard alarm.type.isWallClock else { return }
            if let handle = alarm.dueEvent { sim.cancel(handle) }
            alarm.dueEvent = scheduleDue(alarm, at: position, cause: sim.trace.lastID)
        }
        for alarm in alarmTable.alarms where !alarm.type.isWallClock {
            trace(
                "android.alarm", "alarm.keptOnElapsedClock", rule: .a13, cause: alarm.setRecord,
                [TraceDetail("operation", alarm.operation.description), TraceDetail("type", alarm.type.rawValue)])
        }
    }

    /// Cancels the alarm with an equal PendingIntent (`AlarmManager.cancel`).
    func cancelAlarm(_ operation: AndroidPendingIntent) {
        guard let alarm = alarmTable.remove(operation.identity) else { return }
        if let handle = alarm.dueEvent { sim.cancel(handle) }
        trace("android.alarm", "alarm.cancelled", [TraceDetail("operation", operation.description)])
    }

    /// Removes every alarm, recording why.
    func clearAllAlarms(kind: String, rule: OSRule?, details: [TraceDetail] = []) {
        // Read in place, in the order they were set (a copy of the table's alarms was a copy of
        // every alarm at each force stop and reboot).
        alarmTable.updateEach { _, alarm in
            if let handle = alarm.dueEvent { sim.cancel(handle) }
            trace("android.alarm", kind, rule: rule, cause: alarm.setRecord, about: alarm.operation, details)
        }
        alarmTable.removeAll()
    }

    /// Delivers a due alarm's broadcast (A2) and removes the one-shot alarm, unless a power
    /// restriction holds it or it is a non-wakeup alarm and the device is asleep (A65).
    func fireAlarm(at due: AndroidAlarmTable.Position) {
        guard let position = alarmTable.stillHeld(due) else { return }
        let held = alarmTable[position]
        if let (until, rule, why) = hold(held) {
            // No instant: held until a change re-checks every alarm (battery saver, A60).
            alarmTable.update(at: position) { alarm in
                alarm.dueEvent = until.flatMap {
                    sim.schedule(.android(.alarmDue(slot: position.slot, serial: position.serial)), at: $0, cause: alarm.setRecord)
                }
            }
            trace(
                "android.alarm", "alarm.deferred", rule: rule, cause: held.setRecord,
                [TraceDetail("operation", held.operation.description), TraceDetail("why", why)],
                extras: held.operation.intent.extras)
            return
        }
        if !held.type.wakesDevice && !isAwake {
            holdUntilAwake(held, at: position)
            return
        }
        let alarm = alarmTable.remove(at: position)
        recordFire(of: alarm)
        let record = trace(
            "android.alarm", "alarm.fired", rule: .a2, cause: alarm.setRecord,
            [TraceDetail("operation", alarm.operation.description), TraceDetail("latenessMillis", lateness(of: alarm))],
            extras: alarm.operation.intent.extras)
        // A65: a wakeup alarm wakes the device; the non-wakeup alarms held go out with it.
        if alarm.type.wakesDevice && !screen.isOn { wake(reason: "wakeup alarm", cause: record) }
        deliver(alarm.operation.intent, cause: record, fromAlarm: true)
    }

    private func lateness(of alarm: AndroidAlarm) -> Int64 {
        let now = alarm.type.isWallClock ? clock.wallMillis(at: sim.now) : clock.elapsedRealtime(at: sim.now)
        return now - alarm.triggerAtMillis
    }
}
