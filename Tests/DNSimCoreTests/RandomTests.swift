import DNSimCore
import Testing

struct RandomTests {
    @Test func splitMix64MatchesThePublishedVectorForSeedZero() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xe220_a839_7b1d_cdaf)
        #expect(generator.next() == 0x6e78_9e6a_a1b9_65f4)
        #expect(generator.next() == 0x06c4_5d18_8009_454f)
    }

    @Test func xoshiroMatchesAnIndependentReferenceImplementation() {
        // Values from a separate Python transcription of the reference C code, seeded through SplitMix64(42).
        var generator = Xoshiro256StarStar(seed: 42)
        #expect(generator.next() == 0x1578_0b2e_0c2e_c716)
        #expect(generator.next() == 0x6104_d986_6d11_3a7e)
        #expect(generator.next() == 0xae17_5332_39e4_99a1)
        #expect(generator.next() == 0xecb8_ad47_03b3_60a1)
    }

    @Test func fnv1aIsStable() {
        #expect(FNV1a.hash64("") == FNV1a.offsetBasis)
        #expect(FNV1a.hash64("android.doze") == 0xf748_9646_f137_cb52)
        #expect(FNV1a.hex(0xab) == "00000000000000ab")
    }

    /// The fold reads eight bytes at a time: every length around the word boundaries, short
    /// (inline) and long (heap) strings, multi-byte characters and substrings fold the same
    /// bytes as a byte-by-byte fold.
    @Test func fnv1aFoldsTheSameBytesWhateverTheLength() {
        func byteByByte(_ text: String) -> UInt64 {
            var hash = FNV1a.offsetBasis
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* FNV1a.prime }
            return hash
        }
        let alphabet = Array("abcdéfgh🙂ijklmnopqrstuvwxyz0123456789.")
        for length in 0...40 {
            let text = String(alphabet.prefix(length))
            #expect(FNV1a.hash64(text) == byteByByte(text), "length \(length)")
            let shifted = String(("x" + text).dropFirst())
            #expect(FNV1a.hash64(shifted) == byteByByte(text))
        }
    }

    /// A string's one-step fold is its byte-by-byte fold from any state: every length up to 40,
    /// every low byte of the state, random high bits.
    @Test func fnv1aFoldOfAStringIsItsByteByByteFold() {
        var random = Xoshiro256StarStar(seed: 7)
        for length in 0...40 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let fold = FNV1a.Fold(bytes: bytes)
            for low in 0..<256 {
                let state = random.next() & ~0xFF | UInt64(low)
                var expected = state
                for byte in bytes { expected = (expected ^ UInt64(byte)) &* FNV1a.prime }
                #expect(fold.apply(to: state) == expected, "length \(length), low byte \(low)")
            }
        }
        #expect(FNV1a.Fold.shared("android.doze").apply(to: FNV1a.offsetBasis) == FNV1a.hash64("android.doze"))
    }

    @Test(arguments: [0, 7, 9, 10, 99, 100, 1_770_225_540_000, -1, -10, Int64.max, Int64.min])
    func fnv1aFoldsDecimalDigitsAsTheirText(value: Int64) {
        var folded = FNV1a.offsetBasis
        FNV1a.update(&folded, decimal: value)
        #expect(folded == FNV1a.hash64(String(value)))
    }

    @Test(arguments: [0, 7, 9, 10, 99, 100, 1_770_225_540_000, -1, -10, Int64.max, Int64.min])
    func decimalDigitsSpellWhatStringDoes(value: Int64) {
        var bytes: [UInt8] = []
        DecimalDigits.forEach(value) { bytes.append($0) }
        #expect(bytes == Array(String(value).utf8))
        #expect(DecimalDigits.string(value) == String(value))
        #expect(DecimalDigits.count(value) == String(value).utf8.count)
    }

    @Test func parsingReadsWhatInt64Reads() {
        var texts = [
            "", "+", "-", "0", "-0", "+0", "007", "42", "+42", "-42", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "-9223372036854775809", "99999999999999999999", "18446744073709551616", " 1", "1 ", "1a",
            "a1", "--1", "+-1", "-+1", "1_000", "1.0", "0x10", "\u{661}", "\u{FF11}", "1\u{301}", "١٢", "1767600000000",
        ]
        var random = Xoshiro256StarStar(seed: 3)
        for _ in 0..<2_000 {
            let value = Int64(bitPattern: random.next()) >> Int64(random.next() % 64)
            texts.append(String(value))
            texts.append("+" + String(value.magnitude % 1_000_000))
        }
        for text in texts {
            #expect(DecimalDigits.int64(parsing: text) == Int64(text), "\(text.debugDescription)")
            #expect(DecimalDigits.int(parsing: text) == Int(text), "\(text.debugDescription)")
            if let value = Int64(text) {
                #expect(DecimalDigits.string(value, parsedFrom: text) == String(value), "\(text.debugDescription)")
            }
        }
    }

    /// Short strings of digits are read eight at a time from the string's words: every length
    /// a short string has, and a byte that is no digit (just below `0`, just above `9`, the
    /// same low nibble in another column, a control byte) at any position.
    @Test func parsingShortDigitStringsReadsWhatInt64Reads() {
        var random = Xoshiro256StarStar(seed: 5)
        for length in 1...16 {
            for _ in 0..<60 {
                var bytes = (0..<length).map { _ in UInt8(ascii: "0") + UInt8(random.next() % 10) }
                let digits = String(decoding: bytes, as: UTF8.self)
                #expect(DecimalDigits.int64(parsing: digits) == Int64(digits), "\(digits.debugDescription)")
                let position = Int(random.next() % UInt64(length))
                for bad: UInt8 in [0x2F, 0x3A, 0x3F, 0x40, 0x20, 0x00, 0x7F, 0x10, 0x70, 0x39 + 0x80] {
                    let kept = bytes[position]
                    bytes[position] = bad
                    let text = String(decoding: bytes, as: UTF8.self)
                    #expect(DecimalDigits.int64(parsing: text) == Int64(text), "\(text.debugDescription)")
                    bytes[position] = kept
                }
            }
        }
        #expect(DecimalDigits.int64(parsing: "12345678\u{E9}") == nil)
        #expect(DecimalDigits.int64(parsing: "000000000000000") == 0)
        #expect(DecimalDigits.int64(parsing: "999999999999999") == 999_999_999_999_999)
    }

    /// Numbers are spelled eight digits at a time: every magnitude, each power of ten and its
    /// neighbours, and random values of every length, as `String` spells them.
    @Test func digitsAreSpelledAsStringSpellsThem() {
        var values: [Int64] = [0, 1, -1, Int64.max, Int64.min, Int64.max - 1, Int64.min + 1]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
        }
        var random = Xoshiro256StarStar(seed: 41)
        for _ in 0..<20_000 {
            let value = Int64(bitPattern: random.next()) >> Int64(random.next() % 64)
            values.append(value)
        }
        for value in values {
            let text = String(value)
            #expect(DecimalDigits.string(value) == text, "\(value)")
            #expect(DecimalDigits.count(value) == text.utf8.count, "\(value)")
            var bytes: [UInt8] = []
            DecimalDigits.forEach(value) { bytes.append($0) }
            #expect(bytes == Array(text.utf8), "\(value)")
        }
        // Eight digits, zero-padded: every value below 20 000, and a random sample up to 10⁸.
        var samples = Array(0..<20_000).map(UInt64.init) + [99_999_999, 10_000_000, 9_999_999, 50_000_000]
        for _ in 0..<20_000 { samples.append(random.next() % 100_000_000) }
        for value in samples {
            let word = DecimalDigits.eightDigitsText(value).littleEndian
            let text = withUnsafeBytes(of: word) { String(decoding: $0, as: UTF8.self) }
            let plain = String(value)
            #expect(text == String(repeating: "0", count: 8 - plain.count) + plain, "\(value)")
        }
    }

    @Test func numberedStreamsAreTheStreamsOfTheirSpelledOutNames() {
        let streams = RandomStreams(seed: 11)
        // A prefix folded once names the same streams.
        for (prefix, first, second) in [("network.ack", Int64(1_770_225_540_000), Int64(7)), ("x", -3, 0), ("", 0, 12)] {
            var spelledPair = streams.stream(named: "\(prefix).\(first).\(second)")
            var foldedPair = streams.stream(named: RandomStreams.NamePrefix(prefix), first, second)
            #expect(spelledPair.next() == foldedPair.next())
            var spelled = streams.stream(named: "\(prefix).\(first)")
            var folded = streams.stream(named: RandomStreams.NamePrefix(prefix), first)
            #expect(spelled.next() == folded.next())
        }
        var spelled = streams.stream(named: "network.ack.1770225540000.7")
        var numbered = streams.stream(named: "network.ack", 1_770_225_540_000, 7)
        #expect(spelled.next() == numbered.next())
        var spelledOne = streams.stream(named: "ios.bgtask.-3")
        var numberedOne = streams.stream(named: "ios.bgtask", -3)
        #expect(spelledOne.next() == numberedOne.next())
    }

    @Test func namedStreamsAreIndependentOfEachOther() {
        let streams = RandomStreams(seed: 7)
        var a1 = streams.stream(named: "android.doze")
        let first = (0..<4).map { _ in a1.next() }
        // Drawing from another stream in between does not change this one's sequence.
        var other = streams.stream(named: "ios.bgtask")
        _ = other.next()
        var a2 = streams.stream(named: "android.doze")
        #expect((0..<4).map { _ in a2.next() } == first)
        var b = streams.stream(named: "ios.bgtask")
        #expect(b.next() != first[0])
    }

    @Test func boundedDrawsStayInRangeAndCoverIt() {
        var generator = Xoshiro256StarStar(seed: 1)
        var seen = Set<UInt64>()
        for _ in 0..<10_000 {
            let value = generator.next(below: 7)
            #expect(value < 7)
            seen.insert(value)
        }
        #expect(seen.count == 7)
        for _ in 0..<1000 {
            let value = generator.next(in: -5...5)
            #expect((-5...5).contains(value))
            let unit = generator.nextUnitInterval()
            #expect(unit >= 0 && unit < 1)
        }
    }
}
