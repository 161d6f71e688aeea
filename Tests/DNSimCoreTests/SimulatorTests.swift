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

/// The trace digest covers record headers and is the same whether or not records are kept;
/// details are built only when read.
struct TraceDigestTests {
    /// The header bytes of one record, built the obvious way.
    static func headerBytes(_ r: TraceRecord) -> [UInt8] {
        func le(_ value: UInt64, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var bytes = le(UInt64(UInt32(bitPattern: r.id)), 4) + le(UInt64(bitPattern: r.time.millisecondsSinceEpoch), 8)
        bytes += Array(r.subsystem.utf8) + [0x1F] + Array(r.kind.utf8) + [0x1F] + Array((r.rule ?? "").utf8) + [0x1F]
        return bytes + le(UInt64(UInt32(bitPattern: r.cause)), 4) + [0x1E]
    }

    /// Headers are folded in one step each, through a cache: many headers (more than the
    /// cache holds, so they evict each other), revisited, spelled by literals and by strings
    /// built at run time, with an absent rule and an empty one, fold as their bytes do.
    @Test func manyRevisitedHeadersFoldAsTheirBytes() {
        let recorder = TraceRecorder(enabled: true, seed: 3)
        var random = Xoshiro256StarStar(seed: 11)
        let subsystems = ["android.alarm", "plugin", String(repeating: "long.subsystem.", count: 2) + "x", "é.sub"]
        for n in 0..<2_000 {
            let pick = Int(random.next() % 400)
            let kind = pick < 200 ? "kind.\(pick)" : ["alarm.set", "telemetry", "k"][pick % 3]
            let rule: String? = pick % 4 == 0 ? nil : pick % 4 == 1 ? "" : "A\(pick % 7)"
            recorder.record(
                at: SimInstant(millisecondsSinceEpoch: Int64(n)), subsystem: subsystems[pick % subsystems.count], kind: kind,
                rule: rule, cause: Int32(n) - 1)
        }
        var expected = FNV1a.offsetBasis
        for byte in [3, 0, 0, 0, 0, 0, 0, 0] as [UInt64] { expected = (expected ^ byte) &* FNV1a.prime }
        for record in recorder.records {
            for byte in Self.headerBytes(record) { expected = (expected ^ UInt64(byte)) &* FNV1a.prime }
        }
        #expect(recorder.digest == expected)
    }

    @Test func theDigestIsFNVOfTheHeadersWhetherOrNotRecordsAreKept() {
        let kept = TraceRecorder(enabled: true, seed: 42)
        let dropped = TraceRecorder(enabled: false, seed: 42)
        var seen: [TraceRecord] = []
        dropped.observer = ClosureObserver(observe: { seen.append($0) }, demand: { _, kind, _, _ in kind == "wanted" ? .all : .none })
        var built = 0
        func details(_ n: Int) -> [TraceDetail] {
            built += 1
            return [TraceDetail("key", "v|\(n)"), TraceDetail("é", "")]
        }
        let times: [Int64] = [-86_400_000_123, -1, 0, 9, 10, 1_767_942_000_000, Int64.max / 2]
        for (n, t) in times.enumerated() {
            for recorder in [kept, dropped] {
                recorder.record(
                    at: SimInstant(millisecondsSinceEpoch: t), subsystem: "s\(n)", kind: n % 3 == 0 ? "wanted" : "k.ä",
                    rule: n % 2 == 0 ? "A\(n)" : nil, cause: Int32(n) - 1, details: details(n))
            }
        }
        var expected = FNV1a.offsetBasis
        for byte in [42, 0, 0, 0, 0, 0, 0, 0] as [UInt64] {
            expected ^= byte
            expected = expected &* FNV1a.prime
        }
        for record in kept.records {
            for byte in Self.headerBytes(record) {
                expected ^= UInt64(byte)
                expected = expected &* FNV1a.prime
            }
        }
        #expect(kept.digest == expected)
        #expect(dropped.digest == expected)
        #expect(TraceRecorder.digest(of: kept.records, seed: 42) == expected)
        #expect(TraceRecorder.digest(of: kept.records, seed: 43) != expected)
        #expect(dropped.records.isEmpty && dropped.recordCount == times.count)
        // Every record reached the observer; only the wanted ones carry (and built) details.
        #expect(seen.map(\.id) == kept.records.map(\.id))
        #expect(seen.filter { !$0.details.isEmpty }.map(\.kind).allSatisfy { $0 == "wanted" })
        #expect(built == times.count + times.indices.filter { $0 % 3 == 0 }.count)
    }

    @Test func anObserverThatAsksForTheSummaryGetsItAloneWhenTheWriterGaveOne() {
        let kept = TraceRecorder(enabled: true)
        let dropped = TraceRecorder(enabled: false)
        var seen: [TraceRecord] = []
        dropped.observer = ClosureObserver(observe: { seen.append($0) }, demand: { _, kind, _, _ in kind == "all" ? .all : .summary })
        var builtFull = 0
        func full() -> [TraceDetail] {
            builtFull += 1
            return [TraceDetail("operation", "op"), .extra("slot", "s1"), TraceDetail("why", "w")]
        }
        for recorder in [kept, dropped] {
            recorder.record(at: SimInstant(millisecondsSinceEpoch: 0), subsystem: "x", kind: "split", cause: -1, details: full(), summary: [.extra("slot", "s1")])
            recorder.record(at: SimInstant(millisecondsSinceEpoch: 0), subsystem: "x", kind: "unsplit", cause: -1, details: full())
            recorder.record(at: SimInstant(millisecondsSinceEpoch: 0), subsystem: "x", kind: "all", cause: -1, details: full(), summary: [.extra("slot", "s1")])
        }
        // Kept records always carry every detail; the dropping recorder built the full list
        // only where it had no separate summary or was asked for all.
        #expect(builtFull == 3 + 2)
        #expect(kept.records.allSatisfy { $0.details.map(\.key) == ["operation", "extra.slot", "why"] })
        #expect(seen.map(\.details.count) == [1, 3, 3])
        #expect(seen.allSatisfy { $0.extra("slot") == "s1" })
    }

    @Test("A record about an item with extras reaches a summary-reading observer with the item's extras as they are, and no details built")
    func anItemsExtrasAreTheSummaryAsTheyAre() {
        let kept = TraceRecorder(enabled: true)
        let dropped = TraceRecorder(enabled: false)
        var seen: [TraceRecord] = []
        dropped.observer = ClosureObserver(observe: { seen.append($0) }, demand: { _, kind, _, _ in kind == "all" ? .all : kind == "none" ? .none : .summary })
        let extras = [StringPair("slot", "s1"), StringPair("localDate", "2026-03-02")]
        var builtFull = 0
        func full() -> [TraceDetail] {
            builtFull += 1
            return [TraceDetail("operation", "op")] + extras.map { .extra($0.key, $0.value) }
        }
        for recorder in [kept, dropped] {
            for kind in ["summary", "all", "none"] {
                recorder.record(at: SimInstant(millisecondsSinceEpoch: 0), subsystem: "x", kind: kind, cause: -1, details: full(), extras: extras)
            }
        }
        // Kept records carry every detail, extras among them, and no separate extras.
        #expect(builtFull == 3 + 1)
        #expect(kept.records.allSatisfy { $0.details.map(\.key) == ["operation", "extra.slot", "extra.localDate"] && $0.extras.isEmpty })
        #expect(seen.map(\.details.count) == [0, 3, 0])
        #expect(seen.map(\.extras) == [extras, [], []])
        // Either way a record's extras read the same.
        for record in kept.records + seen.prefix(2) {
            #expect(record.extra("slot") == "s1" && record.extra("localDate") == "2026-03-02" && record.extra("operation") == nil)
        }
    }

    @Test("A record with an empty summary reaches a summary-reading observer as one with no extras, its details never built")
    func anEmptySummaryArrivesAsNoExtras() {
        final class ArrivalObserver: TraceObserver {
            var asRecords: [String] = []
            var asExtras: [(kind: String, extras: [StringPair])] = []
            override func detailDemand(header: Int, subsystem: String, kind: String, rule: String?, tag: String?)
                -> TraceRecorder.DetailDemand
            { .summary }
            override func observe(_ record: consuming TraceRecord, header: Int) { asRecords.append(record.kind) }
            override func observe(
                header: Int, id: Int32, time: SimInstant, subsystem: String, kind: String, rule: String?, cause: Int32,
                extras: [StringPair]
            ) { asExtras.append((kind, extras)) }
        }
        let recorder = TraceRecorder(enabled: false)
        let observer = ArrivalObserver()
        recorder.observer = observer
        var builtFull = 0
        func full() -> [TraceDetail] {
            builtFull += 1
            return [TraceDetail("action", "NOTIFY")]
        }
        let at = SimInstant(millisecondsSinceEpoch: 0)
        recorder.record(at: at, subsystem: "x", kind: "empty", cause: -1, details: full(), summary: [])
        recorder.record(at: at, subsystem: "x", kind: "summarised", cause: -1, details: full(), summary: [.extra("slot", "s1")])
        recorder.record(at: at, subsystem: "x", kind: "unsummarised", cause: -1, details: full())
        recorder.record(at: at, subsystem: "x", kind: "item", cause: -1, details: full(), extras: [StringPair("slot", "s1")])
        #expect(builtFull == 1, "only the record without a summary builds its details")
        #expect(observer.asRecords == ["summarised", "unsummarised"])
        #expect(observer.asExtras.map(\.kind) == ["empty", "item"])
        #expect(observer.asExtras.map(\.extras) == [[], [StringPair("slot", "s1")]])
    }

    @Test func aHeaderOnlyRecordIsFoldedAndNumberedButNeitherBuiltNorObserved() {
        let kept = TraceRecorder(enabled: true, seed: 7)
        let dropped = TraceRecorder(enabled: false, seed: 7)
        var seen: [TraceRecord] = []
        var shown: [String] = []
        dropped.observer = ClosureObserver(
            observe: { seen.append($0) },
            demand: { _, kind, _, _ in
                shown.append(kind)
                return kind.hasPrefix("count") ? .headerOnly : .all
            })
        var built = 0
        func details() -> [TraceDetail] {
            built += 1
            return [TraceDetail("n", built)]
        }
        let kinds = ["count.a", "read", "count.b", "count.a", "read"]
        for recorder in [kept, dropped] {
            for (n, kind) in kinds.enumerated() {
                let id = recorder.record(
                    at: SimInstant(millisecondsSinceEpoch: Int64(n)), subsystem: "s", kind: kind, rule: n == 2 ? "R1" : nil,
                    cause: Int32(n) - 1, details: details())
                #expect(id == Int32(n))
            }
        }
        // The kept recorder built all five; the dropping one only the two it handed over.
        #expect(built == kinds.count + 2)
        #expect(shown == kinds)
        #expect(seen.map(\.id) == [1, 4])
        #expect(dropped.recordCount == kinds.count && dropped.lastID == 4)
        #expect(dropped.digest == kept.digest && kept.digest == TraceRecorder.digest(of: kept.records, seed: 7))
    }

    /// An observer that gives a header's demand once is not asked again for that header's
    /// records; one whose demand depends on the tag is asked per record; the recorder counts
    /// every record per header, and starts afresh for a new observer.
    @Test func aFixedDemandIsAskedOncePerHeaderAndRecordsAreCountedPerHeader() {
        let recorder = TraceRecorder(enabled: false, seed: 1)
        var fixedAsked: [String] = []
        var perRecordAsked: [String] = []
        var seen: [String] = []
        let observer = ClosureObserver(
            observe: { seen.append($0.kind) },
            demand: { _, kind, _, _ in
                perRecordAsked.append(kind)
                return .all
            },
            fixed: { _, kind, _ in
                fixedAsked.append(kind)
                return kind == "tagged" ? nil : kind == "read" ? .all : .headerOnly
            })
        recorder.observer = observer
        let kinds = ["count", "read", "tagged", "count", "count", "read", "tagged"]
        for (n, kind) in kinds.enumerated() {
            recorder.record(at: SimInstant(millisecondsSinceEpoch: Int64(n)), subsystem: "s", kind: kind, cause: -1)
        }
        #expect(fixedAsked == ["count", "read", "tagged"], "once per header")
        #expect(perRecordAsked == ["tagged", "tagged"], "the tagged header's records, one by one")
        #expect(seen == ["read", "tagged", "read", "tagged"])
        #expect(recorder.recordCountsByHeader == [3, 2, 2])

        // A new observer is asked afresh and counts from zero.
        fixedAsked = []
        recorder.observer = observer
        #expect(recorder.recordCountsByHeader == [0, 0, 0])
        recorder.record(at: SimInstant(millisecondsSinceEpoch: 9), subsystem: "s", kind: "read", cause: -1)
        #expect(fixedAsked == ["read"])
        #expect(recorder.recordCountsByHeader == [0, 1, 0])
    }

    /// A record's `tag` reaches the filter with its header, so a filter can count records by it
    /// and have none built; it is not part of the record or the digest.
    @Test func theFilterSeesTheTagAndTheTagIsNotPartOfTheRecord() {
        let kept = TraceRecorder(enabled: true, seed: 3)
        let dropped = TraceRecorder(enabled: false, seed: 3)
        let untagged = TraceRecorder(enabled: false, seed: 3)
        var counted: [String: Int] = [:]
        var seen: [TraceRecord] = []
        dropped.observer = ClosureObserver(
            observe: { seen.append($0) },
            demand: { _, _, _, tag in
                guard let tag, tag != "listed" else { return .summary }
                counted[tag, default: 0] += 1
                return .headerOnly
            })
        var built = 0
        func details(_ event: String) -> [TraceDetail] {
            built += 1
            return [TraceDetail("event", event), TraceDetail("slot", "s1")]
        }
        let events = ["shown", "listed", "shown", "scheduled"]
        for (n, event) in events.enumerated() {
            for recorder in [kept, dropped] {
                recorder.record(
                    at: SimInstant(millisecondsSinceEpoch: Int64(n)), subsystem: "plugin", kind: "telemetry", cause: -1,
                    details: details(event), summary: [TraceDetail("event", event)], tag: event)
            }
            untagged.record(at: SimInstant(millisecondsSinceEpoch: Int64(n)), subsystem: "plugin", kind: "telemetry", cause: -1)
        }
        #expect(counted == ["shown": 2, "scheduled": 1])
        #expect(seen.map(\.id) == [1] && seen.first?.details.map(\.value) == ["listed"])
        #expect(built == events.count, "only the kept recorder built details")
        #expect(kept.records.map { $0.detail("event") } == events)
        #expect(dropped.digest == kept.digest && untagged.digest == kept.digest)
    }

    @Test func aRecorderThatComputesNoDigestStillNumbersKeepsAndObservesRecords() {
        let folding = TraceRecorder(enabled: true, seed: 9)
        let plain = TraceRecorder(enabled: true, seed: 9, computesDigest: false)
        var seen: [Int32] = []
        plain.observer = ClosureObserver(observe: { seen.append($0.id) })
        for recorder in [folding, plain] {
            for n in 0..<4 {
                recorder.record(
                    at: SimInstant(millisecondsSinceEpoch: Int64(n)), subsystem: "s", kind: "k\(n)", cause: -1,
                    details: [TraceDetail("n", n)])
            }
        }
        #expect(plain.recordCount == 4 && plain.records.map(\.kind) == folding.records.map(\.kind))
        #expect(seen == [0, 1, 2, 3])
        #expect(folding.computesDigest && !plain.computesDigest)
        // The digest stays the seed's alone; the folding recorder's moved with every record.
        #expect(plain.digest == TraceRecorder(seed: 9).digest)
        #expect(folding.digest == TraceRecorder.digest(of: folding.records, seed: 9) && folding.digest != plain.digest)
    }
}

/// An observer made of closures: what a test reads of the records a recorder hands over, and
/// which details it asks for (every one, unless `demand` says otherwise). It also checks that
/// the recorder numbers headers densely and consistently: one number per distinct header.
final class ClosureObserver: TraceObserver {
    private let observeRecord: (TraceRecord) -> Void
    private let demand: ((String, String, String?, String?) -> TraceRecorder.DetailDemand)?
    private let fixed: ((String, String, String?) -> TraceRecorder.DetailDemand?)?
    /// The header each number was given with, and the number of each header.
    private(set) var headers: [Int: String] = [:]
    private var numbers: [String: Int] = [:]

