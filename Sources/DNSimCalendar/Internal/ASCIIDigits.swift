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
    static func write(_ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var rest = value
        var index = offset + width
        while index > offset {
            index -= 1
            buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
    }
}
