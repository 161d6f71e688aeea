import DNSimCore
import Testing

@testable import DNSimCalendar

/// ``Zone/resolve(_:)`` answers a reading whose ±2-day window has one offset from a single
/// look-up; everywhere else it checks each candidate. Both ways must agree for every reading:
/// near and far from transitions, in zones with half-hour and 45-minute offsets, two-hour
/// daylight time, a skipped day (Apia 2011), offset changes that are no daylight saving
/// (Kathmandu 1986, Caracas 2007 and 2016) and at the edges of the table's chunks.
@Suite("zone resolve shortcut")
struct ZoneResolveShortcutTests {
    @Test(arguments: [
        ("Europe/Berlin", 2025), ("Pacific/Apia", 2010), ("Australia/Lord_Howe", 2024), ("Pacific/Chatham", 2024),
        ("America/St_Johns", 2024), ("Asia/Kathmandu", 1985), ("America/Caracas", 2007), ("America/Caracas", 2015),
        ("Antarctica/Troll", 2024), ("UTC", 2024),
    ])
    func agreesWithCheckingEachCandidate(identifier: String, fromYear: Int) throws {
        let zone = try #require(Zone(identifier: identifier))
        let start = try #require(LocalDate(year: fromYear, month: 1, day: 1)).daysSinceEpoch * CivilMath.millisecondsPerDay
        let end = start + 2 * 366 * CivilMath.millisecondsPerDay
        // A step of 1 h 17 min meets every wall minute class near each transition over two years.
        var local = start
        var checked = 0
        while local < end {
            let wall = LocalDateTime(millisecondsAsIfUTC: local)
            #expect(zone.resolve(wall) == zone.resolveByCandidates(wall), "\(identifier) \(wall)")
            local += 77 * 60_000
            checked += 1
        }
        #expect(checked > 13_000)
    }

    @Test func agreesAtTheEdgesOfTheTablesChunks() throws {
        let zone = try #require(Zone(identifier: "America/New_York"))
        let chunk = ZoneOffsetTable.chunkSeconds * 1000
        for index in Int64(-3)...60 {
            for delta in stride(from: -3 * CivilMath.millisecondsPerDay, through: 3 * CivilMath.millisecondsPerDay, by: 3_600_000) {
                let wall = LocalDateTime(millisecondsAsIfUTC: index * chunk + delta)
                #expect(zone.resolve(wall) == zone.resolveByCandidates(wall))
            }
        }
    }
}
