import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import Testing

/// Pins the Electron model (fact sheet §9: E1–E3).
struct ElectronTests {
    // MARK: - E1: notifications and timers only while the app runs

    @Test("E1: show() displays at once while the app runs; after quit nothing is shown", arguments: ElectronDeviceProfile.names)
    func e1ShowOnlyWhileRunning(profile: String) throws {
        let device = ElectronDevice(profile: profile)
        #expect(device.context.showNotification(title: "a", body: "b", userInfo: [StringPair("slot", "s")]))
        #expect(device.system.deliveryLog.map(\.time) == [ElectronDevice.defaultStart])
        #expect(device.system.deliveryLog.first?.info("slot") == "s")
        #expect(device.rules("notification.shown") == ["E1"])

        device.system.quitApp()
        #expect(device.system.process == nil)
        try device.run(for: .hours(1))
        #expect(!device.context.showNotification(title: "a", body: "b"))
        #expect(device.system.deliveryLog.count == 1)
        #expect(device.rules("notification.notShown") == ["E1"])
    }

    @Test("E1: a timer fires at its time with its tag; a cleared timer never fires")
    func e1TimerFiresOnTime() throws {
        let device = ElectronDevice()
        device.setTimer("a", in: .hours(1))
        let cleared = device.setTimer("b", in: .minutes(30))
        #expect(device.system.pendingTimerTags == ["b", "a"])
        device.context.clearTimeout(cleared)
        try device.run(for: .hours(3))
        #expect(device.recorder.timerFires.map(\.tag) == ["a"])
        #expect(device.recorder.timerFires.map(\.time) == [ElectronDevice.defaultStart + .hours(1)])
        #expect(device.records("timer.fired").map { $0.detail("lateMillis") } == ["0"])
        #expect(device.rules("timer.fired") == ["E1"])
        #expect(device.system.pendingTimerTags.isEmpty)
    }

    @Test("Draining the delivery log hands each notification once, in order, and empties the log")
    func drainingTheDeliveryLogHandsEachOnce() {
        let device = ElectronDevice()
        #expect(device.context.showNotification(title: "a", body: "b", userInfo: [StringPair("slot", "s1")]))
        #expect(device.context.showNotification(title: "a", body: "b", userInfo: [StringPair("slot", "s2")]))
        var drained: [String?] = []
        device.system.drainDeliveryLog { drained.append($0.info("slot")) }
        #expect(drained == ["s1", "s2"])
        #expect(device.system.deliveryLog.isEmpty)
        #expect(device.context.showNotification(title: "a", body: "b", userInfo: [StringPair("slot", "s3")]))
        drained = []
        device.system.drainDeliveryLog { drained.append($0.info("slot")) }
        #expect(drained == ["s3"])
    }

    @Test("E1: timers vanish on quit: nothing fires while quit, and a relaunch has no timers")
    func e1TimersVanishOnQuit() throws {
        let device = ElectronDevice()
        device.setTimer("a", in: .hours(1))
        device.setTimer("b", in: .hours(2))
        try device.run(for: .minutes(30))
        device.system.quitApp()
        #expect(device.records("process.ended").map { $0.detail("timersDiscarded") } == ["2"])
        #expect(device.rules("process.ended") == ["E1"])
        try device.run(for: .hours(3))
        #expect(device.recorder.timerFires.isEmpty)
        #expect(device.system.deliveryLog.isEmpty)

        device.system.launchApp()
        #expect(device.system.pendingTimerTags.isEmpty)
        #expect(device.recorder.launches == [.user, .user])
        #expect(device.system.storageSnapshot.launches == 2, "userData survives quit")
        try device.run(for: .hours(3))
        #expect(device.recorder.timerFires.isEmpty)
    }

    @Test("E1: setTimeout without a running process sets nothing")
    func e1SetTimeoutRefusedWhileQuit() throws {
        let device = ElectronDevice(launched: false)
        device.setTimer("a", in: .minutes(5))
        #expect(device.system.pendingTimerTags.isEmpty)
        #expect(device.rules("timer.refused") == ["E1"])
        try device.run(for: .hours(1))
        #expect(device.recorder.entries.isEmpty)
    }

    @Test("Timers keep their delay: a wall-clock or zone change does not move them")
    func timersKeepDelay() throws {
        let device = ElectronDevice()
        device.setTimer("a", in: .hours(1))
        device.system.setWallClock(toWallMillis: device.context.now().millisecondsSinceEpoch + 30 * 60_000)
        device.system.setTimeZone(zone("Asia/Tokyo"))
        try device.run(for: .hours(2))
        #expect(device.recorder.timerFires.map(\.time) == [ElectronDevice.defaultStart + .hours(1)])
    }

    // MARK: - E2: start on login

