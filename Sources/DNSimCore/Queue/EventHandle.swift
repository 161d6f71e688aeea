/// Identifies one scheduled event so that it can be cancelled.
///
/// A handle is the event's insertion sequence number, unique for the lifetime of a queue.
@frozen
public struct EventHandle: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The insertion sequence number of the event.
    public let sequence: UInt64

    @inlinable
    init(sequence: UInt64) { self.sequence = sequence }

    @inlinable
    public static func < (lhs: EventHandle, rhs: EventHandle) -> Bool { lhs.sequence < rhs.sequence }

    public var description: String { "#\(sequence)" }
}
