import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import Testing

/// Pins the iOS process lifecycle, reboot and time changes (fact sheet §7–§8: I10, I13, I22,
/// and the missed-while-off parameter).
struct IOSLifecycleTests {
    enum Ending: String, CaseIterable, Sendable {
        case systemTermination, forceQuit, reboot, appUpdate
    }

    @Test("I10: pending requests survive system termination, force-quit, reboot and app update", arguments: Ending.allCases)
    func i10PendingSurvives(ending: Ending) throws {
        let device = IOSDevice()  // 08:00Z
        device.add(.calendar("cal", date: "2026-03-10", hour: 12, minute: 0, repeats: false))
        device.add(.calendar("daily", hour: 13, minute: 0, repeats: true))
        device.add(.interval("int", seconds: 7200))
        try device.run(for: .minutes(30))

        switch ending {
        case .systemTermination: device.system.terminateBySystem()
        case .forceQuit: device.system.forceQuit()
        case .reboot: device.system.reboot(offFor: .minutes(10))
        case .appUpdate: device.system.updateApp()
        }
        #expect(device.system.process == nil)
        try device.run(for: .minutes(15))
        #expect(device.pendingIDs == ["cal", "daily", "int"])
        if ending == .reboot {
            #expect(device.rules("device.shutdown") == ["I10"])
        }

        try device.run(until: at("2026-03-11T14:00:00Z"))
        #expect(device.deliveryTimes("cal") == [at("2026-03-10T12:00:00Z")])
        #expect(device.deliveryTimes("int") == [IOSDevice.defaultStart + .hours(2)])
        #expect(device.deliveryTimes("daily") == [at("2026-03-10T13:00:00Z"), at("2026-03-11T13:00:00Z")])
        #expect(device.system.process == nil, "deliveries do not launch the app (I6)")
    }

    // MARK: - I13: time-change notifications

    @Test("I13: a clock or zone change reaches a foreground app at once")
    func i13Foreground() {
        let device = IOSDevice()
        device.system.launchApp()
        device.system.setTimeZone(zone("Asia/Tokyo"))
        device.system.setWallClock(toWallMillis: device.context.now().millisecondsSinceEpoch + 60_000)
        #expect(device.recorder.timeChanges == [.timeZone, .clock])
        #expect(device.rules("timeChange.delivered") == ["I13", "I13"])
    }

    @Test("I13: a change is queued for a suspended app and delivered when it resumes")
    func i13SuspendedQueued() {
        let device = IOSDevice()
        #expect(device.system.appState == .suspended)
        device.system.setTimeZone(zone("Asia/Tokyo"))
        device.system.setWallClock(toWallMillis: device.context.now().millisecondsSinceEpoch + 60_000)
        #expect(device.recorder.timeChanges.isEmpty)
        #expect(device.rules("timeChange.queued") == ["I13", "I13"])

        device.system.launchApp()
        #expect(device.recorder.timeChanges == [.timeZone, .clock])
        #expect(Array(device.recorder.entries.suffix(3)) == [.timeChanged(.timeZone), .timeChanged(.clock), .willEnterForeground])
        device.system.backgroundApp()
        device.system.launchApp()
        #expect(device.recorder.timeChanges.count == 2, "a queued change is delivered once")
    }

    @Test("I13: a terminated app gets nothing, not even when it is launched later")
    func i13TerminatedGetsNothing() {
        let device = IOSDevice()
        device.system.setTimeZone(zone("Asia/Tokyo"))  // queued for the suspended process…
        device.system.terminateBySystem()  // …which then dies
        device.system.setWallClock(toWallMillis: device.context.now().millisecondsSinceEpoch + 60_000)
        #expect(device.rules("timeChange.notDelivered") == ["I13"])
        device.system.launchApp()
        #expect(device.recorder.timeChanges.isEmpty)
        #expect(device.recorder.launches == [.user, .user])
    }

    @Test("I13: a change queued for a suspended app is delivered when the system runs it for a background task")
    func i13QueuedDeliveredOnBackgroundRun() throws {
        let device = IOSDevice(
            parameters: .with {
                $0.refreshRunPercent = 100
                $0.refreshDelayMin = .minutes(5)
                $0.refreshDelayMax = .minutes(5)
            })
        device.submit(earliest: device.context.now())
        device.system.setTimeZone(zone("Asia/Tokyo"))
        #expect(device.rules("timeChange.queued") == ["I13"])
        try device.run(for: .minutes(10))
        #expect(device.recorder.taskRuns.count == 1, "the suspended app ran again, in the background")
        #expect(device.recorder.timeChanges == [.timeZone])
    
    }

