import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import Testing

/// Pins the WorkManager rules of the Android model (fact sheet §5: A43–A48).
struct WorkManagerTests {
    // MARK: A43 — persistence

    @Test("A43: work survives process death; the job starts a fresh process")
    func a43SurvivesProcessDeath() throws {
        let device = Device()
        device.workManager.enqueueUniqueWork("sync", .replace, TestApp.oneTimeWork(delay: .hours(2)))
        #expect(device.rules("work.enqueued") == ["A43"])
        device.system.killForMemory()
        #expect(device.system.process == nil)
        #expect(device.workManager.workStates("sync") == [.enqueued])

        try device.run(for: .hours(3))
        #expect(device.workStarts == [Device.defaultStart + .hours(2)])
        #expect(device.records("process.start").last?.detail("reason") == "job")
        #expect(device.records("test.doWork").count == 1, "the app's worker ran")
        #expect(device.workManager.workStates("sync") == [.succeeded])
    }

    @Test(
        "A43: after a reboot BOOT_COMPLETED (after unlock) reschedules work, with or without the app's own receiver",
        arguments: [false, true])
    func a43RebootReschedulesAtBootCompleted(appHasBootReceiver: Bool) throws {
        let receivers: Set<String> = appHasBootReceiver ? [AndroidIntent.bootCompleted] : []
        let device = Device(manifest: Device.manifest(receivers: receivers))
        device.workManager.enqueueUniqueWork("sync", .replace, TestApp.oneTimeWork(delay: .minutes(10)))

        device.system.reboot(offFor: .minutes(1), unlockAfter: .minutes(30))
        #expect(device.rules("job.removed") == ["A1"])
        #expect(device.workManager.workStates("sync") == [.enqueued], "the work stays in WorkManager's database")

        try device.run(for: .minutes(20))
        #expect(device.workStarts.isEmpty, "due at +10 min, but the jobs were cleared and the user has not unlocked")
        #expect(device.records("work.rescheduled").isEmpty)

        try device.run(for: .minutes(20))
        let unlocked = Device.defaultStart + .minutes(31)
        let rescheduled = try #require(device.records("work.rescheduled").first)
        #expect(device.rules("work.rescheduled") == ["A43"])
        #expect(rescheduled.time == unlocked)
        #expect(device.rules("bootCompleted.sent") == ["A32"])
        #expect(device.workStarts == [unlocked])
        #expect(device.workManager.workStates("sync") == [.succeeded])
        #expect(device.recorder.receives(AndroidIntent.bootCompleted).count == (appHasBootReceiver ? 1 : 0))
    }

    @Test("A43: a delayed job rescheduled after a reboot keeps its original earliest run time")
    func a43RebootKeepsEarliestRun() throws {
        let device = Device(manifest: Device.manifest(receivers: []))
        device.workManager.enqueueUniqueWork("sync", .replace, TestApp.oneTimeWork(delay: .hours(2)))
        device.system.reboot(offFor: .minutes(1), unlockAfter: .minutes(1))
        try device.run(for: .hours(3))
        #expect(device.rules("work.rescheduled") == ["A43"])
        #expect(device.workStarts == [Device.defaultStart + .hours(2)])
    }

    @Test("A43: work that was running when the device rebooted is rescheduled at BOOT_COMPLETED")
    func a43RunningWorkRescheduledAfterReboot() throws {
        let device = Device(manifest: Device.manifest(receivers: []))
        device.workManager.enqueueUniqueWork("sync", .replace, TestApp.oneTimeWork(runTimes: [.minutes(5)]))
        try device.run(for: .minutes(1))
        #expect(device.workManager.workStates("sync") == [.running])

        device.system.reboot(offFor: .minutes(1), unlockAfter: .minutes(1))
        try device.run(for: .minutes(30))
        #expect(device.rules("work.rescheduled") == ["A43"])
        #expect(device.workStarts.count == 2)
        #expect(device.workManager.workStates("sync") == [.succeeded])
    
    }

