import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import Testing

/// Pins BGTaskScheduler (fact sheet §8: I14–I21).
struct IOSBackgroundTaskTests {
    /// Parameters under which every refresh runs exactly 5 minutes after its earliest begin date.
    static func runsAfterFiveMinutes(_ change: (inout IOSParameters) -> Void = { _ in }) -> IOSParameters {
        .with {
            $0.refreshRunPercent = 100
            $0.unusedAppRefreshRunPercent = 100
            $0.refreshDelayMin = .minutes(5)
            $0.refreshDelayMax = .minutes(5)
            change(&$0)
        }
    }

    // MARK: - I14: submit limits

    @Test("I14: at most 1 refresh request pending; a second identifier fails with tooManyPendingTaskRequests")
    func i14OneRefresh() {
        let device = IOSDevice()
        let earliest = device.context.now() + .hours(1)
        #expect(device.submit(IOSDevice.refreshID, earliest: earliest) == nil)
        #expect(device.submit(IOSDevice.otherRefreshID, earliest: earliest) == .tooManyPendingTaskRequests)
        #expect(device.pendingTasks.map(\.identifier) == [IOSDevice.refreshID])
        let failed = device.records("submit.failed")
        #expect(failed.map(\.rule) == ["I14"])
        #expect(failed.first?.detail("error") == "tooManyPendingTaskRequests")
    }

    @Test("I14: submitting a queued identifier again replaces the earlier request")
    func i14SameIdentifierReplaces() {
        let device = IOSDevice()
        let first = device.context.now() + .hours(1)
        let second = device.context.now() + .hours(3)
        #expect(device.submit(earliest: first) == nil)
        #expect(device.submit(earliest: second) == nil)
        #expect(device.pendingTasks.count == 1)
        #expect(device.pendingTasks.first?.earliestBeginDate == second)
        #expect(device.rules("request.replaced") == ["I14"])
        #expect(device.records("submit.failed").isEmpty)
    }

    @Test("I14: up to 10 processing requests pending, the 11th fails; they do not use the refresh slot")
    func i14TenProcessing() {
        let device = IOSDevice()
        let earliest = device.context.now() + .hours(1)
        #expect(device.submit(earliest: earliest) == nil)
        for id in IOSDevice.processingIDs.prefix(10) {
            #expect(device.submit(id, kind: .processing, earliest: earliest) == nil)
        }
        #expect(device.submit(IOSDevice.processingIDs[10], kind: .processing, earliest: earliest) == .tooManyPendingTaskRequests)
        #expect(device.pendingTasks.count == 11)
        #expect(device.rules("submit.failed") == ["I14"])
        // Replacing a queued processing request is still allowed at the limit.
        #expect(device.submit(IOSDevice.processingIDs[3], kind: .processing, earliest: earliest + .hours(1)) == nil)
        #expect(device.pendingTasks.count == 11)
    }

    // MARK: - I15: earliestBeginDate is a lower bound

    @Test("I15: with refreshRunPercent 100 a refresh always runs within [earliest + min, earliest + max]", arguments: 1...25)
    func i15RunsWithinDelay(seed: UInt64) throws {
        let device = IOSDevice(parameters: .with { $0.refreshRunPercent = 100 }, seed: seed)
        let earliest = device.context.now() + .hours(2)
        #expect(device.submit(earliest: earliest) == nil)
        try device.run(for: .hours(8))

        let launched = device.records("task.launched")
        #expect(launched.map(\.rule) == ["I15"])
        let runs = device.recorder.taskRuns.map(\.time)
        #expect(runs.count == 1)
        if let run = runs.first {
            #expect(run >= earliest, "never before earliestBeginDate")
            #expect(run >= earliest + .minutes(5) && run <= earliest + .hours(4))
        }
        #expect(device.pendingTasks.isEmpty)
    }

    @Test("I15: a refresh never runs before earliestBeginDate, also when it is far ahead", arguments: [1, 2, 3] as [UInt64])
    func i15NeverEarly(seed: UInt64) throws {
        let device = IOSDevice(parameters: .with { $0.refreshRunPercent = 100 }, seed: seed)
        let earliest = device.context.now() + .days(2)
        device.submit(earliest: earliest)
        try device.run(until: earliest)
        #expect(device.recorder.taskRuns.isEmpty)
        try device.run(for: .hours(5))
        #expect(device.recorder.taskRuns.count == 1)
    }

    @Test("I15: with refreshRunPercent 0 a refresh never runs", arguments: 1...10)
    func i15NeverRuns(seed: UInt64) throws {
        let device = IOSDevice(parameters: .with { $0.refreshRunPercent = 0 }, seed: seed)
        #expect(device.submit(earliest: device.context.now() + .minutes(1)) == nil)
        #expect(device.rules("request.willNotRun") == ["I15"])
        try device.run(for: .days(7))
        #expect(device.records("task.launched").isEmpty)
        #expect(device.recorder.taskRuns.isEmpty)
        #expect(device.pendingTasks.count == 1, "the request stays queued; it just never runs")
    }

