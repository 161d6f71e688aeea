import DNSimCalendar
import DNSimCore
import Testing

struct DailyOccurrenceTests {
    @Test func eachDayKeepsTheWallTimeAcrossSpringForward() throws {
        let berlin = try #require(Zone(identifier: "Europe/Berlin"))
        let time = try #require(LocalTime(parsing: "09:00"))
        let start = try #require(LocalDate(parsing: "2026-03-27"))
        let fires = try (0..<4).map { k in
            try #require(DailyOccurrence.instant(on: start.adding(days: k), at: time, in: berlin))
        }
        #expect(fires.map { ISO8601.format($0, in: berlin) } == [
            "2026-03-27T09:00:00+01:00", "2026-03-28T09:00:00+01:00",
            "2026-03-29T09:00:00+02:00", "2026-03-30T09:00:00+02:00",
        ])
        // Chaining 24 h from the first fire drifts to 10:00 after the change.
        #expect(ISO8601.format(fires[0] + .days(3), in: berlin) == "2026-03-30T10:00:00+02:00")
    }

    @Test func theDayAfterAGapIsNotShiftedByIt() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        let time = try #require(LocalTime(parsing: "02:30"))
        let gapDay = try #require(LocalDate(parsing: "2026-03-08"))
        let shifted = try #require(DailyOccurrence.instant(on: gapDay, at: time, in: newYork))
        #expect(ISO8601.format(shifted, in: newYork) == "2026-03-08T03:30:00-04:00")
        let next = try #require(DailyOccurrence.instant(on: gapDay.adding(days: 1), at: time, in: newYork))
        #expect(ISO8601.format(next, in: newYork) == "2026-03-09T02:30:00-04:00")
        #expect(DailyOccurrence.instant(on: gapDay, at: time, in: newYork, gap: .skip) == nil)
    }

    @Test func apiasSkippedDayFiresAtTheSameInstantAsTheNextDay() throws {
        let apia = try #require(Zone(identifier: "Pacific/Apia"))
        let time = try #require(LocalTime(parsing: "09:00"))
        let skipped = try #require(LocalDate(parsing: "2011-12-30"))
        let a = DailyOccurrence.instant(on: skipped, at: time, in: apia)
        let b = DailyOccurrence.instant(on: skipped.adding(days: 1), at: time, in: apia)
        #expect(a == ISO8601.parseInstant("2011-12-30T19:00:00Z"))
        #expect(a == b)
    }
}