    @Test("S16: with timeIntervalSurvivesReboot false a one-shot interval request is lost at reboot; calendar and repeating ones stay")
    func s16TimeIntervalLostAtReboot() throws {
        let device = IOSDevice(parameters: .with { $0.timeIntervalSurvivesReboot = false })
        device.add(.interval("once", seconds: 7200))
        device.add(.interval("every", seconds: 3600, repeats: true))
        device.add(.calendar("cal", date: "2026-03-10", hour: 12, minute: 0, repeats: false))
        device.system.reboot(offFor: .minutes(5))
        #expect(device.pendingIDs == ["every", "cal"])
        #expect(device.identifiers("request.removed") == ["once"])
        try device.run(until: at("2026-03-10T13:00:00Z"))
        #expect(device.deliveryTimes("once").isEmpty)
        #expect(device.deliveryTimes("cal") == [at("2026-03-10T12:00:00Z")])
    }

    // MARK: - I22: no boot hook

    @Test("I22: no app code runs at boot; a reboot shows only as a reset uptime at the next launch")
    func i22NoBootHook() throws {
        let device = IOSDevice(parameters: .with { $0.refreshRunPercent = 100 })
        #expect(device.submit(earliest: device.context.now() + .days(3)) == nil)
        let uptimeBefore = device.context.systemUptimeMillis
        let callsBefore = device.recorder.calls.count

        device.system.reboot(offFor: .minutes(2))
        try device.run(for: .hours(1))
        #expect(device.rules("device.booted") == ["I22"])
        #expect(device.system.isPoweredOn)
        #expect(device.system.process == nil)
        #expect(device.system.appState == .notRunning)
        #expect(device.recorder.calls.count == callsBefore)
        #expect(device.records("task.launched").isEmpty, "boot does not trigger a background task")
        #expect(device.records("process.start").count == 1)

        device.system.launchApp()
        #expect(device.context.systemUptimeMillis < uptimeBefore)
        #expect(device.context.systemUptimeMillis == SimDuration.minutes(58).milliseconds)
    }

    // MARK: - Missed while off (unverified parameter)

    @Test(
        "missedWhileOff: a calendar request due while the device is off is dropped or delivered at boot",
        arguments: IOSParameters.MissedWhileOffPolicy.allCases)
    func missedWhileOff(policy: IOSParameters.MissedWhileOffPolicy) throws {
        let device = IOSDevice(parameters: .with { $0.missedWhileOff = policy })  // 08:00Z
        device.add(.calendar("once", date: "2026-03-10", hour: 9, minute: 0, repeats: false))
        device.add(.calendar("daily", hour: 9, minute: 0, repeats: true))
        device.add(.calendar("later", date: "2026-03-10", hour: 10, minute: 0, repeats: false))
        try device.run(until: at("2026-03-10T08:50:00Z"))
        device.system.reboot(offFor: .minutes(30))  // off 08:50–09:20
        try device.run(until: at("2026-03-11T12:00:00Z"))

        let boot = at("2026-03-10T09:20:00Z")
        switch policy {
        case .drop:
            #expect(device.deliveryTimes("once").isEmpty)
            #expect(device.deliveryTimes("daily") == [at("2026-03-11T09:00:00Z")])
            #expect(Set(device.identifiers("notification.missedWhileOff")) == ["once", "daily"])
            // Was I10, a fact that says requests survive a reboot: the drop is the parameter's
            // unverified alternative, so the records name the parameter instead of a rule.
            #expect(device.rules("notification.missedWhileOff") == [nil, nil])
            #expect(device.records("notification.missedWhileOff").allSatisfy { $0.detail("parameter") == "ios.missedWhileOff=drop" })
        case .deliverAtBoot:
            #expect(device.deliveryTimes("once") == [boot])
            #expect(device.deliveryTimes("daily") == [boot, at("2026-03-11T09:00:00Z")])
            #expect(device.records("notification.missedWhileOff").isEmpty)
        }
        #expect(device.deliveryTimes("later") == [at("2026-03-10T10:00:00Z")], "a request due after boot is unaffected")
        #expect(device.pendingIDs == ["daily"])
    }
}
