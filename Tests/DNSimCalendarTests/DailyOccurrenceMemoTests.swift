import DNSimCalendar
import DNSimCore
import Testing

/// ``DailyOccurrence/Memo`` answers what ``DailyOccurrence/nextDate(after:at:in:gap:fold:)``
/// and ``DailyOccurrence/instant(on:at:in:gap:fold:)`` answer, whatever it was asked before:
/// dates across DST and a skipped date, wall times in gaps and folds, zones taking turns.
struct DailyOccurrenceMemoTests {
    @Test func answersWhatTheCallsAnswerWhateverItWasAskedBefore() throws {
        let zones = try ["Europe/Berlin", "America/Chicago", "Pacific/Apia", "Australia/Lord_Howe", "UTC"].map {
            try #require(Zone(identifier: $0))
        }
        let times = [
            LocalTime(hour: 2, minute: 30)!, LocalTime(hour: 1, minute: 30)!, LocalTime(hour: 9, minute: 0)!,
            LocalTime(hour: 0, minute: 0)!, LocalTime(hour: 23, minute: 59)!,
        ]
        // Around the 2011-12-30 date Apia skipped, and around the 2026 DST changes.
        let starts = [LocalDate(year: 2011, month: 12, day: 20)!, LocalDate(year: 2026, month: 3, day: 20)!, LocalDate(year: 2026, month: 10, day: 20)!]
        let memo = DailyOccurrence.Memo()
        var random = Xoshiro256StarStar(seed: 17)
        for _ in 0..<3_000 {
            let zone = zones[Int(random.next(in: 0...Int64(zones.count - 1)))]
            let time = times[Int(random.next(in: 0...Int64(times.count - 1)))]
            let date = starts[Int(random.next(in: 0...2))].adding(days: Int(random.next(in: 0...20)))
            let answer = memo.next(after: date, at: time, in: zone)
            let next = DailyOccurrence.nextDate(after: date, at: time, in: zone)
            #expect(answer.date == next, "\(zone.identifier) \(date) \(time)")
            #expect(answer.instant == DailyOccurrence.instant(on: next, at: time, in: zone), "\(zone.identifier) \(date) \(time)")
        }
        // More questions than the memo has lines: every minute of one date, and one time on
        // thousands of dates, so that questions differing only in the time, or only in the
        // date, share lines.
        let berlin = zones[0]
        let date = LocalDate(year: 2026, month: 3, day: 28)!
        let minutes = (0..<1_440).map { LocalTime(hour: $0 / 60, minute: $0 % 60)! }
        let dates = (0..<3_000).map { date.adding(days: $0 - 1_500) }
        for _ in 0..<2 {
            for time in minutes {
                let next = DailyOccurrence.nextDate(after: date, at: time, in: berlin)
                let answer = memo.next(after: date, at: time, in: berlin)
                #expect(answer.date == next && answer.instant == DailyOccurrence.instant(on: next, at: time, in: berlin), "\(time)")
            }
            for day in dates {
                let next = DailyOccurrence.nextDate(after: day, at: minutes[570], in: berlin)
                let answer = memo.next(after: day, at: minutes[570], in: berlin)
                #expect(answer.date == next && answer.instant == DailyOccurrence.instant(on: next, at: minutes[570], in: berlin), "\(day)")
            }
        }
    }
}
