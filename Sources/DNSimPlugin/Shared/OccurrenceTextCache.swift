import DNSimCalendar
import DNSimCore

/// The texts an occurrence's extras carry — its local date (`YYYY-MM-DD`) and its planned wall
/// ms in decimal — for the occurrences armed lately, so that arming one again reuses them.
///
/// A plugin arms each occurrence several times (its window moves a day at a time, and a
/// prefetch re-arms it with fresh content), and formatting the two texts was a third of
/// building an alarm's PendingIntent. The cache is direct-mapped: each occurrence has one line
/// (a mix of its day number and planned time), which holds the last occurrence that mapped
/// there, so a look-up is a mix and a comparison of two words, with no hashing or probing of a
/// growing table. It lives in memory with the process and costs nothing until the process arms
/// something (a process is started for every alarm of an app that was killed). A text is
/// reused only for the very same day and planned time, so what the plugin arms never depends
/// on it.
struct OccurrenceTextCache {
    /// One remembered occurrence and its texts, as plain values (a date and a wall time in
    /// milliseconds are short strings): the table is freed without releasing a string per line,
    /// which matters because a process is started, and its cache dropped, for every alarm of an
    /// app that was killed.
    private struct Line {
        var day: Int64
        var plannedWallMillis: Int64
        var date: ShortStringValue
        var planned: ShortStringValue
    }

    /// log2 of the number of lines: four times the ~150 occurrences a 50-slot window keeps
    /// armed, so that those seldom share a line.
    private static var lineBits: Int { 10 }

    /// By line (`nil`: empty; allocated on the first look-up).
    private var lines: [Line?] = []

    /// The date's text and the planned time's, from the cache or formatted (and cached, when
    /// both are short strings).
    mutating func texts(date: LocalDate, plannedWallMillis: Int64) -> (date: String, planned: String) {
        if lines.isEmpty { lines = Array(repeating: nil, count: 1 << Self.lineBits) }
        let day = date.daysSinceEpoch
        let line = Int(
            truncatingIfNeeded: UInt64(bitPattern: Int64(truncatingIfNeeded: WordMix.hash(UInt64(bitPattern: day), UInt64(bitPattern: plannedWallMillis), seed: 0)))
                >> UInt64(64 - Self.lineBits))
        if let known = lines[line], known.day == day, known.plannedWallMillis == plannedWallMillis {
            return (known.date.string, known.planned.string)
        }
        let made = (date: date.description, planned: DecimalDigits.string(plannedWallMillis))
        if let dateValue = ShortStringValue(made.date), let plannedValue = ShortStringValue(made.planned) {
            lines[line] = Line(day: day, plannedWallMillis: plannedWallMillis, date: dateValue, planned: plannedValue)
        }
        return made
    }
}
