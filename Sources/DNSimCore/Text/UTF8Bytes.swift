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
        if let left = representation(of: lhs), let right = representation(of: rhs) {
            if left == right { return true }
            // Two short strings hold their bytes (zero-padded) and count in their words: other
            // words, other bytes. Strings of other lengths differ too.
            if isShort(left) && isShort(right) { return false }
            if let leftCount = byteCount(left), let rightCount = byteCount(right), leftCount != rightCount { return false }
        }
        // The count of a native string's UTF-8 view is stored: most unequal keys differ in length.
        return lhs.utf8.count == rhs.utf8.count && compare(lhs, rhs) == 0
    }

    /// Whether two strings are represented by the same bits (then their bytes are equal; equal
    /// bytes may still be represented differently).
    @inlinable @inline(__always)
    public static func sameRepresentation(_ lhs: String, _ rhs: String) -> Bool {
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

    /// Whether `lhs == rhs` (canonical equivalence, as `String` compares) when both are ASCII
    /// or share their representation, decided without Unicode; `nil` otherwise (then `==`
    /// decides).
    ///
    /// Equal representations are equal text. Two ASCII strings are equal exactly when their
    /// bytes are (an ASCII scalar decomposes to itself and composes with nothing before it):
    /// of different lengths they differ, and so do two short ones with different words (a
    /// short string's words are its bytes); two long ones of one length compare bytes. Whether a string is ASCII, and its length, are
    /// flags and a count in its words (the 64-bit `String` layout: the top nibble of the second
    /// word says short (bit 61), short and ASCII (bits 62 and 61) or a long string with its
    /// bytes in memory (bits 61 and 60 clear), whose first word then holds the ASCII flag
    /// (bit 63) and the count (the low 48 bits)). Keys and names a look-up compares are ASCII.
    @inlinable @inline(__always)
    public static func asciiEquality(_ lhs: String, _ rhs: String) -> Bool? {
        guard let left = representation(of: lhs), let right = representation(of: rhs) else { return nil }
        if left == right { return true }
        guard let leftCount = asciiCount(left), let rightCount = asciiCount(right) else { return nil }
        if leftCount != rightCount { return false }
        return isShort(left) && isShort(right) ? false : compare(lhs, rhs) == 0
    }

    /// The length of a string with representation `words` when it is known to be ASCII.
    @inlinable @inline(__always)
    static func asciiCount(_ words: (UInt64, UInt64)) -> Int? {
        // ``byteCount(_:)`` with the ASCII flag read on the way (bit 62 of a short string's
        // second word, bit 63 of a long one's first): one branch on the form, on the hot path
        // of every extras look-up, where asking the two apart cost 0.2 % of an Android year.
        let discriminator = words.1 >> 60
        if discriminator & 0b0010 != 0 {
            return discriminator & 0b0100 != 0 ? Int(truncatingIfNeeded: words.1 >> 56 & 0xF) : nil
        }
        guard discriminator & 0b0101 == 0, words.0 >> 63 != 0 else { return nil }
        return Int(truncatingIfNeeded: words.0 & 0x0000_FFFF_FFFF_FFFF)
    }

    /// The UTF-8 length of a string with representation `words`, when the words hold it: a
    /// short string's count, or a native or literal long string's (not a bridged or foreign one).
    @inlinable @inline(__always)
    public static func byteCount(_ words: (UInt64, UInt64)) -> Int? {
        let discriminator = words.1 >> 60
        if discriminator & 0b0010 != 0 { return Int(truncatingIfNeeded: words.1 >> 56 & 0xF) }
        guard discriminator & 0b0101 == 0 else { return nil }
        return Int(truncatingIfNeeded: words.0 & 0x0000_FFFF_FFFF_FFFF)
    }

    /// The representation of `string` when it is a short string: its bytes (at most 15) held in
    /// its two words, so that equal words are equal text and unequal words unequal text, for
    /// as long as anyone holds either string (a long string's words point to its storage,
    /// which may hold other text once it is freed). `nil` for a long string.
    @inlinable @inline(__always)
    public static func shortStringWords(of string: String) -> (UInt64, UInt64)? {
        guard let words = representation(of: string), isShort(words) else { return nil }
        return words
    }

    /// Whether the representation `words` is of a short string (its bytes in the words).
    @inlinable @inline(__always)
    static func isShort(_ words: (UInt64, UInt64)) -> Bool { words.1 >> 60 & 0b11 == 0b10 }

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
