import DNSimCore
import Testing

/// ``UTF8Bytes``: the word-at-a-time comparison orders and equates strings exactly as their
/// UTF-8 bytes compare one by one.
struct UTF8BytesTests {
    /// The reference: the bytes compared one at a time.
    static func byteWise(_ lhs: String, _ rhs: String) -> Int {
        let (a, b) = (Array(lhs.utf8), Array(rhs.utf8))
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// Strings that differ at every position of a word and past it, in a small (inline) and a
    /// heap-allocated form, with non-ASCII bytes (≥ 0x80, which must sort after ASCII) and
    /// canonically equivalent spellings ("é" as one scalar and as e + U+0301).
    static let strings: [String] = {
        var strings = ["", "a", "ab", "abcdefg", "abcdefgh", "abcdefghi", "dnp-s00-2026-03-01", "dnp-s00-2026-03-02",
            "dnp-s00-2026-04-01", "dnp-s01-2026-03-01", "dnp-s00-2026-03-0", "\u{E9}", "e\u{301}", "caf\u{E9}-2026-03-01",
            "cafe\u{301}-2026-03-01", "\u{212A}", "K", "zzzzzzzzzzzzzzzzzzzzzzzz", "zzzzzzzzzzzzzzzzzzzzzzzy", "\u{7F}", "\u{80}"]
        // One byte changed at each position of a 20-byte string, up and down.
        let base = Array("0123456789abcdefghij".utf8)
        for position in base.indices {
            for delta in [-1, 1] {
                var bytes = base
                bytes[position] = UInt8(Int(bytes[position]) + delta)
                strings.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        return strings
    }()

    @Test func comparesAsTheBytesDoOneByOne() {
        for lhs in Self.strings {
            for rhs in Self.strings {
                #expect(UTF8Bytes.compare(lhs, rhs) == Self.byteWise(lhs, rhs), "\(lhs) vs \(rhs)")
                #expect(UTF8Bytes.equal(lhs, rhs) == (Self.byteWise(lhs, rhs) == 0), "\(lhs) vs \(rhs)")
            }
        }
    }

    @Test func aStringEqualsItsCopyAndAnEqualStringBuiltApart() {
        let built = "dnp-s00-" + String(2026) + "-03-01"
        let copy = built
        #expect(UTF8Bytes.equal(built, copy) && UTF8Bytes.compare(built, copy) == 0)
        #expect(UTF8Bytes.equal(built, "dnp-s00-2026-03-01"))
        #expect(!UTF8Bytes.equal("\u{E9}", "e\u{301}"), "canonically equivalent, other bytes")
    }
}
