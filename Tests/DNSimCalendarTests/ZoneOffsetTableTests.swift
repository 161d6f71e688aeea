import DNSimCalendar
import DNSimCore
import Foundation
import Synchronization
import Testing

/// The offset table behind ``Zone`` must give exactly what Foundation (ICU) gives, which is
/// what `Zone` asked directly before the table existed.
struct ZoneOffsetTableTests {
    /// A zone and a stretch of years to compare in; `quiet` when it holds no transition.
    struct Window: Sendable, CustomTestStringConvertible {
        var zone: String
        var fromYear: Int
        var toYear: Int
        var quiet = false
        var testDescription: String { "\(zone) \(fromYear)–\(toYear)" }
    }

    static let windows: [Window] = [
        Window(zone: "Europe/Berlin", fromYear: 2024, toYear: 2028),
        Window(zone: "Europe/Berlin", fromYear: 1890, toYear: 1950),
        Window(zone: "America/New_York", fromYear: 1880, toYear: 1890),  // LMT −4:56:02 until 1883
        Window(zone: "America/New_York", fromYear: 2024, toYear: 2028),
        Window(zone: "Pacific/Apia", fromYear: 2010, toYear: 2013),  // skipped 2011-12-30
        Window(zone: "Australia/Lord_Howe", fromYear: 2022, toYear: 2028),  // 30-minute DST
        Window(zone: "Europe/Moscow", fromYear: 2010, toYear: 2016),  // permanent change 2014-10-26
        Window(zone: "Asia/Kolkata", fromYear: 1940, toYear: 1947),
        Window(zone: "Asia/Kolkata", fromYear: 2024, toYear: 2028, quiet: true),
        Window(zone: "America/St_Johns", fromYear: 1915, toYear: 1925),
        Window(zone: "America/St_Johns", fromYear: 2024, toYear: 2028),
        Window(zone: "Africa/Casablanca", fromYear: 2018, toYear: 2032),  // Ramadan DST
        Window(zone: "Europe/Berlin", fromYear: 1899, toYear: 1901, quiet: true),  // CET since 1893
        Window(zone: "Europe/Berlin", fromYear: 2199, toYear: 2201),
        Window(zone: "America/New_York", fromYear: 2199, toYear: 2201),
        Window(zone: "UTC", fromYear: 1969, toYear: 1971, quiet: true),
    ]