    init(
        observe: @escaping (TraceRecord) -> Void,
        demand: ((_ subsystem: String, _ kind: String, _ rule: String?, _ tag: String?) -> TraceRecorder.DetailDemand)? = nil,
        fixed: ((_ subsystem: String, _ kind: String, _ rule: String?) -> TraceRecorder.DetailDemand?)? = nil
    ) {
        observeRecord = observe
        self.demand = demand
        self.fixed = fixed
    }

    override func fixedDetailDemand(header: Int, subsystem: String, kind: String, rule: String?) -> TraceRecorder.DetailDemand? {
        note(header: header, subsystem: subsystem, kind: kind, rule: rule)
        return fixed?(subsystem, kind, rule)
    }

    override func detailDemand(header: Int, subsystem: String, kind: String, rule: String?, tag: String?)
        -> TraceRecorder.DetailDemand
    {
        note(header: header, subsystem: subsystem, kind: kind, rule: rule)
        return demand?(subsystem, kind, rule, tag) ?? .all
    }

    override func observe(_ record: consuming TraceRecord, header: Int) {
        note(header: header, subsystem: record.subsystem, kind: record.kind, rule: record.rule)
        observeRecord(record)
    }

    private func note(header: Int, subsystem: String, kind: String, rule: String?) {
        let text = subsystem + "|" + kind + "|" + (rule ?? "-")
        #expect(headers[header, default: text] == text, "one number, one header")
        #expect(numbers[text, default: header] == header, "one header, one number")
        #expect(header <= headers.count, "numbers are given in order from 0")
        headers[header] = text
        numbers[text] = header
    }
}
