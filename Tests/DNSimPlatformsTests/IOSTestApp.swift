import DNSimCalendar
import DNSimCore
import DNSimPlatforms

/// One call the iOS model made into ``IOSTestApp``.
struct IOSAppCall: Equatable {
    /// Which entry point ran.
    enum Entry: Equatable {
        case didFinishLaunching(IOSLaunchReason)
        case willEnterForeground
        case backgroundTask(String)
        case willPresent(String)
        case didReceive(String)
        case timeChanged(IOSTimeChange)
    }

    /// What ran.
    var entry: Entry
    /// The true simulation time of the call.
    var time: SimInstant
}

/// Collects every call the iOS model makes into the app, across process lifetimes (each process
/// is a new ``IOSTestApp``). One recorder per test.
final class IOSCallRecorder: @unchecked Sendable {
    private(set) var calls: [IOSAppCall] = []
    /// The simulator whose clock stamps the calls.
    weak var sim: Simulator<DeviceEvent>?
    /// The true simulation time now.
    var now: SimInstant { sim?.now ?? .epoch }

    func append(_ entry: IOSAppCall.Entry) { calls.append(IOSAppCall(entry: entry, time: now)) }

    /// Every entry point that ran, in order.
    var entries: [IOSAppCall.Entry] { calls.map(\.entry) }
    /// Background task handlers that ran.
    var taskRuns: [IOSAppCall] { calls.filter { if case .backgroundTask = $0.entry { return true } else { return false } } }
    /// Cold launches, with their reasons.
    var launches: [IOSLaunchReason] {
        calls.compactMap { if case .didFinishLaunching(let reason) = $0.entry { return reason } else { return nil } }
    }
    /// Time changes that reached the app.
    var timeChanges: [IOSTimeChange] {
        calls.compactMap { if case .timeChanged(let change) = $0.entry { return change } else { return nil } }
    }
}

/// A minimal iOS app for pinning the model: it records every entry point the OS calls and ends
/// each background task after the run time its build says.
final class IOSTestApp: IOSApplication {
    struct Storage: Sendable {
        var launches = 0
    }

    struct Build: Sendable {
        var recorder: IOSCallRecorder
        /// BGTaskSchedulerPermittedIdentifiers.
        var permitted: [String]
        /// How long each background task handler works.
        var taskRunTime: SimDuration = .seconds(2)
    }

    let build: Build

    init(build: Build) { self.build = build }

    static func emptyStorage() -> Storage { Storage() }

    static func permittedTaskIdentifiers(of build: Build) -> [String] { build.permitted }

    func didFinishLaunching(_ reason: IOSLaunchReason, context: IOSContext<IOSTestApp>) {
        context.withStorage { $0.launches += 1 }
        build.recorder.append(.didFinishLaunching(reason))
    }

    func willEnterForeground(context: IOSContext<IOSTestApp>) { build.recorder.append(.willEnterForeground) }

    func handleBackgroundTask(_ request: IOSBackgroundTaskRequest, context: IOSContext<IOSTestApp>) -> IOSTaskOutcome {
        build.recorder.append(.backgroundTask(request.identifier))
        return IOSTaskOutcome(success: true, runTime: build.taskRunTime)
    }

    func willPresent(_ request: IOSNotificationRequest, context: IOSContext<IOSTestApp>) {
        build.recorder.append(.willPresent(request.identifier))
    }

    func didReceive(_ request: IOSNotificationRequest, context: IOSContext<IOSTestApp>) {
        build.recorder.append(.didReceive(request.identifier))
    }

    func timeChanged(_ change: IOSTimeChange, context: IOSContext<IOSTestApp>) {
        build.recorder.append(.timeChanged(change))
    }
}

/// One simulated iPhone with ``IOSTestApp`` installed.
struct IOSDevice {
    typealias System = IOSSystem<IOSTestApp>

    let sim: Simulator<DeviceEvent>
    let system: System
    let recorder: IOSCallRecorder

    /// 2026-03-10T08:00:00Z, a Tuesday well away from DST.
    static let defaultStart = SimInstant(millisecondsSinceEpoch: 1_773_129_600_000)

    /// The refresh identifier every test build permits.
    static let refreshID = "test.refresh"
    /// A second permitted refresh identifier.
    static let otherRefreshID = "test.refresh2"
    /// Permitted processing identifiers.
    static let processingIDs = (0..<11).map { "test.processing.\($0)" }

