import DNSimCalendar
import Testing

struct LocalDateTimeTests {
    @Test func parsingAcceptsMinutesOrSecondsPrecision() throws {
        let minutes = try #require(LocalDateTime(parsing: "2026-03-29T09:00"))
        #expect(minutes.date == LocalDate(year: 2026, month: 3, day: 29))
        #expect(minutes.time == LocalTime(hour: 9, minute: 0))
        #expect(minutes.description == "2026-03-29T09:00")
        let seconds = try #require(LocalDateTime(parsing: "2026-03-29T09:00:30"))
        #expect(seconds.description == "2026-03-29T09:00:30")
        for text in ["2026-03-29 09:00", "2026-03-29t09:00", "2026-03-29T9:00", "2026-03-29T09:00Z",
                     "2026-03-29", "2026-02-29T09:00", "2026-03-29T24:00"] {
            #expect(LocalDateTime(parsing: text) == nil, "\(text)")
        }
    }

    @Test func millisecondsAsIfUtcRoundTripsIncludingBeforeTheEpoch() throws {
        let wall = try #require(LocalDateTime(parsing: "2026-03-29T09:00"))
        #expect(wall.millisecondsAsIfUTC == 1_774_774_800_000)
        #expect(LocalDateTime(millisecondsAsIfUTC: 1_774_774_800_000) == wall)
        let beforeEpoch = LocalDateTime(millisecondsAsIfUTC: -1)
        #expect(beforeEpoch.description == "1969-12-31T23:59:59.999")
        #expect(beforeEpoch.millisecondsAsIfUTC == -1)
        for ms in stride(from: Int64(-10_000_000_000_000), through: 10_000_000_000_000, by: 7_777_777_777) {
            #expect(LocalDateTime(millisecondsAsIfUTC: ms).millisecondsAsIfUTC == ms)
        }
    }

    @Test func readingsCompareByDateThenTime() throws {
        let a = try #require(LocalDateTime(parsing: "2026-03-28T23:59"))
        let b = try #require(LocalDateTime(parsing: "2026-03-29T00:00"))
        #expect(a < b)
    }
}
