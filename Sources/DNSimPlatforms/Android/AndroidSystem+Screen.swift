import DNSimCore

extension AndroidSystem {
    /// The screen goes on or off (the power button, the screen timeout, the user picking the
    /// phone up). Off on battery starts the count into deep Doze (A63); on ends Doze (A64) and
    /// delivers the non-wakeup alarms that waited for the device to wake (A65).
    public func setScreen(on: Bool) {
        guard isPoweredOn else {
            trace("android.power", "screen.ignored", [TraceDetail("on", String(on)), TraceDetail("reason", "device is off")])
            return
        }
        guard on != screen.isOn else { return }
        screen.isOn = on
        trace("android.power", on ? "screen.on" : "screen.off")
        if on {
            cancelIdleCountdown(why: "screen on")
            exitIdle(reason: "screen", rule: .a64)
            wake(reason: "screen on")
        } else {
            startIdleCountdownIfAppropriate()
        }
    }

    /// Whether the device is awake now (A65): the screen is on, or something woke it this instant.
    var isAwake: Bool { screen.isOn || screen.wokeAt == sim.now }

    /// The device wakes with the screen off (a wakeup alarm, a maintenance window) or the screen
    /// turns on: the non-wakeup alarms it held go out now (A65).
    func wake(reason: String, cause: Int32? = nil) {
        if !screen.isOn { screen.wokeAt = sim.now }
        guard !screen.heldUntilAwake.isEmpty else { return }
        let record = trace(
            "android.power", "device.woke", rule: .a65, cause: cause,
            [TraceDetail("why", reason), TraceDetail("heldAlarms", screen.heldUntilAwake.count)])
        let held = screen.heldUntilAwake
        screen.heldUntilAwake = []
        for position in held {
            guard let position = alarmTable.stillHeld(position) else { continue }
            alarmTable.update(at: position) { alarm in
                if let handle = alarm.dueEvent { sim.cancel(handle) }
                alarm.dueEvent = sim.schedule(
                    .android(.alarmDue(slot: position.slot, serial: position.serial)), at: sim.now, cause: record)
            }
        }
    }

    /// Holds a due non-wakeup alarm while the device is asleep (A65): it waits, with no due
    /// event, until ``wake(reason:)``.
    func holdUntilAwake(_ alarm: AndroidAlarm, at position: AndroidAlarmTable.Position) {
        alarmTable.update(at: position) { $0.dueEvent = nil }
        if !screen.heldUntilAwake.contains(position) { screen.heldUntilAwake.append(position) }
        trace(
            "android.alarm", "alarm.deferred", rule: .a65, cause: alarm.setRecord,
            [
                TraceDetail("operation", alarm.operation.description),
                TraceDetail("why", "non-wakeup alarm (\(alarm.type.rawValue)); the device is asleep (screen off) until something wakes it"),
            ], extras: alarm.operation.intent.extras)
    }

    /// With the screen off on battery and not already idle, the count into deep Doze starts
    /// (AOSP `becomeInactiveIfAppropriateLocked`, A63).
    func startIdleCountdownIfAppropriate() {
        guard isPoweredOn, !screen.isOn, !doze.isCharging, !doze.isIdle, doze.inactiveEvent == nil else { return }
        let delay = parameters.doze.idleAfterScreenOff
        doze.idleAt = sim.now + delay
        doze.inactiveEvent = sim.schedule(.android(.enterIdle), after: delay, priority: .system)
        trace(
            "android.power", "doze.inactive", rule: .a63,
            [TraceDetail("why", "screen off on battery"), TraceDetail("idleAfterMillis", delay.milliseconds)])
    }

    /// Stops the count into deep Doze, if one runs (A63).
    func cancelIdleCountdown(why: String) {
        guard let handle = doze.inactiveEvent else { return }
        sim.cancel(handle)
        doze.inactiveEvent = nil
        doze.idleAt = nil
        trace("android.power", "doze.inactiveCancelled", rule: .a63, [TraceDetail("why", why)])
    }

    /// The count has run out with the screen still off on battery: deep Doze begins (A63).
    func idleCountdownEnded() {
        doze.inactiveEvent = nil
        doze.idleAt = nil
        guard !screen.isOn, !doze.isCharging, !doze.isIdle else { return }
        enterIdle(
            rule: .a63,
            [
                TraceDetail("why", "screen off on battery"),
                TraceDetail("idleAfterMillis", parameters.doze.idleAfterScreenOff.milliseconds),
            ])
    }
}
