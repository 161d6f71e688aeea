import DNSimCore
import DNSimPlugin

/// Which decision fixes which row: `dnsim ablate`.
///
/// Two policies, `from` (the code you have, as-found by default) and `to` (the code you want,
/// corrected), differ in a set of decisions. For each differing decision the catalogue is run
///
/// - with `to` minus that decision (set back to `from`'s value): the rows (scenarios) that then
///   fail are the rows the decision is **necessary** for;
/// - with `from` plus that decision alone: the rows it **fixes alone**.
///
/// Then, per platform, the smallest set of `to`'s decisions that makes every row `to` passes
/// pass from `from`: greedily (each step adds the decision that makes the most rows pass), and
/// proven minimal by running every smaller subset of the platform's differing decisions when
/// their number allows (``maxSubsets``), else stated as greedy. A platform's side reads only
/// its own decisions, so platforms are searched independently and the union is the answer.
///
/// A row passes when every check holds (expected findings are not consulted). Every run is
/// independent and deterministic; results are the same for any number of jobs.
public struct DecisionAblation: Sendable {
    /// The policy you have.
    public var from: PluginPolicy
    /// The policy you want.
    public var to: PluginPolicy
    /// The catalogue.
    public var scenarios: [Scenario]
    /// Run options of every run.
    public var options: RunOptions
    /// Threads.
    public var jobs: Int
    /// The most subsets of one platform's decisions the minimality proof may run.
    public var maxSubsets: Int

    /// Creates an ablation.
    public init(
        from: PluginPolicy, to: PluginPolicy, scenarios: [Scenario], options: RunOptions = RunOptions(), jobs: Int = 1,
        maxSubsets: Int = 4096
    ) {
        self.from = from
        self.to = to
        self.scenarios = scenarios
        self.options = options
        self.jobs = jobs
        self.maxSubsets = maxSubsets
    }

    /// One differing decision and what the catalogue says about it.
    public struct DecisionFinding: Sendable {
        /// The decision.
        public var decision: PolicyDecision
        /// Its value under `from` and under `to`.
        public var fromValue: String
        /// Its value under `to`.
        public var toValue: String
        /// Rows that pass under `to` and fail under `to` without this decision.
        public var necessaryFor: [String]
        /// Seed claims of the checks that fail without it (from `to`).
        public var claimsWithout: [String]
        /// Rows that fail under `from` and pass under `from` with this decision alone.
        public var fixesAlone: [String]
        /// Rows that pass under `from` and fail with this decision alone.
        public var breaksAlone: [String]
    }

    /// One step of a platform's fix list.
    public struct FixStep: Sendable {
        /// The decisions adopted at this step: one, or several that make a row pass only together.
        public var keys: [String]
        /// Rows of the platform that pass once it is adopted (with the earlier steps).
        public var passingAfter: Int
        /// Rows that start passing at this step.
        public var fixed: [String]
        /// Rows that stop passing at this step (fixed again by a later one).
        public var broken: [String]
    }

    /// How a platform's fix set was found.
    public enum Proof: Sendable, Equatable {
        /// Every subset smaller than the set was run; none makes every row pass.
        case exhaustive(subsetsRun: Int)
        /// Greedy only: proving it minimal would need this many subsets, over the limit;
        /// `irreducible` when dropping any one decision of the set fails a row.
        case greedy(subsetsNeeded: Int, irreducible: Bool)
    }

    /// A platform's smallest fix set, in the order to adopt it.
    public struct PlatformFix: Sendable {
        /// `android`, `ios`, `electron`.
        public var platform: String
        /// The platform's rows.
        public var rows: Int
        /// How many of them pass under `from`.
        public var passingFrom: Int
        /// How many of them pass under `to` (the target).
        public var passingTo: Int
        /// The differing decisions of this platform.
        public var differing: Int
        /// The fix set, in adoption order.
        public var steps: [FixStep]
        /// How it was found.
        public var proof: Proof
    }

