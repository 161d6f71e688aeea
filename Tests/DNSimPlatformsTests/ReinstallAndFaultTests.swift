import DNSimCore
import DNSimPlatforms
import Testing

/// The reinstall and fault-injection hooks the scenarios use, pinned directly.
struct ReinstallAndFaultTests {
    @Test("Android reinstall: alarms, PendingIntents and jobs gone; stopped again (A27); nothing fires")
    func androidReinstall() throws {
        let device = Device(apiLevel: 34)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        #expect(device.alarmManager.pendingIntentExists(TestApp.operation(1)))
        device.system.reinstallApp()
        #expect(device.system.alarms.isEmpty)
        #expect(device.system.pendingIntents.isEmpty)
        #expect(device.system.works.isEmpty)
        #expect(device.system.isStopped, "a new install starts in the stopped state")
        #expect(device.system.process == nil)
        #expect(device.rules("package.reinstalled") == ["A27"])
        try device.run(for: .minutes(2))
        #expect(device.recorder.receives(TestApp.alarmAction).isEmpty)
    }

    @Test("Android fault: a failed alarm-driven process start loses that broadcast only")
    func androidFailedBackgroundStart() throws {
        let device = Device(apiLevel: 34)
        device.system.killForMemory()
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 120_000, TestApp.operation(2))
        device.system.failNextBackgroundStart()
        try device.run(for: .minutes(3))
        #expect(device.records("process.startFailed").count == 1)
        #expect(device.recorder.receives(TestApp.alarmAction).count == 1, "the second alarm starts the process normally")
    }

    @Test("iOS reinstall: pending and delivered gone, authorization notDetermined again (I8)")
    func iosReinstall() throws {
        let device = IOSDevice()
        #expect(device.add(.calendar("daily", hour: 9, minute: 0, repeats: true)) == nil)
        try device.run(for: .days(1))
        #expect(!device.system.deliveredIdentifiers.isEmpty)
        device.system.reinstallApp()
        #expect(device.system.pendingRequests.isEmpty)
        #expect(device.system.deliveredIdentifiers.isEmpty)
        #expect(device.system.authorization == .notDetermined)
        #expect(device.records("app.reinstalled").map(\.rule) == ["I8"])
        let before = device.system.deliveryLog.count
        try device.run(for: .days(2))
        #expect(device.system.deliveryLog.count == before, "nothing of the old install fires")
    }
}
