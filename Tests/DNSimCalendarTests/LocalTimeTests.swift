import DNSimCalendar
import Testing

struct LocalTimeTests {
    @Test func fieldsAreValidated() {
        #expect(LocalTime(hour: 23, minute: 59, second: 59, millisecond: 999) != nil)
        #expect(LocalTime(hour: 24, minute: 0) == nil)
        #expect(LocalTime(hour: 9, minute: 60) == nil)
        #expect(LocalTime(hour: 9, minute: 0, second: 60) == nil)
        #expect(LocalTime(hour: 9, minute: 0, second: 0, millisecond: 1000) == nil)
        #expect(LocalTime(hour: -1, minute: 0) == nil)
    }

    @Test func parsingAcceptsTwoDigitHoursMinutesAndOptionalSeconds() {
        #expect(LocalTime(parsing: "09:00") == LocalTime(hour: 9, minute: 0))
        #expect(LocalTime(parsing: "23:59:58") == LocalTime(hour: 23, minute: 59, second: 58))
        #expect(LocalTime(parsing: "00:00:01.250") == LocalTime(hour: 0, minute: 0, second: 1, millisecond: 250))
        for text in ["25:00", "24:00", "9:00", "09:0", "09:60", "09:00:", "09:00:60", "0900", " 09:00",
                     "09:00 ", "09:00:00.1", "09:00.000", "9am", ""] {
            #expect(LocalTime(parsing: text) == nil, "\(text)")
        }
    }

    @Test func descriptionShowsSecondsOnlyWhenNonZero() throws {
        #expect(try #require(LocalTime(hour: 9, minute: 0)).description == "09:00")
        #expect(try #require(LocalTime(hour: 9, minute: 0, second: 5)).description == "09:00:05")
        #expect(try #require(LocalTime(hour: 9, minute: 0, second: 0, millisecond: 7)).description == "09:00:00.007")
    }

    @Test func millisecondsIntoDayCountsFromMidnight() throws {
        #expect(LocalTime.midnight.millisecondsIntoDay == 0)
        let time = try #require(LocalTime(hour: 23, minute: 59, second: 59, millisecond: 999))
        #expect(time.millisecondsIntoDay == 86_399_999)
        #expect(LocalTime.midnight < time)
    }
}
