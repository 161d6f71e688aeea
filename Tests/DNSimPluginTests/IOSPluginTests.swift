import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin
import Testing

/// The plugin's iOS side under each profile, driven directly on the iOS model.
struct IOSPluginTests {
    // MARK: - Input validation and permission

    @Test(
        "iOS: invalid_time_format for times that are not HH:mm; nothing stored, pending or submitted",
        arguments: PluginProfile.allCases, ["9:00", "25:00", "09:60", "0900", "09:00:00", ""])
    func invalidTimeFormat(profile: PluginProfile, time: String) {
        let device = IOSPluginDevice(profile: profile)
        let error = device.launchAndSchedule(time)
        #expect(error?.code == "invalid_time_format")
        #expect(device.store.core.slots.isEmpty)
        #expect(device.pendingIDs.isEmpty)
        #expect(device.system.pendingTaskRequests.isEmpty)
        #expect(device.pluginLog("schedule.accepted").isEmpty)
    }

    @Test(
        "iOS: a well-formed HH:mm is armed: as-found one dated request (no rollover, seed 003), directive 2 dated (today + tomorrow), corrected 14 dated",
        arguments: PluginProfile.allCases)
    func validTimeArmed(profile: PluginProfile) {
        let device = IOSPluginDevice(profile: profile)
        #expect(device.launchAndSchedule() == nil)
        #expect(device.store.core.slots.map(\.id) == ["daily-0900"])
        switch profile {
        case .asFound:
            #expect(device.pendingIDs == IOSPluginDevice.dated(from: "2026-03-10", days: 1))
            #expect(device.system.pendingRequests.first?.trigger.repeats == false)
        case .directive:
            #expect(device.ownPendingIDs == IOSPluginDevice.dated(from: "2026-03-10", days: 2))
        case .corrected:
            #expect(device.ownPendingIDs == IOSPluginDevice.dated(from: "2026-03-10", days: 14))
        }
        #expect(device.system.pendingTaskRequests.map(\.identifier) == [IOSPluginBuild.refreshTaskIdentifier])
    }

    @Test(
        "iOS: notifications_denied when not authorized (directive, corrected): nothing stored, nothing pending, no ghost schedule",
        arguments: [PluginProfile.directive, .corrected], [IOSAuthorizationStatus.denied, .notDetermined])
    func notificationsDenied(profile: PluginProfile, status: IOSAuthorizationStatus) throws {
        let device = IOSPluginDevice(profile: profile, authorization: status)
        let error = device.launchAndSchedule()
        #expect(error == .notificationsDenied)
        #expect(device.store.core.slots.isEmpty)
        #expect(device.store.armedIdentifiers.isEmpty)
        #expect(device.pendingIDs.isEmpty)
        #expect(device.system.pendingTaskRequests.isEmpty)
        #expect(device.pluginLog("schedule.rejected").count == 1)
        #expect(device.pluginLog("schedule.rejected").first?.detail("code") == "notifications_denied")
        try device.run(for: .days(2))
        #expect(device.system.deliveryLog.isEmpty)
    }

    @Test("iOS: as-found accepts a schedule while denied; the request is pending but never shown (ghost schedule, I8)")
    func asFoundDeniedGhostSchedule() throws {
        let device = IOSPluginDevice(profile: .asFound, authorization: .denied)
        #expect(device.launchAndSchedule() == nil)
        #expect(device.store.core.slots.map(\.id) == ["daily-0900"])
        #expect(device.pendingIDs == IOSPluginDevice.dated(from: "2026-03-10", days: 1), "the ghost request is pending")
        #expect(device.pluginLog("schedule.rejected").isEmpty)
        device.system.backgroundApp()
        try device.run(until: at("2026-03-11T12:00:00+01:00"))
        #expect(device.system.deliveryLog.map(\.presentation) == [.notShown])
        #expect(device.records("notification.notShown").map(\.rule) == ["I8"])
        #expect(device.shownLocalTimes.isEmpty)
    }

    // MARK: - S1: DST

