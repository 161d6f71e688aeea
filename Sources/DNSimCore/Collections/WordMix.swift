/// A cheap, well-spread hash of one or two machine words, for the `_rawHashValue(seed:)` of
/// keys that hash a number or two (a PendingIntent's identity, a serial, a short name's
/// folded bytes: ``StringKey``), where `Hasher`'s SipHash costs several times the rest of a
/// look-up.
///
/// It is the finaliser of MurmurHash3 (`fmix64`) over the words and the table's seed: every
/// input bit affects every output bit, so the low bits a hash table takes its buckets from are
/// as good as the high ones. It is not keyed against chosen inputs: only for keys that come
/// from the simulation itself.
public enum WordMix {
    /// The hash of `first` and `second` for a table whose seed is `seed`.
    @inlinable @inline(__always)
    public static func hash(_ first: UInt64, _ second: UInt64, seed: Int) -> Int {
        var x = first ^ UInt64(bitPattern: Int64(seed))
        x = (x ^ (x >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        x ^= second &* 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return Int(truncatingIfNeeded: x)
    }

    /// `state` with `word` folded in (a multiply and a rotate): for folding a key's words into
    /// one before ``hash(_:_:seed:)`` mixes it.
    @inlinable @inline(__always)
    public static func fold(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
        return (mixed << 31) | (mixed >> 33)
    }
}
