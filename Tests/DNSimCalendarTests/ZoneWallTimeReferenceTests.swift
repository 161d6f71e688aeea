import DNSimCalendar
import DNSimCore
import Foundation
import Testing

/// ``Zone/resolve(_:)`` gives what the straightforward version (a `Set` of four candidate
/// offsets, each asked of Foundation) gave, reading by reading, near every transition.
struct ZoneWallTimeReferenceTests {
    /// The earlier implementation, asking Foundation directly.
    private struct Reference {
        let timeZone: TimeZone

        func offsetMilliseconds(_ milliseconds: Int64) -> Int64 {
            let seconds = SimInstant(millisecondsSinceEpoch: milliseconds).secondsSinceEpoch
            return Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))) * 1000
        }

        func resolve(_ wall: LocalDateTime) -> WallTimeResolution {
            let local = wall.millisecondsAsIfUTC
            let twoDays: Int64 = 2 * 86_400_000
            let outer = [offsetMilliseconds(local - twoDays), offsetMilliseconds(local + twoDays)]
            var offsets = outer
            for offset in outer {
                offsets.append(offsetMilliseconds(local - offset))
            }
            var valid: [Int64] = []
            for offset in Set(offsets) where offsetMilliseconds(local - offset) == offset {
                valid.append(local - offset)
            }
            valid.sort()
            if let earlier = valid.first, let later = valid.last {
                return earlier == later
                    ? .unique(SimInstant(millisecondsSinceEpoch: earlier))
                    : .fold(
                        earlier: SimInstant(millisecondsSinceEpoch: earlier),
                        later: SimInstant(millisecondsSinceEpoch: later)
                    )
            }
            var low = SimInstant(millisecondsSinceEpoch: local - (offsets.max() ?? 0)).secondsSinceEpoch
            var high = SimInstant(millisecondsSinceEpoch: local - (offsets.min() ?? 0)).secondsSinceEpoch
            let initial = offsetMilliseconds(low * 1000)
            if offsetMilliseconds(high * 1000) != initial {
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if offsetMilliseconds(middle * 1000) == initial { low = middle } else { high = middle }
                }
            }
            let transition = SimInstant(secondsSinceEpoch: high)
            let before = Int(offsetMilliseconds(high * 1000 - 1000) / 1000)
            return .gap(
                before: before,
                after: Int(offsetMilliseconds(high * 1000) / 1000),
                shiftedForward: SimInstant(millisecondsSinceEpoch: local - Int64(before) * 1000),
                transition: transition
            )
        }
    }

    static let zones = [
        "Europe/Berlin", "America/New_York", "Pacific/Apia", "Australia/Lord_Howe", "Europe/Moscow",
        "America/St_Johns", "Africa/Casablanca", "Asia/Kolkata", "UTC",
    ]

    @Test(arguments: zones)
    func resolveMatchesTheReferenceAroundEveryTransition(identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        let reference = Reference(timeZone: try #require(TimeZone(identifier: identifier)))
        let from = try #require(ISO8601.parseInstant("2009-01-01T00:00:00Z"))
        let to = try #require(ISO8601.parseInstant("2030-01-01T00:00:00Z"))
        // Every 7 minutes across ±3 h (local) of each transition, plus an hourly-ish sweep.
        var readings: [Int64] = []
        var cursor = from
        while let transition = zone.nextTransition(after: cursor), transition < to {
            let local = transition.millisecondsSinceEpoch + Int64(zone.offsetSeconds(at: transition)) * 1000
            readings += stride(from: local - 3 * 3_600_000, through: local + 3 * 3_600_000, by: 7 * 60_000)
            cursor = transition
        }
        readings += stride(from: from.millisecondsSinceEpoch, to: to.millisecondsSinceEpoch, by: 3_601_000 * 7)
        var mismatches: [String] = []
        for milliseconds in readings {
            let wall = LocalDateTime(millisecondsAsIfUTC: milliseconds)
            if zone.resolve(wall) != reference.resolve(wall) { mismatches.append(wall.description) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
