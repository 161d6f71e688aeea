import DNSimCalendar
import DNSimCore
import Testing

struct DSTCasesTests {
    @Test func theFixtureLoadsWithAllThirtyEightCasesAndItsSemantics() throws {
        let fixture = try DSTFixture.load()
        #expect(fixture.caseCount == 38)
        #expect(fixture.cases.count == 38)
        // The semantics this suite implements: gap shifts forward, fold takes the earlier instant.
        let calendarDay = try #require(fixture.semantics["fires_calendar_day"])
        #expect(calendarDay.contains("BEFORE the transition"))
        #expect(calendarDay.contains("EARLIER instant"))
    }

    @Test(arguments: DSTFixture.caseIDs)
    func dailyOccurrencesMatchTheReferenceCalendarDayFires(id: String) throws {
        let reference = try #require(DSTFixture.testCase(id))
        let zone = try #require(Zone(identifier: reference.zone))
        let start = try #require(LocalDate(parsing: reference.startLocalDate))
        let time = try #require(LocalTime(parsing: reference.wallTime))
        var fires: [SimInstant] = []
        for k in 0..<reference.days {
            fires.append(try #require(DailyOccurrence.instant(on: start.adding(days: k), at: time, in: zone)))
        }
        #expect(fires.map(ISO8601.formatUTC) == reference.firesCalendarDay)
        #expect(fires.map { ISO8601.format($0, in: zone) } == reference.firesCalendarDayLocal)
        let duplicates = (1..<fires.count).filter { fires[$0] == fires[$0 - 1] }
        #expect(duplicates == reference.duplicateInstantIndices)
    }

    @Test(arguments: DSTFixture.caseIDs)
    func chainingTwentyFourHoursMatchesTheReferenceDriftingFires(id: String) throws {
        let reference = try #require(DSTFixture.testCase(id))
        let zone = try #require(Zone(identifier: reference.zone))
        let first = try #require(ISO8601.parseInstant(reference.firesCalendarDay[0]))
        let chain = (0..<reference.days).map { first + .seconds(Int64($0) * 86_400) }
        #expect(chain.map(ISO8601.formatUTC) == reference.firesAdd24h)
        #expect(chain.map { ISO8601.format($0, in: zone) } == reference.firesAdd24hLocal)
        let calendarDay = reference.firesCalendarDay.compactMap(ISO8601.parseInstant)
        let divergent = (0..<reference.days).filter { chain[$0] != calendarDay[$0] }
        #expect(divergent == reference.divergentIndices)
    }

    @Test(arguments: DSTFixture.caseIDs)
    func resolveReportsGapsAndFoldsOnTheReferenceDays(id: String) throws {
        let reference = try #require(DSTFixture.testCase(id))
        let zone = try #require(Zone(identifier: reference.zone))
        let start = try #require(LocalDate(parsing: reference.startLocalDate))
        let time = try #require(LocalTime(parsing: reference.wallTime))
        var gapDays: [String] = []
        var foldDays: [String] = []
        for k in 0..<reference.days {
            let date = start.adding(days: k)
            switch zone.resolve(LocalDateTime(date: date, time: time)) {
            case .unique: break
            case .gap: gapDays.append(date.description)
            case .fold: foldDays.append(date.description)
            }
        }
        #expect(gapDays == reference.gapDays)
        #expect(foldDays == reference.foldDays)
    }

    @Test(arguments: DSTFixture.caseIDs)
    func nextTransitionFindsTheReferenceTransitionsInTheWindow(id: String) throws {
        let reference = try #require(DSTFixture.testCase(id))
        let zone = try #require(Zone(identifier: reference.zone))
        let start = try #require(LocalDate(parsing: reference.startLocalDate))
        let windowStart = try #require(DailyOccurrence.instant(on: start, at: .midnight, in: zone))
        let windowEnd = try #require(
            DailyOccurrence.instant(on: start.adding(days: reference.days), at: .midnight, in: zone)
        )
        var found: [String] = []
        var cursor = windowStart
        while let next = zone.nextTransition(after: cursor), next < windowEnd {
            found.append(ISO8601.formatUTC(next))
            let before = zone.offsetSeconds(at: next - .milliseconds(1))
            let after = zone.offsetSeconds(at: next)
            let expected = reference.transitionsInWindow.first { $0.utc == ISO8601.formatUTC(next) }
            #expect(ISO8601.formatOffset(seconds: before) == expected?.offsetBefore)
            #expect(ISO8601.formatOffset(seconds: after) == expected?.offsetAfter)
            cursor = next
        }
        #expect(found == reference.transitionsInWindow.map(\.utc))
    }
}
