@testable import DNSimCore
import Testing

/// ``StringKey`` and ``WordMix``: the cheap hashes give equal keys equal
/// hashes whatever a string's storage, spread keys over a table's buckets, and find in a
/// dictionary exactly what `String` keys find.
struct HashKeyTests {
    /// Strings of every length from 0 to 40 in each storage form the runtime has: literals
    /// (small or immortal), built by appending, native with spare capacity (large however
    /// short), from a substring, non-ASCII.
    static var strings: [String] {
        var result: [String] = []
        let alphabet = Array("prefetch-s00-abcdefghijklmnopqrstuvwxyz0123456789")
        for length in 0...40 {
            let text = String(alphabet.prefix(length))
            var native = String()
            native.reserveCapacity(64)
            native += text
            let sliced = String(("#" + text + "#").dropFirst().dropLast())
            result += [text, native, sliced, text + "é", "ü" + text]
        }
        return result + ["", "s00", "s01", "prefetch-s00", "prefetch-s49", "2026-01-05", "\u{212A}", "K"]
    }

    @Test func aStringsWordIsTheWordOfItsBytesWhateverItsStorage() {
        for string in Self.strings {
            #expect(StringKey(string).word == StringKey.word(ofBytes: string), "\(string.debugDescription)")
        }
    }

    @Test func keysAreEqualExactlyWhenTheirBytesAre() {
        let strings = Self.strings
        for a in strings {
            for b in strings.prefix(60) {
                let equal = Array(a.utf8) == Array(b.utf8)
                #expect((StringKey(a) == StringKey(b)) == equal)
                if equal { #expect(StringKey(a).hashValue == StringKey(b).hashValue) }
            }
        }
        // Canonically equivalent but different bytes: different keys (as the platforms compare names).
        #expect("\u{212A}" == "K" && StringKey("\u{212A}") != StringKey("K"))
    }

    @Test func aDictionaryFindsWhatAStringKeyedOneFinds() {
        var byString: [String: Int] = [:]
        var byKey: [StringKey: Int] = [:]
        // Without the Kelvin sign, which `String` equates with "K" and a key does not.
        let strings = Self.strings.filter { !$0.utf8.elementsEqual("\u{212A}".utf8) }
        for (n, string) in strings.enumerated() where byString[string] == nil {
            byString[string] = n
            byKey[StringKey(string)] = n
        }
        for string in strings where string.utf8.allSatisfy({ $0 < 0x80 }) {
            #expect(byKey[StringKey(string)] == byString[string])
        }
        #expect(byKey[StringKey("absent")] == nil)
    }

    /// The low bits a table takes its buckets from are spread: consecutive serials and slot ids
    /// fill 1 024 buckets about as evenly as random keys would.
    @Test func hashesSpreadOverBuckets() {
        func fullest(_ hashes: [Int]) -> Int {
            var counts = [Int](repeating: 0, count: 1_024)
            for hash in hashes { counts[hash & 1_023] += 1 }
            return counts.max() ?? 0
        }
        let serials = (0..<4_096).map { WordMix.hash(UInt64($0), 0, seed: 12_345) }
        let slots = (0..<4_096).map { StringKey("s\($0)")._rawHashValue(seed: 12_345) }
        // 4 keys per bucket on average; a fair spread keeps the fullest under 16.
        #expect(fullest(serials) < 16)
        #expect(fullest(slots) < 16)
    }
}
