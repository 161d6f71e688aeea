import DNSimCore

extension IOSSystem {
    /// `BGTaskScheduler.submit(_:)` (I14, I20): errors are values; the same identifier replaces.
    /// Identifiers are `NSString`s and compare by their code units (here their UTF-8 bytes).
    func submit(_ request: IOSBackgroundTaskRequest) throws(IOSBackgroundTaskError) {
        let details = [TraceDetail("identifier", request.identifier), TraceDetail("kind", request.kind.rawValue)]
        let permitted =
            delegateTaskHandlers[StringKey(request.identifier)] != nil
            || App.permittedTaskIdentifiers(of: build).contains { UTF8Bytes.equal($0, request.identifier) }
        guard permitted else {
            trace("ios.bgtask", "submit.failed", rule: .i20, details + [TraceDetail("error", "notPermitted")])
            throw .notPermitted
        }
        guard backgroundAppRefreshEnabled else {
            trace("ios.bgtask", "submit.failed", rule: .i20, details + [TraceDetail("error", "unavailable")])
            throw .unavailable
        }
        // The live requests are few (at most 1 refresh and 10 processing requests wait, I14).
        let waiting = taskRequests.values.filter { !$0.running }
        if let replaced = waiting.first(where: { UTF8Bytes.equal($0.request.identifier, request.identifier) }) {
            if let handle = replaced.launchEvent { sim.cancel(handle) }
            taskRequests.removeValue(forKey: replaced.serial)
            trace("ios.bgtask", "request.replaced", rule: .i14, details)
        }
        let limit = request.kind == .appRefresh ? 1 : 10
        if taskRequests.values.filter({ $0.request.kind == request.kind && !$0.running }).count >= limit {
            trace("ios.bgtask", "submit.failed", rule: .i14, details + [TraceDetail("error", "tooManyPendingTaskRequests")])
            throw .tooManyPendingTaskRequests
        }
        var entry = TaskRequest(serial: nextSerial, request: request, launchEvent: nil, running: false)
        nextSerial += 1
        let record = trace("ios.bgtask", "request.submitted", rule: .i15, details)
        entry.launchEvent = planLaunch(of: entry, cause: record)
        taskRequests.append(entry, for: entry.serial)
    }

    /// `BGTaskScheduler.cancel(taskRequestWithIdentifier:)`.
    func cancelTask(identifier: String) {
        let cancelled = taskRequests.values.filter { UTF8Bytes.equal($0.request.identifier, identifier) && !$0.running }
        for task in cancelled.reversed() {
            if let handle = task.launchEvent { sim.cancel(handle) }
            taskRequests.removeValue(forKey: task.serial)
        }
    }

    /// Pending task requests (`getPendingTaskRequests`).
    public var pendingTaskRequests: [IOSBackgroundTaskRequest] { taskRequests.values.filter { !$0.running }.map(\.request) }

    /// The system's discretion (I15): a seeded draw decides whether and how long after
    /// earliestBeginDate the task runs, less often when the user has not opened the app for a week.
    private func planLaunch(of entry: TaskRequest, cause: Int32) -> EventHandle? {
        var rng = sim.randomStream("ios.bgtask", Int64(entry.serial))
        let unused = lastUserLaunch.map { sim.now - $0 > .days(7) } ?? true
        // Usage shaping lowers the chance for an app the user has not opened in a week; it never raises it.
        let percent = unused
            ? min(parameters.refreshRunPercent, parameters.unusedAppRefreshRunPercent) : parameters.refreshRunPercent
        guard rng.chance(UInt64(max(0, percent)), in: 100) else {
            trace("ios.bgtask", "request.willNotRun", rule: .i15, cause: cause, [TraceDetail("identifier", entry.request.identifier)])
            return nil
        }
        let earliest = entry.request.earliestBeginDate.map { clock.trueInstant(forWallMillis: $0.millisecondsSinceEpoch) } ?? sim.now
        let span = max(0, (parameters.refreshDelayMax - parameters.refreshDelayMin).milliseconds)
        let delay = parameters.refreshDelayMin + .milliseconds(span > 0 ? rng.next(in: 0...span) : 0)
        return sim.schedule(.ios(.taskLaunch(serial: entry.serial)), at: max(sim.now, earliest) + delay, cause: cause)
    }

    /// The system launches a task, unless something forbids background launches now.
    func launchTask(serial: Int32) {
        guard let task = taskRequests[serial] else { return }
        taskRequests.update(serial) { $0.launchEvent = nil }
        let details = [TraceDetail("identifier", task.request.identifier)]
        if !isPoweredOn { return }
        if userForceQuit {
            trace("ios.bgtask", "launch.blocked", rule: .i18, details + [TraceDetail("why", "user force-quit")])
            return
        }
        if lowPowerMode || !backgroundAppRefreshEnabled {
            trace(
                "ios.bgtask", "launch.blocked", rule: lowPowerMode ? .i21 : .i20,
                details + [TraceDetail("why", lowPowerMode ? "Low Power Mode" : "Background App Refresh off")])
            return
        }
        taskRequests.update(serial) { $0.running = true }
        let record = trace("ios.bgtask", "task.launched", rule: .i15, details)
        if process == nil {
            startProcess(reason: .backgroundTask, cause: record)
        } else if appState == .suspended {
            appState = .background
            deliverQueuedTimeChanges()  // I13: queued until the app runs again
        }
        if appState != .foreground { appState = .background }
        guard let process else { return }
        // The launch handler registered for the identifier: a delegate's, else the app's own.
        let outcome =
            delegateTaskHandlers[StringKey(task.request.identifier)]?(task.request)
            ?? process.handleBackgroundTask(task.request, context: context)
        var budget = parameters.refreshBudget
        var rng = sim.randomStream("ios.bgtask.expiry", Int64(serial))
        if parameters.earlyExpiryPercent > 0, rng.chance(UInt64(parameters.earlyExpiryPercent), in: 100) {
            budget = SimDuration(milliseconds: budget.milliseconds / 2)
        }
        let expired = outcome.runTime > budget
        trace(
            "ios.bgtask", expired ? "task.willExpire" : "task.willComplete", rule: expired ? .i17 : .i16,
            details + [TraceDetail("success", String(outcome.success && !expired))])
        sim.schedule(.ios(.taskEnd(serial: serial)), after: expired ? budget : outcome.runTime, cause: record)
    }

    /// A task completes (or its expiration handler ran); the app is suspended again.
    func endTask(serial: Int32) {
        guard let task = taskRequests.removeValue(forKey: serial) else { return }
        trace("ios.bgtask", "task.ended", [TraceDetail("identifier", task.request.identifier)])
        if appState == .background { appState = .suspended }
    }

    /// Re-plans every pending task request (after Low Power Mode or Background App Refresh turns
    /// back on, or the user opens a force-quit app).
    func replanTasks() {
        taskRequests.updateEach { task in
            guard !task.running && task.launchEvent == nil else { return }
            task.launchEvent = planLaunch(of: task, cause: sim.trace.lastID)
        }
    }
}
