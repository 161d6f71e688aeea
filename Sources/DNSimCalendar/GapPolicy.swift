/// What to do with a wall-clock reading that does not exist in a zone because the clocks
/// jump forward over it (a DST gap such as New York 2026-03-08 02:00–03:00).
///
/// The raw values are the spellings scenario files use.
public enum GapPolicy: String, CaseIterable, Sendable {
    /// Read the wall time with the UTC offset in force *before* the transition, which moves
    /// it forward by the gap length: New York 2026-03-08 02:30 becomes 03:30 EDT (07:30Z);
    /// Lord Howe 02:15 becomes 02:45 +11:00. The default; it matches java.time
    /// `LocalDateTime.atZone`, Python zoneinfo with `fold=0` and Foundation's
    /// `.nextTimePreservingSmallerComponents`.
    case shiftForward
    /// The transition instant itself, the first wall time that exists after the gap:
    /// New York 2026-03-08 02:30 becomes 03:00 EDT (07:00Z). Like Foundation's `.nextTime`.
    case nextValidInstant
    /// No instant at all; the occurrence is dropped.
    case skip
}
