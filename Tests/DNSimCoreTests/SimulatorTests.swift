import DNSimCore
import Testing

struct SimulatorTests {
    private let start = SimInstant(secondsSinceEpoch: 1_700_000_000)

    @Test func dispatchesInOrderAndAdvancesVirtualTime() throws {
        let sim = Simulator<String>(start: start, seed: 1)
        sim.schedule("later", after: .minutes(2))
        sim.schedule("sooner", after: .seconds(30))
        var seen: [(SimDuration, String)] = []
        try sim.run(until: start + .hours(1)) { sim, payload in
            seen.append((sim.now - start, payload))
            if payload == "sooner" { sim.schedule("chained", after: .seconds(1)) }
        }
        #expect(seen.map(\.1) == ["sooner", "chained", "later"])
        #expect(seen.map(\.0) == [.seconds(30), .seconds(31), .minutes(2)])
        #expect(sim.now == start + .hours(1))
        #expect(sim.pendingCount == 0)
    }

    @Test func stopsAtTheEndAndKeepsLaterEventsPending() throws {
        let sim = Simulator<Int>(start: start, seed: 1)
        sim.schedule(1, after: .hours(2))
        try sim.run(until: start + .hours(1)) { _, _ in Issue.record("nothing is due before the end") }
        #expect(sim.pendingEvents().map(\.payload) == [1])
    }

    @Test func theEventGuardStopsARunawayScenario() {
        let sim = Simulator<Int>(start: start, seed: 1, limits: SimulationLimits(maxEvents: 100))
        sim.schedule(0, after: .zero)
        #expect(throws: SimulationError.eventLimitExceeded(limit: 100, at: start + .seconds(100))) {
            try sim.run(until: start + .days(1)) { sim, value in sim.schedule(value + 1, after: .seconds(1)) }
        }
    }

    @Test func theHorizonGuardRefusesARunPastItAndDropsEventsBeyondIt() throws {
        let limits = SimulationLimits(horizon: start + .days(1))
        let sim = Simulator<Int>(start: start, seed: 1, limits: limits)
        #expect(sim.schedule(0, after: .days(2)) == nil)
        #expect(sim.eventsBeyondHorizon == 1)
        #expect(sim.pendingCount == 0)
        #expect(throws: SimulationError.horizonExceeded(horizon: start + .days(1), requested: start + .days(3))) {
            try sim.run(until: start + .days(3)) { _, _ in }
        }
        try sim.run(until: start + .days(1)) { _, _ in }
    }

    @Test func eventsRememberTheTraceRecordThatCausedThem() throws {
        let sim = Simulator<Int>(start: start, seed: 1)
        let cause = sim.trace.record(at: sim.now, subsystem: "test", kind: "set", cause: -1)
        sim.schedule(7, after: .seconds(1))
        var causes: [Int32] = []
        try sim.run(until: start + .minutes(1)) { sim, _ in
            causes.append(sim.currentCause)
            sim.trace.record(at: sim.now, subsystem: "test", kind: "fire", cause: sim.currentCause)
        }
        #expect(causes == [cause])
        #expect(sim.trace.records.map(\.cause) == [-1, cause])
    }

    @Test func sameSeedGivesTheSameTraceDigest() throws {
        func digest(seed: UInt64) throws -> String {
            let sim = Simulator<Int>(start: start, seed: seed)
            var rng = sim.randomStream("test")
            sim.schedule(0, after: .zero)
            try sim.run(until: start + .days(1)) { sim, n in
                sim.trace.record(at: sim.now, subsystem: "test", kind: "tick", cause: sim.currentCause)
                if n < 100 { sim.schedule(n + 1, after: .milliseconds(Int64(rng.next(below: 1000)))) }
            }
            return sim.trace.digestHex
        }
        #expect(try digest(seed: 5) == digest(seed: 5))
        #expect(try digest(seed: 5) != digest(seed: 6))
    }
}

/// The trace digest is FNV-1a over each record's canonical line, folded without building it.
struct TraceDigestTests {
    /// The canonical line, built the obvious way.
    static func line(_ r: TraceRecord) -> String {
        var line = "\(r.id)|\(r.time.millisecondsSinceEpoch)|\(r.subsystem)|\(r.kind)|" + (r.rule ?? "") + "|\(r.cause)"
        for detail in r.details { line += "|\(detail.key)=\(detail.value)" }
        return line + "\n"
    }

    @Test func theDigestIsFNVOfTheCanonicalLinesWhetherOrNotRecordsAreKept() {
        let kept = TraceRecorder(enabled: true)
        let dropped = TraceRecorder(enabled: false)
        var seen: [TraceRecord] = []
        dropped.observer = { seen.append($0) }
        let times: [Int64] = [-86_400_000_123, -1, 0, 9, 10, 1_767_942_000_000, Int64.max / 2]
        for (n, t) in times.enumerated() {
            for recorder in [kept, dropped] {
                recorder.record(
                    at: SimInstant(millisecondsSinceEpoch: t), subsystem: "s\(n)", kind: "k.ä", rule: n % 2 == 0 ? "A\(n)" : nil,
                    cause: Int32(n) - 1, details: n == 0 ? [] : [TraceDetail("key", "v|\(n)"), TraceDetail("é", "")])
            }
        }
        var expected = FNV1a.offsetBasis
        for record in kept.records { FNV1a.update(&expected, with: Self.line(record)) }
        #expect(kept.digest == expected)
        #expect(dropped.digest == expected)
        #expect(dropped.records.isEmpty && dropped.recordCount == times.count)
        #expect(seen == kept.records)
    }

    @Test func decimalFoldingMatchesStringRendering() {
        for value in [Int64.min, Int64.min + 1, -1_000_000, -10, -9, -1, 0, 1, 9, 10, 99, 100, 1_000_000_007, Int64.max] {
            var folded = FNV1a.offsetBasis
            FNV1a.update(&folded, decimal: value)
            #expect(folded == FNV1a.hash64(String(value)), "\(value)")
        }
    }
}