    @Test(
        "S1: across Berlin's DST change 2026-03-29 corrected keeps 09:00; directive's +24 h moves to 10:00; as-found shows its one request",
        arguments: PluginProfile.allCases)
    func dstSpringForward(profile: PluginProfile) throws {
        let device = IOSPluginDevice(profile: profile, start: at("2026-03-25T08:00:00+01:00"))
        #expect(device.launchAndSchedule() == nil)
        device.system.backgroundApp()
        try device.run(until: at("2026-03-31T12:00:00+02:00"))

        let expected: [String] =
            switch profile {
            case .directive:
                // Today + tomorrow, extended by the refreshes that run, stepped by +24 h.
                ["2026-03-25", "2026-03-26", "2026-03-27", "2026-03-28"].map { $0 + "T09:00" } + ["2026-03-29T10:00"]
            case .asFound:
                ["2026-03-25T09:00"]  // one one-shot; nothing rolls it over (seed 003's objective)
            case .corrected:
                (25...31).map { "2026-03-\($0)T09:00" }
            }
        #expect(device.shownLocalTimes == expected)
    }

    // MARK: - The 64 budget

    @Test(
        "I1: corrected's window shrinks when other requests fill the 64 budget, and the total never passes 64",
        arguments: [(0, 14), (30, 14), (50, 10), (56, 4), (59, 1)])
    func correctedWindowFitsBudget(others: Int, window: Int) throws {
        let device = IOSPluginDevice(profile: .corrected, parameters: .noRefresh)
        for index in 0..<others { device.addOther(index) }
        #expect(device.launchAndSchedule() == nil)
        #expect(device.ownPendingIDs == IOSPluginDevice.dated(from: "2026-03-10", days: window))
        #expect(device.pendingIDs.count == others + window)
        #expect(device.pendingIDs.count <= 64)
        #expect(device.records("request.droppedOverLimit").isEmpty)

        // Three days later a relaunch refills the window to the same size.
        device.system.terminateBySystem()
        try device.run(until: at("2026-03-13T08:00:00+01:00"))
        device.system.launchApp()
        #expect(device.ownPendingIDs == IOSPluginDevice.dated(from: "2026-03-13", days: window))
        #expect(device.pendingIDs.count == others + window)
        #expect(device.records("request.droppedOverLimit").isEmpty)
        #expect((0..<others).allSatisfy { device.pendingIDs.contains("other-\($0)") })
    }

    @Test("I1: corrected with a second slot keeps the total within 64 (no silent drop of the app's other requests)")
    func correctedSecondSlotWithinBudget() throws {
        let device = IOSPluginDevice(profile: .corrected, parameters: .noRefresh)
        for index in 0..<42 { device.addOther(index) }  // budget 64 - 4 - 42 = 18
        #expect(device.launchAndSchedule("09:00") == nil)
        #expect(device.ownPendingIDs.count == 14)
        #expect(device.schedule("18:00") == nil)  // two slots: 9 days each
        #expect(device.pendingIDs.count <= 64)
        #expect(device.records("request.droppedOverLimit").isEmpty)
        #expect((0..<42).allSatisfy { device.pendingIDs.contains("other-\($0)") })
    
    }

    // MARK: - corrected: idempotent reconcile and missed detection

    @Test("corrected: reconcile is idempotent: 5 cold and warm launches leave the pending set unchanged, no duplicates")
    func correctedReconcileIdempotent() throws {
        let device = IOSPluginDevice(profile: .corrected, parameters: .noRefresh)
        #expect(device.launchAndSchedule() == nil)
        let armed = device.ownPendingIDs
        #expect(armed == IOSPluginDevice.dated(from: "2026-03-10", days: 14))
        let addedAfterSchedule = device.records("request.added").count

        for k in 0..<5 {
            if k.isMultiple(of: 2) { device.system.terminateBySystem() } else { device.system.backgroundApp() }
            try device.run(for: .minutes(5))
            device.system.launchApp()
            #expect(device.ownPendingIDs == armed, "launch \(k + 1)")
        }
        #expect(device.pluginLog("recovery.done").count == 6)
        #expect(device.records("request.added").count == addedAfterSchedule, "nothing re-added")
        #expect(device.records("request.removed").isEmpty)
        #expect(device.pluginLog("armed").dropFirst().allSatisfy { $0.detail("added") == "0" })
        #expect(device.store.armedIdentifiers.count == Set(device.store.armedIdentifiers).count)
        #expect(device.store.armedIdentifiers.sorted() == armed)
        #expect(device.store.core.history.isEmpty)
        #expect(device.system.pendingTaskRequests.count == 1)
    }

