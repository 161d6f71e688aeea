/// The 64-bit FNV-1a hash: a stable, seedless hash for stream derivation and trace digests.
///
/// Swift's `Hasher` is seeded per process, so it must never feed anything that is output or that
/// decides behaviour.
public enum FNV1a {
    /// The FNV-1a 64-bit offset basis.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The FNV-1a 64-bit prime.
    public static let prime: UInt64 = 0x100_0000_01b3

    /// Hashes the UTF-8 bytes of `text`.
    public static func hash64(_ text: String) -> UInt64 {
        var hash = offsetBasis
        update(&hash, with: text)
        return hash
    }

    /// Folds the UTF-8 bytes of `text` into a running hash.
    @inlinable
    public static func update(_ hash: inout UInt64, with text: String) {
        var h = hash
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            // Eight bytes per load: the same bytes in the same order, with a load, a bounds
            // check and a loop step per word instead of per byte (the digest folds ~40 bytes
            // of header per record).
            var position = 0
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                while position + 8 <= bytes.count {
                    var word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                    for _ in 0..<8 {
                        h ^= word & 0xFF
                        h = h &* prime
                        word >>= 8
                    }
                    position += 8
                }
            }
            while position < bytes.count {
                h ^= UInt64(bytes[position])
                h = h &* prime
                position += 1
            }
        }
        if done == nil {
            for byte in text.utf8 {
                h ^= UInt64(byte)
                h = h &* prime
            }
        }
        hash = h
    }

    /// Folds the low `byteCount` bytes of `value`, least significant first, into a running hash.
    @inlinable
    public static func update(_ hash: inout UInt64, littleEndian value: UInt64, byteCount: Int) {
        var v = value
        for _ in 0..<byteCount {
            hash ^= v & 0xFF
            hash = hash &* prime
            v >>= 8
        }
    }

    /// Folds one byte into a running hash.
    @inlinable
    public static func update(_ hash: inout UInt64, byte: UInt8) {
        hash ^= UInt64(byte)
        hash = hash &* prime
    }

    /// Folds the decimal digits of `value` (with a leading `-` when negative) into a running
    /// hash: the same bytes as `String(value)`'s UTF-8, without building the string.
    @inlinable
    public static func update(_ hash: inout UInt64, decimal value: Int64) {
        DecimalDigits.forEach(value) { update(&hash, byte: $0) }
    }

    /// Renders a hash as 16 lowercase hexadecimal digits.
    public static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
