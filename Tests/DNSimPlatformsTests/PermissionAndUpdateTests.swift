import DNSimCore
import DNSimPlatforms
import Testing

/// Pins exact-alarm revoke and grant (A23, A24), app update (A17, A35) and blocked channels (A51).
struct PermissionAndUpdateTests {
    static let stateChanged = AndroidSystem<TestApp>.exactAlarmPermissionStateChanged

    /// Sets one alarm with every method, request codes 1…6 (exact ones first), an hour ahead.
    private func setOneOfEach(_ device: Device) throws {
        let trigger = device.wallNow + 3_600_000
        try device.alarmManager.setExact(.rtcWakeup, trigger, TestApp.operation(1))
        try device.alarmManager.setExactAndAllowWhileIdle(.rtcWakeup, trigger, TestApp.operation(2))
        try device.setAlarmClock(trigger, TestApp.operation(3))
        device.alarmManager.set(.rtcWakeup, trigger, TestApp.operation(4))
        device.alarmManager.setWindow(.rtcWakeup, trigger, 600_000, TestApp.operation(5))
        device.alarmManager.setAndAllowWhileIdle(.rtcWakeup, trigger, TestApp.operation(6))
    }

    // MARK: A23 — revoke

    @Test("A23: revoking SCHEDULE_EXACT_ALARM removes exact alarms, keeps inexact ones, kills the process, no broadcast")
    func a23RevokeRemovesExactAlarms() throws {
        let device = Device(apiLevel: 34, manifest: Device.manifest(receivers: [
            AndroidIntent.bootCompleted, PermissionAndUpdateTests.stateChanged,
        ]))
        try setOneOfEach(device)
        #expect(device.system.alarms.count == 6)
        #expect(device.system.process != nil)

        device.system.revokeExactAlarmPermission()

        #expect(device.rules("exactAlarm.revoked") == ["A23"])
        let removed = device.records("alarm.removedByRevoke")
        #expect(removed.map(\.rule) == ["A23", "A23", "A23"])
        #expect(removed.compactMap { $0.detail("operation") } == (1...3).map { TestApp.operation($0).description })
        #expect(device.system.alarms.map(\.method) == [.set, .setWindow, .setAndAllowWhileIdle])
        #expect(device.system.process == nil)
        #expect(device.records("process.killed").map(\.rule) == ["A23"])
        #expect(device.system.processExitReasons.last?.reason == .permissionChange)
        #expect(!device.alarmManager.canScheduleExactAlarms())
        #expect(device.deliveredBroadcasts.isEmpty, "no broadcast on revoke")

        try device.run(for: .hours(3))
        #expect(Set(device.firedRequestCodes) == [4, 5, 6])
        #expect(device.recorder.receives.allSatisfy { $0.action == TestApp.alarmAction })
    }

    struct UseExactCase: Sendable, CustomTestStringConvertible {
        var apiLevel: Int
        var targetSdk: Int
        var kept: Bool
        var testDescription: String { "API \(apiLevel), targetSdk \(targetSdk): \(kept ? "kept" : "removed")" }
    }

    @Test(
        "A23/A21: with USE_EXACT_ALARM declared (targetSdk ≥ 33 on API ≥ 33) a revoke removes nothing",
        arguments: [
            UseExactCase(apiLevel: 34, targetSdk: 34, kept: true),
            UseExactCase(apiLevel: 33, targetSdk: 33, kept: true),
            UseExactCase(apiLevel: 35, targetSdk: 34, kept: true),
            UseExactCase(apiLevel: 34, targetSdk: 32, kept: false),
            UseExactCase(apiLevel: 32, targetSdk: 32, kept: false),
        ])
    func a23UseExactAlarmKeepsAlarms(_ c: UseExactCase) throws {
        let device = Device(
            apiLevel: c.apiLevel, manifest: Device.manifest(scheduleExact: true, useExact: true, targetSdk: c.targetSdk))
        try setOneOfEach(device)

        device.system.revokeExactAlarmPermission()

        #expect(device.rules("exactAlarm.revoked") == ["A23"])
        #expect(device.system.alarms.count == (c.kept ? 6 : 3))
        #expect(device.rules("alarm.removedByRevoke") == (c.kept ? [] : ["A23", "A23", "A23"]))
        #expect((device.system.process != nil) == c.kept)
        #expect(device.alarmManager.canScheduleExactAlarms() == c.kept)
        try device.run(for: .hours(3))
        #expect(device.records("alarm.fired").count == (c.kept ? 6 : 3))
    }

    // MARK: A24 — grant

