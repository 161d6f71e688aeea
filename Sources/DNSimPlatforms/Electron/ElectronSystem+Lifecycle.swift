import DNSimCalendar
import DNSimCore

extension ElectronSystem {
    func startProcess(reason: ElectronLaunchReason, cause: Int32) {
        trace("electron.app", "process.start", rule: reason == .login ? .e2 : nil, cause: cause, [TraceDetail("reason", reason.rawValue)])
        process = App(build: build)
        wasOpenedAtLogin = reason == .login
        process?.didFinishLaunching(reason, context: context)
    }

    func endProcess(rule: OSRule) {
        guard process != nil else { return }
        let discarded = discardTimers()
        trace("electron.app", "process.ended", rule: rule, [TraceDetail("timersDiscarded", discarded)])
        process = nil
        wasOpenedAtLogin = false
    }

    /// The user opens the app. Ignored while the machine is off, asleep or at the login screen,
    /// and when the app already runs (`second-instance` is not modelled).
    public func launchApp() {
        guard isPoweredOn, isLoggedIn, !isAsleep else {
            trace("electron.app", "launch.ignored", [TraceDetail("why", !isPoweredOn ? "powered off" : !isLoggedIn ? "not logged in" : "asleep")])
            return
        }
        let record = trace("electron.app", "user.launch")
        if process != nil {
            trace("electron.app", "launch.alreadyRunning", cause: record)
            return
        }
        startProcess(reason: .user, cause: record)
    }

    /// The user quits the app: the process ends and every timer with it; nothing fires until the
    /// app runs again (E1). Files in userData stay.
    public func quitApp() {
        guard process != nil, !isAsleep else { return }
        trace("electron.app", "user.quit", rule: .e1)
        endProcess(rule: .e1)
    }

    /// The machine goes to sleep: the running app gets `suspend` first (E3, where supported), then
    /// no timer fires until ``wake()``.
    public func sleep() {
        guard isPoweredOn, !isAsleep else { return }
        if process != nil { deliverPowerEvent(.suspend) }
        isAsleep = true
        asleepSince = sim.now
        holdTimers()
        trace("electron.power", "system.suspend", rule: .e3, [TraceDetail("timersHeld", timers.count)])
    }

    /// The machine wakes: the running app gets `resume` (E3, where supported), then every timer
    /// that fell due during sleep fires, late.
    public func wake() {
        guard isAsleep else { return }
        let since = asleepSince ?? sim.now
        isAsleep = false
        asleepSince = nil
        trace("electron.power", "system.resume", rule: .e3, [TraceDetail("sleptMillis", (sim.now - since).milliseconds)])
        if process != nil { deliverPowerEvent(.resume) }
        releaseTimers(asleepSince: since)
        if loginAwaitsWake {
            loginAwaitsWake = false
            login()
        }
    }

    /// Whether `powerMonitor` emits suspend/resume on this platform (E3).
    public var deliversPowerEvents: Bool { profile.platform != .linux || parameters.resumeEventsOnLinux }

    private func deliverPowerEvent(_ event: ElectronPowerEvent) {
        guard deliversPowerEvents else {
            trace(
                "electron.power", "powerEvent.notDelivered", rule: .e3,
                [TraceDetail("event", event.rawValue), TraceDetail("why", "no powerMonitor \(event.rawValue) on this Linux build")])
            return
        }
        trace("electron.power", "powerEvent.delivered", rule: .e3, [TraceDetail("event", event.rawValue)])
        process?.powerEvent(event, context: context)
    }

    /// Restart the machine: the app process ends with its timers (E1); the machine is off for
    /// `offFor`, then waits at the login screen. Nothing starts until the user logs in (E2):
    /// after `loginAfter` more when given, otherwise when the scenario calls ``login()``.
    public func reboot(offFor: SimDuration, loginAfter: SimDuration? = nil) {
        guard isPoweredOn else { return }
        trace("electron.power", "device.shutdown")
        endProcess(rule: .e1)
        isAsleep = false
        asleepSince = nil
        loginAwaitsWake = false
        isPoweredOn = false
        isLoggedIn = false
        sim.schedule(.electron(.bootFinished), after: offFor, priority: .system)
        if let loginAfter { sim.schedule(.electron(.userLogin), after: offFor + loginAfter) }
    }

    func finishBoot() {
        isPoweredOn = true
        clock.boot(at: sim.now)
        trace("electron.power", "device.booted", rule: .e2, [TraceDetail("waiting", "login")])
    }

    /// The user logs in. The app starts if it is registered to open at login: the login item on
    /// macOS and Windows, the autostart entry on Linux (E2). Nobody logs in to a sleeping machine:
    /// a login asked for while it sleeps at the login screen happens when it wakes (E3).
    public func login() {
        guard isPoweredOn, !isLoggedIn else {
            trace("electron.login", "login.ignored", [TraceDetail("why", isPoweredOn ? "already logged in" : "powered off")])
            return
        }
        if isAsleep {
            loginAwaitsWake = true
            trace("electron.login", "login.awaitsWake", rule: .e3)
            return
        }
        isLoggedIn = true
        let mechanism = profile.platform.supportsLoginItemSettings ? "loginItem" : "autostartEntry"
        let record = trace(
            "electron.login", "user.login", rule: .e2,
            [TraceDetail("mechanism", mechanism), TraceDetail("startsApp", String(startsAtLogin))])
        guard process == nil else { return }
        if startsAtLogin {
            startProcess(reason: .login, cause: record)
        } else {
            let why =
                profile.platform.supportsLoginItemSettings
                ? "no login item (setLoginItemSettings openAtLogin false)" : "no autostart .desktop entry"
            trace("electron.login", "login.appNotStarted", rule: .e2, cause: record, [TraceDetail("why", why)])
        }
    }

    /// `app.setLoginItemSettings({openAtLogin})`: an OS setting on macOS and Windows; no effect on
    /// Linux (E2).
    func setLoginItemSettings(openAtLogin: Bool) {
        guard profile.platform.supportsLoginItemSettings else {
            trace("electron.login", "loginItem.unsupported", rule: .e2, [TraceDetail("openAtLogin", String(openAtLogin))])
            return
        }
        if loginItemOpenAtLogin != openAtLogin {
            trace("electron.login", "loginItem.set", rule: .e2, [TraceDetail("openAtLogin", String(openAtLogin))])
        }
        loginItemOpenAtLogin = openAtLogin
    }

    /// The user sets the login item in the OS settings (macOS, Windows), without the app (E2).
    public func setLoginItemByUser(openAtLogin: Bool) {
        guard profile.platform.supportsLoginItemSettings else { return }
        loginItemOpenAtLogin = openAtLogin
        trace("electron.login", "loginItem.setByUser", rule: .e2, [TraceDetail("openAtLogin", String(openAtLogin))])
    }

    /// The wall clock is set. Running timers keep their delay; the app is not told.
    public func setWallClock(toWallMillis wallMillis: Int64, source: String = "manual") {
        clock.setWallClock(to: wallMillis, at: sim.now)
        trace("electron.clock", "clock.set", [TraceDetail("source", source), TraceDetail("wallMillis", wallMillis)])
    }

    /// The machine's zone changes. Running timers keep their delay; the app is not told.
    public func setTimeZone(_ zone: Zone) {
        clock.setZone(zone)
        trace("electron.clock", "timezone.changed", [TraceDetail("zone", zone.identifier)])
    }

    /// The network goes up or down.
    public func setNetworkAvailable(_ available: Bool) {
        isNetworkAvailable = available
        trace("electron.network", available ? "network.up" : "network.down")
    }
}
