import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin
import Testing

/// The plugin's Electron side under each profile and desktop, driven directly on the Electron model.
struct ElectronPluginTests {
    /// The notify timer tag of the 09:00 slot on a Berlin date.
    static func notifyTag(_ date: String, wall: String) -> String {
        "notify|\(date)|\(at(wall).millisecondsSinceEpoch)|daily-0900"
    }

    @Test("Electron: a timer tag reads as the trace writes it, a slot id with '|' in it kept whole at the end")
    func timerTagText() throws {
        let date = try #require(LocalDate(parsing: "2026-03-10"))
        typealias Tag = ElectronDailyNotificationPlugin.TimerTag
        #expect(Tag.notify(slot: "daily-0900", date: date, planned: 1_773_129_600_000).description == "notify|2026-03-10|1773129600000|daily-0900")
        #expect(Tag.prefetch(slot: "daily-0900", date: date).description == "prefetch|2026-03-10|daily-0900")
        #expect(Tag.notify(slot: "a|b", date: date, planned: -5).description == "notify|2026-03-10|-5|a|b")
        #expect(Tag.prefetch(slot: "a|b", date: date).description == "prefetch|2026-03-10|a|b")
    }

    // MARK: - API and arming

    @Test(
        "Electron: invalid_time_format for times that are not HH:mm; nothing stored, no timer",
        arguments: PluginProfile.allCases, ["9:00", "25:00", "09:60", "0900", ""])
    func invalidTimeFormat(profile: PluginProfile, time: String) {
        let device = ElectronPluginDevice(profile: profile)
        #expect(device.launchAndSchedule(time)?.code == "invalid_time_format")
        #expect(device.store.slots.isEmpty)
        #expect(device.system.pendingTimerTags.isEmpty)
        #expect(device.pluginLog("schedule.accepted").isEmpty)
    }

