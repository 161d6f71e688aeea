import DNSimCore
import Testing

/// ``RecordHeaderCache`` answers for each header the value made for that header, whatever
/// evicts what: more headers than slots, a rule absent and empty, equal strings built apart.
struct RecordHeaderCacheTests {
    @Test func everyAnswerIsTheValueMadeForThatHeader() {
        var cache = RecordHeaderCache<String>(slotBits: 4)
        var random = Xoshiro256StarStar(seed: 9)
        var made = 0
        for _ in 0..<5_000 {
            let n = Int(random.next() % 300)
            // Built at run time (heap strings, not literals), so equal headers differ in bits.
            let subsystem = n % 3 == 0 ? "plugin" : "android." + String(repeating: "x", count: n % 20)
            let kind = "kind.\(n % 50)"  // one kind under several subsystems and rules
            let rule: String? = n % 4 == 0 ? nil : n % 4 == 1 ? "" : "A\(n % 7)"
            let expected = subsystem + "|" + kind + "|" + (rule.map { "=" + $0 } ?? "none")
            let value = cache.value(subsystem: subsystem, kind: kind, rule: rule) {
                made += 1
                return expected
            }
            #expect(value == expected)
        }
        #expect(made > 300, "more headers than slots evict each other")
        // One hot header is made once.
        var hot = RecordHeaderCache<Int>(slotBits: 7)
        var hotMade = 0
        for _ in 0..<100 { _ = hot.value(subsystem: "android.alarm", kind: "alarm.set", rule: "A7") { hotMade += 1; return 1 } }
        #expect(hotMade == 1)
    }
}