    init(
        parameters: IOSParameters = IOSParameters(),
        zone: Zone = .utc,
        start: SimInstant = IOSDevice.defaultStart,
        seed: UInt64 = 1,
        authorization: IOSAuthorizationStatus = .authorized,
        lowPowerMode: Bool = false,
        taskRunTime: SimDuration = .seconds(2),
        maxEvents: Int = 200_000,
        launched: Bool = true
    ) {
        sim = Simulator(start: start, seed: seed, limits: SimulationLimits(maxEvents: maxEvents))
        recorder = IOSCallRecorder()
        recorder.sim = sim
        system = System(
            sim: sim,
            profile: IOSDeviceProfile(osVersion: 17, name: lowPowerMode ? "ios-lpm" : "ios-default", lowPowerMode: lowPowerMode),
            parameters: parameters, zone: zone,
            build: IOSTestApp.Build(
                recorder: recorder, permitted: [Self.refreshID, Self.otherRefreshID] + Self.processingIDs,
                taskRunTime: taskRunTime),
            authorization: authorization)
        // The user has opened the app once (so BGTask discretion uses the "recently used" rate),
        // then left it for the home screen.
        if launched {
            system.launchApp()
            system.backgroundApp()
        }
    }

    var context: IOSContext<IOSTestApp> { system.context }
    var center: IOSNotificationCenterPort<IOSTestApp> { system.context.notificationCenter }
    var scheduler: IOSTaskSchedulerPort<IOSTestApp> { system.context.taskScheduler }
    var now: SimInstant { sim.now }

    /// Runs the device until `end`.
    func run(until end: SimInstant) throws {
        let system = self.system
        try sim.run(until: end) { _, event in
            if case .ios(let iosEvent) = event { system.handle(iosEvent) }
        }
    }

    /// Runs the device for `duration`.
    func run(for duration: SimDuration) throws { try run(until: sim.now + duration) }

    /// Adds a request and returns the completion handler's error.
    @discardableResult
    func add(_ request: IOSNotificationRequest) -> String? {
        var result: String?
        center.add(request) { result = $0 }
        return result
    }

    /// Identifiers of the pending requests, in the order they were added.
    var pendingIDs: [String] {
        var ids: [String] = []
        center.getPendingNotificationRequests { ids = $0.map(\.identifier) }
        return ids
    }

    /// Identifiers still in Notification Center.
    var deliveredIDs: [String] {
        var ids: [String] = []
        center.getDeliveredNotifications { ids = $0.map(\.identifier) }
        return ids
    }

    /// Pending background task requests.
    var pendingTasks: [IOSBackgroundTaskRequest] {
        var requests: [IOSBackgroundTaskRequest] = []
        scheduler.getPendingTaskRequests { requests = $0 }
        return requests
    }

    /// Submits a request and returns the error it threw, if any.
    @discardableResult
    func submit(_ identifier: String = IOSDevice.refreshID, kind: IOSBackgroundTaskRequest.Kind = .appRefresh, earliest: SimInstant?)
        -> IOSBackgroundTaskError?
    {
        do {
            try scheduler.submit(IOSBackgroundTaskRequest(identifier: identifier, kind: kind, earliestBeginDate: earliest))
            return nil
        } catch {
            return error
        }
    }

    /// Deliveries (shown or not) of a request, as true instants.
    func deliveryTimes(_ identifier: String) -> [SimInstant] {
        system.deliveryLog.filter { $0.request.identifier == identifier }.map(\.time)
    }

    /// Deliveries of a request as local date-times in `zone`.
    func deliveryLocalTimes(_ identifier: String, in zone: Zone) -> [String] {
        deliveryTimes(identifier).map { zone.localDateTime(at: $0).description }
    }

    /// Trace records of a kind.
    func records(_ kind: String) -> [TraceRecord] { sim.trace.records(kind: kind) }

    /// The rule ids of the trace records of a kind.
    func rules(_ kind: String) -> [String?] { records(kind).map(\.rule) }

    /// The identifiers named by the trace records of a kind.
    func identifiers(_ kind: String) -> [String] { records(kind).compactMap { $0.detail("identifier") } }
}

extension IOSNotificationRequest {
    /// A calendar request at `hour:minute` (every day unless `date` is given).
    static func calendar(
        _ identifier: String, date: String? = nil, hour: Int, minute: Int, timeZone: Zone? = nil, repeats: Bool
    ) -> IOSNotificationRequest {
        IOSNotificationRequest(
            identifier: identifier, title: "t", body: "b", userInfo: [],
            trigger: .calendar(
                IOSDateComponents(date: date.map { LocalDate(parsing: $0)! }, hour: hour, minute: minute),
                timeZone: timeZone, repeats: repeats))
    }

    /// A time-interval request.
    static func interval(_ identifier: String, seconds: Int64, repeats: Bool = false) -> IOSNotificationRequest {
        IOSNotificationRequest(
            identifier: identifier, title: "t", body: "b", userInfo: [],
            trigger: .timeInterval(seconds: seconds, repeats: repeats))
    }
}

extension IOSParameters {
    /// The defaults with changes applied.
    static func with(_ change: (inout IOSParameters) -> Void) -> IOSParameters {
        var parameters = IOSParameters()
        change(&parameters)
        return parameters
    }
}
