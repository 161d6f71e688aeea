import DNSimCalendar
import DNSimCore

extension IOSSystem {
    func startProcess(reason: IOSLaunchReason, cause: Int32) {
        trace("ios.app", "process.start", cause: cause, [TraceDetail("reason", reason.rawValue)])
        process = App(build: build)
        appState = reason == .backgroundTask ? .background : .foreground
        process?.didFinishLaunching(reason, context: context)
    }

    func killProcess(kind: String, rule: OSRule?) {
        guard process != nil else { return }
        trace("ios.app", kind, rule: rule)
        process = nil
        appState = .notRunning
        queuedTimeChanges.removeAll()
    }

    /// The user opens the app: a cold launch, or a warm resume of a suspended process.
    public func launchApp(reason: IOSLaunchReason = .user) {
        guard isPoweredOn else { return }
        let record = trace("ios.app", "user.launch")
        lastUserLaunch = sim.now
        if userForceQuit {
            userForceQuit = false
            trace("ios.app", "forceQuit.cleared", rule: .i18, cause: record)
            replanTasks()
        }
        if process == nil {
            startProcess(reason: reason, cause: record)
        } else {
            appState = .foreground
            deliverQueuedTimeChanges()
            process?.willEnterForeground(context: context)
        }
    }

    /// The user goes to the home screen; the app is suspended (I13 queues time changes).
    public func backgroundApp() {
        guard process != nil, appState == .foreground else { return }
        appState = .suspended
        trace("ios.app", "app.suspended")
    }

    /// The user swipes the app away in the app switcher: a force-quit (I18).
    public func forceQuit() {
        userForceQuit = true
        trace("ios.app", "user.forceQuit", rule: .i18)
        killProcess(kind: "process.killed", rule: .i18)
    }

    /// The system terminates the app for memory; not a force-quit (I19).
    public func terminateBySystem() {
        killProcess(kind: "process.terminatedBySystem", rule: .i19)
    }

    /// The user taps a delivered notification: the app launches or resumes (I6).
    public func tapNotification(identifier: String?) {
        guard isPoweredOn else { return }
        let tapped = identifier.flatMap { delivered.last(identifier: $0) } ?? delivered.last
        guard let tapped else {
            trace("ios.app", "tap.ignored", [TraceDetail("why", "nothing delivered")])
            return
        }
        delivered.removeAll(identifier: tapped.identifier)
        launchApp(reason: .notificationTap)
        trace("ios.notifications", "notification.tapped", rule: .i6, about: tapped.request)
        process?.didReceive(tapped.request, context: context)
    }

    /// Power off now, on after `offFor`. Pending requests survive (I10); nothing runs at boot (I22).
    public func reboot(offFor: SimDuration) {
        trace("ios.power", "device.shutdown", rule: .i10)
        killProcess(kind: "process.killed", rule: .i22)
        isPoweredOn = false
        offSince = sim.now
        if !parameters.timeIntervalSurvivesReboot {
            let lost = pending.entries.filter { if case .timeInterval(_, false) = $0.request.trigger { return true } else { return false } }
            removePending(identifiers: lost.map(\.request.identifier))
        }
        sim.schedule(.ios(.bootFinished), after: offFor, priority: .system)
    }

    func finishBoot() {
        isPoweredOn = true
        clock.boot(at: sim.now)
        trace("ios.power", "device.booted", rule: .i22)
        trace("ios.clock", "uptime.reset", rule: .t8, [TraceDetail("systemUptimeMillis", "0")])
        scheduleSignificantTimeChange()
        handleMissedWhileOff(offSince: offSince ?? sim.now)
        offSince = nil
        replanTasks()  // I19: pending requests survive; launches due while off are planned again
    }

    /// The user deletes and reinstalls the app: its pending and delivered notifications and its
    /// task requests are gone, its sandbox is wiped, and authorization starts over at
    /// notDetermined (I8).
    public func reinstallApp() {
        trace("ios.app", "app.reinstalled", rule: .i8)
        killProcess(kind: "process.killed", rule: nil)
        removePending(identifiers: pendingRequests.map(\.identifier))
        delivered.removeAll()
        for task in taskRequests.values { if let handle = task.launchEvent { sim.cancel(handle) } }
        taskRequests.removeAll()
        storage = App.emptyStorage()
        authorization = .notDetermined
        lastUserLaunch = nil
    }

    /// Fault injection on the app's stored data.
    public func injectStorageFault(_ body: (inout App.Storage) -> Void) {
        body(&storage)
        trace("ios.storage", "fault.storageCorrupted")
    }

