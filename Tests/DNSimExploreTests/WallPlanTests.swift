import DNSimCalendar
import DNSimCore
@testable import DNSimExplore
import Testing

/// The judge's plan: which occurrences a schedule call owes, on the device's own wall clock.
@Suite("Judge's wall-clock plan")
struct WallPlanTests {
    static let sydney = Zone(identifier: "Australia/Sydney")!
    static let tokyo = Zone(identifier: "Asia/Tokyo")!
    static let newYork = Zone(identifier: "America/New_York")!

    static func instant(_ text: String, in zone: Zone) -> SimInstant { zone.instant(for: LocalDateTime(parsing: text)!)! }

    static func occurrences(
        time: String, calledAt call: SimInstant, segments: [WallPlan.Segment], end: SimInstant
    ) -> [(date: String, optional: Bool)] {
        let intent = WallPlan.Intent(slot: "s", time: LocalTime(parsing: time)!, from: call, until: nil)
        return WallPlan.plan([intent], segments: segments, end: end).map { ($0.date.description, $0.optional) }
    }

    @Test func aTimeAlreadyPassedOnTheCallsDateIsOptionalWhenAClockSetBackBringsItBack() {
        // Asked at 07:01 for 06:44; at 10:17 the clock is set back 5 h 46 min, so the wall clock
        // reads 06:44 on the same date again. The user asked from the next 06:44 on.
        let start = Self.instant("2026-07-27T07:00", in: Self.sydney)
        let back = Self.instant("2026-07-27T10:17:58", in: Self.sydney)
        let segments = [
            WallPlan.Segment(from: start, zone: Self.sydney, offset: .zero),
            WallPlan.Segment(from: back, zone: Self.sydney, offset: .zero - .hours(5) - .minutes(46)),
        ]
        let plan = Self.occurrences(
            time: "06:44", calledAt: start + .minutes(1), segments: segments, end: start + .days(2))
        // (06:44 on 07-29 reads after the end, 07:00 true time, with the clock still 5 h 46 min slow.)
        #expect(plan.map(\.date) == ["2026-07-27", "2026-07-28"])
        #expect(plan.map(\.optional) == [true, false])
    }

    @Test func aTimeStillAheadOnTheCallsDateIsOwedInTheNewZone() {
        // Asked at 07:01 in Tokyo for 09:00: 09:00 that day is owed wherever the device is then.
        let start = Self.instant("2026-12-02T07:00", in: Self.tokyo)
        let move = Self.instant("2026-12-02T08:00", in: Self.tokyo)
        let segments = [
            WallPlan.Segment(from: start, zone: Self.tokyo, offset: .zero),
            WallPlan.Segment(from: move, zone: Self.newYork, offset: .zero),
        ]
        let plan = Self.occurrences(time: "09:00", calledAt: start + .minutes(1), segments: segments, end: start + .days(1))
        #expect(plan.first?.date == "2026-12-02")
        #expect(plan.first?.optional == false)
    }
}