    @Test(
        "Electron: a slot gets one timer at T and one at T−5 min; the T–lead hook logs prefetch.due; T shows it with slot and localDate",
        arguments: ElectronDeviceProfile.names, PluginProfile.allCases)
    func armsTimerAndPrefetch(deviceName: String, profile: PluginProfile) throws {
        let device = ElectronPluginDevice(profile: profile, device: deviceName)
        #expect(device.launchAndSchedule() == nil)
        #expect(
            device.system.pendingTimerTags
                == ["prefetch|2026-03-10|daily-0900", Self.notifyTag("2026-03-10", wall: "2026-03-10T09:00:00+01:00")])
        try device.run(until: at("2026-03-10T09:30:00+01:00"))
        let prefetch = device.pluginLog("prefetch.result")
        #expect(prefetch.map(\.time) == [at("2026-03-10T08:55:00+01:00")])
        #expect(prefetch.first?.detail("slot") == "daily-0900")
        #expect(prefetch.first?.detail("localDate") == "2026-03-10")
        #expect(device.shownLocalTimes == ["2026-03-10T09:00"])
        #expect(device.shownOccurrences == ["daily-0900@2026-03-10"])
        #expect(device.records("notification.shown").map(\.rule) == ["E1"])
        #expect(
            device.system.pendingTimerTags
                == ["prefetch|2026-03-11|daily-0900", Self.notifyTag("2026-03-11", wall: "2026-03-11T09:00:00+01:00")])
        #expect(device.status("armedTimers") == "1")
        #expect(device.status("scheduledSlots") == "1")
    }

    @Test("Electron: prefetchLeadMinutes 0 sets no T–lead timer; scheduling inside the lead skips today's hook only")
    func prefetchLeadOptions() throws {
        let off = ElectronPluginDevice(profile: .corrected, build: { $0.freshness.prefetchLeadMinutes = 0 })
        #expect(off.launchAndSchedule() == nil)
        #expect(off.system.pendingTimerTags.count == 1)
        try off.run(until: at("2026-03-11T12:00:00+01:00"))
        #expect(off.pluginLog("prefetch.result").isEmpty)
        #expect(off.shownLocalTimes == ["2026-03-10T09:00", "2026-03-11T09:00"])

        let late = ElectronPluginDevice(profile: .corrected, start: at("2026-03-10T08:57:00+01:00"))
        #expect(late.launchAndSchedule() == nil)
        #expect(late.system.pendingTimerTags == [Self.notifyTag("2026-03-10", wall: "2026-03-10T09:00:00+01:00")])
        try late.run(until: at("2026-03-11T12:00:00+01:00"))
        #expect(late.pluginLog("prefetch.result").map(\.time) == [at("2026-03-11T08:55:00+01:00")])
    }

    @Test("Electron: cancelAllNotifications clears the timers and the slots", arguments: PluginProfile.allCases)
    func cancelAll(profile: PluginProfile) throws {
        let device = ElectronPluginDevice(profile: profile)
        #expect(device.launchAndSchedule() == nil)
        #expect(device.system.process!.cancelAllNotifications(context: device.system.context) == nil)
        #expect(device.system.pendingTimerTags.isEmpty)
        #expect(device.store.slots.isEmpty)
        try device.run(until: at("2026-03-11T12:00:00+01:00"))
        #expect(device.system.deliveryLog.isEmpty)
    }

    // MARK: - S1: DST

    @Test(
        "S1: across Berlin's DST change 2026-03-29 every preset keeps 09:00 (seed 003's +24 h is the iOS plan)",
        arguments: ElectronDeviceProfile.names, PluginProfile.allCases)
    func dstSpringForward(deviceName: String, profile: PluginProfile) throws {
        let device = ElectronPluginDevice(profile: profile, device: deviceName, start: at("2026-03-25T08:00:00+01:00"))
        #expect(device.launchAndSchedule() == nil)
        try device.run(until: at("2026-03-31T12:00:00+02:00"))
        let expected: [String] =
            switch profile {
            case .directive, .asFound, .corrected:
                (25...31).map { "2026-03-\($0)T09:00" }
            }
        #expect(device.shownLocalTimes == expected)
        #expect(device.shownOccurrences == (25...31).map { "daily-0900@2026-03-\($0)" })
    }

    // MARK: - E1: quit across the slot

    @Test(
        "E1: quit across 09:00, relaunch at 12:00: corrected and directive report it missed once and re-arm; as-found arms nothing",
        arguments: ElectronDeviceProfile.names, PluginProfile.allCases)
    func quitAcrossSlot(deviceName: String, profile: PluginProfile) throws {
        let device = ElectronPluginDevice(profile: profile, device: deviceName)
        #expect(device.launchAndSchedule() == nil)
        try device.run(until: at("2026-03-10T08:30:00+01:00"))
        device.system.quitApp()
        try device.run(until: at("2026-03-10T12:00:00+01:00"))
        #expect(device.system.deliveryLog.isEmpty, "nothing fires while the app is quit (E1)")
        device.system.launchApp()

        if profile == .asFound {
            #expect(device.pluginLog("missed.reported").isEmpty)
            #expect(device.system.pendingTimerTags.isEmpty, "no startup recovery")
            try device.run(until: at("2026-03-12T12:00:00+01:00"))
            #expect(device.system.deliveryLog.isEmpty)
            return
        }
        let reported = device.pluginLog("missed.reported")
        #expect(reported.count == 1)
        #expect(reported.first?.detail("count") == "1")
        #expect(reported.first?.detail("reason") == "launch.user")
        #expect(device.reportedMissed == ["daily-0900@2026-03-10"])
        #expect(device.system.pendingTimerTags.last == Self.notifyTag("2026-03-11", wall: "2026-03-11T09:00:00+01:00"))

        // A second quit and relaunch reports nothing new.
        device.system.quitApp()
        try device.run(for: .hours(1))
        device.system.launchApp()
        #expect(device.pluginLog("missed.reported").count == 1)
        #expect(device.status("missedOccurrences") == "1")

        try device.run(until: at("2026-03-11T12:00:00+01:00"))
        #expect(device.shownLocalTimes == ["2026-03-11T09:00"])
        #expect(device.store.history.map(\.status) == [.missed, .delivered])
    }

    // MARK: - E3: sleep across the slot

    @Test(
        "E3: sleep 08:00–09:02: corrected shows it late at resume (within the 5 min grace); directive and as-found report it missed",
        arguments: ElectronDeviceProfile.names, PluginProfile.allCases)
    func shortSleepAcrossSlot(deviceName: String, profile: PluginProfile) throws {
        let device = ElectronPluginDevice(profile: profile, device: deviceName)
        #expect(device.launchAndSchedule() == nil)
        device.system.sleep()
        try device.run(until: at("2026-03-10T09:02:00+01:00"))
        #expect(device.system.deliveryLog.isEmpty)
        device.system.wake()
        try device.run(until: at("2026-03-11T12:00:00+01:00"))
        if profile == .corrected {
            #expect(device.shownLocalTimes == ["2026-03-10T09:02", "2026-03-11T09:00"])
            #expect(device.pluginLog("late.delivery").count == 1)
            #expect(device.pluginLog("missed.reported").isEmpty)
        } else {
            #expect(device.shownLocalTimes == ["2026-03-11T09:00"])
            #expect(device.reportedMissed == ["daily-0900@2026-03-10"])
            #expect(device.pluginLog("missed.reported").first?.detail("reason") == "resume")
        }
        #expect(device.shownOccurrences.last == "daily-0900@2026-03-11")
    }

    @Test(
        "E3: sleep 08:00–10:00: every profile reports it missed once at resume and shows the next day",
        arguments: ElectronDeviceProfile.names, PluginProfile.allCases)
    func longSleepAcrossSlot(deviceName: String, profile: PluginProfile) throws {
        let device = ElectronPluginDevice(profile: profile, device: deviceName)
        #expect(device.launchAndSchedule() == nil)
        device.system.sleep()
        try device.run(until: at("2026-03-10T10:00:00+01:00"))
        device.system.wake()
        try device.run(until: at("2026-03-11T12:00:00+01:00"))
        #expect(device.shownLocalTimes == ["2026-03-11T09:00"])
        let reported = device.pluginLog("missed.reported")
        #expect(reported.map { $0.detail("count") } == ["1"])
        #expect(reported.first?.detail("reason") == "resume")
        #expect(device.reportedMissed == ["daily-0900@2026-03-10"])
        #expect(device.pluginLog("prefetch.result").map(\.time) == [at("2026-03-11T08:55:00+01:00")])
    }

    @Test(
        "E3: a Linux build without resume events: the held timer fires at wake; corrected judges it by the wall clock, directive shows it however late",
        arguments: PluginProfile.allCases, ["09:02", "10:00"])
    func linuxWithoutResumeEvents(profile: PluginProfile, wake: String) throws {
        // The alternative (timers not paused by sleep) pinned explicitly: under the default the
        // held timer would fire later by the sleep's length.
        let device = ElectronPluginDevice(
            profile: profile, device: "electron-linux",
            parameters: .with { $0.resumeEventsOnLinux = false; $0.timersPauseDuringSleep = false })
        #expect(device.launchAndSchedule() == nil)
        device.system.sleep()
        try device.run(until: at("2026-03-10T\(wake):00+01:00"))
        device.system.wake()
        try device.run(until: at("2026-03-11T12:00:00+01:00"))
        let recoveries = device.pluginLog("recovery.done").map { $0.detail("reason") }
        #expect(!recoveries.contains("resume"), "no resume was heard")
        let lateSettle = profile == .corrected && wake == "10:00"
        #expect(recoveries.count == (profile == .asFound ? 0 : 1) + (lateSettle ? 1 : 0), "the launch, and the late timer's settle")
        if lateSettle {
            #expect(recoveries.last == "timer.late")
            #expect(device.shownLocalTimes == ["2026-03-11T09:00"])
            #expect(device.pluginLog("missed.reported").first?.detail("reason") == "timer.late")
            #expect(device.reportedMissed == ["daily-0900@2026-03-10"])
        } else {
            #expect(device.shownLocalTimes == ["2026-03-10T\(wake)", "2026-03-11T09:00"])
            #expect(device.pluginLog("missed.reported").isEmpty)
        }
    }

    // MARK: - E2: reboot and login

    @Test(
        "E2: reboot, then login with openAtLogin: macOS/Windows start the app and the next day is shown (as-found arms nothing); Linux without an autostart entry starts nothing",
        arguments: ElectronDeviceProfile.names, PluginProfile.allCases)
    func rebootAndLogin(deviceName: String, profile: PluginProfile) throws {
        let device = ElectronPluginDevice(profile: profile, device: deviceName)
        #expect(device.launchAndSchedule() == nil)
        try device.run(until: at("2026-03-10T12:00:00+01:00"))
        #expect(device.shownLocalTimes == ["2026-03-10T09:00"])
        device.system.reboot(offFor: .minutes(2))
        try device.run(until: at("2026-03-11T07:30:00+01:00"))
        #expect(device.system.process == nil, "nothing starts before the login (E2)")
        device.system.login()
        try device.run(until: at("2026-03-12T12:00:00+01:00"))

        let started = deviceName != "electron-linux"
        #expect((device.system.process != nil) == started)
        if started {
            #expect(device.pluginLog("load").last?.detail("wasOpenedAtLogin") == "true")
            #expect(device.records("loginItem.set").count == 1)
        } else {
            #expect(device.records("loginItem.unsupported").map(\.rule) == ["E2"])
            #expect(device.records("login.appNotStarted").map(\.rule) == ["E2"])
        }
        let rearmed = started && profile != .asFound
        #expect(
            device.shownLocalTimes
                == ["2026-03-10T09:00"] + (rearmed ? ["2026-03-11T09:00", "2026-03-12T09:00"] : []))
        #expect(device.pluginLog("missed.reported").isEmpty, "nothing passed while off")
    }

    @Test("E2: Linux with the autostart entry starts at login and re-arms", arguments: [PluginProfile.directive, .corrected])
    func linuxAutostartEntry(profile: PluginProfile) throws {
        let device = ElectronPluginDevice(profile: profile, device: "electron-linux", build: { $0.linuxAutostartEntry = true })
        #expect(device.launchAndSchedule() == nil)
        try device.run(until: at("2026-03-10T12:00:00+01:00"))
        device.system.reboot(offFor: .minutes(2), loginAfter: .hours(10))
        try device.run(until: at("2026-03-11T12:00:00+01:00"))
        #expect(device.system.wasOpenedAtLogin)
        #expect(device.shownLocalTimes == ["2026-03-10T09:00", "2026-03-11T09:00"])
    }

    @Test("E2: openAtLogin off: after reboot and login nothing runs until the user opens the app", arguments: ["electron-macos", "electron-windows"])
    func openAtLoginOff(deviceName: String) throws {
        let device = ElectronPluginDevice(profile: .corrected, device: deviceName, build: { $0.openAtLogin = false })
        #expect(device.launchAndSchedule() == nil)
        device.system.reboot(offFor: .minutes(2), loginAfter: .minutes(10))
        try device.run(until: at("2026-03-11T12:00:00+01:00"))
        #expect(device.system.process == nil)
        #expect(device.system.deliveryLog.isEmpty)
    }

    @Test(
        "E2: a reboot straddling 09:00 with login at 10:00: the start at login reports it missed once and shows the next day",
        arguments: [PluginProfile.directive, .corrected])
    func rebootStraddlingSlot(profile: PluginProfile) throws {
        let device = ElectronPluginDevice(profile: profile)
        #expect(device.launchAndSchedule() == nil)
        device.system.reboot(offFor: .minutes(5), loginAfter: .minutes(115))  // login 10:00
        try device.run(until: at("2026-03-11T12:00:00+01:00"))
        #expect(device.reportedMissed == ["daily-0900@2026-03-10"])
        #expect(device.pluginLog("missed.reported").first?.detail("reason") == "launch.login")
        #expect(device.shownLocalTimes == ["2026-03-11T09:00"])
    }

    // MARK: - Idempotence and time changes

    @Test("corrected: sleeps, wakes, quits and relaunches keep exactly one timer pair per slot and one delivery per day")
    func correctedIdempotent() throws {
        let device = ElectronPluginDevice(profile: .corrected)
        #expect(device.launchAndSchedule() == nil)
        let armed = device.system.pendingTimerTags
        for k in 0..<6 {
            if k.isMultiple(of: 2) {
                device.system.sleep()
                try device.run(for: .minutes(1))
                device.system.wake()
            } else {
                device.system.quitApp()
                try device.run(for: .minutes(1))
                device.system.launchApp()
            }
            #expect(device.system.pendingTimerTags == armed, "round \(k + 1)")
        }
        try device.run(until: at("2026-03-13T12:00:00+01:00"))
        #expect(device.shownLocalTimes == (10...13).map { "2026-03-\($0)T09:00" })
        #expect(device.store.history.count == 4)
        #expect(device.pluginLog("missed.reported").isEmpty)
    }

    @Test(
        "Zone change Berlin → London while running: corrected re-arms to 09:00 London; directive's timer keeps its delay and shows 08:00 London once, the next is computed from the wall time",
        arguments: [PluginProfile.directive, .corrected])
    func zoneChangeWhileRunning(profile: PluginProfile) throws {
        let device = ElectronPluginDevice(profile: profile)
        #expect(device.launchAndSchedule() == nil)
        try device.run(until: at("2026-03-10T08:10:00+01:00"))
        let london = Zone(identifier: "Europe/London")!
        device.system.setTimeZone(london)
        try device.run(until: at("2026-03-11T12:00:00Z"))
        let shown = device.system.deliveryLog.map { london.localDateTime(at: $0.time).description }
        switch profile {
        case .corrected: #expect(shown == ["2026-03-10T09:00", "2026-03-11T09:00"])
        default: #expect(shown == ["2026-03-10T08:00", "2026-03-11T09:00"])
        }
    }
}

extension ElectronParameters {
    /// The defaults with changes applied.
    static func with(_ change: (inout ElectronParameters) -> Void) -> ElectronParameters {
        var parameters = ElectronParameters()
        change(&parameters)
        return parameters
    }
}
