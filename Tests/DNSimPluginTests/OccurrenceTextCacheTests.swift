import DNSimCalendar
import DNSimCore
@testable import DNSimPlugin
import Testing

/// ``OccurrenceTextCache``: whatever it holds and evicts, it answers what formatting the date
/// and the planned time would.
@Suite("occurrence text cache")
struct OccurrenceTextCacheTests {
    @Test func answersWhatFormattingWouldThroughHitsMissesAndEvictions() {
        var cache = OccurrenceTextCache()
        var date = LocalDate(year: 2026, month: 1, day: 1)!
        var asked: [(LocalDate, Int64)] = []
        // Far more occurrences than entries, each asked several times as a window moves over
        // it, some with a planned time another date also has (a clock or zone change).
        for day in 0..<400 {
            for slot in 0..<3 {
                let planned = Int64(day) * 86_400_000 + Int64(slot) * 60_000 - (day % 7 == 0 ? 86_400_000 : 0)
                asked.append((date, planned))
            }
            date = date.adding(days: 1)
        }
        for round in 0..<3 {
            for (n, (date, planned)) in asked.enumerated() where (n + round) % 2 == 0 || round == 2 {
                let texts = cache.texts(date: date, plannedWallMillis: planned)
                #expect(texts.date == date.description && texts.planned == String(planned))
            }
        }
        let negative = cache.texts(date: LocalDate(year: 1969, month: 12, day: 31)!, plannedWallMillis: -1)
        #expect(negative.date == "1969-12-31" && negative.planned == "-1")
    }
}
