import DNSimCalendar
import DNSimCore
import Testing

@testable import DNSimScenario

struct OccurrencePlannerTests {
    @Test("One occurrence per instant: the planner plans Apia's skipped 2011-12-30 as the 2011-12-31 occurrence, once")
    func plannerMergesASkippedDate() throws {
        let apia = try #require(Zone(identifier: "Pacific/Apia"))
        let start = try #require(ISO8601.parseInstant("2011-12-27T19:00:00Z"))
        var planner = OccurrencePlanner()
        planner.accept(slot: "s", time: try #require(LocalTime(parsing: "09:00")), at: start)
        let plan = planner.plan(zoneTimeline: [(from: start - .days(1), zone: apia)], end: start + .days(6))
        #expect(plan.map(\.localDate.description) == [
            "2011-12-28", "2011-12-29", "2011-12-31", "2012-01-01", "2012-01-02", "2012-01-03",
        ])
        #expect(Set(plan.map(\.at)).count == plan.count, "no two planned occurrences share an instant")
    }
}
