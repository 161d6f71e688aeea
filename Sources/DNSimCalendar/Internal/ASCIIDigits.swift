/// Fixed-width decimal digits written straight into a byte buffer, for the hot ISO 8601
/// renderings (``LocalDate/description``, ``LocalTime/description``).
///
/// `String(unsafeUninitializedCapacity:initializingUTF8With:)` with at most 15 bytes makes a
/// small string with no heap allocation; building the same text by concatenating
/// `String(value)` pieces allocates several times.
enum ASCIIDigits {
    /// Writes `value` as exactly `width` ASCII digits at `buffer[offset..<offset + width]`.
    ///
    /// - Precondition: 0 ≤ `value` < 10^`width`.
    @inline(__always)
    static func write(_ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        // Unsigned, two digits per division (a date or a time is pairs of digits); inlined, so
        // each call's width unrolls the loop.
        var rest = UInt(truncatingIfNeeded: value)
        var index = offset + width
        while index - offset >= 2 {
            let pair = rest % 100
            let tens = pair / 10
            rest /= 100
            index -= 2
            buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
            buffer[index + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair &- tens &* 10)
        }
        if index > offset { buffer[index - 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10) }
    }
}
