import DNSimCore

extension AndroidSystem {
    /// `WorkManager.enqueueUniqueWork(name, policy, request)`: stores the work in WorkManager's
    /// database (A43) and schedules its job.
    func enqueueUniqueWork(_ name: String, policy: AndroidExistingWorkPolicy, request: AndroidWorkRequest) {
        if let index = workDatabase.liveIndex(named: name) {
            if policy == .keep {
                trace("android.work", "work.kept", [TraceDetail("name", name)])
                return
            }
            cancelWork(at: index, kind: "work.replaced")
        }
        // A43 (androidx EnqueueRunnable): REPLACE, or KEEP with nothing of the name enqueued or
        // running, deletes the name's earlier records, all finished or cancelled by now.
        workDatabase.deleteRecords(named: name)
        var request = request
        var delay = SimDuration.zero
        switch request.kind {
        case .oneTime(let initialDelay):
            delay = max(.zero, initialDelay)
        case .periodic(let interval, let flex, let initialDelay):
            // A45: the interval is raised to 15 min and the flex to 5 min (and at most the interval);
            // without a flex the flex is the raised interval (`WorkSpec.setPeriodic(interval)`).
            let clampedInterval = max(interval, .minutes(15))
            let clampedFlex = min(max(flex ?? clampedInterval, .minutes(5)), clampedInterval)
            request.kind = .periodic(interval: clampedInterval, flex: clampedFlex, initialDelay: max(.zero, initialDelay))
            // A57: the first run waits the initial delay plus (interval − flex).
            delay = max(.zero, initialDelay) + clampedInterval - clampedFlex
        }
        var period: [TraceDetail] = []
        if case .periodic(let interval, let flex, _) = request.kind {
            period = [TraceDetail("intervalMillis", interval.milliseconds), TraceDetail("flexMillis", (flex ?? interval).milliseconds)]
        }
        trace(
            "android.work", "work.enqueued", rule: period.isEmpty ? .a43 : .a45,
            [
                TraceDetail("name", name), TraceDetail("worker", request.worker),
                TraceDetail("delayMillis", delay.milliseconds),
                TraceDetail("requiresNetwork", String(request.requiresNetwork)),
            ] + period, extras: request.inputData)
        let wallNow = clock.wallMillis(at: sim.now)
        let index = workDatabase.append(
            AndroidWork(
                serial: nextWorkSerial, name: name, request: request, state: .enqueued, runAttemptCount: 0,
                lastEnqueueWallMillis: wallNow, nextRunWallMillis: wallNow + delay.milliseconds, earliestRun: sim.now + delay,
                jobScheduled: false, dueEvent: nil, pendingOutcome: nil))
        nextWorkSerial += 1
        scheduleJob(at: index)
    }

    /// `WorkManager.cancelUniqueWork(name)`: the name's live item, enqueued or running, is
    /// cancelled; a running worker is stopped and its result goes nowhere (androidx
    /// `CancelWorkRunnable` cancels every unfinished WorkSpec of the name, then
    /// `Processor.stopAndCancelWork`).
    func cancelUniqueWork(_ name: String) {
        if let index = workDatabase.liveIndex(named: name) {
            cancelWork(at: index, kind: "work.cancelled")
        }
    }

    private func cancelWork(at index: Int, kind: String) {
        let name = workDatabase.update(at: index) { work -> String in
            if let handle = work.dueEvent { sim.cancel(handle) }
            work.state = .cancelled
            work.jobScheduled = false
            work.dueEvent = nil
            return work.name
        }
        trace("android.work", kind, [TraceDetail("name", name)])
    }

    private func scheduleJob(at index: Int) {
        guard !isStopped, isPoweredOn else { return }
        workDatabase.update(at: index) { work in
            if let handle = work.dueEvent { sim.cancel(handle) }
            work.jobScheduled = true
            work.dueEvent = sim.schedule(.android(.workDue(serial: work.serial)), at: max(sim.now, work.earliestRun))
        }
    }

    /// WorkManager (re)schedules the job of the work at `index`: the delay is its next run time
    /// on the wall clock minus the wall clock now (`WorkSpec.calculateNextRunTime`), so a clock
    /// change since the work was enqueued moves the job only when WorkManager reschedules it.
    private func planJob(at index: Int) {
        let wallNow = clock.wallMillis(at: sim.now)
        workDatabase.update(at: index) { work in
            work.earliestRun = sim.now + .milliseconds(max(0, work.nextRunWallMillis - wallNow))
        }
        scheduleJob(at: index)
    }

    /// Re-checks every scheduled job (Doze, network, bucket or charging changed).
    func requeueAllWork() {
        for index in workDatabase.liveIndices where workDatabase[index].state == .enqueued && workDatabase[index].jobScheduled {
            scheduleJob(at: index)
        }
    }

