import DNSimCalendar
import DNSimCore
import DNSimPlatforms

/// One call the Electron model made into ``ElectronTestApp``.
struct ElectronAppCall: Equatable {
    /// Which entry point ran.
    enum Entry: Equatable {
        case didFinishLaunching(ElectronLaunchReason)
        case timerFired(String)
        case power(ElectronPowerEvent)
    }

    /// What ran.
    var entry: Entry
    /// The true simulation time of the call.
    var time: SimInstant
}

/// Collects every call the Electron model makes into the app, across process lifetimes.
final class ElectronCallRecorder: @unchecked Sendable {
    private(set) var calls: [ElectronAppCall] = []
    /// The simulator whose clock stamps the calls.
    weak var sim: Simulator<DeviceEvent>?
    /// The true simulation time now.
    var now: SimInstant { sim?.now ?? .epoch }

    func append(_ entry: ElectronAppCall.Entry) { calls.append(ElectronAppCall(entry: entry, time: now)) }

    /// Every entry point that ran, in order.
    var entries: [ElectronAppCall.Entry] { calls.map(\.entry) }
    /// Process starts, with their reasons.
    var launches: [ElectronLaunchReason] {
        calls.compactMap { if case .didFinishLaunching(let reason) = $0.entry { return reason } else { return nil } }
    }
    /// Timers that fired, with their times.
    var timerFires: [(tag: String, time: SimInstant)] {
        calls.compactMap { if case .timerFired(let tag) = $0.entry { return (tag, $0.time) } else { return nil } }
    }
    /// Power events that reached the app.
    var powerEvents: [ElectronPowerEvent] {
        calls.compactMap { if case .power(let event) = $0.entry { return event } else { return nil } }
    }
}

/// A minimal Electron app for pinning the model: it records every entry point the model calls.
final class ElectronTestApp: ElectronApplication {
    struct Storage: Sendable {
        var launches = 0
    }

    struct Build: Sendable {
        var recorder: ElectronCallRecorder
        /// Whether the Linux package installs an autostart entry.
        var autostartEntry = false
    }

    let build: Build

    init(build: Build) { self.build = build }

    static func emptyStorage() -> Storage { Storage() }

    static func linuxAutostartEntry(of build: Build) -> Bool { build.autostartEntry }

    func didFinishLaunching(_ reason: ElectronLaunchReason, context: ElectronContext<ElectronTestApp>) {
        context.withStorage { $0.launches += 1 }
        build.recorder.append(.didFinishLaunching(reason))
    }

    func timerFired(tag: String, context: ElectronContext<ElectronTestApp>) { build.recorder.append(.timerFired(tag)) }

    func powerEvent(_ event: ElectronPowerEvent, context: ElectronContext<ElectronTestApp>) { build.recorder.append(.power(event)) }
}

/// One simulated desktop with ``ElectronTestApp`` installed.
struct ElectronDevice {
    typealias System = ElectronSystem<ElectronTestApp>

    let sim: Simulator<DeviceEvent>
    let system: System
    let recorder: ElectronCallRecorder

    /// 2026-03-10T08:00:00Z, a Tuesday well away from DST.
    static let defaultStart = SimInstant(millisecondsSinceEpoch: 1_773_129_600_000)

    init(
        profile: String = "electron-macos",
        parameters: ElectronParameters = ElectronParameters(),
        zone: Zone = .utc,
        start: SimInstant = ElectronDevice.defaultStart,
        autostartEntry: Bool = false,
        launched: Bool = true
    ) {
        sim = Simulator(start: start, seed: 1, limits: SimulationLimits(maxEvents: 100_000))
        recorder = ElectronCallRecorder()
        recorder.sim = sim
        system = System(
            sim: sim, profile: ElectronDeviceProfile.named(profile)!, parameters: parameters, zone: zone,
            build: ElectronTestApp.Build(recorder: recorder, autostartEntry: autostartEntry))
        if launched { system.launchApp() }
    }

    var context: ElectronContext<ElectronTestApp> { system.context }
    var now: SimInstant { sim.now }

    /// Runs the desktop until `end`.
    func run(until end: SimInstant) throws {
        let system = self.system
        try sim.run(until: end) { _, event in
            if case .electron(let electronEvent) = event { system.handle(electronEvent) }
        }
    }

    /// Runs the desktop for `duration`.
    func run(for duration: SimDuration) throws { try run(until: sim.now + duration) }

    /// Sets a timer `delay` of wall time from now.
    @discardableResult
    func setTimer(_ tag: String, in delay: SimDuration) -> Int32 {
        context.setTimeout(at: context.now() + delay, tag: tag)
    }

    /// Trace records of a kind.
    func records(_ kind: String) -> [TraceRecord] { sim.trace.records(kind: kind) }

    /// The rule ids of the trace records of a kind.
    func rules(_ kind: String) -> [String?] { records(kind).map(\.rule) }
}

extension ElectronParameters {
    /// The defaults with changes applied.
    static func with(_ change: (inout ElectronParameters) -> Void) -> ElectronParameters {
        var parameters = ElectronParameters()
        change(&parameters)
        return parameters
    }
}
