import DNSimCalendar
import DNSimCore

/// The texts an occurrence's extras carry — its local date (`YYYY-MM-DD`) and its planned wall
/// ms in decimal — for the occurrences armed lately, so that arming one again reuses them.
///
/// A plugin arms each occurrence several times (its window moves a day at a time, and a
/// prefetch re-arms it with fresh content), and formatting the two texts was a third of
/// building an alarm's PendingIntent. The cache lives in memory with the process and costs
/// nothing until the process arms something (a process is started for every alarm of an app
/// that was killed); it is emptied once it holds ``capacity`` occurrences. A text is reused
/// only for the very same day and planned time, so what the plugin arms never depends on it.
struct OccurrenceTextCache {
    /// An occurrence: its day number and planned wall ms, hashed cheaply (``WordMix``).
    private struct Key: Hashable {
        var day: Int64
        var plannedWallMillis: Int64

        func _rawHashValue(seed: Int) -> Int {
            WordMix.hash(UInt64(bitPattern: day), UInt64(bitPattern: plannedWallMillis), seed: seed)
        }
    }

    /// How many occurrences the cache holds before it starts again (a 50-slot window holds
    /// about 150).
    private static var capacity: Int { 1_024 }

    private var texts: [Key: (date: String, planned: String)] = [:]

    /// The date's text and the planned time's, from the cache or formatted (and cached).
    mutating func texts(date: LocalDate, plannedWallMillis: Int64) -> (date: String, planned: String) {
        let key = Key(day: date.daysSinceEpoch, plannedWallMillis: plannedWallMillis)
        if let known = texts[key] { return known }
        if texts.count >= Self.capacity { texts.removeAll(keepingCapacity: true) }
        let made = (date: date.description, planned: DecimalDigits.string(plannedWallMillis))
        texts[key] = made
        return made
    }
}