    @Test("A24: granting sends SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED to a manifest receiver")
    func a24GrantSendsBroadcast() throws {
        let device = Device(
            apiLevel: 34, manifest: Device.manifest(receivers: [AndroidIntent.bootCompleted, Self.stateChanged]),
            parameters: .with(exactAlarm: nil))
        #expect(!device.alarmManager.canScheduleExactAlarms())
        device.system.killForMemory()

        device.system.grantExactAlarmPermission()

        #expect(device.rules("exactAlarm.granted") == ["A24"])
        #expect(device.deliveredBroadcasts == [Self.stateChanged])
        let received = device.recorder.receives(Self.stateChanged)
        #expect(received.map(\.time) == [Device.defaultStart])
        #expect(device.records("process.start").last?.detail("reason") == "broadcast")
        #expect(device.alarmManager.canScheduleExactAlarms())
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        #expect(device.system.alarms.count == 1)
    }

    @Test("A24: without a manifest receiver the grant broadcast reaches nobody")
    func a24GrantWithoutReceiver() throws {
        let device = Device(apiLevel: 34, parameters: .with(exactAlarm: nil))
        device.system.grantExactAlarmPermission()
        #expect(device.rules("exactAlarm.granted") == ["A24"])
        #expect(device.recorder.receives(Self.stateChanged).isEmpty)
        #expect(device.records("broadcast.noReceiver").compactMap { $0.detail("action") } == [Self.stateChanged])
        #expect(device.alarmManager.canScheduleExactAlarms())
    }

    // MARK: A17/A35 — update

    private static let updateManifest = Device.manifest(receivers: [
        AndroidIntent.bootCompleted, AndroidIntent.myPackageReplaced,
    ])

    @Test("A17/A35: an update keeps alarms (AOSP), kills the process and delivers MY_PACKAGE_REPLACED")
    func a17UpdateKeepsAlarms() throws {
        let device = Device(manifest: Self.updateManifest)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 3_600_000, TestApp.operation(1))
        device.alarmManager.set(.rtcWakeup, device.wallNow + 3_600_000, TestApp.operation(2))
        let processBefore = try #require(device.system.process)

        device.system.updateApp()

        #expect(device.rules("package.replaced") == ["A17"])
        #expect(device.records("process.killed").map(\.rule) == ["A17"])
        #expect(device.system.process !== processBefore, "the old process died")
        #expect(device.system.alarms.count == 2)
        #expect(device.records("alarm.clearedByUpdate").isEmpty)
        #expect(device.recorder.receives(AndroidIntent.myPackageReplaced).map(\.time) == [Device.defaultStart])
        #expect(device.deliveredBroadcasts == [AndroidIntent.myPackageReplaced])
        #expect(device.records("myPackageReplaced.sent").map(\.rule) == ["A35"])
    

        try device.run(for: .hours(3))
        #expect(Set(device.firedRequestCodes) == [1, 2])
    }

    @Test("A17: with the contested updateClearsAlarms option an update clears the alarms")
    func a17UpdateClearsAlarmsOption() throws {
        var parameters = AndroidOSParameters.with()
        parameters.updateClearsAlarms = true
        let device = Device(manifest: Self.updateManifest, parameters: parameters)
        #expect(value(of: "android.updateClearsAlarms", in: device.system.resolvedParameters) == "true")
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 3_600_000, TestApp.operation(1))
        device.alarmManager.set(.rtcWakeup, device.wallNow + 3_600_000, TestApp.operation(2))

        device.system.updateApp()

        #expect(device.rules("package.replaced") == ["A17"])
        // Was A17, a fact that says updates keep alarms: the contested parameter decides this, so
        // the records name it instead of a rule.
        #expect(device.rules("alarm.clearedByUpdate") == [nil, nil])
        #expect(device.records("alarm.clearedByUpdate").allSatisfy { $0.detail("parameter") == "android.updateClearsAlarms" })
        #expect(device.system.alarms.isEmpty)
        #expect(device.recorder.receives(AndroidIntent.myPackageReplaced).count == 1)
        try device.run(for: .hours(3))
        #expect(device.records("alarm.fired").isEmpty)
    }

    @Test("A17: the default keeps alarms and is printed as such")
    func a17DefaultIsPrinted() {
        #expect(AndroidOSParameters().updateClearsAlarms == false)
        #expect(value(of: "android.updateClearsAlarms", in: Device().system.resolvedParameters) == "false")
    }

    // MARK: A51 — blocked channel

    @Test("A51: a blocked channel drops posts while the alarm still fires")
    func a51BlockedChannelDropsPosts() throws {
        let device = Device(notifyOnAlarm: true)
        device.system.setChannelBlocked(true)
        #expect(device.rules("channel.changed") == ["A51"])
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.run(for: .minutes(2))

        #expect(device.rules("alarm.fired") == ["A2"])
        #expect(device.recorder.receives(TestApp.alarmAction).count == 1)
        #expect(device.system.notificationLog.map(\.outcome) == [.suppressedChannelBlocked])
        #expect(device.rules("notification.suppressed") == ["A51"])
        #expect(device.records("notification.shown").isEmpty)
        #expect(device.system.shownNotificationIDs.isEmpty)

        device.system.setChannelBlocked(false)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.run(for: .minutes(2))
        #expect(device.system.notificationLog.map(\.outcome) == [.suppressedChannelBlocked, .shown])
        #expect(device.system.shownNotificationIDs == [1])
    }
}
