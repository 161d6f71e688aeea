import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import Testing

/// Pins battery saver (A60) and the battery-optimisation allowlist (A61).
struct BatterySaverTests {
    /// A device with the app launched once and then sent to the background, battery saver on.
    static func backgroundDeviceInBatterySaver(allowlisted: Bool = false) -> Device {
        let device = Device()
        device.system.moveAppToBackground()
        if allowlisted { device.system.setPowerAllowlisted(true) }
        device.system.setBatterySaver(true)
        return device
    }

    @Test("A60: in battery saver a background app's setExact, setWindow and set alarms wait until battery saver ends")
    func a60StandardAlarmsWaitForBatterySaverToEnd() throws {
        let device = Self.backgroundDeviceInBatterySaver()
        #expect(device.rules("batterySaver.on") == ["A60"])
        let start = device.wallNow
        try device.alarmManager.setExact(.rtcWakeup, start + 600_000, TestApp.operation(1))
        device.alarmManager.setWindow(.rtcWakeup, start + 600_000, 600_000, TestApp.operation(2))
        device.alarmManager.set(.rtcWakeup, start + 600_000, TestApp.operation(3))
        try device.run(for: .hours(3))
        #expect(device.records("alarm.fired").isEmpty)
        #expect(Set(device.rules("alarm.deferred")) == ["A60"])

        device.system.setBatterySaver(false)
        let ended = device.now
        try device.run(for: .hours(1))
        let fires = device.records("alarm.fired")
        #expect(fires.count == 3)
        #expect(fires.allSatisfy { $0.time >= ended && $0.time <= ended + .hours(1) })
        #expect(device.fires(of: TestApp.operation(1)) == [ended], "the exact alarm fires as soon as battery saver ends")
    }

    @Test("A60: alarm clocks and while-idle alarms fire in battery saver; a second exact while-idle alarm past the quota waits")
    func a60ExemptAndQuotaLimitedAlarms() throws {
        let device = Self.backgroundDeviceInBatterySaver()
        let start = device.wallNow
        try device.setAlarmClock(start + 600_000, TestApp.operation(1))
        try device.alarmManager.setExactAndAllowWhileIdle(.rtcWakeup, start + 600_000, TestApp.operation(2))
        device.alarmManager.setAndAllowWhileIdle(.rtcWakeup, start + 600_000, TestApp.operation(3))
        device.alarmManager.setAndAllowWhileIdle(.rtcWakeup, start + 660_000, TestApp.operation(4))
        try device.run(for: .hours(3))
        #expect(device.fires(of: TestApp.operation(1)) == [Device.defaultStart + .minutes(10)])
        #expect(device.fires(of: TestApp.operation(2)) == [Device.defaultStart + .minutes(10)])
        // The two inexact while-idle alarms fire at least 9 minutes apart (A10's quota, kept by battery saver).
        let third = try #require(device.fires(of: TestApp.operation(3)).first)
        let fourth = try #require(device.fires(of: TestApp.operation(4)).first)
        #expect(abs((fourth - third).milliseconds) >= SimDuration.minutes(9).milliseconds, "\(third) \(fourth)")
        let deferred = try #require(device.records("alarm.deferred").first)
        #expect(deferred.rule == "A60")
        #expect(deferred.detail("why") == "battery saver: inexact while-idle quota used up")
    }

    @Test("A60: a foreground app is not restricted; opening the app releases what battery saver held")
    func a60ForegroundAppIsNotRestricted() throws {
        let device = Self.backgroundDeviceInBatterySaver()
        let start = device.wallNow
        try device.alarmManager.setExact(.rtcWakeup, start + 600_000, TestApp.operation(1))
        try device.run(for: .minutes(30))
        #expect(device.records("alarm.fired").isEmpty)
        device.system.launchApp()
        let opened = device.now
        try device.run(for: .minutes(1))
        #expect(device.fires(of: TestApp.operation(1)) == [opened])
        // In the foreground a new alarm fires on time despite battery saver.
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 600_000, TestApp.operation(2))
        try device.run(for: .minutes(11))
        #expect(device.fires(of: TestApp.operation(2)) == [opened + .minutes(1) + .minutes(10)])
    }

    @Test("A60: in battery saver a background app's WorkManager job waits until battery saver ends")
    func a60JobsWait() throws {
        let device = Self.backgroundDeviceInBatterySaver()
        device.workManager.enqueueUniqueWork("sync", .replace, TestApp.oneTimeWork(delay: .minutes(10)))
        try device.run(for: .hours(1))
        #expect(device.workStarts.isEmpty)
        #expect(device.rules("job.deferred") == ["A60"])
        device.system.setBatterySaver(false)
        let ended = device.now
        try device.run(for: .minutes(1))
        #expect(device.workStarts == [ended])
    }

    @Test("A61: an app on the battery-optimisation allowlist is exempt from battery saver, for alarms and jobs")
    func a61AllowlistExemptsFromBatterySaver() throws {
        let device = Self.backgroundDeviceInBatterySaver(allowlisted: true)
        #expect(device.rules("powerAllowlist.added") == ["A61"])
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 600_000, TestApp.operation(1))
        device.workManager.enqueueUniqueWork("sync", .replace, TestApp.oneTimeWork(delay: .minutes(10)))
        try device.run(for: .minutes(11))
        #expect(device.fires(of: TestApp.operation(1)) == [Device.defaultStart + .minutes(10)])
        #expect(device.workStarts == [Device.defaultStart + .minutes(10)])
        #expect(device.rules("alarm.batterySaverExempt") == ["A61"])
        #expect(device.rules("job.batterySaverExempt") == ["A61"])
    }

    @Test("A61: the allowlist does not exempt standard alarms from Doze (A37)")
    func a61AllowlistDoesNotExemptFromDoze() throws {
        let device = Device()
        device.system.moveAppToBackground()
        device.system.setPowerAllowlisted(true)
        device.system.setDeviceIdle(true)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 600_000, TestApp.operation(1))
        try device.run(for: .minutes(30))
        #expect(device.records("alarm.fired").isEmpty)
        #expect(device.rules("alarm.deferred") == ["A37"])
    }
}