    /// Removes the OS's jobs for the app; the work stays in WorkManager's database (A26, A44, A1).
    /// Work that was running is interrupted and goes back to enqueued, to be rescheduled.
    func dropAllJobs(rule: OSRule) {
        // Only live work holds a job.
        for index in workDatabase.liveIndices where workDatabase[index].jobScheduled {
            let name = workDatabase.update(at: index) { work -> String in
                if let handle = work.dueEvent { sim.cancel(handle) }
                work.jobScheduled = false
                work.dueEvent = nil
                if work.state == .running {
                    work.state = .enqueued
                    work.pendingOutcome = nil
                }
                return work.name
            }
            trace("android.work", "job.removed", rule: rule, [TraceDetail("name", name)])
        }
    }

    /// The process died while workers ran (memory, swipe, revoke): nothing scheduled is removed
    /// (A31), so JobScheduler runs the interrupted work again.
    func interruptRunningWork() {
        for index in workDatabase.liveIndices where workDatabase[index].state == .running {
            let name = workDatabase.update(at: index) { work -> String in
                if let handle = work.dueEvent { sim.cancel(handle) }
                work.state = .enqueued
                work.pendingOutcome = nil
                return work.name
            }
            trace("android.work", "work.interrupted", rule: .a31, [TraceDetail("name", name)])
            scheduleJob(at: index)
        }
    }

    /// WorkManager opened its database in a new process: its `CleanupCallback` deletes the
    /// finished and cancelled work last enqueued more than a day ago on the wall clock (A43).
    func openWorkDatabase() {
        workDatabase.pruneFinished(lastEnqueuedBefore: clock.wallMillis(at: sim.now) - SimDuration.days(1).milliseconds)
    }

    /// WorkManager re-creates missing jobs from its database (at app start after a force stop,
    /// A44; at BOOT_COMPLETED, A43). Running work interrupted by the stop is re-enqueued.
    func rescheduleWorkFromDatabase(rule: OSRule) {
        for index in workDatabase.liveIndices where !workDatabase[index].jobScheduled {
            let name = workDatabase.update(at: index) { work -> String in
                work.state = .enqueued
                work.pendingOutcome = nil
                return work.name
            }
            trace("android.work", "work.rescheduled", rule: rule, [TraceDetail("name", name)])
            planJob(at: index)
        }
    }

    /// WorkManager's RescheduleReceiver got TIME_SET or TIMEZONE_CHANGED (A43): every enqueued
    /// work item's job is cancelled and scheduled again from its next run time on the new wall
    /// clock.
    func rescheduleWorkAfterTimeChange(action: String) {
        for index in workDatabase.liveIndices where workDatabase[index].state == .enqueued {
            trace(
                "android.work", "work.rescheduled", rule: .a43,
                [TraceDetail("name", workDatabase[index].name), TraceDetail("trigger", action)])
            planJob(at: index)
        }
    }

    /// Whether some work is enqueued (WorkManager's RescheduleReceiver is enabled, A43).
    var hasEnqueuedWork: Bool { workDatabase.liveIndices.contains { workDatabase[$0].state == .enqueued } }

    /// Whether some enqueued work has no job (WorkManager's RescheduleReceiver has work to do, A43).
    var hasEnqueuedWorkWithoutJob: Bool {
        workDatabase.liveIndices.contains { workDatabase[$0].state == .enqueued && !workDatabase[$0].jobScheduled }
    }

    func workDue(serial: Int32) {
        guard var index = workDatabase.index(ofSerial: serial), workDatabase[index].state == .enqueued else { return }
        workDatabase.update(at: index) { $0.dueEvent = nil }
        let name = workDatabase[index].name
        if doze.isRestricting {
            if let window = doze.nextWindowStart {
                workDatabase.update(at: index) { $0.dueEvent = sim.schedule(.android(.workDue(serial: serial)), at: window) }
            }
            trace("android.work", "job.deferred", rule: .a37, [TraceDetail("name", name), TraceDetail("why", "Doze")])
            return
        }
        if batterySaverHoldsJob(named: name) {
            // A60: waits until battery saver ends or the app comes to the foreground (both re-check).
            trace("android.work", "job.deferred", rule: .a60, [TraceDetail("name", name), TraceDetail("why", "battery saver")])
            return
        }
        if backgroundRestrictionHoldsJobs {
            // A62: waits until the restriction is lifted or the app comes to the foreground.
            trace("android.work", "job.deferred", rule: .a62, [TraceDetail("name", name), TraceDetail("why", "background restricted")])
            return
        }
        if workDatabase[index].request.requiresNetwork && !hasUsableNetwork {
            // A48: waits until the constraint is met; a network change re-checks it.
            trace("android.work", "job.waitingForNetwork", rule: .a48, [TraceDetail("name", name)])
            return
        }
        if !doze.isCharging, let spacing = standbyBucket.jobSpacing, let last = lastJobRun, sim.now < last + spacing {
            workDatabase.update(at: index) { $0.dueEvent = sim.schedule(.android(.workDue(serial: serial)), at: last + spacing) }
            trace(
                "android.work", "job.deferred", rule: .a40,
                [TraceDetail("name", name), TraceDetail("why", "standby bucket \(standbyBucket.rawValue) job quota")])
            return
        }
        lastJobRun = sim.now
        workDatabase.update(at: index) { $0.state = .running }
        let record = trace(
            "android.work", "work.started",
            [TraceDetail("name", name), TraceDetail("attempt", workDatabase[index].runAttemptCount + 1)], tag: name)
        ensureProcess(reason: "job", cause: record)
        guard let process else { return }
        // Starting the process ran app code, which may have cancelled or replaced this work:
        // WorkManager's WorkerWrapper runs a worker only while its record is there and current.
        guard let current = workDatabase.index(ofSerial: serial), workDatabase[current].state == .running else { return }
        index = current
        // The worker is created by class name: a delegate factory's worker, else the app's own.
        let work = workDatabase[index]
        let outcome = delegateWorker(for: work.request.worker)?(work) ?? process.doWork(work, context: context)
        // The worker may have enqueued work too (indexes may have moved) or cancelled or replaced
        // its own (its result goes nowhere).
        guard let current = workDatabase.index(ofSerial: serial), workDatabase[current].state == .running else { return }
        index = current
        let limit = SimDuration.minutes(10)
        if outcome.runTime > limit {
            workDatabase.update(at: index) { work in
                work.pendingOutcome = AndroidWorkOutcome(.retry, runTime: limit)
                work.dueEvent = sim.schedule(.android(.workFinished(serial: serial)), after: limit)
            }
            trace("android.work", "work.willTimeOut", rule: .a47, [TraceDetail("name", name)])
        } else {
            workDatabase.update(at: index) { work in
                work.pendingOutcome = outcome
                work.dueEvent = sim.schedule(.android(.workFinished(serial: serial)), after: outcome.runTime)
            }
        }
    }