    /// The outcome.
    public struct Report: Sendable {
        /// The policies.
        public var from: PluginPolicy
        /// The target policy.
        public var to: PluginPolicy
        /// Scenario ids, in catalogue order.
        public var rows: [String]
        /// Rows failing under `from`.
        public var failingFrom: [String]
        /// Rows failing under `to` (outside the target).
        public var failingTo: [String]
        /// The differing decisions, in decision order.
        public var decisions: [DecisionFinding]
        /// Per platform with differing decisions or failing rows, in platform order.
        public var platforms: [PlatformFix]
        /// Runs made (cache hits not counted).
        public var runs: Int
    }

    /// Runs the ablation.
    public func run() throws(ScenarioBatch.Failure) -> Report {
        let engine = Engine(self)
        return try engine.report()
    }
}

extension DecisionAblation {
    /// The search state: differing decisions as bits, a cache of (row, mask) outcomes.
    private final class Engine {
        let ablation: DecisionAblation
        let differing: [PolicyDecision]
        var cache: [Key: Outcome] = [:]
        var runs = 0

        struct Key: Hashable {
            var row: Int
            var mask: UInt64
        }

        struct Outcome {
            var passed: Bool
            var failingClaims: [String]
        }

        init(_ ablation: DecisionAblation) {
            self.ablation = ablation
            differing = ablation.to.differences(from: ablation.from)
            precondition(differing.count <= 64, "more than 64 differing decisions")
        }

        var all: UInt64 { differing.count == 64 ? ~0 : (1 << UInt64(differing.count)) - 1 }

        /// `from` with the decisions in `mask` set to `to`'s values.
        func policy(_ mask: UInt64) -> PluginPolicy {
            var policy = ablation.from
            policy.name = "ablation"
            for (bit, decision) in differing.enumerated() where mask & (1 << UInt64(bit)) != 0 {
                decision.set(decision.value(in: ablation.to), in: &policy)
            }
            return policy
        }

        /// Runs every (row, mask) pair not yet known, as one batch.
        func evaluate(_ pairs: [Key]) throws(ScenarioBatch.Failure) {
            var seen = Set<Key>()
            let missing = pairs.filter { cache[$0] == nil && seen.insert($0).inserted }
            guard !missing.isEmpty else { return }
            let scenarios = missing.map { ablation.scenarios[$0.row].with(policy: policy($0.mask)) }
            let results = try ScenarioBatch(scenarios, options: ablation.options).run(jobs: ablation.jobs)
            runs += results.count
            for (key, result) in zip(missing, results) {
                var claims: [String] = []
                for e in result.expectations where !e.passed {
                    if let claim = e.seedClaim, !claims.contains(claim) { claims.append(claim) }
                }
                cache[key] = Outcome(passed: result.passed, failingClaims: claims)
            }
        }

        func passed(_ row: Int, _ mask: UInt64) -> Bool { cache[Key(row: row, mask: mask)]?.passed ?? false }

        func bit(_ index: Int) -> UInt64 { 1 << UInt64(index) }