    @Test("I15: an app the user has not opened for a week runs at unusedAppRefreshRunPercent")
    func i15UnusedApp() throws {
        let device = IOSDevice(parameters: .with {
            $0.refreshRunPercent = 100
            $0.unusedAppRefreshRunPercent = 0
        })
        try device.run(for: .days(8))
        #expect(device.submit(earliest: device.context.now()) == nil)
        #expect(device.rules("request.willNotRun") == ["I15"])
        try device.run(for: .days(1))
        #expect(device.recorder.taskRuns.isEmpty)
    }

    // MARK: - I16 / I17: budget and expiry

    @Test(
        "I16/I17: a handler within the budget completes; a slower one expires at the budget (early expiry halves it)",
        arguments: [
            (SimDuration.seconds(10), 0, false, SimDuration.seconds(10)),
            (.seconds(60), 0, true, .seconds(30)),
            (.seconds(20), 100, true, .seconds(15)),
            (.seconds(10), 100, false, .seconds(10)),
        ])
    func i16i17Budget(runTime: SimDuration, earlyExpiryPercent: Int, expires: Bool, endsAfter: SimDuration) throws {
        let device = IOSDevice(
            parameters: Self.runsAfterFiveMinutes { $0.earlyExpiryPercent = earlyExpiryPercent }, taskRunTime: runTime)
        #expect(device.system.parameters.refreshBudget == .seconds(30))
        device.submit(earliest: device.context.now())
        try device.run(for: .hours(1))

        let launched = try #require(device.records("task.launched").first)
        #expect(launched.time == IOSDevice.defaultStart + .minutes(5))
        if expires {
            #expect(device.rules("task.willExpire") == ["I17"])
            #expect(device.records("task.willExpire").first?.detail("success") == "false")
            #expect(device.records("task.willComplete").isEmpty)
        } else {
            #expect(device.rules("task.willComplete") == ["I16"])
            #expect(device.records("task.willComplete").first?.detail("success") == "true")
            #expect(device.records("task.willExpire").isEmpty)
        }
        #expect(device.records("task.ended").map(\.time) == [launched.time + endsAfter])
        #expect(device.system.appState == .suspended)
    }

    // MARK: - I18 / I19: force-quit vs system termination

    @Test("I18: after a force-quit no task launches until the user opens the app; then it can")
    func i18ForceQuitBlocksTasks() throws {
        let device = IOSDevice(parameters: Self.runsAfterFiveMinutes())
        device.submit(earliest: device.context.now() + .hours(1))
        device.system.forceQuit()
        try device.run(for: .hours(3))

        #expect(device.rules("launch.blocked") == ["I18"])
        #expect(device.recorder.taskRuns.isEmpty)
        #expect(device.system.process == nil)
        #expect(device.pendingTasks.count == 1)

        device.system.launchApp()
        #expect(device.rules("forceQuit.cleared") == ["I18"])
        device.system.backgroundApp()
        try device.run(for: .hours(1))
        #expect(device.recorder.taskRuns.map(\.time) == [IOSDevice.defaultStart + .hours(3) + .minutes(5)])
        #expect(device.rules("task.launched") == ["I15"])
    }

    @Test("I18: processing requests are blocked by a force-quit too")
    func i18ProcessingBlocked() throws {
        let device = IOSDevice(parameters: Self.runsAfterFiveMinutes())
        device.submit(IOSDevice.processingIDs[0], kind: .processing, earliest: device.context.now())
        device.system.forceQuit()
        try device.run(for: .hours(1))
        #expect(device.rules("launch.blocked") == ["I18"])
        #expect(device.recorder.taskRuns.isEmpty)
    }

    @Test("I19: system termination is not a force-quit: the task still launches the app in the background")
    func i19SystemTerminationDoesNotBlock() throws {
        let device = IOSDevice(parameters: Self.runsAfterFiveMinutes())
        device.submit(earliest: device.context.now() + .hours(1))
        device.system.terminateBySystem()
        #expect(device.rules("process.terminatedBySystem") == ["I19"])
        #expect(!device.system.userForceQuit)
        try device.run(for: .hours(2))

        #expect(device.records("launch.blocked").isEmpty)
        #expect(device.recorder.launches == [.user, .backgroundTask])
        #expect(device.recorder.taskRuns.map(\.time) == [IOSDevice.defaultStart + .hours(1) + .minutes(5)])
        #expect(device.system.appState == .suspended)
    }

