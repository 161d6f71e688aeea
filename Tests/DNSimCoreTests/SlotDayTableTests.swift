import DNSimCore
import Testing

/// ``SlotDayTable`` holds exactly what a dictionary keyed by (slot bytes, day) would, whatever
/// the days (near a slot's first, before it, years away, negative) and the ids (short or not).
struct SlotDayTableTests {
    private struct Key: Hashable {
        var slot: String
        var day: Int64
    }

    @Test func holdsWhatADictionaryWould() {
        var table = SlotDayTable<Int>()
        var model: [Key: Int] = [:]
        var random = Xoshiro256StarStar(seed: 11)
        let slots = ["s1", "s2", "a-long-slot-identifier-of-forty-bytes-ok", "", "s\u{E9}"]
        let days: [Int64] = [20_000, 19_990, 19_900, 19_935, 20_365, 24_000, -3, 0, Int64.max - 5, Int64.min + 2]
        for step in 0..<4_000 {
            let slot = slots[Int(random.next(in: 0...Int64(slots.count - 1)))]
            let base = days[Int(random.next(in: 0...Int64(days.count - 1)))]
            let day = base &+ random.next(in: 0...200)
            let key = Key(slot: slot, day: day)
            switch random.next(in: 0...3) {
            case 0:
                table[slot: slot, day: day] = step
                model[key] = step
            case 1:
                table[slot: slot, day: day] = nil
                model[key] = nil
            case 2:
                table.insertIfAbsent(step, slot: slot, day: day)
                if model[key] == nil { model[key] = step }
            default:
                break
            }
            #expect(table[slot: slot, day: day] == model[key])
            #expect(table.count == model.count)
        }
        for (key, value) in model { #expect(table[slot: key.slot, day: key.day] == value) }
        // Ids compare by their bytes: "é" precomposed and decomposed are two slots.
        table[slot: "s\u{65}\u{301}", day: 20_000] = -1
        #expect(table[slot: "s\u{E9}", day: 20_000] == model[Key(slot: "s\u{E9}", day: 20_000)])
        table.removeAll()
        #expect(table.count == 0 && table[slot: "s1", day: 20_000] == nil)
    }
}
