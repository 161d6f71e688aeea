import DNSimCalendar
import DNSimCore
import DNSimPlugin
import DNSimScenario

/// Shrinks a failing world to a small one that still fails the same invariant, by delta
/// debugging (Zeller's ddmin) over what a world is made of:
///
/// 1. the span: the shortest fault phase (in days) that still fails, then the latest start,
///    both found by bisection;
/// 2. the fault switches: the swarm's switched-on kinds;
/// 3. the episodes (each fault occurrence with its closing steps, as a unit);
/// 4. the slots (at least one stays);
/// 5. the quiet tail: one day instead of three, unless the invariant is liveness.
///
/// Each candidate is rendered, run and judged like any explored world; it "still fails" when the
/// judge reports a violation of the same ``Invariant``. The shrinker stops early after
/// ``maxTests`` runs and returns the smallest failing world found.
public struct Shrinker: Sendable {
    /// The profile the failure was found under.
    public let profile: PluginProfile
    /// The invariant that must keep failing.
    public let invariant: Invariant
    /// The event guard of each run.
    public let maxEvents: Int
    /// The most candidate runs.
    public let maxTests: Int

    /// Creates a shrinker.
    public init(profile: PluginProfile, invariant: Invariant, maxEvents: Int = RunOptions.defaultMaxEvents, maxTests: Int = 3000) {
        self.profile = profile
        self.invariant = invariant
        self.maxEvents = maxEvents
        self.maxTests = maxTests
    }

    /// The outcome of a shrink.
    public struct Outcome: Sendable {
        /// The smallest failing world found.
        public var world: World
        /// Its rendering and judgement.
        public var rendered: RenderedWorld
        /// The violation it shows.
        public var violation: Violation
        /// Steps of the original world's scenario, and of the shrunk one.
        public var originalSteps: Int, shrunkSteps: Int
        /// Candidate runs made.
        public var tests: Int
    }

    /// Shrinks `world`; `nil` when it does not fail `invariant` in the first place.
    public func shrink(_ world: World) -> Outcome? {
        var tests = 0
        var cache: [String: Bool] = [:]
        func fails(_ candidate: World) -> Bool {
            // Identical candidates (ddmin revisits some) are judged once.
            let key = Self.fingerprint(candidate)
            if let known = cache[key] { return known }
            tests += 1
            let verdict = judge(candidate)?.violation(of: invariant) != nil
            cache[key] = verdict
            return verdict
        }
        guard let original = try? world.render(profile: profile), fails(world) else { return nil }
        var best = world

        // 1. The span: bisect the fault phase's length.
        if best.faultDays > 1 {
            var low = 1, high = best.faultDays
            while low < high, tests < maxTests {
                let middle = (low + high) / 2
                if fails(Self.truncated(best, days: middle)) { high = middle } else { low = middle + 1 }
            }
            let candidate = Self.truncated(best, days: high)
            if high < best.faultDays, fails(candidate) { best = candidate }
        }
        // 1b. The start: bisect how many leading days can go (the world starts later, set up
        // afresh), so a failure late in a long run is shrunk on a short one.
        if best.faultDays > 1 {
            var low = 0, high = best.faultDays - 1
            while low < high, tests < maxTests {
                let middle = (low + high + 1) / 2
                if let candidate = Self.shifted(best, days: middle), fails(candidate) { low = middle } else { high = middle - 1 }
            }
            if low > 0, let candidate = Self.shifted(best, days: low), fails(candidate) { best = candidate }
        }
        // 2–4, twice: kinds, episodes, slots.
        for _ in 0..<2 {
            let kinds = ddmin(best.enabledKinds, budget: { tests < maxTests }) { subset in
                var candidate = best
                candidate.enabledKinds = subset
                return fails(candidate)
            }
            best.enabledKinds = kinds
            best.episodes.removeAll { !kinds.contains($0.kind) }
            let indices = ddmin(Array(best.episodes.indices), budget: { tests < maxTests }) { subset in
                var candidate = best
                candidate.episodes = subset.map { best.episodes[$0] }
                return fails(candidate)
            }
            best.episodes = indices.map { best.episodes[$0] }
            best.enabledKinds = best.enabledKinds.filter { kind in best.episodes.contains { $0.kind == kind } }
            let slotIndices = ddmin(Array(best.slots.indices), minimum: 1, budget: { tests < maxTests }) { subset in
                var candidate = best
                candidate.slots = subset.map { best.slots[$0] }
                return fails(candidate)
            }
            best.slots = slotIndices.map { best.slots[$0] }
        }
        let menu = world.enabledKinds + world.disabledKinds
        best.disabledKinds = menu.filter { !best.enabledKinds.contains($0) }.sorted()
        // 5. The quiet tail.
        if invariant != .stuck, best.quietDays > 1 {
            var candidate = best
            candidate.quietDays = 1
            if fails(candidate) { best = candidate }
        }
        guard let rendered = try? best.render(profile: profile), let judgement = judge(best),
            let violation = judgement.violation(of: invariant)
        else { return nil }
        return Outcome(
            world: best, rendered: rendered, violation: violation, originalSteps: original.stepCount,
            shrunkSteps: rendered.stepCount, tests: tests)
    }