    @Test("A43/A31: work whose process dies mid-run is not lost: it runs again in a new process")
    func a43ProcessDeathMidRun() throws {
        let device = Device()
        device.workManager.enqueueUniqueWork("sync", .replace, TestApp.oneTimeWork(runTimes: [.minutes(5)]))
        try device.run(for: .minutes(1))
        #expect(device.workManager.workStates("sync") == [.running])

        device.system.killForMemory()
        try device.run(for: .hours(1))
        #expect(device.workStarts.count == 2)
        #expect(device.records("work.succeeded").first.map { $0.time > Device.defaultStart + .minutes(5) } == true)
    
    }

    // MARK: A44 — force stop

    @Test(
        "A44: force stop removes the job (A26), the work stays in the database and is rescheduled at the next app start",
        arguments: [34, 35])
    func a44ForceStopKeepsWorkInDatabase(apiLevel: Int) throws {
        let device = Device(apiLevel: apiLevel)
        device.workManager.enqueueUniqueWork("sync", .replace, TestApp.oneTimeWork(delay: .hours(1)))
        device.system.forceStop()
        #expect(device.rules("job.removed") == ["A26"])
        #expect(device.workManager.workStates("sync") == [.enqueued])

        try device.run(for: .hours(3))
        #expect(device.workStarts.isEmpty)
        #expect(device.records("work.rescheduled").isEmpty)

        device.system.launchApp()
        let launched = device.now
        try device.run(until: launched)
        #expect(device.rules("work.rescheduled") == ["A44"])
        #expect(device.workStarts == [launched])
        #expect(device.workManager.workStates("sync") == [.succeeded])
    }

    @Test("A44: work interrupted by a force stop mid-run is reset to enqueued and runs again at the next start")
    func a44InterruptedWorkRunsAgain() throws {
        let device = Device()
        device.workManager.enqueueUniqueWork("sync", .replace, TestApp.oneTimeWork(runTimes: [.minutes(5)]))
        try device.run(for: .minutes(1))
        #expect(device.workManager.workStates("sync") == [.running])

        device.system.forceStop()
        #expect(device.rules("job.removed") == ["A26"])
        try device.run(for: .hours(1))
        #expect(device.records("work.succeeded").isEmpty, "the stopped run never finishes")

        device.system.launchApp()
        let launched = device.now
        try device.run(for: .minutes(10))
        #expect(device.rules("work.rescheduled") == ["A44"])
        #expect(device.workStarts == [Device.defaultStart, launched])
        #expect(device.records("work.succeeded").map(\.time) == [launched + .minutes(5)])
        #expect(device.workManager.workStates("sync") == [.succeeded])
    }

    // MARK: A45 — periodic minimums

    struct PeriodicCase: Sendable, CustomTestStringConvertible {
        var interval: SimDuration
        var flex: SimDuration
        var effectiveInterval: SimDuration
        var effectiveFlex: SimDuration
        var testDescription: String { "\(interval)/\(flex) → \(effectiveInterval)/\(effectiveFlex)" }
    }

    @Test(
        "A45: the periodic interval is raised to 15 min and the flex to at least 5 min (at most the interval)",
        arguments: [
            PeriodicCase(interval: .minutes(5), flex: .minutes(1), effectiveInterval: .minutes(15), effectiveFlex: .minutes(5)),
            PeriodicCase(interval: .minutes(15), flex: .zero, effectiveInterval: .minutes(15), effectiveFlex: .minutes(5)),
            PeriodicCase(interval: .hours(1), flex: .minutes(1), effectiveInterval: .hours(1), effectiveFlex: .minutes(5)),
            PeriodicCase(interval: .minutes(20), flex: .minutes(10), effectiveInterval: .minutes(20), effectiveFlex: .minutes(10)),
            PeriodicCase(interval: .minutes(30), flex: .hours(2), effectiveInterval: .minutes(30), effectiveFlex: .minutes(30)),
        ])
    func a45PeriodicMinimums(_ c: PeriodicCase) throws {
        let device = Device()
        let request = AndroidWorkRequest(worker: "test.Periodic", kind: .periodic(interval: c.interval, flex: c.flex))
        device.workManager.enqueueUniqueWork("periodic", .replace, request)
        #expect(device.system.works.first?.request.kind == .periodic(interval: c.effectiveInterval, flex: c.effectiveFlex))
        let firstDelay = c.effectiveInterval - c.effectiveFlex
        #expect(device.records("work.enqueued").first?.detail("delayMillis") == String(firstDelay.milliseconds))

        try device.run(for: firstDelay + c.effectiveInterval + c.effectiveInterval + .seconds(1))
        let first = Device.defaultStart + firstDelay
        #expect(device.workStarts == [first, first + c.effectiveInterval, first + c.effectiveInterval + c.effectiveInterval])
        #expect(device.rules("work.enqueued") == ["A45"], "the minimums decided the period")
        // Was A45 on every periodDone: the next period is decided by A57 (counted from the last
        // run), the minimums only by the enqueue.
        #expect(device.rules("work.periodDone") == ["A57", "A57", "A57"])
        #expect(device.workManager.workStates("periodic") == [.enqueued], "periodic work ends only when cancelled")
    }

