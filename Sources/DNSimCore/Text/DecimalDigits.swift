/// The decimal digits of an integer as ASCII bytes, without building a string: what
/// `String(value)` spells, for code that hashes or writes numbers byte by byte.
public enum DecimalDigits {
    /// How many bytes `String(value)` has: the digits, and a `-` when negative.
    @inlinable
    public static func count(_ value: Int64) -> Int {
        var digits = 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return value < 0 ? digits + 1 : digits
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
    /// by division by the constant 10 (a multiply); returns where the first one lies.
    @inlinable @inline(__always) @usableFromInline
    static func writeDigitsBackward(_ magnitude: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var rest = magnitude
        var position = end
        repeat {
            position -= 1
            position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
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
