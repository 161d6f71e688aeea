import DNSimCore
import DNSimPlatforms
import Testing

/// Pins the screen: Doze after the screen goes off on battery (A63), screen on ends Doze (A64),
/// non-wakeup alarms wait for the device to wake (A65).
struct ScreenStateTests {
    // MARK: A63 — screen off on battery: deep Doze after the inactive timeouts

    @Test("A63: with the screen off on battery, deep Doze begins after android.doze.idleAfterScreenOff (AOSP 30 min + 30 min)")
    func a63ScreenOffLeadsToDozeAfterTheDelay() throws {
        #expect(AndroidDozeParameters().idleAfterScreenOff == .minutes(60), "INACTIVE_TIMEOUT + IDLE_AFTER_INACTIVE_TIMEOUT")
        let device = Device()
        #expect(device.system.screen.isOn, "a device starts with the screen on")
        device.system.setScreen(on: false)
        let off = device.now
        #expect(device.rules("doze.inactive") == ["A63"])
        #expect(device.system.doze.idleAt == off + .minutes(60))

        try device.run(until: off + .minutes(60) - .milliseconds(1))
        #expect(!device.system.doze.isIdle)
        try device.run(until: off + .minutes(60))
        #expect(device.system.doze.isIdle)
        let entered = try #require(device.records("doze.entered").first)
        #expect(entered.rule == "A63")
        #expect(entered.time == off + .minutes(60))
        #expect(entered.detail("idleAfterMillis") == "3600000")
        #expect(device.system.doze.idleAt == nil)
    }

    @Test("A63: the delay is a device parameter, printed with the other android.doze parameters")
    func a63DelayIsAPrintedParameter() throws {
        var parameters = AndroidOSParameters.with()
        parameters.doze.idleAfterScreenOff = .minutes(30)
        let device = Device(parameters: parameters)
        let printed = device.system.resolvedParameters.first { $0.0 == "android.doze.idleAfterScreenOff" }
        #expect(printed?.1 == "30m")
        #expect(Device().system.resolvedParameters.first { $0.0 == "android.doze.idleAfterScreenOff" }?.1 == "1h")
        device.system.setScreen(on: false)
        try device.run(for: .minutes(30))
        #expect(device.system.doze.isIdle)
    }

    @Test("A63: turning the screen on or plugging in before the delay cancels the count; unplugging with the screen off starts it")
    func a63ScreenOnOrChargingCancelsTheCount() throws {
        let device = Device()
        device.system.setScreen(on: false)
        try device.run(for: .minutes(40))
        device.system.setScreen(on: true)
        #expect(device.records("doze.inactiveCancelled").map { $0.detail("why") } == ["screen on"])
        try device.run(for: .hours(3))
        #expect(device.records("doze.entered").isEmpty)

        device.system.setCharging(true)
        device.system.setScreen(on: false)
        try device.run(for: .hours(3))
        #expect(device.records("doze.inactive").count == 1, "charging: the screen going off starts no count")
        #expect(!device.system.doze.isIdle)

        device.system.setCharging(false)
        let unplugged = device.now
        #expect(device.rules("doze.inactive") == ["A63", "A63"])
        try device.run(for: .minutes(50))
        device.system.setCharging(true)
        #expect(device.records("doze.inactiveCancelled").map { $0.detail("why") } == ["screen on", "charging"])
        try device.run(for: .hours(2))
        #expect(device.records("doze.entered").isEmpty)

        device.system.setCharging(false)
        try device.run(for: .hours(1))
        #expect(device.records("doze.entered").map(\.time) == [unplugged + .minutes(50) + .hours(2) + .hours(1)])
    }

    @Test("A63: leaving Doze with the screen still off on battery starts the count again")
    func a63LeavingDozeWithTheScreenOffCountsAgain() throws {
        let device = Device()
        device.system.setScreen(on: false)
        try device.run(for: .minutes(60))
        #expect(device.system.doze.isIdle)
        device.system.setDeviceIdle(false)
        let moved = device.now
        #expect(!device.system.doze.isIdle)
        #expect(device.system.doze.idleAt == moved + .minutes(60))
        try device.run(for: .minutes(60))
        #expect(device.records("doze.entered").map(\.time) == [moved, moved + .minutes(60)])
        #expect(device.rules("doze.entered") == ["A63", "A63"])
    }

