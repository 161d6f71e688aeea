import DNSimCalendar
import DNSimCore
import Testing

struct ZoneWallTimeTests {
    private func instant(_ text: String) throws -> SimInstant {
        try #require(ISO8601.parseInstant(text))
    }

    private func wall(_ text: String) throws -> LocalDateTime {
        try #require(LocalDateTime(parsing: text))
    }

    @Test func ordinaryReadingsResolveUniquely() throws {
        let berlin = try #require(Zone(identifier: "Europe/Berlin"))
        #expect(berlin.resolve(try wall("2026-03-29T09:00")) == .unique(try instant("2026-03-29T07:00:00Z")))
        #expect(Zone.utc.resolve(try wall("1970-01-01T00:00")) == .unique(.epoch))
    }

    @Test func newYorkSpringForwardGapReportsBothOffsetsAndTheTransition() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        let expected = WallTimeResolution.gap(
            before: -5 * 3600,
            after: -4 * 3600,
            shiftedForward: try instant("2026-03-08T07:30:00Z"),
            transition: try instant("2026-03-08T07:00:00Z")
        )
        #expect(newYork.resolve(try wall("2026-03-08T02:30")) == expected)
    }

    @Test func eachGapPolicyPicksItsInstant() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        let reading = try wall("2026-03-08T02:30")
        let shifted = try #require(newYork.instant(for: reading))
        #expect(ISO8601.format(shifted, in: newYork) == "2026-03-08T03:30:00-04:00")
        #expect(newYork.instant(for: reading, gap: .shiftForward) == shifted)
        let next = try #require(newYork.instant(for: reading, gap: .nextValidInstant))
        #expect(ISO8601.format(next, in: newYork) == "2026-03-08T03:00:00-04:00")
        #expect(newYork.instant(for: reading, gap: .skip) == nil)
    }

    @Test func foldPolicyLaterTakesTheSecondOccurrence() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        let reading = try wall("2026-11-01T01:30")
        let earlier = try instant("2026-11-01T05:30:00Z")
        let later = try instant("2026-11-01T06:30:00Z")
        #expect(newYork.resolve(reading) == .fold(earlier: earlier, later: later))
        #expect(newYork.instant(for: reading) == earlier)
        #expect(newYork.instant(for: reading, fold: .earlier) == earlier)
        #expect(newYork.instant(for: reading, fold: .later) == later)
        #expect(newYork.instant(for: reading, gap: .skip, fold: .later) == later)
    }

    @Test func apiaSkipsAllOfThirtiethDecember2011() throws {
        let apia = try #require(Zone(identifier: "Pacific/Apia"))
        let resolution = apia.resolve(try wall("2011-12-30T09:00"))
        let expected = WallTimeResolution.gap(
            before: -10 * 3600,
            after: 14 * 3600,
            shiftedForward: try instant("2011-12-30T19:00:00Z"),
            transition: try instant("2011-12-30T10:00:00Z")
        )
        #expect(resolution == expected)
        let shifted = try #require(apia.instant(for: try wall("2011-12-30T09:00")))
        #expect(ISO8601.format(shifted, in: apia) == "2011-12-31T09:00:00+14:00")
        #expect(apia.resolve(try wall("2011-12-30T00:00")) != .unique(try instant("2011-12-30T10:00:00Z")))
        #expect(apia.resolve(try wall("2011-12-29T23:59")) == .unique(try instant("2011-12-30T09:59:00Z")))
        #expect(apia.resolve(try wall("2011-12-31T00:00")) == .unique(try instant("2011-12-30T10:00:00Z")))
        let nextValid = try #require(apia.instant(for: try wall("2011-12-30T09:00"), gap: .nextValidInstant))
        #expect(ISO8601.format(nextValid, in: apia) == "2011-12-31T00:00:00+14:00")
    }

    @Test func lordHoweHasAThirtyMinuteGapAndFold() throws {
        let lordHowe = try #require(Zone(identifier: "Australia/Lord_Howe"))
        // First Sunday of October 2026 is the 4th: 02:00 +10:30 jumps to 02:30 +11:00.
        let gap = lordHowe.resolve(try wall("2026-10-04T02:15"))
        let expectedGap = WallTimeResolution.gap(
            before: 37_800,
            after: 39_600,
            shiftedForward: try instant("2026-10-03T15:45:00Z"),
            transition: try instant("2026-10-03T15:30:00Z")
        )
        #expect(gap == expectedGap)
        let shifted = try #require(lordHowe.instant(for: try wall("2026-10-04T02:15")))
        #expect(ISO8601.format(shifted, in: lordHowe) == "2026-10-04T02:45:00+11:00")
        #expect(lordHowe.resolve(try wall("2026-10-04T02:30")) == .unique(try instant("2026-10-03T15:30:00Z")))
        #expect(lordHowe.resolve(try wall("2026-10-04T01:59")) == .unique(try instant("2026-10-03T15:29:00Z")))
        // First Sunday of April 2026 is the 5th: 02:00 +11:00 falls back to 01:30 +10:30.
        let fold = lordHowe.resolve(try wall("2026-04-05T01:45"))
        #expect(fold == .fold(earlier: try instant("2026-04-04T14:45:00Z"), later: try instant("2026-04-04T15:15:00Z")))
    }

    @Test func everyInstantOfATransitionDayResolvesBackToItself() throws {
        for (identifier, day) in [("America/New_York", "2026-03-08"), ("America/New_York", "2026-11-01"),
                                  ("Australia/Lord_Howe", "2026-10-04"), ("Pacific/Apia", "2011-12-30")] {
            let zone = try #require(Zone(identifier: identifier))
            let start = try instant(day + "T00:00:00Z") - .hours(15)
            for step in 0..<(48 * 4) {
                let t = start + .minutes(Int64(step) * 15)
                let reading = zone.localDateTime(at: t)
                switch zone.resolve(reading) {
                case .unique(let resolved):
                    #expect(resolved == t, "\(identifier) \(reading)")
                case .fold(let earlier, let later):
                    #expect(earlier == t || later == t, "\(identifier) \(reading)")
                case .gap:
                    Issue.record("a reading shown by the clock cannot be in a gap: \(identifier) \(reading)")
                }
            }
        }
    }
}
