import DNSimCalendar
import Testing

struct LocalDateTests {
    @Test func februaryTwentyNinthExistsOnlyInLeapYears() {
        #expect(LocalDate(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2024, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 2000, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 1900, month: 2, day: 29) == nil)
    }

    @Test func outOfRangeMonthsAndDaysAreRejected() {
        #expect(LocalDate(year: 2026, month: 13, day: 1) == nil)
        #expect(LocalDate(year: 2026, month: 0, day: 1) == nil)
        #expect(LocalDate(year: 2026, month: 4, day: 31) == nil)
        #expect(LocalDate(year: 2026, month: 1, day: 0) == nil)
        #expect(LocalDate(year: 2026, month: 12, day: 31) != nil)
    }

    @Test func parsingAcceptsOnlyFourTwoTwoDigits() {
        #expect(LocalDate(parsing: "2026-03-29") == LocalDate(year: 2026, month: 3, day: 29))
        for text in ["2026-3-1", "2026-03-1", "26-03-01", "2026/03/01", " 2026-03-01", "2026-03-01 ",
                     "2026-02-30", "2026-13-01", "+2026-03-01", "2026-03-01T00:00", ""] {
            #expect(LocalDate(parsing: text) == nil, "\(text)")
        }
    }

    @Test func descriptionAfterAPrefixIsThePiecesJoined() throws {
        let prefixes = ["", "s", "dnp-s00-", "a-slot-identifier-longer-than-a-small-string-", "caf\u{E9}-", "e\u{301}"]
        let dates = try [
            #require(LocalDate(year: 2026, month: 3, day: 9)), #require(LocalDate(year: 0, month: 1, day: 1)),
            #require(LocalDate(year: 9999, month: 12, day: 31)), #require(LocalDate(year: -1, month: 12, day: 31)),
            #require(LocalDate(year: 10_000, month: 1, day: 1)),
        ]
        for prefix in prefixes {
            for date in dates {
                let joined = date.description(after: prefix)
                #expect(joined == prefix + date.description && Array(joined.utf8) == Array((prefix + date.description).utf8))
                let named = date.description(after: prefix, "@")
                #expect(Array(named.utf8) == Array((prefix + "@" + date.description).utf8))
            }
        }
    }

    @Test func descriptionIsZeroPaddedIsoText() throws {
        #expect(try #require(LocalDate(year: 2026, month: 3, day: 9)).description == "2026-03-09")
        #expect(try #require(LocalDate(year: 33, month: 1, day: 1)).description == "0033-01-01")
        #expect(try #require(LocalDate(year: -1, month: 12, day: 31)).description == "-0001-12-31")
        #expect(try #require(LocalDate(year: 10_000, month: 1, day: 1)).description == "+10000-01-01")
        #expect(try #require(LocalDate(year: 0, month: 1, day: 1)).description == "0000-01-01")
        #expect(try #require(LocalDate(year: 9999, month: 12, day: 31)).description == "9999-12-31")
        #expect(try #require(LocalDate(year: 1970, month: 10, day: 20)).description == "1970-10-20")
    }

    @Test func descriptionParsesBackForEveryDayOfSomeYears() {
        // 0000-01-01 through 9999-12-31 every 97 days, and every day of 2022–2027.
        let days = Array(stride(from: Int64(-719_528), through: 2_932_896, by: 97)) + Array(19_000...21_000)
        for days in days {
            let date = LocalDate(daysSinceEpoch: days)
            #expect(LocalDate(parsing: date.description) == date)
            #expect(date.description.utf8.count == 10)
        }
    }

    @Test func daysSinceEpochHitsKnownAnchors() throws {
        #expect(try #require(LocalDate(year: 1970, month: 1, day: 1)).daysSinceEpoch == 0)
        #expect(try #require(LocalDate(year: 2000, month: 3, day: 1)).daysSinceEpoch == 11_017)
        #expect(try #require(LocalDate(year: 1969, month: 12, day: 31)).daysSinceEpoch == -1)
        #expect(try #require(LocalDate(year: 0, month: 3, day: 1)).daysSinceEpoch == -719_468)
        #expect(LocalDate(daysSinceEpoch: 20_541) == LocalDate(year: 2026, month: 3, day: 29))
    }

    @Test func daysRoundTripOverAWideRange() {
        for days in stride(from: Int64(-4_000_000), through: 4_000_000, by: 997) {
            let date = LocalDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            #expect(LocalDate(year: date.year, month: date.month, day: date.day) == date)
        }
        let far = LocalDate(daysSinceEpoch: 106_000_000_000)
        #expect(far.daysSinceEpoch == 106_000_000_000)
    }

    @Test func consecutiveDaysStepThroughEveryDateOfTwoCenturies() throws {
        var date = try #require(LocalDate(year: 1900, month: 1, day: 1))
        let end = try #require(LocalDate(year: 2100, month: 12, day: 31))
        while date < end {
            let next = date.adding(days: 1)
            let expected = LocalDate(year: date.year, month: date.month, day: date.day + 1)
                ?? LocalDate(year: date.year, month: date.month + 1, day: 1)
                ?? LocalDate(year: date.year + 1, month: 1, day: 1)
            #expect(next == expected)
            #expect(next.daysSinceEpoch == date.daysSinceEpoch + 1)
            date = next
        }
    }

    @Test func addingNegativeDaysCrossesYearBoundaries() throws {
        let date = try #require(LocalDate(year: 2026, month: 1, day: 2))
        #expect(date.adding(days: -2) == LocalDate(year: 2025, month: 12, day: 31))
        #expect(date.adding(days: 365) == LocalDate(year: 2027, month: 1, day: 2))
    }

    @Test func weekdayIsIsoNumberedFromMonday() throws {
        #expect(try #require(LocalDate(year: 1970, month: 1, day: 1)).weekday == 4)
        #expect(try #require(LocalDate(year: 2026, month: 3, day: 29)).weekday == 7)
        #expect(try #require(LocalDate(year: 2026, month: 3, day: 30)).weekday == 1)
        #expect(try #require(LocalDate(year: 1969, month: 12, day: 29)).weekday == 1)
    }

    @Test func datesCompareChronologically() throws {
        let a = try #require(LocalDate(parsing: "2025-12-31"))
        let b = try #require(LocalDate(parsing: "2026-01-01"))
        #expect(a < b)
        #expect(!(b < a))
    }
}
