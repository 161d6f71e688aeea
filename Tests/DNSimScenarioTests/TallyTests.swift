@testable import DNSimScenario
import Testing

struct TallyTests {
    @Test func countsEachNameInTheOrderFirstSeenAsADictionaryWould() {
        var tally = Tally()
        var reference: [String: Int] = [:]
        for name in ["shown", "scheduled", "shown", "", "ok", "scheduled", "shown", "caf\u{E9}", "cafe\u{301}"] {
            tally.add(name)
            reference[name, default: 0] += 1
        }
        #expect(tally.counts == reference)
        // String equality, as the dictionary's: canonically equivalent spellings are one name.
        #expect(tally.entries.map(\.name) == ["shown", "scheduled", "", "ok", "caf\u{E9}"])
        #expect(tally.entries.map(\.count) == [3, 2, 1, 1, 2])
        #expect(Tally().counts.isEmpty)
    }
}
