@testable import DNSimPlugin
import Testing

/// ``IdentifierMap``: the same answers as a `Dictionary`, and iteration in insertion order.
@Suite("identifier map")
struct IdentifierMapTests {
    @Test func updateReplacesAndRemoveTakesOnlyWhatIsThere() {
        var map = IdentifierMap<Int>()
        #expect(map["a"] == nil && map.count == 0)
        #expect(map.updateValue(1, forKey: "a") == nil)
        #expect(map.updateValue(2, forKey: "a") == 1)
        #expect(map["a"] == 2 && map.count == 1 && map.contains("a"))
        #expect(map.removeValue(forKey: "b") == nil)
        #expect(map.removeValue(forKey: "a") == 2)
        #expect(map["a"] == nil && map.count == 0 && !map.contains("a"))
    }

    @Test func keysAreEqualByTheirBytesNotByCanonicalEquivalence() {
        var map = IdentifierMap<Int>()
        map.updateValue(1, forKey: "Kelvin")
        map.updateValue(2, forKey: "\u{212A}elvin")  // KELVIN SIGN: canonically "K", other bytes
        #expect(map.count == 2)
        #expect(map["Kelvin"] == 1 && map["\u{212A}elvin"] == 2)
    }

    @Test func anOptionalValueOfNilIsStillAValue() {
        var map = IdentifierMap<Int64?>()
        map.updateValue(nil, forKey: "dn-s00-2026-04-01")
        #expect(map["dn-s00-2026-04-01"] != nil, "present, with no value")
        #expect(map["dn-s00-2026-04-02"] == nil)
    }

    /// Many random operations on keys of every length around the 8-byte words the hash reads,
    /// checked against a `Dictionary` and an insertion-ordered list after each one.
    @Test func randomOperationsMatchADictionaryAndKeepInsertionOrder() {
        var map = IdentifierMap<Int>()
        var model: [String: Int] = [:]
        var order: [String] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let keys = (0..<150).map { index in
            index % 3 == 0 ? "dn-s\(index % 7)-2026-04-\(10 + index % 20)" : String(repeating: "k", count: index % 19) + String(index)
        }
        for step in 0..<20_000 {
            let key = keys[next(keys.count)]
            switch next(4) {
            case 0, 1:
                #expect(map.updateValue(step, forKey: key) == model.updateValue(step, forKey: key))
                if !order.contains(key) { order.append(key) }
            case 2:
                #expect(map.removeValue(forKey: key) == model.removeValue(forKey: key))
                order.removeAll { $0 == key }
            default:
                if step % 97 == 0 { map.reserveCapacity(map.count + next(64)) }
            }
            #expect(map[key] == model[key] && map.contains(key) == (model[key] != nil))
            #expect(map.count == model.count)
        }
        var iterated: [(String, Int)] = []
        map.forEach { iterated.append(($0, $1)) }
        #expect(iterated.map(\.0) == order)
        #expect(iterated.allSatisfy { model[$0.0] == $0.1 })
    }
}
