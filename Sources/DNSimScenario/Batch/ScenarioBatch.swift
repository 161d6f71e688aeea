import DNSimPlugin

/// A list of scenarios run independently, possibly on several threads, with results in list
/// order: the same bytes whatever the number of jobs.
///
/// `dnsim matrix` runs every scenario × profile through one batch; any command that runs many
/// scenarios (explorations, fleets) can do the same:
///
/// ```swift
/// let batch = ScenarioBatch(scenarios, options: RunOptions(maxEvents: 100_000))
/// let results = try batch.run(jobs: 2)
/// ```
///
/// Each run builds its own world, simulator and random streams from its scenario alone, so
/// runs share no mutable state and the order in which threads finish cannot reach a result.
public struct ScenarioBatch: Sendable {
    /// The scenarios, in the order their results are returned.
    public var scenarios: [Scenario]
    /// The options of every run.
    public var options: RunOptions

    /// Creates a batch of `scenarios`, each to be run with `options`.
    public init(_ scenarios: [Scenario], options: RunOptions = RunOptions()) {
        self.scenarios = scenarios
        self.options = options
    }

    /// Why a batch stopped: the first scenario, in list order, whose run threw.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The scenario's position in ``ScenarioBatch/scenarios``.
        public var index: Int
        /// The scenario whose run threw (with its profile and seed).
        public var scenario: Scenario
        /// What the run threw; a ``DNSimCore/SimulationError`` when a guard stopped it.
        public var error: any Error

        /// The scenario id, its profile and the error.
        public var description: String {
            "\(scenario.id) under \(scenario.policy.name): the simulation stopped: \(error)"
        }
    }

    /// Runs every scenario on up to `jobs` threads (at least 1; with 1 they run inline, one after
    /// another) and returns the results in the order of ``scenarios``.
    ///
    /// - Throws: ``Failure`` for the first scenario in list order whose run threw — the same one
    ///   for any `jobs`. Scenarios after a failure may be skipped.
    public func run(jobs: Int = 1) throws(Failure) -> [RunResult] {
        let scenarios = self.scenarios
        let options = self.options
        let firstFailure = FirstFailureIndex()
        let outcomes = IndexedParallelMap.map(count: scenarios.count, jobs: jobs) { index -> Outcome in
            // Indices are handed out in increasing order, so skipping those after a known
            // failure never skips a run that could fail earlier in the list.
            if firstFailure.isAfterFailure(index) { return .skipped }
            do {
                return .ran(try ScenarioRunner.run(scenarios[index], options: options))
            } catch {
                firstFailure.record(index)
                return .failed(error)
            }
        }
        var results: [RunResult] = []
        results.reserveCapacity(outcomes.count)
        for (index, outcome) in outcomes.enumerated() {
            switch outcome {
            case .ran(let result): results.append(result)
            case .failed(let error): throw Failure(index: index, scenario: scenarios[index], error: error)
            case .skipped: preconditionFailure("ScenarioBatch: a run was skipped before any failure")
            }
        }
        return results
    }

    /// What happened to one scenario of a batch.
    private enum Outcome: Sendable {
        case ran(RunResult)
        case failed(any Error)
        case skipped
    }
}