    /// The delegate worker of the class `worker` (``delegateWorkers``), if one is registered.
    func delegateWorker(for worker: String) -> ((AndroidWork) -> AndroidWorkOutcome)? {
        // Equal bits are equal text; the name held here keeps its buffer from being reused.
        if let last = lastDelegateLookup, let bits = UTF8Bytes.representation(of: worker),
            UTF8Bytes.representation(of: last.worker).map({ $0 == bits }) == true
        {
            return last.delegate
        }
        let delegate = delegateWorkers[StringKey(worker)]
        lastDelegateLookup = (worker, delegate)
        return delegate
    }

    func workFinished(serial: Int32) {
        guard let index = workDatabase.index(ofSerial: serial), workDatabase[index].state == .running,
            let outcome = workDatabase[index].pendingOutcome
        else { return }
        workDatabase.update(at: index) { work in
            work.pendingOutcome = nil
            work.dueEvent = nil
        }
        let name = workDatabase[index].name
        switch (outcome.result, workDatabase[index].request.kind) {
        case (.success, .oneTime):
            workDatabase.update(at: index) { work in
                work.state = .succeeded
                work.jobScheduled = false
            }
            trace("android.work", "work.succeeded", [TraceDetail("name", name)])
        case (.failure, .oneTime):
            workDatabase.update(at: index) { work in
                work.state = .failed
                work.jobScheduled = false
            }
            trace("android.work", "work.failed", [TraceDetail("name", name)])
        case (.success, .periodic(let interval, _, _)), (.failure, .periodic(let interval, _, _)):
            // A57: the next period counts from the end of this run (the work's new enqueue time),
            // not from the first run; the flex applies to the first period only.
            let wallNow = clock.wallMillis(at: sim.now)
            let next = workDatabase.update(at: index) { work -> Int64 in
                work.state = .enqueued
                work.runAttemptCount = 0
                work.lastEnqueueWallMillis = wallNow
                work.nextRunWallMillis = wallNow + interval.milliseconds
                return work.nextRunWallMillis
            }
            trace(
                "android.work", "work.periodDone", rule: .a57,
                [TraceDetail("name", name), TraceDetail("nextRunWallMillis", next)])
            planJob(at: index)
        case (.retry, _):
            let wallNow = clock.wallMillis(at: sim.now)
            let delay = workDatabase.update(at: index) { work -> SimDuration in
                work.state = .enqueued
                work.runAttemptCount += 1
                work.lastEnqueueWallMillis = wallNow
                let delay = backoff(for: work)
                work.nextRunWallMillis = wallNow + delay.milliseconds
                return delay
            }
            trace(
                "android.work", "work.retry", rule: .a46,
                [TraceDetail("name", name), TraceDetail("backoffMillis", delay.milliseconds)])
            planJob(at: index)
        }
    }

    /// A46: exponential or linear from the base, clamped to [10 s, 5 h].
    private func backoff(for work: AndroidWork) -> SimDuration {
        let base = min(max(work.request.backoffDelay, .seconds(10)), .hours(5))
        let attempt = Int64(max(1, work.runAttemptCount))
        var delay: Int64
        switch work.request.backoffPolicy {
        case .linear: delay = base.milliseconds * attempt
        case .exponential: delay = base.milliseconds << min(attempt - 1, 30)
        }
        delay = min(max(delay, 10_000), SimDuration.hours(5).milliseconds)
        return .milliseconds(delay)
    }
}
