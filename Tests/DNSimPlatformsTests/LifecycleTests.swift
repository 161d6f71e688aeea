import DNSimCore
import DNSimPlatforms
import Testing

/// Pins force stop, swipe, process death and boot rules (fact sheet §3: A26–A36).
struct LifecycleTests {
    @Test("A26: force stop removes every alarm and puts the package in the stopped state")
    func a26ForceStopRemovesAlarms() throws {
        let device = Device()
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 3_600_000, TestApp.operation(1))
        device.alarmManager.set(.elapsedRealtime, device.context.elapsedRealtime() + 60_000, TestApp.operation(2))

        device.system.forceStop()

        #expect(device.system.isStopped)
        #expect(device.system.process == nil)
        #expect(device.system.alarms.isEmpty)
        #expect(device.rules("package.forceStopped") == ["A26"])
        #expect(device.rules("alarm.removedByForceStop") == ["A26", "A26"])
        try device.run(for: .hours(2))
        #expect(device.records("alarm.fired").isEmpty)
        #expect(device.recorder.receives.isEmpty)
    }

    @Test("A27: a stopped package gets no broadcast (BOOT_COMPLETED included, across a reboot) until launched")
    func a27StoppedPackageGetsNoBroadcasts() throws {
        let device = Device(apiLevel: 34)
        device.system.forceStop()

        device.system.setWallClock(toWallMillis: device.wallNow + 60_000, source: "user")
        device.system.setTimeZone(zone("Europe/Paris"))
        device.system.reboot(offFor: .minutes(1), unlockAfter: .minutes(1))
        try device.run(for: .minutes(10))

        #expect(device.system.isStopped, "a reboot does not clear the stopped state")
        #expect(device.recorder.receives.isEmpty)
        let excluded = device.records("broadcast.excluded")
        #expect(excluded.map(\.rule) == ["A27", "A27", "A27"])
        #expect(excluded.compactMap { $0.detail("action") } == [
            AndroidIntent.timeSet, AndroidIntent.timezoneChanged, AndroidIntent.bootCompleted,
        ])

        device.system.launchApp()
        #expect(!device.system.isStopped)
        // One un-stop for the first launch after install, one for this launch.
        #expect(device.rules("package.unstopped") == ["A27", "A27"])
        device.system.setWallClock(toWallMillis: device.wallNow + 60_000, source: "user")
        #expect(device.recorder.receives.map(\.action) == [AndroidIntent.timeSet])
    }

    @Test("A27: alarms set after the user launches a force-stopped app fire again")
    func a27AlarmsWorkAfterLaunch() throws {
        let device = Device(apiLevel: 34)
        device.system.forceStop()
        device.system.launchApp()
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.run(for: .minutes(2))
        #expect(device.recorder.receives(TestApp.alarmAction).count == 1)
    }

    @Test("A27: a newly installed app that was never launched is in the stopped state")
    func a27NeverLaunchedAppIsStopped() throws {
        let device = Device(apiLevel: 34, launched: false)
        device.system.reboot(offFor: .minutes(1), unlockAfter: .minutes(1))
        try device.run(for: .minutes(5))
        #expect(device.system.isStopped)
        #expect(device.recorder.receives(AndroidIntent.bootCompleted).isEmpty)
    }

    @Test("A28: on API 35 the launch after a force stop delivers BOOT_COMPLETED and wasForceStopped is true")
    func a28Api35UnstopDeliversBootCompleted() throws {
        let device = Device(apiLevel: 35)
        // The first launch after install also leaves the stopped state and gets BOOT_COMPLETED.
        let bootsAtInstall = device.recorder.receives(AndroidIntent.bootCompleted).count
        #expect(bootsAtInstall == 1)
        device.system.forceStop()
        try device.run(for: .minutes(5))
        #expect(device.recorder.receives.count == bootsAtInstall)

        device.system.launchApp()

        let boots = device.recorder.receives(AndroidIntent.bootCompleted).dropFirst(bootsAtInstall)
        #expect(boots.count == 1)
        #expect(boots.first?.wasForceStopped == true)
        #expect(device.recorder.launches.last?.wasForceStopped == true)
        #expect(device.rules("package.unstopped") == ["A27", "A27"])
        #expect(device.rules("pendingIntents.cancelled") == ["A28"])
    }

    @Test("A28: on API 34 the launch after a force stop delivers no BOOT_COMPLETED and wasForceStopped is nil")
    func a28Api34NoUnstopDelivery() throws {
        let device = Device(apiLevel: 34)
        device.system.forceStop()
        device.system.launchApp()
        #expect(device.recorder.receives(AndroidIntent.bootCompleted).isEmpty)
        #expect(device.recorder.launches.count == 2)
        #expect(device.recorder.launches.allSatisfy { $0.wasForceStopped == nil })
        #expect(device.recorder.launches.last?.entry == .launch(.cold))
    }

    @Test("A28: wasForceStopped is false on an API 35 start that did not follow a force stop")
    func a28WasForceStoppedFalseNormally() throws {
        let device = Device(apiLevel: 35)
        #expect(device.recorder.launches.first?.wasForceStopped == false)
        device.system.killForMemory()
        device.system.launchApp()
        #expect(device.recorder.launches.last?.wasForceStopped == false)
    }

    @Test("A28: the un-stop launch on API 35 is a cold start, and only that start reports wasForceStopped")
    func a28WasForceStoppedOnlyForFirstStart() throws {
        let device = Device(apiLevel: 35)
        device.system.forceStop()
        device.system.launchApp()
        let unstopLaunch = try #require(device.recorder.launches.last)
        device.system.killForMemory()
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.run(for: .minutes(2))
        let alarmStart = try #require(device.recorder.receives(TestApp.alarmAction).first)
        device.system.killForMemory()
        device.system.launchApp()
        let laterLaunch = try #require(device.recorder.launches.last)

        #expect(unstopLaunch.entry == .launch(.cold))
        #expect(unstopLaunch.wasForceStopped == true)
        #expect(alarmStart.wasForceStopped == false)
        #expect(laterLaunch.wasForceStopped == false)
    }

    @Test("A30: a swipe on stock Android kills the process but keeps alarms and does not stop the package")
    func a30StockSwipeKeepsAlarms() throws {
        let device = Device(apiLevel: 34)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        device.system.swipeFromRecents()

        #expect(device.system.process == nil)
        #expect(!device.system.isStopped)
        #expect(device.system.alarms.count == 1)
        #expect(device.rules("user.swipe") == ["A30"])
        #expect(device.records("process.killed").last?.rule == "A30")
        #expect(device.records("package.forceStopped").isEmpty)
        try device.run(for: .minutes(2))
        #expect(device.recorder.receives(TestApp.alarmAction).count == 1)
    }

    @Test("A30: a swipe on an aggressive OEM build acts as a force stop")
    func a30AggressiveOEMSwipeIsForceStop() throws {
        let device = Device(profile: .aggressiveOEM(apiLevel: 34))
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        device.system.swipeFromRecents()

        #expect(device.system.isStopped)
        #expect(device.system.alarms.isEmpty)
        #expect(device.rules("user.swipe") == ["A30"])
        // Was A26: the OEM behaviour (A30) decides this stop, not the user's Settings force stop.
        #expect(device.rules("package.forceStopped") == ["A30"])
        #expect(device.rules("alarm.removedByForceStop") == ["A30"])
        device.system.setWallClock(toWallMillis: device.wallNow + 1_000, source: "user")
        try device.run(for: .minutes(2))
        #expect(device.recorder.receives.isEmpty)
        #expect(device.rules("broadcast.excluded") == ["A27"])
    }

    @Test("A31: a memory kill keeps alarms and shown notifications; the alarm starts a fresh process")
    func a31MemoryKillKeepsAlarms() throws {
        let device = Device(notifyOnAlarm: true)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 120_000, TestApp.operation(2))
        try device.run(for: .seconds(90))
        #expect(device.system.shownNotificationIDs == [1])

        device.system.killForMemory()

        #expect(device.system.process == nil)
        #expect(!device.system.isStopped)
        #expect(device.system.alarms.count == 1)
        #expect(device.system.shownNotificationIDs == [1])
        #expect(device.records("process.killed").map(\.rule) == ["A31"])
        try device.run(for: .minutes(2))
        #expect(device.recorder.receives(TestApp.alarmAction).count == 2)
        #expect(device.system.process != nil)
        #expect(device.records("process.start").last?.detail("reason") == "alarm")
    }

    @Test("A32: BOOT_COMPLETED is sent only after the first unlock")
    func a32BootCompletedAfterUnlock() throws {
        let device = Device()
        device.system.reboot(offFor: .minutes(2), unlockAfter: .minutes(10))
        try device.run(for: .minutes(11))
        #expect(device.recorder.receives(AndroidIntent.bootCompleted).isEmpty, "booted at +2 min, still locked")
        try device.run(for: .minutes(5))
        let boots = device.recorder.receives(AndroidIntent.bootCompleted)
        #expect(boots.map(\.time) == [Device.defaultStart + .minutes(12)])
        #expect(device.rules("bootCompleted.sent") == ["A32"])
    }

    @Test("A32: BOOT_COMPLETED is sent once per boot")
    func a32OncePerBoot() throws {
        let device = Device()
        device.system.reboot(offFor: .minutes(1), unlockAfter: .minutes(1))
        try device.run(for: .minutes(5))
        device.system.unlock()
        device.system.unlock()
        #expect(device.recorder.receives(AndroidIntent.bootCompleted).count == 1)

        device.system.reboot(offFor: .minutes(1), unlockAfter: nil)
        try device.run(for: .hours(1))
        #expect(device.recorder.receives(AndroidIntent.bootCompleted).count == 1, "no unlock yet")
        device.system.unlock()
        #expect(device.recorder.receives(AndroidIntent.bootCompleted).count == 2)
        #expect(device.rules("bootCompleted.sent") == ["A32", "A32"])
    }

    @Test("A33: LOCKED_BOOT_COMPLETED reaches a direct-boot-aware receiver, before unlock, with storage locked")
    func a33LockedBootToDirectBootAware() throws {
        let device = Device(
            manifest: Device.manifest(
                receivers: [AndroidIntent.bootCompleted, AndroidIntent.lockedBootCompleted], directBootAware: true),
            probeStorage: true)
        device.system.reboot(offFor: .minutes(1), unlockAfter: .minutes(10))
        try device.run(for: .minutes(5))

        let locked = device.recorder.receives(AndroidIntent.lockedBootCompleted)
        #expect(locked.map(\.time) == [Device.defaultStart + .minutes(1)])
        #expect(locked.first?.storageReadable == false)
        #expect(device.rules("storage.locked") == ["A33"])
        #expect(device.recorder.receives(AndroidIntent.bootCompleted).isEmpty)

        try device.run(for: .minutes(10))
        let boots = device.recorder.receives(AndroidIntent.bootCompleted)
        #expect(boots.count == 1)
        #expect(boots.first?.storageReadable == true)
    }

    @Test("A33: LOCKED_BOOT_COMPLETED does not reach a receiver that is not direct-boot aware")
    func a33LockedBootNotForUnawareReceivers() throws {
        let device = Device(
            manifest: Device.manifest(
                receivers: [AndroidIntent.bootCompleted, AndroidIntent.lockedBootCompleted], directBootAware: false))
        device.system.reboot(offFor: .minutes(1), unlockAfter: .minutes(10))
        try device.run(for: .minutes(20))
        #expect(device.recorder.receives(AndroidIntent.lockedBootCompleted).isEmpty)
        #expect(device.rules("lockedBoot.notDelivered") == ["A33"])
        #expect(device.recorder.receives(AndroidIntent.bootCompleted).count == 1)
    }

    @Test("A33: withStorage throws before the first unlock and works after it")
    func a33StorageLockedUntilUnlock() throws {
        let device = Device()
        device.system.reboot(offFor: .minutes(1), unlockAfter: nil)
        try device.run(for: .minutes(5))
        #expect(throws: AndroidStorageError.credentialStorageLocked) {
            try device.context.withStorage { $0.writes += 1 }
        }
        #expect(device.rules("storage.locked") == ["A33"])
        device.system.unlock()
        let writes = try device.context.withStorage { storage -> Int in
            storage.writes += 1
            return storage.writes
        }
        #expect(writes == 1, "the failed attempt wrote nothing")
    }

    @Test("A36: force stop clears the app's shown notifications")
    func a36ForceStopClearsNotifications() throws {
        let device = Device(notifyOnAlarm: true)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.run(for: .minutes(2))
        #expect(device.system.shownNotificationIDs == [1])

        device.system.forceStop()

        #expect(device.system.shownNotificationIDs.isEmpty)
        #expect(device.rules("notifications.clearedByForceStop") == ["A36"])
    }
}
