/// Which instant to take for a wall-clock reading that occurs twice in a zone because the
/// clocks fall back over it (a DST fold such as New York 2026-11-01 01:00–02:00).
///
/// The raw values are the spellings scenario files use.
public enum FoldPolicy: String, CaseIterable, Sendable {
    /// The first occurrence, still under the pre-transition offset: New York 2026-11-01 01:30
    /// is 01:30 EDT (05:30Z). The default; java.time, Python zoneinfo `fold=0` and
    /// Foundation's `RepeatedTimePolicy.first` agree.
    case earlier
    /// The second occurrence, under the post-transition offset: 01:30 EST (06:30Z).
    case later
}
