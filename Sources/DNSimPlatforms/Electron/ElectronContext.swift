import DNSimCalendar
import DNSimCore

/// The app's view of the desktop: the main-process calls it could make in Electron and Node
/// (dnsim-host-ok: modelled, not read — `Date.now()`, `setTimeout`, `Notification`, `app.setLoginItemSettings`, `net.isOnline()`).
public struct ElectronContext<App: ElectronApplication> {
    /// The system, unowned and unchecked: a context and its ports are handed to app code for
    /// the length of one call and never outlive the system that made them (it owns the app),
    /// and `unowned(unsafe)` spares every OS call the run-time check of a safe unowned
    /// reference (Android device-year -2.5 % instructions, iOS -1.2 %).
    unowned(unsafe) let system: ElectronSystem<App>

    /// Calls `body` with the system, borrowed for the call: an `unowned(unsafe)` reference read
    /// for a call is retained and released around it, and app code makes OS calls on every
    /// event.
    @inline(__always)
    func withSystem<R>(_ body: (ElectronSystem<App>) throws -> R) rethrows -> R {
        try Unmanaged.passUnretained(system)._withUnsafeGuaranteedRef(body)
    }

    init(system: ElectronSystem<App>) { self.system = system }

    /// `Date.now()` as the app sees it: the simulated wall clock (dnsim-host-ok: modelled).
    public func now() -> SimInstant { withSystem { system in system.clock.wallInstant(at: system.sim.now) } }
    /// The machine's zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`).
    public var timeZone: Zone { withSystem { system in system.clock.zone } }
    /// `process.platform`.
    public var platform: ElectronDeviceProfile.Platform { withSystem { system in system.profile.platform } }
    /// `net.isOnline()`.
    public var isOnline: Bool { withSystem { system in system.isNetworkAvailable } }
    /// Electron's `net` module, through the machine's network.
    public var httpClient: HTTPClientPort {
        withSystem { system in
            HTTPClientPort(
                server: system.contentServer, now: system.sim.now, online: system.isNetworkAvailable, trace: system.sim.trace,
                streams: system.sim.random, cause: system.sim.trace.lastID)
        }
    }

    /// `setTimeout(callback, at − Date.now())` (dnsim-host-ok: modelled): the callback is
    /// ``ElectronApplication/timerFired(tag:context:)`` with `tag`. The delay is fixed when set
    /// (a later clock or zone change does not move it); a time already past fires at once; the
    /// timer dies with the process (E1) and is held during sleep (E3).
    ///
    /// - Returns: the timer id for ``clearTimeout(_:)``.
    @discardableResult
    public func setTimeout(at wall: SimInstant, tag: App.TimerTag) -> Int32 {
        withSystem { system in system.setTimeout(atWall: wall, tag: tag) }
    }

    /// `clearTimeout(id)`.
    public func clearTimeout(_ id: Int32) { withSystem { system in system.clearTimeout(id) } }

    /// `new Notification({title, body}).show()`: shown at once (E1). `userInfo` stands for data the
    /// app keeps with the notification (its click handler's closure).
    ///
    /// - Returns: whether it was shown (only a running process can show one).
    @discardableResult
    public func showNotification(title: String, body: String, userInfo: [StringPair] = []) -> Bool {
        withSystem { system in system.showNotification(title: title, body: body, userInfo: userInfo) }
    }

    /// `app.setLoginItemSettings({openAtLogin})` (E2; no effect on Linux).
    public func setLoginItemSettings(openAtLogin: Bool) {
        withSystem { system in system.setLoginItemSettings(openAtLogin: openAtLogin) }
    }

    /// `app.getLoginItemSettings()` (E2).
    public func getLoginItemSettings() -> ElectronLoginItemSettings {
        withSystem { system in
            ElectronLoginItemSettings(openAtLogin: system.startsAtLogin, wasOpenedAtLogin: system.wasOpenedAtLogin)
        }
    }

    /// Reads and writes the app's files in userData (they survive quit and reboot).
    public func withStorage<R>(_ body: (inout App.Storage) throws -> R) rethrows -> R {
        try withSystem { system in try body(&system.storage) }
    }

    /// Writes a line to the trace as the app (`console.log` to the app's log file).
    @discardableResult
    public func log(_ kind: String, _ details: @autoclosure () -> [TraceDetail] = []) -> Int32 {
        // A plugin line has no extras to stand for it: its summary is the whole line.
        withSystem { system in system.trace("plugin", kind, details(), summary: details()) }
    }

    /// Writes a line to the trace as the app, with the few of its `details` that the run's
    /// indexes read (in the same order, with the same values): a run that keeps no trace
    /// builds only those. `tag` is one of those values that the line may be counted by (a
    /// telemetry event's name): a run that only counts it builds none.
    @discardableResult
    public func log(
        _ kind: String, _ details: @autoclosure () -> [TraceDetail], summary: @autoclosure () -> [TraceDetail], tag: String? = nil
    ) -> Int32 {
        withSystem { system in system.trace("plugin", kind, details(), summary: summary(), tag: tag) }
    }
}
