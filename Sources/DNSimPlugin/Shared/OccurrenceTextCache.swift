import DNSimCalendar
import DNSimCore

/// The texts an occurrence's extras carry — its local date (`YYYY-MM-DD`) and its planned wall
/// ms in decimal — for the occurrences armed lately, so that arming one again reuses them.
///
/// A plugin arms each occurrence several times (its window moves a day at a time, and a
/// prefetch re-arms it with fresh content), and formatting the two texts was a third of
/// building an alarm's PendingIntent. The cache is direct-mapped (512 entries, by a mix of the
/// day and the planned time) and lives in memory with the process: a text is reused only for
/// the very same day and planned time, so what the plugin arms never depends on it.
struct OccurrenceTextCache {
    private struct Entry {
        var day: Int64
        var plannedWallMillis: Int64
        var dateText: String
        var plannedText: String
    }

    private var entries = [Entry?](repeating: nil, count: 512)

    /// The date's text and the planned time's, from the cache or formatted (and cached).
    mutating func texts(date: LocalDate, plannedWallMillis: Int64) -> (date: String, planned: String) {
        let day = date.daysSinceEpoch
        let slot = WordMix.hash(UInt64(bitPattern: day), UInt64(bitPattern: plannedWallMillis), seed: 0) & (entries.count - 1)
        if let entry = entries[slot], entry.day == day, entry.plannedWallMillis == plannedWallMillis {
            return (entry.dateText, entry.plannedText)
        }
        let entry = Entry(
            day: day, plannedWallMillis: plannedWallMillis, dateText: date.description,
            plannedText: DecimalDigits.string(plannedWallMillis))
        entries[slot] = entry
        return (entry.dateText, entry.plannedText)
    }
}
