/// A point on the simulation's true timeline, in integer milliseconds since the Unix epoch (UTC).
///
/// The simulator keeps one physical timeline. Device wall clocks, elapsed-realtime counters and
/// time zones are views of it that the platform layer derives; they can jump or reset, this never
/// does. Integer milliseconds keep every computation exact and every output byte-stable.
@frozen
public struct SimInstant: Hashable, Comparable, Sendable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var millisecondsSinceEpoch: Int64

    /// Creates an instant from milliseconds since the Unix epoch.
    @inlinable
    public init(millisecondsSinceEpoch: Int64) {
        self.millisecondsSinceEpoch = millisecondsSinceEpoch
    }

    /// Creates an instant from whole seconds since the Unix epoch.
    @inlinable
    public init(secondsSinceEpoch: Int64) {
        self.millisecondsSinceEpoch = secondsSinceEpoch &* 1000
    }

    /// The Unix epoch.
    public static let epoch = SimInstant(millisecondsSinceEpoch: 0)

    /// Whole seconds since the epoch, rounded toward negative infinity.
    @inlinable
    public var secondsSinceEpoch: Int64 {
        let (q, r) = millisecondsSinceEpoch.quotientAndRemainder(dividingBy: 1000)
        return r < 0 ? q - 1 : q
    }

    @inlinable
    public static func < (lhs: SimInstant, rhs: SimInstant) -> Bool {
        lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
    }

    @inlinable
    public static func + (lhs: SimInstant, rhs: SimDuration) -> SimInstant {
        SimInstant(millisecondsSinceEpoch: lhs.millisecondsSinceEpoch + rhs.milliseconds)
    }

    @inlinable
    public static func - (lhs: SimInstant, rhs: SimDuration) -> SimInstant {
        SimInstant(millisecondsSinceEpoch: lhs.millisecondsSinceEpoch - rhs.milliseconds)
    }

    @inlinable
    public static func - (lhs: SimInstant, rhs: SimInstant) -> SimDuration {
        SimDuration(milliseconds: lhs.millisecondsSinceEpoch - rhs.millisecondsSinceEpoch)
    }

    @inlinable
    public static func += (lhs: inout SimInstant, rhs: SimDuration) {
        lhs.millisecondsSinceEpoch += rhs.milliseconds
    }
}
