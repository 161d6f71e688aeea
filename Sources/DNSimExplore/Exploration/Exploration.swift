import DNSimCore
import DNSimPlugin
import DNSimScenario

/// Runs every seed of a range through every template and profile, judges each run, and
/// collects failures and "sometimes" coverage; then shrinks the first failures.
///
/// Work is handed out in chunks of (seed, template) pairs in seed-major order and run through
/// ``IndexedParallelMap``, so the result is the same for any number of jobs, and a run stopped
/// early (a time budget) has run a prefix of the seeds for every template.
public struct Exploration: Sendable {
    /// The templates.
    public var templates: [ExploreTemplate]
    /// The seeds, inclusive.
    public var seeds: ClosedRange<UInt64>
    /// The profiles each world runs under.
    public var profiles: [PluginProfile]
    /// The dnsim version recorded in generated worlds.
    public var version: String
    /// The event guard of each run.
    public var maxEvents: Int
    /// (seed, template) pairs per chunk.
    public var chunkSize = 256

    /// Creates an exploration.
    public init(
        templates: [ExploreTemplate], seeds: ClosedRange<UInt64>, profiles: [PluginProfile], version: String,
        maxEvents: Int = 200_000
    ) {
        self.templates = templates
        self.seeds = seeds
        self.profiles = profiles
        self.version = version
        self.maxEvents = maxEvents
    }

    /// One run: a world under one profile, judged.
    public struct Run: Sendable {
        /// The template's index in ``Exploration/templates``.
        public var template: Int
        /// The seed.
        public var seed: UInt64
        /// The profile.
        public var profile: PluginProfile
        /// Failed invariants.
        public var violations: [Violation]
        /// Invariants the run had something to judge for.
        public var exercised: [Invariant]
        /// Fault kinds with at least one occurrence in the world.
        public var kinds: [FaultKind]
        /// OS rule ids that decided something in the run.
        public var rules: [String]
        /// Engine events dispatched.
        public var events: Int
        /// Set when the world could not be rendered or its run was stopped by a guard.
        public var error: String?
    }

    /// Progress after each chunk: (pairs done, pairs in all, failing runs so far).
    public typealias Progress = (done: Int, total: Int, failures: Int)

    /// Runs the seeds on `jobs` threads. After each chunk `keepGoing` is asked whether to go on
    /// (a time budget); the result then covers the seeds run so far.
    public func run(jobs: Int, keepGoing: (Progress) -> Bool = { _ in true }) -> ExplorationResult {
        let seedCount = Int(seeds.upperBound - seeds.lowerBound) + 1
        let total = seedCount * templates.count
        let generators = templates.map { WorldGenerator(template: $0, version: version) }
        var result = ExplorationResult(exploration: self)
        var done = 0
        while done < total {
            let count = min(chunkSize, total - done)
            let first = done
            let chunk = IndexedParallelMap.map(count: count, jobs: jobs) { offset -> [Run] in
                let pair = first + offset
                let seed = seeds.lowerBound + UInt64(pair / templates.count)
                let template = pair % templates.count
                return runWorld(generators[template].world(seed: seed), template: template)
            }
            for runs in chunk { result.add(runs) }
            done += count
            result.seedsRun = done / templates.count
            if !keepGoing((done, total, result.failingRuns)) { break }
        }
        return result
    }

    /// Runs one world under every profile (written out once: the profiles differ only in the
    /// policy, ``RenderedWorld/with(profile:)``).
    public func runWorld(_ world: World, template: Int) -> [Run] {
        let kinds = world.enabledKinds.filter { kind in world.episodes.contains { $0.kind == kind } }
        guard let first = profiles.first else { return [] }
        let written = Result { () throws(ScenarioError) -> RenderedWorld in try world.render(profile: first) }
        return profiles.map { profile in
            var run = Run(
                template: template, seed: world.seed, profile: profile, violations: [], exercised: [], kinds: kinds, rules: [],
                events: 0, error: nil)
            do {
                let rendered = profile == first ? try written.get() : try written.get().with(profile: profile)
                let result = try ScenarioRunner.run(rendered.scenario, options: RunOptions(keepTrace: false, maxEvents: maxEvents))
                let judgement = InvariantChecker(world: rendered, result: result).judge()
                run.violations = judgement.violations
                run.exercised = judgement.exercised
                run.rules = result.ruleCounts.keys.sorted()
                run.events = result.eventCount
            } catch {
                run.error = "\(error)"
            }
            return run
        }
    }

