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

/// ``UTF8Bytes/asciiEquality(_:_:)``: whenever it answers, it answers as `String ==` does, for
/// strings in every form a run makes (short and long, literal, built at run time, sliced,
/// decoded, ASCII or not, canonically equivalent spellings); and it does answer for the ASCII
/// names look-ups compare.
struct ASCIIEqualityTests {
    static let strings: [String] = {
        var strings = UTF8BytesTests.strings
        strings += [
            "slot", "localDate", "plannedWallMillis", "contentFetchedAt", "testAlarm", "K\u{212A}", "KK", "\u{212A}\u{212A}",
            "\u{212A}\u{212A}\u{212A}\u{212A}\u{212A}\u{212A}", "KKKKKK", "abc\u{301}", "ab\u{E7}", "abc\u{327}",
        ]
        // The same texts made at run time, long and short, and from slices and bytes.
        strings += ["plannedWall" + String("Millis".reversed().reversed()), "slo" + "t".lowercased(), String(repeating: "K", count: 6)]
        strings += [String("xxplannedWallMillisxx".dropFirst(2).dropLast(2)), String(decoding: Array("localDate".utf8), as: UTF8.self)]
        strings += [String(repeating: "\u{212A}", count: 6), "caf" + String("e\u{301}")]
        return strings
    }()

    @Test func answersOnlyAsStringEqualityWould() {
        var answered = 0
        for lhs in Self.strings {
            for rhs in Self.strings {
                guard let equal = UTF8Bytes.asciiEquality(lhs, rhs) else { continue }
                answered += 1
                #expect(equal == (lhs == rhs), "\(lhs.debugDescription) vs \(rhs.debugDescription)")
            }
        }
        #expect(answered > Self.strings.count * Self.strings.count / 2)
    }

    @Test func answersForASCIINamesInAnyForm() {
        let built = "plannedWall" + String("Millis".reversed().reversed())
        #expect(UTF8Bytes.asciiEquality("plannedWallMillis", built) == true)
        #expect(UTF8Bytes.asciiEquality("slot", "localDate") == false)
        #expect(UTF8Bytes.asciiEquality("localDate", "plannedWallMillis") == false)
        #expect(UTF8Bytes.asciiEquality("plannedWallMillis", "contentFetchedAt") == false)
        #expect(UTF8Bytes.asciiEquality("K", "\u{212A}") == nil)
        #expect(UTF8Bytes.asciiEquality("KKKKKK", String(repeating: "\u{212A}", count: 6)) == nil)
    }
}
