import DNSimCore
import Testing

/// ``ShortStringMemo`` answers only for a short string it remembered, with the last value
/// remembered for it, whatever shares its line.
struct ShortStringMemoTests {
    @Test func answersOnlyForWhatItRemembersInItsLine() {
        var memo = ShortStringMemo<Int>(lineBits: 2)  // four lines for 300 strings: most share one
        #expect(memo.value(for: "s1") == nil)
        var last: [String: Int] = [:]
        for round in 0..<3 {
            for number in 0..<300 {
                let id = "slot-\(number)"
                memo.remember(number * 10 + round, for: id)
                last[id] = number * 10 + round
                #expect(memo.value(for: id) == number * 10 + round)
            }
        }
        // Whatever a line answers is the value last remembered for that very string.
        var answered = 0
        for (id, value) in last {
            if let found = memo.value(for: id) {
                #expect(found == value)
                answered += 1
            }
        }
        #expect(answered <= 4)
        // A long string is never remembered.
        let long = String(repeating: "x", count: 40)
        memo.remember(7, for: long)
        #expect(memo.value(for: long) == nil)
        #expect(memo.value(for: "unseen") == nil)
    }
}