    /// Renders, runs and judges `world` under the shrinker's profile.
    public func judge(_ world: World) -> Judgement? {
        guard let rendered = try? world.render(profile: profile),
            let result = try? ScenarioRunner.run(rendered.scenario, options: RunOptions(keepTrace: false, maxEvents: maxEvents))
        else { return nil }
        return InvariantChecker(world: rendered, result: result).judge()
    }

    /// `world` with a fault phase of `days` days: episodes starting after it are dropped.
    static func truncated(_ world: World, days: Int) -> World {
        var copy = world
        copy.faultDays = days
        let end = copy.faultEnd
        copy.episodes.removeAll { $0.steps[0].at >= end }
        return copy
    }

    /// `world` starting `days` days later (the same local time when it exists once there), with
    /// the episodes before the new fault phase dropped; `nil` when the new start is ambiguous.
    static func shifted(_ world: World, days: Int) -> World? {
        var copy = world
        let local = LocalDateTime(date: world.start.date.adding(days: days), time: world.start.time)
        guard case .unique(let start) = world.zone.resolve(local) else { return nil }
        copy.startInstant = start
        copy.start = local
        copy.faultDays -= days
        let faultStart = start + .minutes(2)
        copy.episodes.removeAll { $0.steps[0].at < faultStart }
        return copy
    }

    /// A key identifying what a candidate renders to.
    static func fingerprint(_ world: World) -> String {
        var hash = FNV1a.offsetBasis
        FNV1a.update(&hash, littleEndian: UInt64(bitPattern: world.startInstant.millisecondsSinceEpoch), byteCount: 8)
        FNV1a.update(&hash, littleEndian: UInt64(bitPattern: Int64(world.faultDays)), byteCount: 8)
        FNV1a.update(&hash, littleEndian: UInt64(bitPattern: Int64(world.quietDays)), byteCount: 8)
        for kind in world.enabledKinds { FNV1a.update(&hash, with: "k" + kind.rawValue) }
        for slot in world.slots { FNV1a.update(&hash, with: "s" + slot.id + slot.time.description) }
        for episode in world.episodes where world.enabledKinds.contains(episode.kind) {
            FNV1a.update(&hash, with: "e" + episode.kind.rawValue)
            FNV1a.update(&hash, littleEndian: UInt64(bitPattern: episode.steps[0].at.millisecondsSinceEpoch), byteCount: 8)
        }
        return FNV1a.hex(hash) + "/\(world.episodes.count)"
    }
}

/// Zeller and Hildebrandt's ddmin: a 1-minimal subset of `items` (at least `minimum` long) for
/// which `test` holds, given that it holds for `items`; stops refining when `budget` says so.
func ddmin<T>(_ items: [T], minimum: Int = 0, budget: () -> Bool, _ test: ([T]) -> Bool) -> [T] {
    if minimum == 0, !items.isEmpty, budget(), test([]) { return [] }
    var current = items
    var granularity = 2
    while current.count >= 2, current.count > minimum, budget() {
        let chunks = partition(current, into: granularity)
        var reduced = false
        for chunk in chunks where chunk.count >= minimum && chunk.count < current.count {
            guard budget() else { break }
            if test(chunk) {
                current = chunk
                granularity = 2
                reduced = true
                break
            }
        }
        if !reduced {
            for index in chunks.indices {
                let complement = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
                guard complement.count >= minimum, budget() else { continue }
                if test(complement) {
                    current = complement
                    granularity = max(granularity - 1, 2)
                    reduced = true
                    break
                }
            }
        }
        if !reduced {
            if granularity >= current.count { break }
            granularity = min(current.count, granularity * 2)
        }
    }
    return current
}

/// `items` cut into `parts` contiguous chunks of near-equal size.
private func partition<T>(_ items: [T], into parts: Int) -> [[T]] {
    var chunks: [[T]] = []
    var start = 0
    for part in 0..<parts {
        let end = items.count * (part + 1) / parts
        if end > start { chunks.append(Array(items[start..<end])) }
        start = end
    }
    return chunks
}
