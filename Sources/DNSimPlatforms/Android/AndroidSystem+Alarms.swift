import DNSimCore

extension AndroidSystem {
    /// Errors AlarmManager throws.
    public enum AlarmError: Error, Equatable, Sendable {
        /// `SecurityException`: exact alarm without the permission (A19).
        case securityException
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
        if !livePendingIntents.contains(identity) { livePendingIntents.append(operation, for: identity) }
        if let old = alarmTable.remove(identity) {
            if let handle = old.dueEvent { sim.cancel(handle) }
            trace(
                "android.alarm", "alarm.replaced", rule: .a12, cause: old.setRecord,
                [TraceDetail("operation", operation.description)]
                    + old.operation.intent.extras.map { TraceDetail("extra." + $0.key, $0.value) })
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
                window = max(window, parameters.minimumWindowMillis)
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
                TraceDetail("triggerAtMillis", String(trigger)), TraceDetail("windowMillis", String(window)),
                TraceDetail("deferralMillis", String(deferral)), TraceDetail("operation", operation.description),
                TraceDetail("serial", String(serial)),
            ] + operation.intent.extras.map { TraceDetail("extra." + $0.key, $0.value) })
        var alarm = AndroidAlarm(
            serial: serial, operation: operation, type: type, triggerAtMillis: trigger, windowLengthMillis: window,
            method: method, deferralMillis: deferral, dueEvent: nil, setRecord: record)
        alarm.dueEvent = scheduleDue(alarm, cause: record)
        alarmTable.append(alarm)
    }

    /// How far past its trigger an alarm will be delivered, drawn once when it is set.
    private func chooseDeferral(
        method: AndroidAlarm.Method, type: AndroidAlarm.ClockType, trigger: Int64, window: Int64
    ) -> Int64 {
        switch method {
        case .setExact, .setExactAndAllowWhileIdle, .setAlarmClock:
            return 0
        case .setWindow:
            var rng = sim.randomStream("android.alarm.window.\(nextAlarmSerial)")
            return window > 0 ? rng.next(in: 0...window) : 0
        case .set, .setAndAllowWhileIdle:
            let now = type.isWallClock ? clock.wallMillis(at: sim.now) : clock.elapsedRealtime(at: sim.now)
            let delay = trigger - now
            if delay < 10_000 { return 0 }  // A4: below 10 s, no deferral.
            let allowance = delay * Int64(parameters.inexactDeferralPercent) / 100
            var rng = sim.randomStream("android.alarm.batch.\(nextAlarmSerial)")
            return rng.next(in: 0...allowance)
        }
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

    private func scheduleDue(_ alarm: AndroidAlarm, cause: Int32) -> EventHandle? {
        sim.schedule(.android(.alarmDue(serial: alarm.serial)), at: dueInstant(of: alarm), cause: cause)
    }

    /// Re-queues every alarm at its due instant, so held alarms are checked again (after a
    /// maintenance window opens, idle ends, charging starts or the bucket changes).
    func requeueAllAlarms() {
        alarmTable.updateEach { alarm in
            if let handle = alarm.dueEvent { sim.cancel(handle) }
            alarm.dueEvent = scheduleDue(alarm, cause: sim.trace.lastID)
        }
    }

    /// Re-evaluates every RTC alarm after the wall clock moved (A14).
    func rebatchWallClockAlarms() {
        alarmTable.updateEach { alarm in
            guard alarm.type.isWallClock else { return }
            if let handle = alarm.dueEvent { sim.cancel(handle) }
            alarm.dueEvent = scheduleDue(alarm, cause: sim.trace.lastID)
        }
    }

    /// Cancels the alarm with an equal PendingIntent (`AlarmManager.cancel`).
    func cancelAlarm(_ operation: AndroidPendingIntent) {
        guard let alarm = alarmTable.remove(operation.identity) else { return }
        if let handle = alarm.dueEvent { sim.cancel(handle) }
        trace("android.alarm", "alarm.cancelled", [TraceDetail("operation", operation.description)])
    }

    /// Removes every alarm, recording why.
    func clearAllAlarms(kind: String, rule: OSRule) {
        for alarm in alarmTable.alarms {
            if let handle = alarm.dueEvent { sim.cancel(handle) }
            trace(
                "android.alarm", kind, rule: rule, cause: alarm.setRecord,
                [TraceDetail("operation", alarm.operation.description)]
                    + alarm.operation.intent.extras.map { TraceDetail("extra." + $0.key, $0.value) })
        }
        alarmTable.removeAll()
    }

    /// Delivers a due alarm's broadcast (A2) and removes the one-shot alarm.
    func fireAlarm(serial: Int32) {
        guard let identity = alarmTable.identity(ofSerial: serial), let held = alarmTable[identity] else { return }
        if let (until, rule, why) = hold(held) {
            alarmTable.update(identity) { alarm in
                alarm.dueEvent = sim.schedule(.android(.alarmDue(serial: serial)), at: until, cause: alarm.setRecord)
            }
            trace(
                "android.alarm", "alarm.deferred", rule: rule, cause: held.setRecord,
                [TraceDetail("operation", held.operation.description), TraceDetail("why", why)]
                    + held.operation.intent.extras.map { TraceDetail("extra." + $0.key, $0.value) })
            return
        }
        guard let alarm = alarmTable.remove(identity) else { return }
        recordFire(of: alarm)
        let record = trace(
            "android.alarm", "alarm.fired", rule: .a2, cause: alarm.setRecord,
            [
                TraceDetail("operation", alarm.operation.description),
                TraceDetail("latenessMillis", String(lateness(of: alarm))),
            ] + alarm.operation.intent.extras.map { TraceDetail("extra." + $0.key, $0.value) })
        deliver(alarm.operation.intent, cause: record, fromAlarm: true)
    }

    private func lateness(of alarm: AndroidAlarm) -> Int64 {
        let now = alarm.type.isWallClock ? clock.wallMillis(at: sim.now) : clock.elapsedRealtime(at: sim.now)
        return now - alarm.triggerAtMillis
    }
}