        func report() throws(ScenarioBatch.Failure) -> Report {
            let scenarios = ablation.scenarios
            let rowIndices = Array(scenarios.indices)
            let ids = scenarios.map(\.id)
            // Baselines, single flips from `to` (necessity) and from `from` (sufficiency), one batch.
            var pairs: [Key] = []
            for row in rowIndices {
                pairs.append(Key(row: row, mask: 0))
                pairs.append(Key(row: row, mask: all))
                for (index, decision) in differing.enumerated() where decision.platform == scenarios[row].platform.rawValue {
                    pairs.append(Key(row: row, mask: all ^ bit(index)))
                    pairs.append(Key(row: row, mask: bit(index)))
                }
            }
            try evaluate(pairs)
            var findings: [DecisionFinding] = []
            for (index, decision) in differing.enumerated() {
                let rows = rowIndices.filter { scenarios[$0].platform.rawValue == decision.platform }
                var claims: [String] = []
                var necessary: [String] = []
                for row in rows where passed(row, all) && !passed(row, all ^ bit(index)) {
                    necessary.append(ids[row])
                    for claim in cache[Key(row: row, mask: all ^ bit(index))]?.failingClaims ?? [] where !claims.contains(claim) {
                        claims.append(claim)
                    }
                }
                findings.append(
                    DecisionFinding(
                        decision: decision, fromValue: Self.text(decision.value(in: ablation.from)),
                        toValue: Self.text(decision.value(in: ablation.to)), necessaryFor: necessary,
                        claimsWithout: claims.sorted { Self.claimOrder($0) < Self.claimOrder($1) },
                        fixesAlone: rows.filter { !passed($0, 0) && passed($0, bit(index)) }.map { ids[$0] },
                        breaksAlone: rows.filter { passed($0, 0) && !passed($0, bit(index)) }.map { ids[$0] }))
            }
            var platforms: [PlatformFix] = []
            for platform in ScenarioPlatform.allCases.map(\.rawValue) {
                let rows = rowIndices.filter { scenarios[$0].platform.rawValue == platform }
                let bits = differing.indices.filter { differing[$0].platform == platform }
                if rows.isEmpty { continue }
                platforms.append(try fix(platform: platform, rows: rows, bits: bits, findings: findings))
            }
            return Report(
                from: ablation.from, to: ablation.to, rows: ids, failingFrom: rowIndices.filter { !passed($0, 0) }.map { ids[$0] },
                failingTo: rowIndices.filter { !passed($0, all) }.map { ids[$0] }, decisions: findings, platforms: platforms,
                runs: runs)
        }

        /// The smallest fix set of one platform, in adoption order.
        func fix(platform: String, rows: [Int], bits: [Int], findings: [DecisionFinding]) throws(ScenarioBatch.Failure) -> PlatformFix {
            let target = rows.filter { passed($0, all) }
            let ids = ablation.scenarios.map(\.id)
            func passing(_ mask: UInt64) -> Int { target.filter { passed($0, mask) }.count }

            // Greedy: each step adopts the smallest group of decisions that makes more target rows
            // pass (a single decision when one does), the group that makes the most pass.
            var greedy: [Int] = []
            var mask: UInt64 = 0
            while passing(mask) < target.count {
                let group = try nextGroup(adopted: mask, among: bits.filter { !greedy.contains($0) }, rows: target)
                guard !group.isEmpty else { break }
                greedy += group
                for b in group { mask |= bit(b) }
            }

            // Minimality: run every subset smaller than the greedy set, smallest first.
            let n = bits.count
            var needed = 0
            for k in 0..<greedy.count { needed += Self.binomial(n, k) }
            var chosen = greedy
            let proof: Proof
            if needed <= ablation.maxSubsets {
                // Rows most decisions are necessary for eliminate the most subsets: test them first.
                let order = target.sorted { a, b in
                    let na = findings.filter { $0.necessaryFor.contains(ids[a]) }.count
                    let nb = findings.filter { $0.necessaryFor.contains(ids[b]) }.count
                    return na != nb ? na > nb : a < b
                }
                var subsetsRun = 0
                search: for k in 0..<greedy.count {
                    var alive = Self.subsets(of: bits, size: k).map { subset in subset.reduce(UInt64(0)) { $0 | bit($1) } }
                    subsetsRun += alive.count
                    for row in order {
                        try evaluate(alive.map { Key(row: row, mask: $0) })
                        alive = alive.filter { passed(row, $0) }
                        if alive.isEmpty { break }
                    }
                    if let found = alive.first {
                        chosen = bits.filter { found & bit($0) != 0 }
                        break search
                    }
                }
                proof = .exhaustive(subsetsRun: subsetsRun)
            } else {
                // Irreducible at least: dropping any one decision of the set fails a row.
                let full = greedy.reduce(UInt64(0)) { $0 | bit($1) }
                try evaluate(greedy.flatMap { b in target.map { Key(row: $0, mask: full & ~bit(b)) } })
                let irreducible = greedy.allSatisfy { b in target.contains { !passed($0, full & ~bit(b)) } }
                proof = .greedy(subsetsNeeded: needed, irreducible: irreducible)
            }

            // The chosen set in adoption order: each step the smallest group that makes more rows
            // pass; decisions that help only together are adopted together, as one step.
            var steps: [FixStep] = []
            var adopted: UInt64 = 0
            var remaining = chosen
            while !remaining.isEmpty {
                var group = try nextGroup(adopted: adopted, among: remaining, rows: target)
                if group.isEmpty { group = remaining }  // every row passes: what is left changes none
                let before = adopted
                for b in group { adopted |= bit(b) }
                remaining.removeAll { group.contains($0) }
                try evaluate(rows.map { Key(row: $0, mask: adopted) })
                steps.append(
                    FixStep(
                        keys: group.map { differing[$0].key }, passingAfter: passing(adopted),
                        fixed: rows.filter { !passed($0, before) && passed($0, adopted) }.map { ids[$0] },
                        broken: rows.filter { passed($0, before) && !passed($0, adopted) }.map { ids[$0] }))
            }
            return PlatformFix(
                platform: platform, rows: rows.count, passingFrom: rows.filter { passed($0, 0) }.count,
                passingTo: target.count, differing: bits.count, steps: steps, proof: proof)
        }

