/// An integer as a hash-table key that is hashed cheaply (``WordMix``) instead of through
/// `Hasher`: for the tables models look serials up in at every alarm set and fire.
public struct IntegerKey: Hashable, Sendable {
    /// The integer.
    public var value: Int64

    /// The key `value`.
    @inlinable
    public init(_ value: some BinaryInteger) { self.value = Int64(value) }

    /// The hash a `Dictionary` or `Set` uses: the value mixed with the table's seed.
    @inlinable
    public func _rawHashValue(seed: Int) -> Int { WordMix.hash(UInt64(bitPattern: value), 0, seed: seed) }
}
