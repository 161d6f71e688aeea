import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import Testing

/// Pins background restriction (A62).
struct BackgroundRestrictionTests {
    /// A device with the app launched once, then in the background and background-restricted.
    static func restrictedDevice() -> Device {
        let device = Device()
        device.system.moveAppToBackground()
        device.system.setBackgroundRestricted(true)
        return device
    }

    @Test("A62: a background-restricted app gets no alarms but alarm clocks until the restriction is lifted")
    func a62AlarmsWaitButAlarmClocksFire() throws {
        let device = Self.restrictedDevice()
        #expect(device.rules("backgroundRestriction.on") == ["A62"])
        let start = device.wallNow
        try device.alarmManager.setExact(.rtcWakeup, start + 600_000, TestApp.operation(1))
        try device.alarmManager.setExactAndAllowWhileIdle(.rtcWakeup, start + 600_000, TestApp.operation(2))
        try device.setAlarmClock(start + 600_000, TestApp.operation(3))
        try device.run(for: .hours(1))
        #expect(device.fires(of: TestApp.operation(1)).isEmpty)
        #expect(device.fires(of: TestApp.operation(2)).isEmpty, "while-idle alarms are not exempt")
        #expect(device.fires(of: TestApp.operation(3)) == [Device.defaultStart + .minutes(10)])
        #expect(Set(device.rules("alarm.deferred")) == ["A62"])

        device.system.setBackgroundRestricted(false)
        let lifted = device.now
        try device.run(for: .minutes(1))
        #expect(device.fires(of: TestApp.operation(1)) == [lifted])
        #expect(device.fires(of: TestApp.operation(2)) == [lifted])
    }

    @Test("A62: opening the app releases held alarms and jobs; the allowlist exempts the app")
    func a62ForegroundAndAllowlist() throws {
        let device = Self.restrictedDevice()
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 600_000, TestApp.operation(1))
        device.workManager.enqueueUniqueWork("sync", .replace, TestApp.oneTimeWork(delay: .minutes(10)))
        try device.run(for: .minutes(30))
        #expect(device.records("alarm.fired").isEmpty)
        #expect(device.workStarts.isEmpty)
        #expect(device.rules("job.deferred") == ["A62"])
        device.system.launchApp()
        let opened = device.now
        try device.run(for: .minutes(1))
        #expect(device.fires(of: TestApp.operation(1)) == [opened])
        #expect(device.workStarts == [opened])

        let allowlisted = Self.restrictedDevice()
        allowlisted.system.setPowerAllowlisted(true)
        try allowlisted.alarmManager.setExact(.rtcWakeup, allowlisted.wallNow + 600_000, TestApp.operation(1))
        try allowlisted.run(for: .minutes(11))
        #expect(allowlisted.fires(of: TestApp.operation(1)) == [Device.defaultStart + .minutes(10)])
    }
}
