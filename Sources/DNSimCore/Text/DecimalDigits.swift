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

    /// Calls `body` with each byte of `String(value)`, in order: a `-` when negative, then the
    /// digits, most significant first.
    @inlinable
    public static func forEach(_ value: Int64, _ body: (UInt8) throws -> Void) rethrows {
        if value < 0 { try body(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt64 = 1
        while divisor <= magnitude / 10 { divisor &*= 10 }
        while divisor > 0 {
            try body(UInt8(ascii: "0") &+ UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }
}