    @Test("corrected: occurrences past the window while the app was never opened are reported missed exactly once; launch refills")
    func correctedMissedOnce() throws {
        let device = IOSPluginDevice(profile: .corrected, parameters: .noRefresh)
        #expect(device.launchAndSchedule() == nil)  // window 03-10 … 03-23
        device.system.backgroundApp()
        device.system.terminateBySystem()
        try device.run(until: at("2026-03-30T08:00:00+02:00"))  // 20 days unopened
        #expect(device.ownPendingIDs.isEmpty)
        #expect(device.shownLocalTimes.count == 14)
        #expect(device.records("task.launched").isEmpty)

        device.system.launchApp()
        let reported = device.pluginLog("missed.reported")
        #expect(reported.count == 1)
        #expect(reported.first?.detail("count") == "6")
        #expect(
            reported.first?.details.filter { $0.key == "occurrence" }.map(\.value)
                == (24...29).map { "daily-0900@2026-03-\($0)" })
        #expect(device.ownPendingIDs == IOSPluginDevice.dated(from: "2026-03-30", days: 14))
        let history = device.store.core.history
        #expect(history.filter { $0.status == .delivered }.count == 14)
        #expect(history.filter { $0.status == .missed }.map(\.localDate.description) == (24...29).map { "2026-03-\($0)" })

        // Later launches and a resume report nothing new.
        device.system.terminateBySystem()
        try device.run(for: .minutes(30))
        device.system.launchApp()
        device.system.backgroundApp()
        device.system.launchApp()
        #expect(device.pluginLog("missed.reported").count == 1)
        #expect(device.store.core.history.count == 20)
        let status = device.system.process!.getNotificationStatus(context: device.system.context)
        #expect(status.first { $0.0 == "missedOccurrences" }?.1 == "6")