    /// The app is updated: the process ends; pending requests survive (I10).
    public func updateApp() {
        trace("ios.app", "app.updated", rule: .i10)
        killProcess(kind: "process.killed", rule: nil)
    }

    /// The wall clock is set; triggers are re-evaluated and the app told if it runs (I13).
    public func setWallClock(toWallMillis wallMillis: Int64, source: String = "manual") {
        clock.setWallClock(to: wallMillis, at: sim.now)
        // The wall clock jumps; systemUptime does not (T8).
        trace("ios.clock", "clock.set", rule: .t8, [TraceDetail("source", source), TraceDetail("wallMillis", wallMillis)])
        recomputeCalendarTriggers()
        notifyTimeChange(.clock)
        scheduleSignificantTimeChange()
    }

    /// The device zone changes; floating calendar triggers follow it (I4, I13).
    public func setTimeZone(_ zone: Zone) {
        clock.setZone(zone)
        trace("ios.clock", "timezone.changed", rule: .i4, [TraceDetail("zone", zone.identifier)])
        recomputeCalendarTriggers()
        notifyTimeChange(.timeZone)
        scheduleSignificantTimeChange()
    }

    /// Low Power Mode on or off (I21).
    public func setLowPowerMode(_ on: Bool) {
        lowPowerMode = on
        trace("ios.power", "lowPowerMode.changed", rule: .i21, [TraceDetail("on", String(on))])
        if !on { replanTasks() }
    }

    /// The Background App Refresh switch (I20).
    public func setBackgroundAppRefresh(_ enabled: Bool) {
        backgroundAppRefreshEnabled = enabled
        trace("ios.settings", "backgroundAppRefresh.changed", rule: .i20, [TraceDetail("enabled", String(enabled))])
        if enabled { replanTasks() }
    }

    /// The network goes up or down.
    public func setNetworkAvailable(_ available: Bool) {
        isNetworkAvailable = available
        trace("ios.network", available ? "network.up" : "network.down")
    }

    private func notifyTimeChange(_ change: IOSTimeChange, why: String? = nil) {
        let details = [TraceDetail("change", change.rawValue)] + (why.map { [TraceDetail("why", $0)] } ?? [])
        switch appState {
        case .foreground, .background:
            trace("ios.app", "timeChange.delivered", rule: .i13, details)
            process?.timeChanged(change, context: context)
        case .suspended:
            trace("ios.app", "timeChange.queued", rule: .i13, details)
            if !queuedTimeChanges.contains(change) { queuedTimeChanges.append(change) }
        case .notRunning:
            trace("ios.app", "timeChange.notDelivered", rule: .i13, details)
        }
    }

    /// Queues the next significant time change (I13): the next local midnight on the device's
    /// wall clock, or the zone's next DST transition if that comes first.
    func scheduleSignificantTimeChange() {
        if let handle = significantTimeChangeEvent { sim.cancel(handle) }
        significantTimeChangeEvent = nil
        let wallNow = clock.wallInstant(at: sim.now)
        let tomorrow = clock.zone.localDateTime(at: wallNow).date.adding(days: 1)
        var next = clock.zone.instant(for: LocalDateTime(date: tomorrow, time: .midnight)).map {
            clock.trueInstant(forWallMillis: $0.millisecondsSinceEpoch)
        }
        if let transition = clock.zone.nextTransition(after: wallNow) {
            let due = clock.trueInstant(forWallMillis: transition.millisecondsSinceEpoch)
            next = min(next ?? due, due)
        }
        if let next, next > sim.now {
            significantTimeChangeEvent = sim.schedule(.ios(.significantTimeChange), at: next, priority: .system)
        }
    }

    /// Midnight or a DST transition on a running device: UIKit's significant time change (I13).
    func significantTimeChange() {
        significantTimeChangeEvent = nil
        guard isPoweredOn else { return }
        let wallNow = clock.wallInstant(at: sim.now)
        let dst = clock.zone.offsetSeconds(at: wallNow - .seconds(1)) != clock.zone.offsetSeconds(at: wallNow)
        notifyTimeChange(.significant, why: dst ? "DST transition" : "midnight")
        scheduleSignificantTimeChange()
    }

    func deliverQueuedTimeChanges() {
        let queued = queuedTimeChanges
        queuedTimeChanges.removeAll()
        for change in queued { process?.timeChanged(change, context: context) }
    }
}
