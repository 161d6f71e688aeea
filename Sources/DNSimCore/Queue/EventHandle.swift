/// Identifies one scheduled event so that it can be cancelled.
///
/// A handle is the event's insertion sequence number, unique for the lifetime of a queue. It
/// also carries the event's place in the queue's order (its time and priority), so that the
/// queue can tell at once that an event cannot have run yet (``EventQueue/cancel(_:)``).
@frozen
public struct EventHandle: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The event's time.
    @usableFromInline let time: SimInstant
    /// The event's priority rank (top byte) and sequence number (low 56 bits), as the queue
    /// orders it.
    @usableFromInline let order: UInt64

    @inlinable
    init(time: SimInstant, order: UInt64) {
        self.time = time
        self.order = order
    }

    /// The low 56 bits of ``order``: the sequence number.
    @usableFromInline static var sequenceMask: UInt64 { (1 << 56) - 1 }

    /// The insertion sequence number of the event.
    @inlinable
    public var sequence: UInt64 { order & Self.sequenceMask }

    @inlinable
    public static func == (lhs: EventHandle, rhs: EventHandle) -> Bool { lhs.sequence == rhs.sequence }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(sequence) }

    @inlinable
    public static func < (lhs: EventHandle, rhs: EventHandle) -> Bool { lhs.sequence < rhs.sequence }

    public var description: String { "#\(sequence)" }
}
