/// SplitMix64 (Steele, Lea, Flood 2014): a tiny 64-bit generator used to expand one seed into
/// the state of other generators.
///
/// dnsim implements its own generators because the standard library's random algorithms may
/// change between Swift releases; known-answer tests pin the outputs.
@frozen
public struct SplitMix64: RandomNumberGenerator, Sendable {
    @usableFromInline var state: UInt64

    /// Creates a generator whose first output depends only on `seed`.
    @inlinable
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
