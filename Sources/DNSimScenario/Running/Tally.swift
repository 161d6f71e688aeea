/// Counts of a handful of distinct names (telemetry events, fetch results), in the order first
/// seen.
///
/// A run counts a name every few trace records and meets only a few names, so a short list
/// searched by string equality (short literals compare by their bits) costs less than hashing
/// each name into a dictionary.
struct Tally {
    /// Each name counted, with its count, in the order first seen.
    private(set) var entries: [(name: String, count: Int)] = []

    /// Counts one more `name`.
    mutating func add(_ name: String) {
        addOne(at: position(of: name))
    }

    /// Where `name` is counted (added, with a count of 0, when it is new): a caller that meets
    /// the name again counts it there (``addOne(at:)``) without searching for it.
    mutating func position(of name: String) -> Int {
        if let known = entries.firstIndex(where: { $0.name == name }) { return known }
        entries.append((name, 0))
        return entries.count - 1
    }

    /// Counts one more of the name at `position` (``position(of:)``).
    mutating func addOne(at position: Int) {
        entries[position].count += 1
    }

    /// The counts by name.
    var counts: [String: Int] {
        Dictionary(uniqueKeysWithValues: entries.lazy.map { ($0.name, $0.count) })
    }
}
