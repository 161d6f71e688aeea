/// The decimal digits of an integer as ASCII bytes, without building a string: what
/// `String(value)` spells, for code that hashes or writes numbers byte by byte.
public enum DecimalDigits {
    /// How many bytes `String(value)` has: the digits, and a `-` when negative.
    @inlinable
    public static func count(_ value: Int64) -> Int {
        var digits = 0
        var rest = value.magnitude
        while rest >= 100_000_000 {
            rest /= 100_000_000
            digits += 8
        }
        digits += digitCount(belowHundredMillion: rest)
        return value < 0 ? digits + 1 : digits
    }

    /// How many digits `value` (below 10⁸) has: at least one.
    @inlinable @inline(__always)
    static func digitCount(belowHundredMillion value: UInt64) -> Int {
        if value < 10_000 {
            return value < 100 ? (value < 10 ? 1 : 2) : (value < 1_000 ? 3 : 4)
        }
        return value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8)
    }

    /// The eight ASCII digits of `value` (below 10⁸), zero-padded on the left, as a word whose
    /// little-endian bytes are the text (the most significant digit in the lowest byte).
    ///
    /// Worked out in lanes: the word is split into two halves of four digits, each half into
    /// two pairs, each pair into two digits, every split of all lanes at once by a multiply
    /// by the divisor's scaled reciprocal (exact below the bounds the lanes keep), so eight
    /// digits take three short steps instead of a chain of eight divisions.
    @inlinable @inline(__always)
    public static func eightDigitsText(_ value: UInt64) -> UInt64 {
        // ⌊v / 10 000⌋ for v < 10⁸; ⌊v / 100⌋ for v < 10⁴; ⌊v / 10⌋ for v < 100.
        let high = (value &* 109_951_163) >> 40
        var lanes = high | ((value &- high &* 10_000) << 32)
        let hundreds = ((lanes &* 10_486) >> 20) & 0x0000_007F_0000_007F
        lanes = hundreds | ((lanes &- hundreds &* 100) << 16)
        let tens = ((lanes &* 103) >> 10) & 0x000F_000F_000F_000F
        lanes = tens | ((lanes &- tens &* 10) << 8)
        return lanes | 0x3030_3030_3030_3030
    }

    /// `String(value)`, spelled here: the standard library's reaches the digits through a
    /// generic `description`, and the plugin spells a wall time or a version into the extras of
    /// every alarm it arms. A number of up to 15 bytes is a small string (no allocation).
    @inlinable
    public static func string(_ value: Int64) -> String {
        let length = count(value)
        return String(ascii: length) { start in writeDigits(of: value, length: length, to: start) }
    }

    /// Writes the bytes of `String(value)` at `start`, which has room for ``count(_:)`` of them
    /// (at most 20), and returns how many it wrote.
    @inlinable
    public static func write(_ value: Int64, to start: UnsafeMutablePointer<UInt8>) -> Int {
        let length = count(value)
        writeDigits(of: value, length: length, to: start)
        return length
    }

    /// Writes `String(value)`, whose length is `length`, at `start`: the digits backwards by
    /// division by 10, then the sign.
    @inlinable @inline(__always) @usableFromInline
    static func writeDigits(of value: Int64, length: Int, to start: UnsafeMutablePointer<UInt8>) {
        _ = writeDigitsBackward(value.magnitude, endingAt: start + length)
        if value < 0 { start.pointee = UInt8(ascii: "-") }
    }

    /// Writes the decimal digits of `magnitude` so that the last one lies just before `end`,
    /// eight at a time (``eightDigitsText(_:)``); returns where the first one lies.
    @inlinable @inline(__always) @usableFromInline
    static func writeDigitsBackward(_ magnitude: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var rest = magnitude
        var position = end
        while rest >= 100_000_000 {
            let quotient = rest / 100_000_000
            position -= 8
            UnsafeMutableRawPointer(position).storeBytes(of: eightDigitsText(rest &- quotient &* 100_000_000).littleEndian, as: UInt64.self)
            rest = quotient
        }
        let digits = digitCount(belowHundredMillion: rest)
        // The padded text's last `digits` bytes.
        let text = eightDigitsText(rest) >> UInt64(8 * (8 - digits))
        position -= digits
        for index in 0..<digits { position[index] = UInt8(truncatingIfNeeded: text >> UInt64(8 * index)) }
        return position
    }

    /// Calls `body` with each byte of `String(value)`, in order: a `-` when negative, then the
    /// digits, most significant first.
    @inlinable
    public static func forEach(_ value: Int64, _ body: (UInt8) throws -> Void) rethrows {
        if value < 0 { try body(UInt8(ascii: "-")) }
        // Written backwards into a stack buffer (no count first), then handed over in order:
        // dividing by a power of ten that varies is a division per digit.
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            guard let base = buffer.baseAddress else { return }
            let end = base + buffer.count
            var position = writeDigitsBackward(value.magnitude, endingAt: end)
            while position < end {
                try body(position.pointee)
                position += 1
            }
        }
    }

    /// The integer `text` spells as `Int64(text)` reads it: an optional `+` or `-`, then one
    /// or more ASCII digits, within `Int64`'s range; `nil` for anything else. Read in place,
    /// byte by byte (the standard library's generic parser costs several times more, and the
    /// plugin reads a planned time and a content version out of every alarm's extras).
    public static func int64(parsing text: String) -> Int64? {
        // A short string of up to 15 digits (a planned time, a version) is read from its two
        // words, eight digits at a time, without reaching its bytes through memory.
        #if _endian(little)
            if let words = UTF8Bytes.shortStringWords(of: text), let value = unsignedDigits(inShortString: words) { return value }
        #endif
        var text = text
        return text.withUTF8 { bytes -> Int64? in
            guard let first = bytes.first else { return nil }
            let negative = first == UInt8(ascii: "-")
            var index = negative || first == UInt8(ascii: "+") ? 1 : 0
            guard index < bytes.count else { return nil }
            var magnitude: UInt64 = 0
            // Up to 19 digits cannot overflow a UInt64: no checks but the digits'.
            if bytes.count - index <= 19 {
                while index < bytes.count {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    magnitude = magnitude &* 10 &+ UInt64(digit)
                    index += 1
                }
            }
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                let (times10, overflowed) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, carried) = times10.addingReportingOverflow(UInt64(digit))
                guard !overflowed, !carried else { return nil }
                magnitude = sum
                index += 1
            }
            if negative { return magnitude <= Int64.min.magnitude ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
            return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
        }
    }

    /// The value of a short string (``UTF8Bytes/shortStringWords(of:)``) of 1 to 15 ASCII digits
    /// and nothing else; `nil` for any other (a sign, an empty string, a byte that is no digit:
    /// the byte-by-byte reading decides those). The first eight digits lie in the first word,
    /// the rest in the low bytes of the second, whose top byte holds the count.
    @inline(__always)
    static func unsignedDigits(inShortString words: (UInt64, UInt64)) -> Int64? {
        let count = Int(truncatingIfNeeded: words.1 >> 56 & 0xF)
        guard count > 0 else { return nil }
        guard count > 8 else { return eightDigits(rightAligned(words.0, count: count)).map(Int64.init) }
        let rest = count - 8
        guard let high = eightDigits(words.0),
            let low = eightDigits(rightAligned(words.1 & ((1 &<< UInt64(rest * 8)) &- 1), count: rest))
        else { return nil }
        return Int64(high * powersOfTen[rest] + low)
    }

    /// `count` (1…8) digit bytes, first in the low byte, moved to the top of a word with `0`
    /// digits before them: the same number, as eight digits.
    @inline(__always)
    private static func rightAligned(_ word: UInt64, count: Int) -> UInt64 {
        let shift = UInt64(8 - count) * 8
        return word &<< shift | (asciiZeros >> (64 - shift))
    }

    /// Eight `0` bytes.
    private static var asciiZeros: UInt64 { 0x3030_3030_3030_3030 }

    /// The value of eight ASCII digits, the most significant in the low byte (as they lie in
    /// memory), or `nil` unless every byte is a digit: the digits are checked and combined
    /// in pairs, fours and eights (three multiplications instead of eight).
    @inline(__always)
    private static func eightDigits(_ word: UInt64) -> UInt64? {
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        // Each byte is 0x30…0x3F, and adding 6 leaves it below 0x40: 0x30…0x39.
        guard word & high == asciiZeros, (word &+ 0x0606_0606_0606_0606) & high == asciiZeros else { return nil }
        var value = word &- asciiZeros
        value = (value &* 10 &+ (value >> 8)) & 0x00FF_00FF_00FF_00FF
        value = (value &* 100 &+ (value >> 16)) & 0x0000_FFFF_0000_FFFF
        return (value &* 10_000 &+ (value >> 32)) & 0xFFFF_FFFF
    }

    /// 10⁰ through 10⁷.
    private static let powersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]

    /// `String(value)`, given a `text` that ``int64(parsing:)`` reads as `value`: `text` itself
    /// when it is already that spelling, else the spelling made anew. A number read back from
    /// text it was written as (an alarm's planned time in its extras) needs no new string. The
    /// shortest spelling of a value is the only one: a `+`, a leading zero or the `-` of `-0`
    /// only lengthen it, so a `text` of ``count(_:)`` bytes is it.
    public static func string(_ value: Int64, parsedFrom text: String) -> String {
        text.utf8.count == count(value) ? text : string(value)
    }

    /// The integer `text` spells as `Int(text)` reads it (``int64(parsing:)`` within `Int`'s range).
    public static func int(parsing text: String) -> Int? { int64(parsing: text).flatMap { Int(exactly: $0) } }
}