    /// Shrinks the first `perInvariant` failing seeds of each (template, profile, invariant), on
    /// `jobs` threads; results in a fixed order (template, profile, invariant, seed).
    public func shrinkFailures(
        of result: ExplorationResult, perInvariant: Int, jobs: Int, maxTests: Int = 3000
    ) -> [ShrinkReport] {
        var targets: [(template: Int, profile: PluginProfile, invariant: Invariant, seed: UInt64)] = []
        for (template, _) in templates.enumerated() {
            for profile in profiles {
                for invariant in Invariant.allCases {
                    let seeds = result.failures
                        .filter { $0.template == template && $0.profile == profile && $0.violations.contains { $0.invariant == invariant } }
                        .prefix(perInvariant).map(\.seed)
                    for seed in seeds { targets.append((template, profile, invariant, seed)) }
                }
            }
        }
        let generators = templates.map { WorldGenerator(template: $0, version: version) }
        let maxEvents = self.maxEvents
        let chosen = targets
        return IndexedParallelMap.map(count: chosen.count, jobs: jobs) { index -> ShrinkReport in
            let target = chosen[index]
            let shrinker = Shrinker(profile: target.profile, invariant: target.invariant, maxEvents: maxEvents, maxTests: maxTests)
            let outcome = shrinker.shrink(generators[target.template].world(seed: target.seed))
            let file = outcome.flatMap { ShrunkScenario.file($0, profile: target.profile, maxEvents: maxEvents) }
            return ShrinkReport(
                template: target.template, seed: target.seed, profile: target.profile, invariant: target.invariant,
                originalSteps: outcome?.originalSteps, shrunkSteps: outcome?.shrunkSteps, tests: outcome?.tests,
                detail: outcome?.violation.detail, file: file)
        }
    }
}

/// One shrunk failure.
public struct ShrinkReport: Sendable {
    /// The template's index.
    public var template: Int
    /// The failing seed.
    public var seed: UInt64
    /// The profile.
    public var profile: PluginProfile
    /// The invariant.
    public var invariant: Invariant
    /// Steps before and after; `nil` when the failure did not reproduce.
    public var originalSteps: Int?, shrunkSteps: Int?
    /// Candidate runs made.
    public var tests: Int?
    /// The shrunk run's violation, in words.
    public var detail: String?
    /// The ready-to-commit scenario.
    public var file: ShrunkScenario.File?
}

/// What an exploration found: failing runs, and how many runs exercised each fault kind,
/// invariant and OS rule.
public struct ExplorationResult: Sendable {
    /// The exploration.
    public var exploration: Exploration
    /// Seeds run per template (a prefix of the range).
    public var seedsRun = 0
    /// Runs made.
    public var runs = 0
    /// Runs per profile.
    public var runsByProfile: [PluginProfile: Int] = [:]
    /// Runs that failed an invariant or stopped, in run order.
    public var failures: [Exploration.Run] = []
    /// Engine events of all runs.
    public var events = 0
    /// Runs per (template, profile, invariant) failure, by key "template|profile|invariant".
    public var failureCounts: [String: Int] = [:]
    /// Runs in which each fault kind occurred.
    public var kindCoverage: [FaultKind: Int] = [:]
    /// Runs that exercised each invariant (it had something to judge).
    public var invariantCoverage: [Invariant: Int] = [:]
    /// Runs in which each OS rule decided something.
    public var ruleCoverage: [String: Int] = [:]

    init(exploration: Exploration) { self.exploration = exploration }

    /// Runs that failed.
    public var failingRuns: Int { failures.count }

    mutating func add(_ batch: [Exploration.Run]) {
        for run in batch {
            runs += 1
            runsByProfile[run.profile, default: 0] += 1
            events += run.events
            for kind in run.kinds { kindCoverage[kind, default: 0] += 1 }
            for invariant in run.exercised { invariantCoverage[invariant, default: 0] += 1 }
            for rule in run.rules { ruleCoverage[rule, default: 0] += 1 }
            if !run.violations.isEmpty || run.error != nil {
                failures.append(run)
                for violation in run.violations {
                    failureCounts["\(run.template)|\(run.profile.rawValue)|\(violation.invariant.rawValue)", default: 0] += 1
                }
            }
        }
    }

    /// Failing runs of one template, profile and invariant.
    public func failures(template: Int, profile: PluginProfile, invariant: Invariant) -> Int {
        failureCounts["\(template)|\(profile.rawValue)|\(invariant.rawValue)"] ?? 0
    }
}
