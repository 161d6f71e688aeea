// The classic hold-model benchmark (Vaucher & Duval 1975) for the dnsim engine.
//
// N events are pending. Each dispatched event reschedules itself at now + Exp(mean 1 000 ms),
// so the queue size stays N and every dispatch is one pop followed by one push ("hold").
// The figure is hold operations (dispatched events) per wall-clock second.
//
// Usage: DNSimBench [--events M] [--sizes 10,1000,100000] [--json]
//
// This executable is at the CLI edge of the project: it is the only place that reads the host
// clock, and only to time the runs.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DNSimCore

/// Thrown by the handler after the M-th event of a round to stop `run(until:)` right there.
struct RoundComplete: Error {}

/// One size's result.
struct Result {
    var size: Int
    var events: Int
    var bestNanoseconds: Int64
    var roundNanoseconds: [Int64]
    var finalMilliseconds: Int64

    var eventsPerSecond: Int64 {
        bestNanoseconds > 0 ? Int64((Double(events) * 1e9 / Double(bestNanoseconds)).rounded()) : 0
    }
}

/// Exp(1) in integer milliseconds with mean 1 000 ms; never 0 so that time always advances.
@inline(__always)
func expDrawMilliseconds(_ rng: inout Xoshiro256StarStar) -> Int64 {
    let u = rng.nextUnitInterval()
    return max(1, Int64((-log(1 - u) * 1000).rounded()))
}

/// The seed shared with bench/hold.c: same xoshiro256** + SplitMix64 seeding, same draws.
let benchSeed: UInt64 = 0x00D0_51A1_2025

/// Runs the hold model at `size` pending events: a warm-up of `events / 5` holds, then three
/// timed rounds of exactly `events` holds each on the same simulator; returns the best round.
func holdBenchmark(size: Int, events: Int) throws -> Result {
    let sim = Simulator<Int32>(
        start: .epoch, seed: benchSeed, limits: SimulationLimits(maxEvents: .max), traceEnabled: false)
    var rng = Xoshiro256StarStar(seed: benchSeed)
    for index in 0..<size {
        sim.schedule(Int32(index), after: SimDuration(milliseconds: expDrawMilliseconds(&rng)))
    }
    let end = SimInstant(millisecondsSinceEpoch: .max)

    /// Exactly `count` pop-then-push holds; the last event is rescheduled before stopping,
    /// so the queue keeps `size` events between rounds.
    func round(_ count: Int) throws {
        // A local copy, so the closure captures a plain stack variable (no dynamic exclusivity
        // check on the draw); written back after the round.
        var draws = rng
        defer { rng = draws }
        var remaining = count
        do {
            try sim.run(until: end) { sim, payload in
                sim.schedule(payload, after: SimDuration(milliseconds: expDrawMilliseconds(&draws)))
                remaining &-= 1
                if remaining == 0 { throw RoundComplete() }
            }
        } catch is RoundComplete {}
    }

    try round(max(1, events / 5))
    var rounds: [Int64] = []
    for _ in 0..<3 {
        let clock = ContinuousClock()  // dnsim-host-ok: benchmark timing
        let start = clock.now  // dnsim-host-ok: benchmark timing
        try round(events)
        let elapsed = start.duration(to: clock.now)  // dnsim-host-ok: benchmark timing
        let (seconds, attoseconds) = elapsed.components
        rounds.append(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
    precondition(sim.pendingCount == size, "the hold model must keep the queue size constant")
    return Result(
        size: size, events: events, bestNanoseconds: rounds.min() ?? 0, roundNanoseconds: rounds,
        finalMilliseconds: sim.now.millisecondsSinceEpoch)
}

// MARK: - Command line

func usage() -> Never {
    print("usage: DNSimBench [--events M] [--sizes 10,1000,100000] [--json]")
    exit(2)
}

var eventsOverride: Int?
var sizes = [10, 1000, 100_000]
var json = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--events":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else { usage() }
        eventsOverride = value
    case "--sizes":
        guard let value = arguments.popFirst() else { usage() }
        let parsed = value.split(separator: ",").map { Int($0) }
        guard !parsed.isEmpty, parsed.allSatisfy({ ($0 ?? 0) > 0 }) else { usage() }
        sizes = parsed.map { $0! }
    case "--json":
        json = true
    case "-h", "--help":
        usage()
    default:
        usage()
    }
}

/// Default hold count: 10 M for N ≤ 1 000, 5 M above.
func defaultEvents(for size: Int) -> Int { size <= 1000 ? 10_000_000 : 5_000_000 }

/// `nanoseconds` as seconds with six decimals, by integer arithmetic (no locale).
func seconds(_ nanoseconds: Int64) -> String {
    let micros = (nanoseconds + 500) / 1000
    let fraction = String(micros % 1_000_000)
    return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
}

var results: [Result] = []
for size in sizes {
    let result = try holdBenchmark(size: size, events: eventsOverride ?? defaultEvents(for: size))
    results.append(result)
    if !json {
        print(
            "dnsim hold n=\(result.size) events=\(result.events) best_s=\(seconds(result.bestNanoseconds))"
                + " events_per_s=\(result.eventsPerSecond) final_ms=\(result.finalMilliseconds)")
    }
}
if json {
    let rows = results.map { result in
        "  {\"n\": \(result.size), \"events\": \(result.events), \"best_ns\": \(result.bestNanoseconds), "
            + "\"rounds_ns\": [\(result.roundNanoseconds.map(String.init).joined(separator: ", "))], "
            + "\"events_per_second\": \(result.eventsPerSecond), \"final_ms\": \(result.finalMilliseconds)}"
    }
    print("{\"engine\": \"dnsim\", \"model\": \"hold\", \"results\": [\n" + rows.joined(separator: ",\n") + "\n]}")
}
