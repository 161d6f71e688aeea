/// A string as a hash-table key that is hashed cheaply: its UTF-8 bytes, eight at a time,
/// mixed by ``WordMix`` with the table's seed, instead of fed through `Hasher` (SipHash and
/// its finalisation cost more than the rest of a look-up of a short key).
///
/// Models and the plugin look short names up (slot ids, unique work names) several times per
/// occurrence. Two keys are equal when their UTF-8 bytes are (``UTF8Bytes/equal(_:_:)``), as
/// the platforms compare such names (Java's `String.equals`, `NSString`'s `isEqual:`), not
/// under Unicode canonical equivalence as Swift's `String` does. The hash is not keyed against
/// chosen inputs: only for keys that come from the scenario and the simulation.
public struct StringKey: Hashable, Sendable {
    /// The key's text.
    public var string: String

    /// The key `string`.
    @inlinable
    public init(_ string: String) { self.string = string }

    /// Whether the two keys have the same UTF-8 bytes.
    @inlinable
    public static func == (lhs: StringKey, rhs: StringKey) -> Bool { UTF8Bytes.equal(lhs.string, rhs.string) }

    /// Feeds the key's UTF-8 bytes and their count to `hasher` (for a key hashed inside another).
    public func hash(into hasher: inout Hasher) {
        var string = self.string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(string.utf8.count)
    }

    /// The hash a `Dictionary` or `Set` uses: ``word`` mixed with the table's seed.
    public func _rawHashValue(seed: Int) -> Int {
        WordMix.hash(word, 0, seed: seed)
    }

    /// The key's bytes and count folded into one word (equal keys, equal words): what
    /// ``_rawHashValue(seed:)`` mixes, and what a key made of several strings combines. The
    /// count, then each run of eight bytes (the last one zero-padded) read as a little-endian
    /// word, go through ``WordMix/fold(_:_:)``.
    ///
    /// A short string (up to 15 bytes: slot ids, work names) holds its bytes in its own two
    /// words, zero-padded, the count in the top byte's low nibble with the small-string flag
    /// above it: those words are folded as they are, without a copy of the bytes (a test checks
    /// that both ways give one word for every sort of string).
    @inlinable
    public var word: UInt64 {
        if let (low, high) = UTF8Bytes.representation(of: string), high >> 60 & 0b11 == 0b10 {
            let count = high >> 56 & 0xF
            var folded = count &* 0x9E37_79B9_7F4A_7C15
            if count > 0 { folded = WordMix.fold(folded, low) }
            if count > 8 { folded = WordMix.fold(folded, high & 0x00FF_FFFF_FFFF_FFFF) }
            return folded
        }
        return Self.word(ofBytes: string)
    }

    /// ``word`` worked out from a copy of the string's bytes: for any string.
    @usableFromInline
    static func word(ofBytes string: String) -> UInt64 {
        var string = string
        return string.withUTF8 { bytes in
            let count = bytes.count
            var folded = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
            guard let base = bytes.baseAddress.map(UnsafeRawPointer.init) else { return folded }
            var offset = 0
            while offset + 8 <= count {
                folded = WordMix.fold(folded, base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            if offset < count {
                var tail: UInt64 = 0
                for position in offset..<count { tail |= UInt64(bytes[position]) << (8 * UInt64(position - offset)) }
                folded = WordMix.fold(folded, tail)
            }
            return folded
        }
    }
}
