import DNSimCalendar
import DNSimCore
import Testing

struct ZoneTests {
    private func instant(_ text: String) throws -> SimInstant {
        try #require(ISO8601.parseInstant(text))
    }

    @Test func unknownIdentifiersGiveNil() {
        #expect(Zone(identifier: "Mars/Olympus_Mons") == nil)
        #expect(Zone(identifier: "") == nil)
        #expect(Zone(identifier: "america/new_york") == nil)
    }

    @Test func theCallersIdentifierIsKept() throws {
        #expect(try #require(Zone(identifier: "UTC")).identifier == "UTC")
        #expect(Zone.utc.identifier == "UTC")
        #expect(try #require(Zone(identifier: "Europe/Berlin")).description == "Europe/Berlin")
        #expect(Zone(identifier: "Europe/Berlin") == Zone(identifier: "Europe/Berlin"))
        #expect(Zone(identifier: "UTC") != Zone(identifier: "Etc/UTC"))
    }

    @Test func theNewOffsetAppliesFromTheTransitionInstant() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        let transition = try instant("2026-03-08T07:00:00Z")
        #expect(newYork.offsetSeconds(at: transition) == -4 * 3600)
        #expect(newYork.offsetSeconds(at: transition - .milliseconds(1)) == -5 * 3600)
        #expect(Zone.utc.offsetSeconds(at: transition) == 0)
    }

    @Test func localDateTimeAppliesTheOffsetInForce() throws {
        let berlin = try #require(Zone(identifier: "Europe/Berlin"))
        #expect(berlin.localDateTime(at: try instant("2026-03-29T00:59:59Z")).description == "2026-03-29T01:59:59")
        #expect(berlin.localDateTime(at: try instant("2026-03-29T01:00:00Z")).description == "2026-03-29T03:00")
        let kolkata = try #require(Zone(identifier: "Asia/Kolkata"))
        #expect(kolkata.localDateTime(at: .epoch).description == "1970-01-01T05:30")
    }

    @Test func nextTransitionFindsDaylightSavingChanges() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        let spring = try instant("2026-03-08T07:00:00Z")
        #expect(newYork.nextTransition(after: try instant("2026-01-01T00:00:00Z")) == spring)
        #expect(newYork.nextTransition(after: spring) == (try instant("2026-11-01T06:00:00Z")))
        #expect(newYork.nextTransition(after: spring - .milliseconds(1)) == spring)
    }

    @Test func nextTransitionFindsStandardOffsetChangesWithoutDaylightSaving() throws {
        let moscow = try #require(Zone(identifier: "Europe/Moscow"))
        #expect(moscow.nextTransition(after: try instant("2014-08-01T00:00:00Z")) == (try instant("2014-10-25T22:00:00Z")))
        let apia = try #require(Zone(identifier: "Pacific/Apia"))
        #expect(apia.nextTransition(after: try instant("2011-12-28T00:00:00Z")) == (try instant("2011-12-30T10:00:00Z")))
    }

    @Test func fixedOffsetZonesHaveNoNextTransition() throws {
        let kolkata = try #require(Zone(identifier: "Asia/Kolkata"))
        #expect(kolkata.nextTransition(after: try instant("2026-01-01T00:00:00Z")) == nil)
        #expect(Zone.utc.nextTransition(after: .epoch) == nil)
    }
}
