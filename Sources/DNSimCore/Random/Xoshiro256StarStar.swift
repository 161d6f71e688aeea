/// xoshiro256** 1.0 (Blackman and Vigna 2018): the generator behind every random draw in a run.
///
/// Seeded through ``SplitMix64`` as its authors recommend. The draw helpers (``next(below:)``,
/// ``nextUnitInterval()``, ``next(in:)``) use integer arithmetic only, so the same seed gives the
/// same values on every host.
@frozen
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable {
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// Creates a generator whose state is four ``SplitMix64`` outputs of `seed`.
    public init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        s0 = mixer.next()
        s1 = mixer.next()
        s2 = mixer.next()
        s3 = mixer.next()
    }

    @inlinable
    static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 &- k)) }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        let result = Self.rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = Self.rotl(s3, 45)
        return result
    }

    /// A uniform integer in `0..<bound` by Lemire's multiply-shift with rejection (no modulo bias).
    ///
    /// - Precondition: `bound > 0`.
    @inlinable
    public mutating func next(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "bound must be positive")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// A uniform integer in the closed range.
    @inlinable
    public mutating func next(in range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        if span == 0 { return Int64(bitPattern: next()) }
        return range.lowerBound &+ Int64(bitPattern: next(below: span))
    }

    /// A uniform `Double` in `[0, 1)` with 53 random bits.
    @inlinable
    public mutating func nextUnitInterval() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// `true` with probability `numerator / denominator`, decided with integer arithmetic.
    @inlinable
    public mutating func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool {
        next(below: denominator) < numerator
    }
}
