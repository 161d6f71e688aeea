/// Byte-wise comparisons of strings by their UTF-8 encoding, as JSON keys and dnsim's sorted
/// outputs require (not Swift's canonical-equivalence `String` comparison).
///
/// Both operands are read in place through `utf8.withContiguousStorageIfAvailable`, which lends
/// a native string's buffer (literals and strings built in Swift) without copying or retaining
/// it, so a comparison is a `memcmp`-style loop over two buffers, eight bytes at a time.
public enum UTF8Bytes {
    /// Whether `lhs` and `rhs` have the same UTF-8 bytes (`==` on `String` asks whether they
    /// are canonically equivalent, which can hold for different bytes).
    @inlinable @inline(__always)
    public static func equal(_ lhs: String, _ rhs: String) -> Bool {
        // Two strings with the same representation (the same 16 bytes: the characters of a short
        // string, or one shared buffer) have the same bytes: the usual case of a key looked up
        // with the very string it was stored under.
        if sameRepresentation(lhs, rhs) { return true }
        // The count of a native string's UTF-8 view is stored: most unequal keys differ in length.
        return lhs.utf8.count == rhs.utf8.count && compare(lhs, rhs) == 0
    }

    /// Whether two strings are represented by the same bits (then their bytes are equal; equal
    /// bytes may still be represented differently).
    @inlinable @inline(__always)
    static func sameRepresentation(_ lhs: String, _ rhs: String) -> Bool {
        guard let left = representation(of: lhs), let right = representation(of: rhs) else { return false }
        return left == right
    }

    /// The two words a 64-bit platform represents `string` with (the characters of a short
    /// string, or a buffer's address and count), or `nil` elsewhere. Equal words mean equal
    /// bytes; the words also make a cheap, stable-within-a-process key for caches that then
    /// compare the strings themselves.
    @inlinable @inline(__always)
    public static func representation(of string: String) -> (UInt64, UInt64)? {
        guard MemoryLayout<String>.size == 16 else { return nil }
        return withUnsafeBytes(of: string) { bytes in
            (bytes.loadUnaligned(as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
    }

    /// Whether the UTF-8 bytes of `lhs` sort strictly before those of `rhs`.
    @inline(__always)
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Negative, zero or positive as the UTF-8 bytes of `lhs` sort before, equal or after those
    /// of `rhs` (a shorter prefix sorts first).
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        let inPlace = lhs.utf8.withContiguousStorageIfAvailable { a in
            rhs.utf8.withContiguousStorageIfAvailable { b in compare(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b)) }
        }
        if let inPlace, let order = inPlace { return order }
        // A string with no contiguous UTF-8 (bridged storage): compare copies of the bytes.
        return Array(lhs.utf8).withUnsafeBytes { a in Array(rhs.utf8).withUnsafeBytes { b in compare(a, b) } }
    }

    /// ``compare(_:_:)`` of two byte buffers.
    @inline(__always)
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        // One buffer read twice (a string compared with a copy of itself shares its storage).
        if a.baseAddress == b.baseAddress && a.count == b.count { return 0 }
        let common = min(a.count, b.count)
        var position = 0
        // Eight bytes at a time: read big-endian, a word orders as its bytes do in sequence.
        while position + 8 <= common {
            let x = UInt64(bigEndian: a.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let y = UInt64(bigEndian: b.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            if x != y { return x < y ? -1 : 1 }
            position += 8
        }
        while position < common {
            let x = a[position]
            let y = b[position]
            if x != y { return x < y ? -1 : 1 }
            position += 1
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}