    @Test(
        "E2: on macOS and Windows setLoginItemSettings(openAtLogin) starts the app at the login after a reboot, with wasOpenedAtLogin",
        arguments: ["electron-macos", "electron-windows"])
    func e2LoginItemStartsAtLogin(profile: String) throws {
        let device = ElectronDevice(profile: profile)
        device.context.setLoginItemSettings(openAtLogin: true)
        #expect(device.rules("loginItem.set") == ["E2"])
        #expect(device.context.getLoginItemSettings() == ElectronLoginItemSettings(openAtLogin: true, wasOpenedAtLogin: false))

        device.system.reboot(offFor: .minutes(2))
        #expect(device.system.process == nil)
        try device.run(for: .hours(1))
        #expect(device.system.process == nil, "booted, but nothing starts before the login")
        device.system.launchApp()
        #expect(device.system.process == nil, "no user session to launch into")
        #expect(device.records("launch.ignored").first?.detail("why") == "not logged in")

        device.system.login()
        #expect(device.system.process != nil)
        #expect(device.recorder.launches == [.user, .login])
        #expect(device.context.getLoginItemSettings().wasOpenedAtLogin)
        #expect(device.records("process.start").last?.rule == "E2")
    }

    @Test("E2: without a login item (or, on Linux, without an autostart entry) the login starts nothing", arguments: ElectronDeviceProfile.names)
    func e2NothingStartsWithoutRegistration(profile: String) throws {
        let device = ElectronDevice(profile: profile)
        device.system.reboot(offFor: .minutes(2), loginAfter: .minutes(5))
        try device.run(for: .hours(1))
        #expect(device.system.isLoggedIn)
        #expect(device.system.process == nil)
        #expect(device.recorder.launches == [.user])
        #expect(device.rules("login.appNotStarted") == ["E2"])
    }

    @Test("E2: Linux ignores setLoginItemSettings; only the autostart .desktop entry starts the app at login", arguments: [false, true])
    func e2LinuxNeedsAutostartEntry(autostartEntry: Bool) throws {
        let device = ElectronDevice(profile: "electron-linux", autostartEntry: autostartEntry)
        device.context.setLoginItemSettings(openAtLogin: true)
        #expect(device.rules("loginItem.unsupported") == ["E2"])
        #expect(device.context.getLoginItemSettings().openAtLogin == autostartEntry)

        device.system.reboot(offFor: .minutes(2), loginAfter: .minutes(5))
        try device.run(for: .minutes(6))
        #expect(device.system.process == nil, "still at the login screen")
        try device.run(for: .minutes(2))
        #expect((device.system.process != nil) == autostartEntry)
        #expect(device.recorder.launches == (autostartEntry ? [.user, .login] : [.user]))
        if autostartEntry {
            #expect(device.recorder.calls.last?.time == ElectronDevice.defaultStart + .minutes(7))
        }
    }

    @Test("E2: a login item set before a reboot survives it; userData survives too")
    func e2LoginItemSurvivesReboot() throws {
        let device = ElectronDevice(profile: "electron-windows")
        device.context.setLoginItemSettings(openAtLogin: true)
        device.system.reboot(offFor: .minutes(1), loginAfter: .minutes(1))
        try device.run(for: .minutes(5))
        device.system.reboot(offFor: .minutes(1), loginAfter: .minutes(1))
        try device.run(for: .minutes(5))
        #expect(device.recorder.launches == [.user, .login, .login])
        #expect(device.system.storageSnapshot.launches == 3)
    }

    // MARK: - E3: powerMonitor and sleep