    @Test("A63: after screen-off Doze a standard setExact waits for the maintenance window; an RTC_WAKEUP setExact before it fires on time")
    func a63SetExactDeferredOnceDozeBegins() throws {
        let device = Device(parameters: .doze(spacing: [.hours(1)], jitterPercent: 0))
        device.system.moveAppToBackground()
        device.system.setScreen(on: false)
        let off = device.now
        let wall = device.wallNow
        try device.alarmManager.setExact(.rtcWakeup, wall + 30 * 60_000, TestApp.operation(1))
        try device.alarmManager.setExact(.rtcWakeup, wall + 90 * 60_000, TestApp.operation(2))
        try device.run(for: .hours(3))
        #expect(device.fires(of: TestApp.operation(1)) == [off + .minutes(30)], "screen off alone holds no wakeup alarm")
        #expect(device.fires(of: TestApp.operation(2)) == [off + .minutes(120)], "Doze from 60 min, window at 120 min")
        #expect(device.rules("alarm.deferred") == ["A37"])
    }

    // MARK: A64 — screen on ends Doze

    @Test("A64: turning the screen on ends deep Doze at once and releases the alarms and jobs it held")
    func a64ScreenOnEndsDoze() throws {
        let device = Device()
        device.system.moveAppToBackground()
        device.system.setScreen(on: false)
        try device.run(for: .minutes(60))
        #expect(device.system.doze.isIdle)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 10 * 60_000, TestApp.operation(1))
        device.workManager.enqueueUniqueWork("sync", .replace, TestApp.oneTimeWork(delay: .minutes(10)))
        try device.run(for: .minutes(20))
        #expect(device.records("alarm.fired").isEmpty)
        #expect(device.workStarts.isEmpty)

        device.system.setScreen(on: true)
        let on = device.now
        try device.run(until: on)
        let exited = try #require(device.records("doze.exited").first)
        #expect(exited.rule == "A64")
        #expect(exited.detail("why") == "screen")
        #expect(!device.system.doze.isIdle)
        #expect(device.fires(of: TestApp.operation(1)) == [on])
        #expect(device.workStarts == [on])
        try device.run(for: .hours(3))
        #expect(device.windowOpens.isEmpty, "the planned maintenance window was cancelled")
        #expect(device.records("doze.entered").count == 1, "the screen stays on: no new count")
    }

    @Test("A64: launching the app or unlocking turns the screen on; a reboot boots with it on")
    func a64LaunchUnlockAndBootTurnTheScreenOn() throws {
        let device = Device()
        device.system.setScreen(on: false)
        try device.run(for: .minutes(60))
        device.system.launchApp()
        #expect(device.system.screen.isOn)
        #expect(device.rules("doze.exited") == ["A64"])

        device.system.setScreen(on: false)
        device.system.unlock()
        #expect(device.system.screen.isOn)

        device.system.setScreen(on: false)
        device.system.reboot(offFor: .minutes(1), unlockAfter: nil)
        device.system.setScreen(on: true)
        #expect(device.records("screen.ignored").count == 1, "the device is off")
        try device.run(for: .minutes(2))
        #expect(device.system.screen.isOn)
        #expect(device.records("screen.on").last?.detail("why") == "boot")
        #expect(device.system.doze.idleAt == nil)
    }

    // MARK: A65 — non-wakeup alarms wait until the device wakes

    @Test(
        "A65: a non-wakeup alarm due while the screen is off waits until the screen turns on; a wakeup one fires on time",
        arguments: [AndroidAlarm.ClockType.rtc, .elapsedRealtime])
    func a65NonWakeupAlarmWaitsForScreenOn(type: AndroidAlarm.ClockType) throws {
        let device = Device()
        device.system.moveAppToBackground()
        device.system.setCharging(true)  // no Doze: only the sleep holds the alarm
        device.system.setScreen(on: false)
        let off = device.now
        let trigger = (type.isWallClock ? device.wallNow : device.context.elapsedRealtime()) + 20 * 60_000
        try device.alarmManager.setExact(type, trigger, TestApp.operation(1))
        try device.run(for: .minutes(90))
        #expect(device.fires(of: TestApp.operation(1)).isEmpty)
        let deferred = try #require(device.records("alarm.deferred").first)
        #expect(deferred.rule == "A65")
        #expect(deferred.time == off + .minutes(20))

        device.system.setScreen(on: true)
        let on = device.now
        try device.run(until: on)
        #expect(device.fires(of: TestApp.operation(1)) == [on])
        let fired = try #require(device.records("alarm.fired").first)
        #expect(fired.detail("latenessMillis") == String(70 * 60_000))
        #expect(device.rules("device.woke") == ["A65"])

        let wakeup = Device()
        wakeup.system.setCharging(true)
        wakeup.system.setScreen(on: false)
        let wakeupType: AndroidAlarm.ClockType = type == .rtc ? .rtcWakeup : .elapsedRealtimeWakeup
        let wakeupTrigger = (type.isWallClock ? wakeup.wallNow : wakeup.context.elapsedRealtime()) + 20 * 60_000
        try wakeup.alarmManager.setExact(wakeupType, wakeupTrigger, TestApp.operation(1))
        try wakeup.run(for: .minutes(21))
        #expect(wakeup.fires(of: TestApp.operation(1)) == [Device.defaultStart + .minutes(20)])
    }

