import DNSimCore
import Testing

@testable import DNSimScenario

struct RunLedgerTests {
    @Test func wallTimesMapToTrueTimeWithTheOffsetInForceWhenTheyWereRead() throws {
        let scenario = try ScenarioDecoder(file: "case.json").decode(Array(MinimalScenario.text.utf8))
        let ledger = RunLedger(scenario: scenario, trace: TraceRecorder())
        let start = scenario.startInstant
        // The clock jumps 3 days forward at start + 2 h, then back by 1 h at start + 10 h.
        ledger.clockChanged(offset: .days(3), at: start + .hours(2))
        ledger.clockChanged(offset: .days(3) - .hours(1), at: start + .hours(10))

        // Read before any jump: wall and true time agree.
        #expect(ledger.trueInstant(forWallMillis: (start + .hours(1)).millisecondsSinceEpoch) == start + .hours(1))
        // Read at start + 5 h, when the wall showed 3 days more.
        let wallAt5 = start + .hours(5) + .days(3)
        #expect(ledger.trueInstant(forWallMillis: wallAt5.millisecondsSinceEpoch) == start + .hours(5))
        // Read at start + 12 h, after the step back.
        let wallAt12 = start + .hours(12) + .days(3) - .hours(1)
        #expect(ledger.trueInstant(forWallMillis: wallAt12.millisecondsSinceEpoch) == start + .hours(12))
    }
}
