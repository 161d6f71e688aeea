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

    @Test("One occurrence per instant: Apia's skipped 2011-12-30 merges with 2011-12-31, and stepping skips it")
    func oneOccurrencePerInstant() throws {
        let apia = try #require(Zone(identifier: "Pacific/Apia"))
        let time = try #require(LocalTime(parsing: "09:00"))
        let day = { (text: String) throws -> LocalDate in try #require(LocalDate(parsing: text)) }
        #expect(DailyOccurrence.isMergedWithNextDate(try day("2011-12-30"), at: time, in: apia))
        #expect(!DailyOccurrence.isMergedWithNextDate(try day("2011-12-29"), at: time, in: apia))
        #expect(!DailyOccurrence.isMergedWithNextDate(try day("2011-12-31"), at: time, in: apia))
        #expect(DailyOccurrence.nextDate(after: try day("2011-12-29"), at: time, in: apia) == (try day("2011-12-31")))
        #expect(DailyOccurrence.nextDate(after: try day("2011-12-31"), at: time, in: apia) == (try day("2012-01-01")))
    }

    @Test(
        "One occurrence per instant: DST gaps and folds never merge two dates",
        arguments: [
            ("America/New_York", "2026-03-08", "02:30"), ("America/New_York", "2026-11-01", "01:30"),
            ("Europe/Berlin", "2026-03-29", "02:30"), ("Australia/Lord_Howe", "2026-10-04", "02:15"),
        ])
    func dstNeverMerges(zone: String, date: String, time: String) throws {
        let zone = try #require(Zone(identifier: zone))
        let time = try #require(LocalTime(parsing: time))
        let date = try #require(LocalDate(parsing: date))
        for offset in -1...1 {
            #expect(!DailyOccurrence.isMergedWithNextDate(date.adding(days: offset), at: time, in: zone))
            #expect(DailyOccurrence.nextDate(after: date.adding(days: offset), at: time, in: zone) == date.adding(days: offset + 1))
        }
    }

    /// Zones whose transitions the definition checks walk: Apia's skipped date (2011-12-30),
    /// Kiritimati's (1994-12-31), Moscow's 2011 and 2014 changes of standard offset, a
    /// 30-minute DST, ordinary DST and a zone with none.
    static let transitionZones = ["Pacific/Apia", "America/New_York", "Australia/Lord_Howe", "Europe/Moscow", "Pacific/Kiritimati", "Asia/Kolkata"]

    /// Calls `check` with every date of the years around those transitions, at times in and
    /// around the usual gap and fold hours.
    static func forEachDayAroundTransitions(_ check: (LocalDate, LocalTime) -> Void) throws {
        let times = try ["00:00", "00:30", "01:30", "02:15", "02:30", "09:00", "23:59"].map { try #require(LocalTime(parsing: $0)) }
        let starts = try ["1994-12-01", "2011-01-01", "2014-10-01", "2026-01-01"].map { try #require(LocalDate(parsing: $0)) }
        for start in starts {
            for day in 0..<366 {
                for time in times { check(start.adding(days: day), time) }
            }
        }
    }

    @Test(
        "nextDate equals its definition (the first later date not merged with the one after it) on every day around transitions",
        arguments: transitionZones)
    func nextDateMatchesItsDefinition(zone identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        try Self.forEachDayAroundTransitions { date, time in
            var expected = date.adding(days: 1)
            while DailyOccurrence.isMergedWithNextDate(expected, at: time, in: zone) { expected = expected.adding(days: 1) }
            #expect(DailyOccurrence.nextDate(after: date, at: time, in: zone) == expected, "\(identifier) \(date) \(time)")
        }
    }

    @Test(
        "ownInstant equals its definition (the instant, unless merged with the next date) on every day around transitions",
        arguments: transitionZones)
    func ownInstantMatchesItsDefinition(zone identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        var quiet = 0, unquiet = 0, merged = 0
        try Self.forEachDayAroundTransitions { date, time in
            let isMerged = DailyOccurrence.isMergedWithNextDate(date, at: time, in: zone)
            let expected = isMerged ? nil : DailyOccurrence.instant(on: date, at: time, in: zone)
            #expect(DailyOccurrence.ownInstant(on: date, at: time, in: zone) == expected, "\(identifier) \(date) \(time)")
            if isMerged { merged += 1 }
            // Which way ownInstant answers: from one offset (quiet) or by resolving.
            let reading = SimInstant(millisecondsSinceEpoch: LocalDateTime(date: date, time: time).millisecondsAsIfUTC)
            if zone.changesOffset(after: reading - .days(3), through: reading + .days(4)) { unquiet += 1 } else { quiet += 1 }
        }
        // The skipped dates are among the cases (each merges at every one of the seven times),
        // and both ways of answering are checked wherever the zone has transitions.
        #expect(merged == (["Pacific/Apia", "Pacific/Kiritimati"].contains(identifier) ? 7 : 0))
        #expect(quiet > 0)
        #expect((unquiet > 0) == (identifier != "Asia/Kolkata"))
    }

    @Test("changesOffset sees a transition inside the span and none outside it")
    func changesOffsetFindsTransitions() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        // 2026-03-08 07:00 UTC: EST → EDT.
        let change = try #require(ISO8601.parseInstant("2026-03-08T07:00:00Z"))
        #expect(newYork.changesOffset(after: change - .days(1), through: change))
        #expect(!newYork.changesOffset(after: change - .days(1), through: change - .seconds(1)))
        #expect(!newYork.changesOffset(after: change, through: change + .days(30)))
        let kolkata = try #require(Zone(identifier: "Asia/Kolkata"))
        #expect(!kolkata.changesOffset(after: change - .days(400), through: change + .days(400)))
    }
}