    @Test("A65: with the screen on a non-wakeup alarm fires on time")
    func a65ScreenOnNonWakeupFiresOnTime() throws {
        let device = Device()
        try device.alarmManager.setExact(.rtc, device.wallNow + 20 * 60_000, TestApp.operation(1))
        try device.run(for: .minutes(21))
        #expect(device.fires(of: TestApp.operation(1)) == [Device.defaultStart + .minutes(20)])
        #expect(device.records("alarm.deferred").isEmpty)
    }

    @Test("A65: a wakeup alarm wakes the device, and the non-wakeup alarms already due go out with it")
    func a65WakeupAlarmDeliversHeldNonWakeupAlarms() throws {
        let device = Device()
        device.system.moveAppToBackground()
        device.system.setCharging(true)
        device.system.setScreen(on: false)
        let wall = device.wallNow
        try device.alarmManager.setExact(.rtc, wall + 10 * 60_000, TestApp.operation(1))
        try device.alarmManager.setExact(.rtcWakeup, wall + 30 * 60_000, TestApp.operation(2))
        try device.alarmManager.setExact(.rtc, wall + 40 * 60_000, TestApp.operation(3))
        try device.run(for: .minutes(60))
        let wake = Device.defaultStart + .minutes(30)
        #expect(device.fires(of: TestApp.operation(2)) == [wake])
        #expect(device.fires(of: TestApp.operation(1)) == [wake], "due at 10 min, delivered with the 30-min wakeup")
        #expect(device.fires(of: TestApp.operation(3)).isEmpty, "due after the wake: waits for the next one")
        #expect(device.firedRequestCodes == [2, 1])
        let woke = try #require(device.records("device.woke").first)
        #expect(woke.rule == "A65")
        #expect(woke.detail("why") == "wakeup alarm")
    }

    @Test("A65: an alarm cancelled while held is not delivered on the wake, nor is the alarm set after it in its place")
    func a65CancelledHeldAlarmStaysCancelled() throws {
        let device = Device()
        device.system.moveAppToBackground()
        device.system.setCharging(true)  // no Doze: only the sleep holds the alarm
        device.system.setScreen(on: false)
        try device.alarmManager.setExact(.rtc, device.wallNow + 10 * 60_000, TestApp.operation(1))
        try device.run(for: .minutes(15))
        #expect(device.rules("alarm.deferred") == ["A65"])
        device.alarmManager.cancel(TestApp.operation(1))
        // Set after the cancel, it is held where the cancelled one was; the wake must not take
        // it for the one it held.
        try device.alarmManager.setExact(.rtc, device.wallNow + 45 * 60_000, TestApp.operation(2))
        device.system.setScreen(on: true)
        try device.run(for: .minutes(60))
        #expect(device.fires(of: TestApp.operation(1)).isEmpty, "cancelled while held")
        #expect(device.fires(of: TestApp.operation(2)) == [Device.defaultStart + .minutes(60)], "on its own time, not at the wake")
    }

    @Test("A65: a Doze maintenance window wakes the device for the non-wakeup alarms it held")
    func a65MaintenanceWindowWakesTheDevice() throws {
        let device = Device(parameters: .doze(spacing: [.hours(1)], jitterPercent: 0))
        device.system.moveAppToBackground()
        device.system.setScreen(on: false)
        try device.alarmManager.setExact(.rtc, device.wallNow + 30 * 60_000, TestApp.operation(1))
        try device.run(for: .hours(3))
        // Screen off from 0, Doze from 60 min, first window at 120 min.
        #expect(device.fires(of: TestApp.operation(1)) == [Device.defaultStart + .minutes(120)])
        #expect(device.rules("alarm.deferred") == ["A65"])
        #expect(device.records("device.woke").map { $0.detail("why") } == ["maintenance window"])
    }
}