        try device.run(until: at("2026-03-31T12:00:00+02:00"))
        #expect(device.shownLocalTimes.suffix(2) == ["2026-03-30T09:00", "2026-03-31T09:00"])
    }

    @Test("I19: corrected keeps getting refreshes after a reboot that straddled a planned refresh launch")
    func correctedRefreshAfterRebootStraddle() throws {
        let device = IOSPluginDevice(
            profile: .corrected,
            parameters: .with {
                $0.refreshRunPercent = 100
                $0.refreshDelayMin = .minutes(5)
                $0.refreshDelayMax = .minutes(5)
            })
        #expect(device.launchAndSchedule() == nil)  // refresh earliest 08:55, launch planned 09:00
        device.system.backgroundApp()
        try device.run(until: at("2026-03-10T08:58:00+01:00"))
        device.system.reboot(offFor: .minutes(5))
        for day in 11...13 {
            try device.run(until: at("2026-03-\(day)T08:00:00+01:00"))
            device.system.launchApp()  // the user opens the app every morning
            device.system.backgroundApp()
        }
        try device.run(for: .hours(12))
        #expect(device.system.pendingTaskRequests.count == 1)
        #expect(!device.records("task.launched").isEmpty)
    
    }

    // MARK: - directive's seed claims

    @Test("S15: directive logs termination.detected once every one-shot has fired, though the app was never terminated")
    func directivePendingEmptyIsNotTermination() throws {
        let device = IOSPluginDevice(profile: .directive, parameters: .noRefresh)
        #expect(device.launchAndSchedule() == nil)  // 03-10, 03-11
        device.system.backgroundApp()
        try device.run(until: at("2026-03-17T08:00:00+01:00"))
        #expect(device.shownLocalTimes.count == 2)
        #expect(device.ownPendingIDs.isEmpty)

        device.system.launchApp()  // a warm resume of the same, never-terminated process
        #expect(device.records("process.start").count == 1)
        #expect(device.records("process.killed").isEmpty)
        #expect(device.records("process.terminatedBySystem").isEmpty)
        #expect(device.pluginLog("termination.detected").count == 1)
        // S4: a wall-clock gap since the last run is also misread as a time change.
        #expect(device.pluginLog("timeChange.detected").count == 1)
        #expect(device.records("clock.set").isEmpty && device.records("timezone.changed").isEmpty)
    }

    @Test(
        "S18: the 15-minute BGTask-miss check resubmits the refresh (directive at now + 1 min, as-found at now); corrected only keeps it at the next T–lead",
        arguments: PluginProfile.allCases)
    func bgTaskMissCheck(profile: PluginProfile) throws {
        let device = IOSPluginDevice(profile: profile, parameters: .noRefresh)
        #expect(device.launchAndSchedule() == nil)
        #expect(device.store.lastRefreshEarliest == at("2026-03-10T08:55:00+01:00").millisecondsSinceEpoch)
        device.system.backgroundApp()
        try device.run(until: at("2026-03-10T10:00:00+01:00"))
        device.system.launchApp()

        let now = at("2026-03-10T10:00:00+01:00")
        switch profile {
        case .corrected:
            #expect(device.pluginLog("bgtask.missedDetected").isEmpty)
            // The reconcile resubmits for the next slot's T–lead, replacing the stale request (I14).
            #expect(device.records("request.replaced").map(\.rule) == ["I14"])
            #expect(device.system.pendingTaskRequests.first?.earliestBeginDate == at("2026-03-11T08:55:00+01:00"))
        case .directive, .asFound:
            #expect(device.pluginLog("bgtask.missedDetected").count == 1)
            // Resubmitting the same identifier only replaces the request (I14) …
            #expect(device.records("request.replaced").map(\.rule) == ["I14"])
            #expect(device.system.pendingTaskRequests.count == 1)
            #expect(
                device.system.pendingTaskRequests.first?.earliestBeginDate
                    == (profile == .directive ? now + .minutes(1) : now))
        }
        // … and does not make it run (I15).
        try device.run(for: .days(1))
        #expect(device.records("task.launched").isEmpty)
        #expect(device.records("request.willNotRun").allSatisfy { $0.rule == "I15" })
    }

    // MARK: - as-found: no notification recovery

    @Test(
        "as-found runs only the BGTask check on launch and does not restore lost requests; directive and corrected re-arm",
        arguments: PluginProfile.allCases)
    func launchRecovery(profile: PluginProfile) throws {
        let device = IOSPluginDevice(profile: profile, parameters: .noRefresh)
        #expect(device.launchAndSchedule() == nil)
        try device.run(until: at("2026-03-10T10:00:00+01:00"))
        // Something else in the app clears every pending request; then the app is terminated.
        device.system.context.notificationCenter.removeAllPendingNotificationRequests()
        device.system.terminateBySystem()
        try device.run(for: .minutes(30))
        #expect(device.pendingIDs.isEmpty)
        let armedBefore = device.pluginLog("armed").count

        device.system.launchApp()
        #expect(device.pluginLog("load").count == 2)
        switch profile {
        case .asFound:
            #expect(device.pendingIDs.isEmpty)
            #expect(device.pluginLog("armed").count == armedBefore)
            #expect(device.pluginLog("bgtask.missedDetected").count == 1)
            #expect(device.pluginLog("recovery.done").isEmpty)
            #expect(device.pluginLog("missed.reported").isEmpty)
        case .directive:
            // S4: the 2 h 30 min since the last run is read as a clock jump (seed 003 §A.1) and
            // every occurrence is re-shifted by it (Strategy 1): 03-10 09:00 becomes 11:30.
            #expect(device.pluginLog("timeChange.reshifted").count == 1)
            #expect(device.ownPendingIDs == IOSPluginDevice.dated(from: "2026-03-10", days: 2))
            #expect(device.pluginLog("bgtask.missedDetected").count == 1)
        case .corrected:
            #expect(device.ownPendingIDs == IOSPluginDevice.dated(from: "2026-03-11", days: 14))
            #expect(device.pluginLog("recovery.done").count == 2)
        }
        device.system.backgroundApp()
        try device.run(until: at("2026-03-12T12:00:00+01:00"))
        let after = device.shownLocalTimes.filter { $0 > "2026-03-10T10:00" }
        switch profile {
        case .asFound: #expect(after.isEmpty)
        case .directive: #expect(after == ["2026-03-10T11:30", "2026-03-11T11:30"])
        case .corrected: #expect(after == ["2026-03-11T09:00", "2026-03-12T09:00"])
        }
    }
}
