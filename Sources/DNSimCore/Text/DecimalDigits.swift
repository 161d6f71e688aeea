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
        return String(unsafeUninitializedCapacity: length) { buffer in
            var rest = value.magnitude
            var position = length
            repeat {
                position -= 1
                buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 { buffer[0] = UInt8(ascii: "-") }
            return length
        }
    }

    /// Calls `body` with each byte of `String(value)`, in order: a `-` when negative, then the
    /// digits, most significant first.
    @inlinable
    public static func forEach(_ value: Int64, _ body: (UInt8) throws -> Void) rethrows {
        if value < 0 { try body(UInt8(ascii: "-")) }
        // Written backwards into a stack buffer by division by the constant 10 (a multiply),
        // then handed over in order: dividing by a power of ten that varies is a division.
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var rest = value.magnitude
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            for position in start..<buffer.count { try body(buffer[position]) }
        }
    }
}
