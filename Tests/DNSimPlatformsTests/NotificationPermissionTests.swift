import DNSimCore
import DNSimPlatforms
import Testing

/// Pins the notification-permission rules (fact sheet §6: A49, A52).
struct NotificationPermissionTests {
    @Test("A49: POST_NOTIFICATIONS denied on API 33+ suppresses posts", arguments: [33, 34, 35])
    func a49DeniedSuppresses(apiLevel: Int) throws {
        let device = Device(apiLevel: apiLevel, parameters: .with(postNotifications: false), notifyOnAlarm: true)
        #expect(!device.context.areNotificationsEnabled)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.run(for: .minutes(2))

        #expect(device.system.notificationLog.map(\.outcome) == [.suppressedPermissionDenied])
        #expect(device.system.shownNotificationIDs.isEmpty)
        #expect(device.rules("notification.suppressed") == ["A49"])
        #expect(device.records("notification.shown").isEmpty)
    }

    @Test("A49: POST_NOTIFICATIONS is ignored below API 33", arguments: [31, 32])
    func a49IgnoredBelow33(apiLevel: Int) throws {
        let device = Device(apiLevel: apiLevel, parameters: .with(postNotifications: false), notifyOnAlarm: true)
        #expect(device.context.areNotificationsEnabled)
        device.system.setPostNotificationsGranted(false)
        #expect(device.context.areNotificationsEnabled)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.run(for: .minutes(2))
        #expect(device.system.notificationLog.map(\.outcome) == [.shown])
        #expect(device.system.shownNotificationIDs == [1])
    }

    @Test("A49: the user's grant and denial take effect for later posts")
    func a49RuntimeToggle() throws {
        let device = Device(apiLevel: 34, notifyOnAlarm: true)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.run(for: .minutes(2))
        device.system.setPostNotificationsGranted(false)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.run(for: .minutes(2))
        #expect(device.system.notificationLog.map(\.outcome) == [.shown, .suppressedPermissionDenied])
        #expect(device.rules("postNotifications.changed") == ["A49"])
    }

    @Test("Draining the notification log hands each post once, in order, and empties the log")
    func drainingTheLogHandsEachPostOnce() throws {
        let device = Device(apiLevel: 34, notifyOnAlarm: true)
        func arm(_ code: Int, in millis: Int64) throws {
            try device.alarmManager.setExact(
                .rtcWakeup, device.wallNow + millis, TestApp.operation(code, extras: [StringPair("n", String(code))]))
        }
        try arm(1, in: 60_000)
        try arm(2, in: 90_000)
        try device.run(for: .minutes(2))
        var drained: [String?] = []
        device.system.drainNotificationLog { drained.append($0.extra("n")) }
        #expect(drained == ["1", "2"])
        #expect(device.system.notificationLog.isEmpty)
        try arm(3, in: 60_000)
        try device.run(for: .minutes(2))
        drained = []
        device.system.drainNotificationLog { drained.append($0.extra("n")) }
        #expect(drained == ["3"])
        #expect(device.system.notificationLog.isEmpty)
    }

    @Test("A52: with notifications denied the alarm still fires and the receiver runs")
    func a52AlarmIndependentOfNotificationPermission() throws {
        let device = Device(apiLevel: 34, parameters: .with(postNotifications: false), notifyOnAlarm: true)
        device.system.killForMemory()
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.run(for: .minutes(2))

        #expect(device.rules("alarm.fired") == ["A2"])
        #expect(device.recorder.receives(TestApp.alarmAction).map(\.time) == [Device.defaultStart + .minutes(1)])
        #expect(device.system.notificationLog.count == 1, "the receiver ran and called notify()")
        #expect(device.system.notificationLog.first?.outcome == .suppressedPermissionDenied)
    }
}