    @Test(
        "A45: a periodic request built without a flex has the raised interval as its flex: the first run is due at once",
        arguments: [SimDuration.minutes(10), .minutes(15), .hours(1)])
    func a45NoFlexIsTheInterval(interval: SimDuration) throws {
        // androidx PeriodicWorkTest.testBuild_setPeriodic_onlyIntervalDuration_outOfRange: a 15 min − 123 ms
        // interval becomes 15 min, and so does the flex (not 15 min − 5 min of the two-argument case).
        let device = Device()
        device.workManager.enqueueUniqueWork(
            "periodic", .replace, AndroidWorkRequest(worker: "test.Periodic", kind: .periodic(interval: interval, flex: nil)))
        let effective = max(interval, .minutes(15))
        #expect(device.system.works.first?.request.kind == .periodic(interval: effective, flex: effective))
        let enqueued = try #require(device.records("work.enqueued").first)
        #expect(enqueued.rule == "A45")
        #expect(enqueued.detail("delayMillis") == "0")
        #expect(enqueued.detail("flexMillis") == String(effective.milliseconds))
        try device.run(for: effective + .seconds(1))
        #expect(device.workStarts == [Device.defaultStart, Device.defaultStart + effective])
    }

    @Test("A43: a delegate factory's worker runs in the app's process instead of the app's doWork, under the same rules")
    func a43DelegateWorkerRunsInsteadOfTheApp() throws {
        let device = Device()
        device.system.killForMemory()
        var attempts: [Int] = []
        device.system.delegateWorkers[StringKey("other.Worker")] = { work in
            attempts.append(work.runAttemptCount)
            return AndroidWorkOutcome(attempts.count == 1 ? .retry : .success)
        }
        device.workManager.enqueueUniqueWork(
            "other", .replace, AndroidWorkRequest(worker: "other.Worker", kind: .oneTime(initialDelay: .minutes(1))))
        try device.run(for: .minutes(5))
        #expect(attempts == [0, 1])
        #expect(device.records("test.doWork").isEmpty, "the app's own doWork did not run")
        #expect(device.records("process.start").last?.detail("reason") == "job")
        #expect(device.rules("work.retry") == ["A46"])
        #expect(device.workManager.workStates("other") == [.succeeded])
    }

    @Test("A43: a delegate worker registered after the class ran as the app's runs from then on, and one removed stops")
    func a43DelegateWorkerRegisteredLaterTakesOver() throws {
        let device = Device()
        var delegated = 0
        func enqueue() {
            device.workManager.enqueueUniqueWork(
                "other", .replace, AndroidWorkRequest(worker: "other.Worker", kind: .oneTime(initialDelay: .minutes(1))))
        }
        enqueue()
        try device.run(for: .minutes(5))
        #expect(device.records("test.doWork").count == 1, "no delegate yet: the app's doWork ran")
        device.system.delegateWorkers[StringKey("other.Worker")] = { _ in
            delegated += 1
            return AndroidWorkOutcome(.success)
        }
        enqueue()
        try device.run(for: .minutes(5))
        #expect(delegated == 1 && device.records("test.doWork").count == 1, "the delegate ran, not the app")
        device.system.delegateWorkers = [:]
        enqueue()
        try device.run(for: .minutes(5))
        #expect(delegated == 1 && device.records("test.doWork").count == 2, "the delegate removed: the app's doWork ran")
    }

