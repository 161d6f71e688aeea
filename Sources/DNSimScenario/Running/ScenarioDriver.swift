import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// What every platform's world shares: the engine set up for a scenario, and the loop that feeds
/// the scenario's steps in as scripted input between the OS model's own events.
struct ScenarioDriver {
    let scenario: Scenario
    let sim: Simulator<DeviceEvent>
    /// The plugin's content server for this run.
    let server: ContentServer
    /// What the world records as the run goes.
    let ledger: RunLedger
    /// What the result needs from the trace, indexed as records are written.
    let index: RunIndex

    /// Creates the engine for `scenario`: its seed, its start, and a horizon a day past its end.
    /// `removalKinds` are the platform's trace kinds that mean "the OS dropped an armed
    /// occurrence" (they name the slot, or none when everything went).
    init(scenario: Scenario, options: RunOptions, removalKinds: Set<String>) {
        self.scenario = scenario
        let limits = SimulationLimits(maxEvents: options.maxEvents, horizon: scenario.endInstant + .days(1))
        sim = Simulator(
            start: scenario.startInstant, seed: scenario.seed, limits: limits, traceEnabled: options.keepTrace,
            traceDigest: options.scope == .full)
        server = ContentServer(parameters: scenario.server, zone: scenario.zone, start: scenario.startInstant)
        ledger = RunLedger(scenario: scenario, trace: sim.trace)
        let index = RunIndex(removalKinds: removalKinds, indexesDecisions: options.scope == .full)
        sim.trace.observer = index
        self.index = index
    }

    /// Applies a step that acts on the environment rather than on the device; returns whether
    /// it was one.
    func applyEnvironmentStep(_ action: ScenarioAction) -> Bool {
        switch action {
        case .publishContent:
            server.publish(at: sim.now)
            sim.trace.record(
                at: sim.now, subsystem: "network", kind: "content.published", cause: sim.trace.lastID,
                details: [TraceDetail("version", server.version(at: sim.now))])
            return true
        case .setServerFault(let name):
            server.setFault(ContentServer.Fault(rawValue: name) ?? .none)
            sim.trace.record(
                at: sim.now, subsystem: "network", kind: "server.fault", cause: sim.trace.lastID,
                details: [TraceDetail("fault", name)])
            return true
        default:
            return false
        }
    }

    /// Runs to the scenario's end: each step goes to `apply` (after a `step` trace record), every
    /// other event to `handle`.
    func run(apply: (ScenarioStep) -> Void, handle: (DeviceEvent) -> Void) throws {
        sim.trace.record(
            at: sim.now, subsystem: "scenario", kind: "run.start", cause: -1,
            details: [
                TraceDetail("scenario", scenario.id), TraceDetail("profile", scenario.policy.name),
                TraceDetail("seed", String(scenario.seed)),
            ])
        for (index, step) in scenario.steps.enumerated() {
            sim.schedule(.input(Int32(index)), at: step.at, priority: .input, cause: -1)
        }
        try sim.run(until: scenario.endInstant) { sim, event in
            if case .input(let index) = event {
                let step = scenario.steps[Int(index)]
                sim.trace.record(
                    at: sim.now, subsystem: "scenario", kind: "step", cause: -1,
                    details: [TraceDetail("action", step.action.name), TraceDetail("pointer", step.pointer.description)])
                apply(step)
            } else {
                handle(event)
            }
        }
        sim.trace.record(at: sim.now, subsystem: "scenario", kind: "run.end", cause: -1)
    }

    /// Applies a clock or zone step to `device` and records it in the ledger; returns whether the
    /// step was one. A local time in a gap or fold resolves by the default policies.
    func applyTimeStep(_ action: ScenarioAction, on device: some DeviceTimeSettings) -> Bool {
        switch action {
        case .setClock(let change, let source):
            let wallMillis: Int64
            switch change {
            case .shift(let amount): wallMillis = device.clock.wallMillis(at: sim.now) + amount.milliseconds
            case .to(let local):
                wallMillis = (device.clock.zone.instant(for: local) ?? device.clock.wallInstant(at: sim.now)).millisecondsSinceEpoch
            }
            device.setWallClock(toWallMillis: wallMillis, source: source)
            ledger.clockChanged(offset: device.clock.wallOffset, at: sim.now)
            return true
        case .setTimeZone(let zone):
            ledger.zoneChanged(to: zone, at: sim.now)
            device.setTimeZone(zone)
            return true
        default:
            return false
        }
    }

    /// The parameters every platform prints first.
    var commonParameters: [(key: String, value: String)] {
        let freshness = scenario.freshness
        return [
            ("seed", String(scenario.seed)), ("platform", scenario.platform.rawValue),
            ("pluginProfile", scenario.policy.name), ("pluginPolicyDigest", scenario.policy.digest),
            ("timeZone", scenario.zone.identifier),
            ("gapPolicy", GapPolicy.shiftForward.rawValue), ("foldPolicy", FoldPolicy.earlier.rawValue),
        ] + freshness.described.map { (key: $0.0, value: $0.1) } + server.parameters.described.map { (key: $0.0, value: $0.1) }
    }
}
