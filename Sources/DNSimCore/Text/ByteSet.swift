/// A set of byte values, for the one-pass "does this text need escaping at all?" scans of the
/// report writers.
public struct ByteSet: Sendable {
    /// Bit `b & 63` of word `b >> 6` is set for each byte `b` in the set.
    @usableFromInline var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The set of the UTF-8 bytes of `characters` (ASCII characters, in practice).
    public init(_ characters: String) {
        for byte in characters.utf8 { insert(byte) }
    }

    /// Adds every byte in `range`.
    public mutating func insert(_ range: ClosedRange<UInt8>) {
        for byte in range { insert(byte) }
    }

    /// Adds `byte`.
    public mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// Whether `byte` is in the set (inlinable: the scans of other modules test every byte).
    @inlinable @inline(__always)
    public func contains(_ byte: UInt8) -> Bool {
        let word: UInt64
        switch byte >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word & (UInt64(1) << UInt64(byte & 63)) != 0
    }

    /// Whether any UTF-8 byte of `text` is in the set; one pass over the bytes.
    @inlinable
    public func intersects(_ text: String) -> Bool {
        let scan = { (buffer: UnsafeBufferPointer<UInt8>) -> Bool in
            for byte in buffer where self.contains(byte) { return true }
            return false
        }
        if let found = text.utf8.withContiguousStorageIfAvailable(scan) { return found }
        var copy = text
        return copy.withUTF8(scan)
    }
}