    // MARK: A57 — periodic work counts from the last run

    @Test("A57: periodic work counts each period from the end of the last run, not from the first run")
    func a57PeriodFromLastRun() throws {
        let device = Device()
        let request = AndroidWorkRequest(
            worker: "test.Periodic", kind: .periodic(interval: .hours(1), flex: .hours(1)),
            inputData: WorkScript.inputData(results: [.success], runTimes: [.minutes(7)]))
        device.workManager.enqueueUniqueWork("periodic", .replace, request)
        try device.run(for: .hours(3))
        let start = Device.defaultStart
        // First run at once (flex = interval), then one hour after each 7-minute run ended.
        #expect(device.workStarts == [start, start + .minutes(67), start + .minutes(134)])
        #expect(device.rules("work.periodDone") == ["A57", "A57", "A57"])
    }

    @Test(
        "A57: a periodic request's initial delay delays the first period only (androidx WorkSpecTest _withInitialDelay, _withInitialDelay_flex_firstRun)",
        arguments: [(SimDuration.hours(1), SimDuration.minutes(40)), (.hours(1), .hours(1))])
    func a57InitialDelayFirstPeriodOnly(interval: SimDuration, flex: SimDuration) throws {
        let device = Device()
        let request = AndroidWorkRequest(
            worker: "test.Periodic", kind: .periodic(interval: interval, flex: flex, initialDelay: .minutes(10)))
        device.workManager.enqueueUniqueWork("periodic", .replace, request)
        let first = Device.defaultStart + .minutes(10) + (interval - flex)
        #expect(device.records("work.enqueued").first?.detail("delayMillis") == String((first - Device.defaultStart).milliseconds))
        try device.run(until: first + interval + .seconds(1))
        #expect(device.workStarts == [first, first + interval], "the second period counts from the first run, with no initial delay")
        #expect(device.rules("work.periodDone") == ["A57", "A57"])
    }

    @Test("A57: a period held back by Doze moves the following periods with it (no catch-up to the first run's grid)")
    func a57LateRunMovesTheGrid() throws {
        let device = Device(parameters: .doze(spacing: [.hours(3)], jitterPercent: 0))
        let request = AndroidWorkRequest(worker: "test.Periodic", kind: .periodic(interval: .hours(1), flex: .hours(1)))
        device.workManager.enqueueUniqueWork("periodic", .replace, request)
        let start = Device.defaultStart
        try device.run(for: .minutes(1))
        device.system.setDeviceIdle(true)
        try device.run(until: start + .hours(3) + .minutes(2))
        device.system.setDeviceIdle(false)
        try device.run(until: start + .hours(5))
        let window = start + .minutes(1) + .hours(3)
        #expect(device.workStarts == [start, window, window + .hours(1)])
    }

    // MARK: A43 — RescheduleReceiver on TIME_SET and TIMEZONE_CHANGED

    @Test("A43: after TIME_SET WorkManager reschedules its jobs from the wall-clock next run time")
    func a43RescheduledOnTimeSet() throws {
        let device = Device()
        device.workManager.enqueueUniqueWork("later", .replace, TestApp.oneTimeWork(delay: .hours(6)))
        try device.run(for: .hours(1))
        // The clock jumps 10 hours ahead: the work's next run time (wall) has passed.
        device.system.setWallClock(toWallMillis: device.wallNow + 36_000_000, source: "manual")
        let rescheduled = device.records("work.rescheduled")
        #expect(rescheduled.map(\.rule) == ["A43"])
        #expect(rescheduled.first?.detail("trigger") == AndroidIntent.timeSet)
        try device.run(for: .minutes(1))
        #expect(device.workStarts == [Device.defaultStart + .hours(1)], "runs at once, not 5 h later")
    }

