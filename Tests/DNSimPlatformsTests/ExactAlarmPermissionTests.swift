import DNSimCore
import DNSimPlatforms
import Testing

/// Pins the exact-alarm permission rules (fact sheet §2: A19, A21, A22).
struct ExactAlarmPermissionTests {
    struct PermissionCase: Sendable, CustomTestStringConvertible {
        var apiLevel: Int
        var targetSdk: Int
        var scheduleExact = true
        var useExact = false
        var granted: Bool? = nil
        var allowed: Bool
        var why: String
        var testDescription: String { "API \(apiLevel), targetSdk \(targetSdk): \(why)" }
    }

    @Test(
        "A19/A22: canScheduleExactAlarms per API level, targetSdk and declared permission",
        arguments: [
            PermissionCase(apiLevel: 34, targetSdk: 33, allowed: false, why: "A22 default-denied on 14"),
            PermissionCase(apiLevel: 34, targetSdk: 34, allowed: false, why: "A22 default-denied on 14"),
            PermissionCase(apiLevel: 35, targetSdk: 34, allowed: false, why: "A22 still denied on 15"),
            PermissionCase(apiLevel: 33, targetSdk: 34, allowed: true, why: "A20 granted at install on 13"),
            PermissionCase(apiLevel: 31, targetSdk: 31, allowed: true, why: "A20 granted at install on 12"),
            PermissionCase(apiLevel: 34, targetSdk: 32, allowed: true, why: "A22 applies to target ≥ 33 only"),
            PermissionCase(apiLevel: 34, targetSdk: 30, scheduleExact: false, granted: false, allowed: true,
                why: "A19 target < 31 is always allowed"),
            PermissionCase(apiLevel: 30, targetSdk: 34, scheduleExact: false, granted: false, allowed: true,
                why: "A19 API < 31 has no permission"),
            PermissionCase(apiLevel: 31, targetSdk: 31, scheduleExact: false, allowed: false,
                why: "A19 SCHEDULE_EXACT_ALARM not declared"),
            PermissionCase(apiLevel: 33, targetSdk: 33, granted: false, allowed: false, why: "A19 revoked"),
            PermissionCase(apiLevel: 34, targetSdk: 34, granted: true, allowed: true, why: "A19 user granted"),
            PermissionCase(apiLevel: 34, targetSdk: 34, scheduleExact: false, useExact: true, allowed: true,
                why: "A21 USE_EXACT_ALARM on 33+"),
            PermissionCase(apiLevel: 33, targetSdk: 33, scheduleExact: false, useExact: true, granted: false,
                allowed: true, why: "A21 USE_EXACT_ALARM on 33+"),
            PermissionCase(apiLevel: 32, targetSdk: 32, scheduleExact: false, useExact: true, allowed: false,
                why: "A21 USE_EXACT_ALARM does not exist before 33"),
        ])
    func a19CanScheduleExactAlarms(_ c: PermissionCase) throws {
        let device = Device(
            apiLevel: c.apiLevel,
            manifest: Device.manifest(scheduleExact: c.scheduleExact, useExact: c.useExact, targetSdk: c.targetSdk),
            parameters: .with(exactAlarm: c.granted))
        #expect(device.alarmManager.canScheduleExactAlarms() == c.allowed)

        var thrown: (any Error)?
        do {
            try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        } catch {
            thrown = error
        }
        #expect((thrown == nil) == c.allowed)
        #expect(device.system.alarms.count == (c.allowed ? 1 : 0))
        #expect(device.rules("alarm.rejected") == (c.allowed ? [] : ["A19"]))
    }

    @Test(
        "A19: every exact method throws SecurityException without the permission, and the refusal is traced",
        arguments: [AndroidAlarm.Method.setExact, .setExactAndAllowWhileIdle])
    func a19ExactWithoutPermissionThrows(method: AndroidAlarm.Method) throws {
        let device = Device(apiLevel: 34, parameters: .with(exactAlarm: nil))
        let alarms = device.alarmManager
        #expect(throws: AndroidSystem<TestApp>.AlarmError.securityException) {
            if method == .setExact {
                try alarms.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
            } else {
                try alarms.setExactAndAllowWhileIdle(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
            }
        }
        let rejected = try #require(device.records("alarm.rejected").first)
        #expect(rejected.rule == "A19")
        #expect(rejected.detail("method") == method.rawValue)
        #expect(device.system.alarms.isEmpty)
        #expect(!alarms.pendingIntentExists(TestApp.operation(1)), "a refused alarm creates no PendingIntent")
        try device.run(for: .minutes(5))
        #expect(device.records("alarm.fired").isEmpty)
    }

    @Test("A19/A25: inexact methods need no exact-alarm permission")
    func a19InexactNeedsNoPermission() throws {
        let device = Device(apiLevel: 34, parameters: .with(exactAlarm: nil))
        #expect(!device.alarmManager.canScheduleExactAlarms())
        device.alarmManager.set(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        device.alarmManager.setWindow(.rtcWakeup, device.wallNow + 60_000, 600_000, TestApp.operation(2))
        device.alarmManager.setAndAllowWhileIdle(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(3))
        #expect(device.system.alarms.count == 3)
        #expect(device.records("alarm.rejected").isEmpty)
        try device.run(for: .hours(1))
        #expect(device.recorder.receives(TestApp.alarmAction).count == 3)
    }

    @Test("A21: USE_EXACT_ALARM is honoured only for apps targeting 33+")
    func a21UseExactAlarmNeedsTarget33() throws {
        // Fact sheet A21: "targetSdk ≥ 33 (ChangeId ENABLE_USE_EXACT_ALARM 218533173)". An app
        // targeting 32 that declares only USE_EXACT_ALARM has no exact-alarm permission.
        let device = Device(
            apiLevel: 33, manifest: Device.manifest(scheduleExact: false, useExact: true, targetSdk: 32),
            parameters: .with(exactAlarm: nil))
        #expect(!device.alarmManager.canScheduleExactAlarms())
    }
}