    /// Foundation's answer for the whole second `seconds`, as `Zone` used to ask it.
    private static func icuOffset(_ timeZone: TimeZone, _ seconds: Int64) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
    }

    private static func seconds(ofYear year: Int) throws -> Int64 {
        try #require(ISO8601.parseInstant("\(year)-01-01T00:00:00Z")).secondsSinceEpoch
    }

    /// The offset changes Foundation reports in [`from`, `to`), as whole seconds.
    private static func reportedChanges(_ timeZone: TimeZone, from: Int64, to: Int64) -> [Int64] {
        var changes: [Int64] = []
        var cursor = Date(timeIntervalSince1970: Double(from))
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor),
            next.timeIntervalSince1970 < Double(to)
        {
            let t = Int64(next.timeIntervalSince1970)
            if icuOffset(timeZone, t - 1) != icuOffset(timeZone, t) { changes.append(t) }
            cursor = next
        }
        return changes
    }

    @Test(arguments: windows)
    func denseSamplesAgreeWithFoundation(window: Window) throws {
        let zone = try #require(Zone(identifier: window.zone))
        let timeZone = try #require(TimeZone(identifier: window.zone))
        let start = try Self.seconds(ofYear: window.fromYear)
        let end = try Self.seconds(ofYear: window.toYear)
        var mismatches: [Int64] = []
        // Every 4 h 17 s, so that the samples drift through every time of day.
        for seconds in stride(from: start, to: end, by: 4 * 3600 + 17) {
            if zone.offsetSeconds(at: SimInstant(secondsSinceEpoch: seconds)) != Self.icuOffset(timeZone, seconds) {
                mismatches.append(seconds)
            }
        }
        #expect(mismatches.isEmpty, "first mismatch at \(mismatches.first.map(String.init) ?? "")")
    }

    @Test(arguments: windows)
    func everyTransitionAgreesToTheSecondAndMillisecond(window: Window) throws {
        let zone = try #require(Zone(identifier: window.zone))
        let timeZone = try #require(TimeZone(identifier: window.zone))
        let changes = Self.reportedChanges(
            timeZone, from: try Self.seconds(ofYear: window.fromYear), to: try Self.seconds(ofYear: window.toYear)
        )
        for t in changes {
            for seconds in (t - 2)...(t + 1) {
                #expect(
                    zone.offsetSeconds(at: SimInstant(secondsSinceEpoch: seconds)) == Self.icuOffset(timeZone, seconds),
                    "\(window.zone) at \(seconds)"
                )
            }
            // The offset changes at the whole second, not a millisecond earlier.
            let justBefore = SimInstant(millisecondsSinceEpoch: t * 1000 - 1)
            #expect(zone.offsetSeconds(at: justBefore) == Self.icuOffset(timeZone, t - 1))
            #expect(zone.offsetSeconds(at: SimInstant(secondsSinceEpoch: t)) == Self.icuOffset(timeZone, t))
        }
        #expect(changes.isEmpty == window.quiet)
    }

    @Test(arguments: windows)
    func offsetSpansHoldTheOffsetAndEndAtTransitions(window: Window) throws {
        let zone = try #require(Zone(identifier: window.zone))
        let timeZone = try #require(TimeZone(identifier: window.zone))
        let start = try Self.seconds(ofYear: window.fromYear)
        let end = try Self.seconds(ofYear: window.toYear)
        let changes = Set(Self.reportedChanges(timeZone, from: start - 400 * 86_400, to: end + 400 * 86_400))
        // Every 2 days 3 h 17 s: each span holds its instant, gives Foundation's offset at its
        // first and last second, and starts and ends at a change (or a chunk's end, where the
        // offset need not change).
        for seconds in stride(from: start, to: end, by: 2 * 86_400 + 3 * 3600 + 17) {
            let instant = SimInstant(millisecondsSinceEpoch: seconds * 1000 + 999)
            let span = zone.offsetSpan(at: instant)
            #expect(span.contains(instant))
            #expect(span.offsetSeconds == Self.icuOffset(timeZone, seconds))
            var first = seconds
            while span.contains(SimInstant(secondsSinceEpoch: first - 3600)) { first -= 3600 }
            while span.contains(SimInstant(secondsSinceEpoch: first - 1)) { first -= 1 }
            var last = seconds
            while span.contains(SimInstant(secondsSinceEpoch: last + 3600)) { last += 3600 }
            while span.contains(SimInstant(secondsSinceEpoch: last + 1)) { last += 1 }
            #expect(Self.icuOffset(timeZone, first) == span.offsetSeconds && Self.icuOffset(timeZone, last) == span.offsetSeconds)
            #expect(changes.contains(first) || first % (1461 * 6 * 3600) == 0, "\(window.zone): span from \(first)")
            #expect(changes.contains(last + 1) || (last + 1) % (1461 * 6 * 3600) == 0, "\(window.zone): span to \(last)")
        }
    }

    @Test(arguments: windows)
    func nextTransitionWalksTheOffsetChangesFoundationReports(window: Window) throws {
        let zone = try #require(Zone(identifier: window.zone))
        let timeZone = try #require(TimeZone(identifier: window.zone))
        let start = try Self.seconds(ofYear: window.fromYear)
        let end = try Self.seconds(ofYear: window.toYear)
        var walked: [Int64] = []
        var cursor = SimInstant(secondsSinceEpoch: start)
        while let next = zone.nextTransition(after: cursor), next.secondsSinceEpoch < end {
            walked.append(next.secondsSinceEpoch)
            cursor = next
        }
        #expect(walked == Self.reportedChanges(timeZone, from: start, to: end))
    }

    @Test func knownTransitionsOfTheUnusualZones() throws {
        func offset(_ zone: String, _ text: String) throws -> Int {
            try #require(Zone(identifier: zone)).offsetSeconds(at: try #require(ISO8601.parseInstant(text)))
        }
        // Apia: −10:00 until 2011-12-30T10:00Z, then +14:00 (daylight time then).
        #expect(try offset("Pacific/Apia", "2011-12-30T09:59:59Z") == -10 * 3600)
        #expect(try offset("Pacific/Apia", "2011-12-30T10:00:00Z") == 14 * 3600)
        // Lord Howe: +10:30 standard, +11:00 in summer.
        #expect(try offset("Australia/Lord_Howe", "2026-07-01T00:00:00Z") == 10 * 3600 + 1800)
        #expect(try offset("Australia/Lord_Howe", "2026-01-01T00:00:00Z") == 11 * 3600)
        // Moscow: +04:00 until 2014-10-25T22:00Z, +03:00 after.
        #expect(try offset("Europe/Moscow", "2014-10-25T21:59:59Z") == 4 * 3600)
        #expect(try offset("Europe/Moscow", "2014-10-25T22:00:00Z") == 3 * 3600)
        // New York local mean time before 1883-11-18 noon.
        #expect(try offset("America/New_York", "1880-01-01T00:00:00Z") == -(4 * 3600 + 56 * 60 + 2))
        #expect(try offset("America/St_Johns", "2026-01-01T00:00:00Z") == -(3 * 3600 + 1800))
    }

    @Test func threadsQueryingAFreshZoneAllGetFoundationsAnswers() throws {
        // Used by no other test, so its table starts empty here and the threads race to fill it.
        let identifier = "America/Santiago"
        let zone = try #require(Zone(identifier: identifier))
        let start = try Self.seconds(ofYear: 2000)
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            guard let timeZone = TimeZone(identifier: identifier) else {
                mismatches.withLock { $0 += 1 }
                return
            }
            var local = 0
            // The workers interleave: worker k takes every 8th sample, so all of them want
            // the same chunks at about the same time.
            for k in stride(from: worker, to: 8 * 4000, by: 8) {
                let seconds = start + Int64(k) * 28_411
                if zone.offsetSeconds(at: SimInstant(secondsSinceEpoch: seconds)) != Self.icuOffset(timeZone, seconds) {
                    local += 1
                }
            }
            mismatches.withLock { $0 += local }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    @Test func zonesMadeOnDifferentThreadsAreEqualAndAgree() {
        let made = Mutex<[Zone]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            if let zone = Zone(identifier: "America/Sao_Paulo") { made.withLock { $0.append(zone) } }
        }
        let zones = made.withLock { $0 }
        #expect(zones.count == 6)
        let instant = SimInstant(secondsSinceEpoch: 1_000_000_000)
        #expect(Set(zones.map { $0.offsetSeconds(at: instant) }).count == 1)
        #expect(Set(zones).count == 1)
    }
}