        /// The smallest group of `among` that, added to `adopted`, makes some of the `rows` failing
        /// under `adopted` pass; of the groups of that size, the one that makes the most of them
        /// pass (the first in decision order on a tie). Only failing rows are run for the choice,
        /// so a group may break a passing row (a later step then fixes it). All of `among` when
        /// no affordable group (at most ``groupRunBudget`` runs per size) fixes one.
        func nextGroup(adopted: UInt64, among candidates: [Int], rows: [Int]) throws(ScenarioBatch.Failure) -> [Int] {
            try evaluate(rows.map { Key(row: $0, mask: adopted) })
            let failing = rows.filter { !passed($0, adopted) }
            guard !candidates.isEmpty, !failing.isEmpty else { return [] }
            for size in 1...candidates.count {
                if size > 1 && Self.binomial(candidates.count, size) * failing.count > Self.groupRunBudget { break }
                let groups = Self.subsets(of: candidates, size: size)
                let masks = groups.map { group in group.reduce(adopted) { $0 | bit($1) } }
                try evaluate(masks.flatMap { m in failing.map { Key(row: $0, mask: m) } })
                let fixed = masks.map { m in failing.filter { passed($0, m) }.count }
                if let best = fixed.indices.max(by: { fixed[$0] < fixed[$1] || (fixed[$0] == fixed[$1] && $0 > $1) }), fixed[best] > 0 {
                    return groups[best]
                }
            }
            return candidates
        }

        /// The most runs ``nextGroup(adopted:among:rows:)`` spends on one group size beyond single decisions.
        static let groupRunBudget = 2_000

        static func text(_ value: JSONValue) -> String {
            switch value {
            case .string(let text): return text
            case .integer(let number): return String(number)
            default: return value.describeForError
            }
        }

        static func claimOrder(_ claim: String) -> Int { Int(claim.dropFirst()) ?? Int.max }

        static func binomial(_ n: Int, _ k: Int) -> Int {
            guard k >= 0, k <= n else { return 0 }
            var result = 1
            for i in 0..<min(k, n - k) { result = result * (n - i) / (i + 1) }
            return result
        }

        /// The subsets of `items` of `size` elements, in lexicographic order of positions.
        static func subsets(of items: [Int], size: Int) -> [[Int]] {
            guard size <= items.count else { return [] }
            if size == 0 { return [[]] }
            var result: [[Int]] = []
            var positions = Array(0..<size)
            while true {
                result.append(positions.map { items[$0] })
                var i = size - 1
                while i >= 0 && positions[i] == items.count - size + i { i -= 1 }
                if i < 0 { break }
                positions[i] += 1
                for j in (i + 1)..<size { positions[j] = positions[j - 1] + 1 }
            }
            return result
        }
    }
}
