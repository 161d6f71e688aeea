/// Orders events that fall on the same millisecond: lower values run first.
///
/// Among events with equal time and equal priority, insertion order decides (FIFO).
@frozen
public struct EventPriority: Hashable, Comparable, Sendable {
    /// The raw rank; 0 runs first.
    public let rank: UInt8

    /// Creates a priority with the given rank.
    @inlinable
    public init(rank: UInt8) { self.rank = rank }

    /// System-level state changes (power, clock, zone) that must settle before anything else.
    public static let system = EventPriority(rank: 32)
    /// The default for OS and application events.
    public static let normal = EventPriority(rank: 128)
    /// Scripted scenario input, applied after the OS events due at the same millisecond.
    public static let input = EventPriority(rank: 192)
    /// Observers and bookkeeping that should see the settled state of a millisecond.
    public static let late = EventPriority(rank: 240)

    @inlinable
    public static func < (lhs: EventPriority, rhs: EventPriority) -> Bool { lhs.rank < rhs.rank }
}