    // Pins the alternative explicitly: the default is now timersPauseDuringSleep (E3's evidence,
    // nodejs/node #6763, #20661), under which this timer fires 20 minutes after the wake.
    @Test(
        "E3: with timers not paused by sleep, a timer due during sleep fires at resume, late, after suspend and resume reached the app",
        arguments: ElectronDeviceProfile.names)
    func e3TimerDueDuringSleepFiresAtResume(profile: String) throws {
        let device = ElectronDevice(profile: profile, parameters: .with { $0.timersPauseDuringSleep = false })  // 08:00Z
        device.setTimer("t", in: .minutes(30))
        try device.run(for: .minutes(10))
        device.system.sleep()
        #expect(device.rules("system.suspend") == ["E3"])
        try device.run(until: at("2026-03-10T09:00:00Z"))
        #expect(device.recorder.timerFires.isEmpty, "no timer fires during sleep")
        device.system.wake()
        try device.run(for: .zero)
        #expect(
            device.recorder.entries
                == [.didFinishLaunching(.user), .power(.suspend), .power(.resume), .timerFired("t")])
        #expect(device.recorder.timerFires.map(\.time) == [at("2026-03-10T09:00:00Z")])
        #expect(device.records("timer.fired").map { $0.detail("lateMillis") } == [String(30 * 60_000)])
        #expect(device.rules("timer.fired") == ["E3"])
        #expect(device.rules("powerEvent.delivered") == ["E3", "E3"])
    }

    @Test("E3: a Linux build without powerMonitor suspend/resume: no events, the timer still fires late at wake")
    func e3LinuxWithoutResumeEvents() throws {
        // The alternative (timers not paused) keeps the wake instant as the fire time.
        let device = ElectronDevice(
            profile: "electron-linux", parameters: .with { $0.resumeEventsOnLinux = false; $0.timersPauseDuringSleep = false })
        device.setTimer("t", in: .minutes(30))
        device.system.sleep()
        try device.run(for: .hours(1))
        device.system.wake()
        try device.run(for: .zero)
        #expect(device.recorder.powerEvents.isEmpty)
        #expect(device.rules("powerEvent.notDelivered") == ["E3", "E3"])
        #expect(device.recorder.timerFires.map(\.time) == [ElectronDevice.defaultStart + .hours(1)])
        #expect(device.system.resolvedParameters.contains { $0.0 == "electron.resumeEventsOnLinux" && $0.1 == "false" })
    }

    @Test("E3: a timer due after the wake fires on time; with timersPauseDuringSleep it moves back by the sleep", arguments: [false, true])
    func e3TimerDueAfterWake(pause: Bool) throws {
        let device = ElectronDevice(parameters: .with { $0.timersPauseDuringSleep = pause })
        device.setTimer("early", in: .minutes(30))
        device.setTimer("later", in: .hours(3))
        try device.run(for: .minutes(10))
        device.system.sleep()
        try device.run(for: .hours(1))  // asleep 08:10–09:10
        device.system.wake()
        try device.run(for: .hours(5))
        let times = device.recorder.timerFires.map(\.time)
        if pause {
            #expect(times == [at("2026-03-10T09:30:00Z"), at("2026-03-10T12:00:00Z")])
        } else {
            #expect(times == [at("2026-03-10T09:10:00Z"), at("2026-03-10T11:00:00Z")])
        }
    }

    @Test("E3: by default a timer's remaining delay is frozen during sleep: due at +30 min, asleep +10…+60 min, it fires at +80 min", arguments: ElectronDeviceProfile.names)
    func e3TimersPauseByDefault(profile: String) throws {
        let device = ElectronDevice(profile: profile)
        #expect(value(of: "electron.timersPauseDuringSleep", in: device.system.resolvedParameters) == "true")
        device.setTimer("t", in: .minutes(30))
        try device.run(for: .minutes(10))
        device.system.sleep()
        try device.run(for: .minutes(50))
        device.system.wake()
        try device.run(for: .hours(1))
        #expect(device.recorder.timerFires.map(\.time) == [ElectronDevice.defaultStart + .minutes(80)])
        #expect(device.rules("timer.heldBySleep") == ["E3"])
    }

    @Test("E3: nothing runs while asleep: show() fails, quit and launch are ignored")
    func e3NothingRunsAsleep() throws {
        let device = ElectronDevice()
        device.system.sleep()
        #expect(!device.system.isAppRunning)
        #expect(!device.context.showNotification(title: "a", body: "b"))
        device.system.quitApp()
        #expect(device.system.process != nil)
        device.system.wake()
        #expect(device.context.showNotification(title: "a", body: "b"))
        #expect(device.system.deliveryLog.count == 1)
    }

    @Test("E3: a machine that sleeps at the login screen after a reboot: the login waits for the wake, then starts the app (E2)")
    func e3LoginWaitsForTheWake() throws {
        let device = ElectronDevice()
        device.context.setLoginItemSettings(openAtLogin: true)
        device.system.reboot(offFor: .minutes(1), loginAfter: .minutes(2))
        try device.run(for: .minutes(2))
        device.system.sleep()
        try device.run(for: .hours(1))
        #expect(!device.system.isLoggedIn)
        #expect(device.system.process == nil)
        #expect(device.rules("login.awaitsWake") == ["E3"])
        device.system.wake()
        #expect(device.system.isLoggedIn)
        #expect(device.system.isAppRunning)
        #expect(device.recorder.launches == [.user, .login])
        #expect(device.records("user.login").map(\.time) == [ElectronDevice.defaultStart + .minutes(2) + .hours(1)])
    }

    @Test("Electron rules: the catalogue lists E1–E3 and every Electron trace rule is in it")
    func electronCatalogue() throws {
        #expect(OSRule.electronCatalogue.map(\.id) == ["E1", "E2", "E3"])
        let device = ElectronDevice(profile: "electron-linux", autostartEntry: true)
        device.setTimer("t", in: .minutes(30))
        device.system.sleep()
        try device.run(for: .hours(1))
        device.system.wake()
        device.system.reboot(offFor: .minutes(1), loginAfter: .minutes(1))
        try device.run(for: .hours(1))
        let ids = Set(OSRule.electronCatalogue.map(\.id))
        let used = device.sim.trace.records.compactMap(\.rule)
        #expect(!used.isEmpty)
        #expect(used.allSatisfy { ids.contains($0) })
    }
}