    @Test("A43: without the reschedule (a stopped app gets no TIME_SET) the job keeps its elapsed delay")
    func a43StoppedAppKeepsElapsedDelay() throws {
        let device = Device()
        device.workManager.enqueueUniqueWork("later", .replace, TestApp.oneTimeWork(delay: .hours(6)))
        try device.run(for: .hours(1))
        device.system.forceStop()
        device.system.setWallClock(toWallMillis: device.wallNow + 36_000_000, source: "manual")
        #expect(device.records("work.rescheduled").isEmpty)
        #expect(device.rules("broadcast.excluded") == ["A27"])
    }

    @Test("A43: TIMEZONE_CHANGED reschedules too; a zone change does not move the wall clock, so the run time stays")
    func a43RescheduledOnTimeZoneChange() throws {
        let device = Device()
        device.workManager.enqueueUniqueWork("later", .replace, TestApp.oneTimeWork(delay: .hours(6)))
        try device.run(for: .hours(1))
        device.system.setTimeZone(try #require(Zone(identifier: "Asia/Tokyo")))
        #expect(device.records("work.rescheduled").first?.detail("trigger") == AndroidIntent.timezoneChanged)
        try device.run(for: .hours(6))
        #expect(device.workStarts == [Device.defaultStart + .hours(6)])
    }

    // MARK: A46 — backoff

    struct BackoffCase: Sendable, CustomTestStringConvertible {
        var policy: AndroidWorkRequest.BackoffPolicy
        var base: SimDuration
        var delays: [SimDuration]
        var testDescription: String { "\(policy.rawValue) \(base) → \(delays.map(\.description))" }
    }

    @Test(
        "A46: retry backoff: exponential 30 s, 60 s, 120 s …, linear; clamped to [10 s, 5 h]",
        arguments: [
            BackoffCase(policy: .exponential, base: .seconds(30), delays: [.seconds(30), .seconds(60), .seconds(120), .seconds(240)]),
            BackoffCase(policy: .linear, base: .seconds(30), delays: [.seconds(30), .seconds(60), .seconds(90), .seconds(120)]),
            BackoffCase(policy: .exponential, base: .seconds(1), delays: [.seconds(10), .seconds(20), .seconds(40), .seconds(80)]),
            BackoffCase(policy: .linear, base: .seconds(1), delays: [.seconds(10), .seconds(20), .seconds(30), .seconds(40)]),
            BackoffCase(policy: .exponential, base: .hours(2), delays: [.hours(2), .hours(4), .hours(5), .hours(5)]),
            BackoffCase(policy: .linear, base: .hours(6), delays: [.hours(5), .hours(5), .hours(5), .hours(5)]),
        ])
    func a46RetryBackoff(_ c: BackoffCase) throws {
        let device = Device()
        device.workManager.enqueueUniqueWork(
            "sync", .replace,
            TestApp.oneTimeWork(
                results: [.retry, .retry, .retry, .retry, .success], backoffPolicy: c.policy, backoffDelay: c.base))
        try device.run(for: .days(1))

        let retries = device.records("work.retry")
        #expect(retries.map(\.rule) == ["A46", "A46", "A46", "A46"])
        #expect(retries.compactMap { $0.detail("backoffMillis") } == c.delays.map { String($0.milliseconds) })
        var expectedStarts = [Device.defaultStart]
        for delay in c.delays { expectedStarts.append(expectedStarts.last! + delay) }
        #expect(device.workStarts == expectedStarts)
        #expect(device.records("work.started").compactMap { $0.detail("attempt") } == ["1", "2", "3", "4", "5"])
        #expect(device.workManager.workStates("sync") == [.succeeded])
    }

    @Test("A46: the default request backs off exponentially from 30 s")
    func a46DefaultBackoff() throws {
        let request = AndroidWorkRequest(worker: "w", kind: .oneTime(initialDelay: .zero))
        #expect(request.backoffPolicy == .exponential)
        #expect(request.backoffDelay == .seconds(30))
    }

    // MARK: A47 — 10-minute limit

    @Test("A47: a worker running longer than 10 minutes is stopped at 10 minutes and retried")
    func a47TenMinuteLimit() throws {
        let device = Device()
        device.workManager.enqueueUniqueWork(
            "long", .replace, TestApp.oneTimeWork(results: [.success, .success], runTimes: [.minutes(15), .zero]))
        try device.run(for: .hours(1))

        let start = Device.defaultStart
        #expect(device.rules("work.willTimeOut") == ["A47"])
        let retry = try #require(device.records("work.retry").first)
        #expect(retry.time == start + .minutes(10), "stopped at 10 min, not at 15")
        #expect(retry.rule == "A46")
        #expect(device.workStarts == [start, start + .minutes(10) + .seconds(30)])
        #expect(device.records("work.succeeded").map(\.time) == [start + .minutes(10) + .seconds(30)])
        #expect(device.workManager.workStates("long") == [.succeeded])
    }

    @Test("A47: a worker that takes exactly 10 minutes is not stopped")
    func a47ExactlyTenMinutesIsAllowed() throws {
        let device = Device()
        device.workManager.enqueueUniqueWork("long", .replace, TestApp.oneTimeWork(runTimes: [.minutes(10)]))
        try device.run(for: .hours(1))
        #expect(device.records("work.willTimeOut").isEmpty)
        #expect(device.records("work.retry").isEmpty)
        #expect(device.records("work.succeeded").map(\.time) == [Device.defaultStart + .minutes(10)])
    }

    // MARK: A48 — constraints

    @Test("A48: a network-constrained job waits while the network is down and runs when it returns")
    func a48WaitsForNetwork() throws {
        let device = Device()
        device.system.setNetworkAvailable(false)
        device.workManager.enqueueUniqueWork("net", .replace, TestApp.oneTimeWork(requiresNetwork: true))
        device.workManager.enqueueUniqueWork("local", .replace, TestApp.oneTimeWork())
        try device.run(for: .hours(1))
        #expect(device.rules("job.waitingForNetwork") == ["A48"])
        #expect(device.workManager.workStates("net") == [.enqueued])
        #expect(device.workManager.workStates("local") == [.succeeded], "an unconstrained job runs offline")

        device.system.setNetworkAvailable(true)
        let up = device.now
        try device.run(for: .minutes(5))
        #expect(device.records("work.started").filter { $0.detail("name") == "net" }.map(\.time) == [up])
        #expect(device.workManager.workStates("net") == [.succeeded])
    }

    @Test("A48/A37: a network-constrained job in Doze runs only in a maintenance window with the network up")
    func a48DozeCountsAsNoNetwork() throws {
        let device = Device(parameters: .doze(spacing: [.hours(1)], jitterPercent: 0))
        let start = device.now
        device.system.setDeviceIdle(true)
        device.system.setNetworkAvailable(false)
        device.workManager.enqueueUniqueWork("net", .replace, TestApp.oneTimeWork(requiresNetwork: true))
        try device.run(for: .minutes(1))
        #expect(device.rules("job.deferred") == ["A37"])

        // The first window opens at +1 h with the network still down.
        try device.run(until: start + .minutes(90))
        #expect(device.windowOpens == [start + .hours(1)])
        #expect(device.rules("job.waitingForNetwork") == ["A48"])
        #expect(device.workStarts.isEmpty)

        // The network returns outside a window: Doze still suspends it until the next window.
        device.system.setNetworkAvailable(true)
        #expect(!device.context.hasUsableNetwork)
        try device.run(until: start + .minutes(90))
        #expect(device.rules("job.deferred") == ["A37", "A37"])
        #expect(device.workStarts.isEmpty)

        try device.run(until: start + .hours(3))
        let secondWindow = start + .hours(1) + .minutes(5) + .hours(1)
        #expect(device.windowOpens == [start + .hours(1), secondWindow])
        #expect(device.workStarts == [secondWindow])
        #expect(device.workManager.workStates("net") == [.succeeded])
    }
}
