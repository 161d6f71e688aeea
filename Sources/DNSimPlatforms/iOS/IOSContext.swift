import DNSimCalendar
import DNSimCore

/// The app's view of iOS: the calls it could make on a phone, shaped after UserNotifications,
/// BackgroundTasks and Foundation (completion handlers are called before the call returns,
/// so runs stay deterministic).
public struct IOSContext<App: IOSApplication> {
    /// The system, unowned and unchecked: a context and its ports are handed to app code for
    /// the length of one call and never outlive the system that made them (it owns the app),
    /// and `unowned(unsafe)` spares every OS call the run-time check of a safe unowned
    /// reference (Android device-year -2.5 % instructions, iOS -1.2 %).
    unowned(unsafe) let system: IOSSystem<App>

    /// Calls `body` with the system, borrowed for the call: an `unowned(unsafe)` reference read
    /// for a call is retained and released around it, and app code makes OS calls on every
    /// event.
    @inline(__always)
    func withSystem<R>(_ body: (IOSSystem<App>) throws -> R) rethrows -> R {
        try Unmanaged.passUnretained(system)._withUnsafeGuaranteedRef(body)
    }

    init(system: IOSSystem<App>) { self.system = system }

    /// `Date()` as the app sees it: the simulated wall clock (dnsim-host-ok: modelled, not read).
    public func now() -> SimInstant { withSystem { system in system.clock.wallInstant(at: system.sim.now) } }
    /// `TimeZone.current` as the app sees it: the simulated zone (dnsim-host-ok: modelled, not read).
    public var timeZone: Zone { withSystem { system in system.clock.zone } }
    /// `ProcessInfo.processInfo.systemUptime` in ms: restarts at every boot (T8).
    public var systemUptimeMillis: Int64 { withSystem { system in system.clock.elapsedRealtime(at: system.sim.now) } }
    /// `UNUserNotificationCenter.current()`.
    public var notificationCenter: IOSNotificationCenterPort<App> { IOSNotificationCenterPort(system: system) }
    /// `BGTaskScheduler.shared`.
    public var taskScheduler: IOSTaskSchedulerPort<App> { IOSTaskSchedulerPort(system: system) }
    /// `UIApplication.shared.backgroundRefreshStatus == .available` (Low Power Mode also turns it off, I21).
    public var backgroundRefreshAvailable: Bool {
        withSystem { system in system.backgroundAppRefreshEnabled && !system.lowPowerMode }
    }
    /// Whether the app is in the foreground.
    public var isInForeground: Bool { withSystem { system in system.appState == .foreground } }
    /// Whether `NWPathMonitor` reports a usable path.
    public var hasNetwork: Bool { withSystem { system in system.isNetworkAvailable } }

    /// `URLSession`, through the device's network.
    public var httpClient: HTTPClientPort {
        withSystem { system in
            HTTPClientPort(
                server: system.contentServer, now: system.sim.now, online: system.isNetworkAvailable, trace: system.sim.trace,
                streams: system.sim.random, cause: system.sim.trace.lastID)
        }
    }

    /// Reads and writes the app's sandbox data.
    public func withStorage<R>(_ body: (inout App.Storage) throws -> R) rethrows -> R {
        try withSystem { system in try body(&system.storage) }
    }

    /// Writes a line to the trace as the app (`os_log`).
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

    /// Writes a line to the trace as the app, naming the time-library fact (`T1`…`T8`) whose
    /// arithmetic decided the instants the app just computed.
    @discardableResult
    public func log(_ kind: String, decidedBy rule: OSRule?, _ details: @autoclosure () -> [TraceDetail] = []) -> Int32 {
        withSystem { system in system.trace("plugin", kind, rule: rule, details(), summary: details()) }
    }
}

/// The `UNUserNotificationCenter` calls available to the app.
public struct IOSNotificationCenterPort<App: IOSApplication> {
    /// The system (unowned and unchecked, as in the context).
    unowned(unsafe) let system: IOSSystem<App>

    /// Calls `body` with the system, borrowed for the call: an `unowned(unsafe)` reference read
    /// for a call is retained and released around it, and app code makes OS calls on every
    /// event.
    @inline(__always)
    func withSystem<R>(_ body: (IOSSystem<App>) throws -> R) rethrows -> R {
        try Unmanaged.passUnretained(system)._withUnsafeGuaranteedRef(body)
    }

    /// `add(_:withCompletionHandler:)`: the handler gets an error message or `nil`.
    public func add(_ request: IOSNotificationRequest, withCompletionHandler handler: (String?) -> Void = { _ in }) {
        withSystem { system in handler(system.add(request)) }
    }

    /// `getPendingNotificationRequests(completionHandler:)`.
    public func getPendingNotificationRequests(completionHandler: ([IOSNotificationRequest]) -> Void) {
        withSystem { system in completionHandler(system.pendingRequests) }
    }

    /// `getDeliveredNotifications(completionHandler:)`: what is still in Notification Center (I9).
    public func getDeliveredNotifications(completionHandler: ([IOSNotificationRequest]) -> Void) {
        withSystem { system in completionHandler(system.delivered.entries.map(\.request)) }
    }

    /// `removePendingNotificationRequests(withIdentifiers:)`.
    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        withSystem { system in system.removePending(identifiers: identifiers) }
    }

    /// `removeAllPendingNotificationRequests()`.
    public func removeAllPendingNotificationRequests() {
        withSystem { system in system.removePending(identifiers: system.pendingRequests.map(\.identifier)) }
    }

    /// `getNotificationSettings(completionHandler:)`, reduced to the authorization status.
    public func getNotificationSettings(completionHandler: (IOSAuthorizationStatus) -> Void) {
        withSystem { system in completionHandler(system.authorization) }
    }
}

/// The `BGTaskScheduler` calls available to the app.
public struct IOSTaskSchedulerPort<App: IOSApplication> {
    /// The system (unowned and unchecked, as in the context).
    unowned(unsafe) let system: IOSSystem<App>

    /// Calls `body` with the system, borrowed for the call: an `unowned(unsafe)` reference read
    /// for a call is retained and released around it, and app code makes OS calls on every
    /// event.
    @inline(__always)
    func withSystem<R>(_ body: (IOSSystem<App>) throws -> R) rethrows -> R {
        try Unmanaged.passUnretained(system)._withUnsafeGuaranteedRef(body)
    }

    /// `submit(_:)` (I14, I20).
    public func submit(_ request: IOSBackgroundTaskRequest) throws(IOSBackgroundTaskError) {
        try system.submit(request)
    }

    /// `cancel(taskRequestWithIdentifier:)`.
    public func cancel(taskRequestWithIdentifier identifier: String) {
        withSystem { system in system.cancelTask(identifier: identifier) }
    }

    /// `getPendingTaskRequests(completionHandler:)`.
    public func getPendingTaskRequests(completionHandler: ([IOSBackgroundTaskRequest]) -> Void) {
        withSystem { system in completionHandler(system.pendingTaskRequests) }
    }
}