    @Test("I19: a reboot is not a force-quit: a refresh whose launch fell while the device was off still runs")
    func i19RebootDoesNotStrandTask() throws {
        let device = IOSDevice(parameters: Self.runsAfterFiveMinutes())
        device.submit(earliest: device.context.now() + .hours(1))  // launch planned at +1h05
        try device.run(for: .hours(1))
        device.system.reboot(offFor: .minutes(10))  // off +1h00 … +1h10
        try device.run(for: .days(2))
        #expect(device.system.isPoweredOn)
        #expect(device.recorder.taskRuns.count == 1)
    
        #expect(device.pendingTasks.count + device.recorder.taskRuns.count == 1)
    }

    // MARK: - I20: unavailable / notPermitted

    @Test("I20: with Background App Refresh off submit throws unavailable")
    func i20Unavailable() throws {
        let device = IOSDevice()
        device.system.setBackgroundAppRefresh(false)
        #expect(!device.context.backgroundRefreshAvailable)
        #expect(device.submit(earliest: device.context.now()) == .unavailable)
        #expect(device.submit(IOSDevice.processingIDs[0], kind: .processing, earliest: nil) == .unavailable)
        #expect(device.pendingTasks.isEmpty)
        #expect(device.rules("submit.failed") == ["I20", "I20"])
        #expect(device.records("submit.failed").allSatisfy { $0.detail("error") == "unavailable" })
    }

    @Test("I20: an identifier missing from BGTaskSchedulerPermittedIdentifiers throws notPermitted")
    func i20NotPermitted() {
        let device = IOSDevice()
        #expect(device.submit("com.example.unknown", earliest: device.context.now()) == .notPermitted)
        #expect(device.pendingTasks.isEmpty)
        let failed = device.records("submit.failed")
        #expect(failed.map(\.rule) == ["I20"])
        #expect(failed.first?.detail("error") == "notPermitted")
    }

    @Test("I20: a launch handler registered by other code of the app permits its identifier and runs instead of the app's")
    func i20DelegateHandlerPermitsAndRuns() throws {
        let device = IOSDevice(parameters: Self.runsAfterFiveMinutes())
        var launched: [String] = []
        device.system.delegateTaskHandlers[StringKey("other.refresh")] = { request in
            launched.append(request.identifier)
            return IOSTaskOutcome(success: true, runTime: .seconds(1))
        }
        #expect(device.submit("other.refresh", earliest: device.context.now()) == nil)
        #expect(device.records("request.submitted").map(\.rule) == ["I15"])
        try device.run(for: .minutes(10))
        #expect(launched == ["other.refresh"])
        #expect(device.recorder.taskRuns.isEmpty, "the app's own handler did not run")
        #expect(device.identifiers("task.launched") == ["other.refresh"])
        #expect(device.records("task.willComplete").map(\.rule) == ["I16"])
        // Without the registration the same identifier is not permitted.
        device.system.delegateTaskHandlers[StringKey("other.refresh")] = nil
        #expect(device.submit("other.refresh", earliest: device.context.now()) == .notPermitted)
    }

    @Test("I20: turning Background App Refresh off blocks a queued request; turning it on lets it run")
    func i20SwitchedOffLater() throws {
        let device = IOSDevice(parameters: Self.runsAfterFiveMinutes())
        device.submit(earliest: device.context.now())
        device.system.setBackgroundAppRefresh(false)
        try device.run(for: .hours(1))
        #expect(device.rules("launch.blocked") == ["I20"])
        #expect(device.recorder.taskRuns.isEmpty)
        device.system.setBackgroundAppRefresh(true)
        try device.run(for: .hours(1))
        #expect(device.recorder.taskRuns.count == 1)
    }

    // MARK: - I21: Low Power Mode

    @Test("I21: Low Power Mode blocks background launches until it ends")
    func i21LowPowerMode() throws {
        let device = IOSDevice(parameters: Self.runsAfterFiveMinutes(), lowPowerMode: true)
        #expect(!device.context.backgroundRefreshAvailable)
        #expect(device.submit(earliest: device.context.now()) == nil)
        try device.run(for: .hours(2))
        #expect(device.rules("launch.blocked") == ["I21"])
        #expect(device.recorder.taskRuns.isEmpty)

        device.system.setLowPowerMode(false)
        #expect(device.rules("lowPowerMode.changed") == ["I21"])
        #expect(device.context.backgroundRefreshAvailable)
        try device.run(for: .hours(1))
        #expect(device.recorder.taskRuns.map(\.time) == [IOSDevice.defaultStart + .hours(2) + .minutes(5)])
    }

    @Test("I21: Low Power Mode switched on after submit blocks the launch")
    func i21SwitchedOnLater() throws {
        let device = IOSDevice(parameters: Self.runsAfterFiveMinutes())
        device.submit(earliest: device.context.now())
        device.system.setLowPowerMode(true)
        try device.run(for: .hours(1))
        #expect(device.rules("launch.blocked") == ["I21"])
        #expect(device.recorder.taskRuns.isEmpty)
    }
}
