import DNSimCore
import Foundation

/// An IANA time zone such as `Europe/Berlin`, used only to learn UTC offsets.
///
/// Offsets come from Foundation's `TimeZone(identifier:)`, which on Linux reads the ICU
/// tz data bundled with the Swift toolchain, not the host's `/usr/share/zoneinfo`, so a
/// given toolchain gives the same answers on every machine. The host's current zone,
/// locale and clock are never consulted, and Foundation `Calendar` is never used: civil
/// arithmetic is done by ``LocalDate`` and ``LocalDateTime``.
///
/// Two zones are equal when their ``identifier``s are equal, even if the rules agree
/// (`UTC` and `Etc/UTC` are different zones).
///
/// Turning a wall-clock reading into an instant is in `Zone+WallTime.swift`:
/// ``resolve(_:)`` and ``instant(for:gap:fold:)``.
public struct Zone: Hashable, Sendable {
    /// The identifier exactly as the caller gave it (Foundation reports `UTC` as `GMT`;
    /// this keeps `UTC`).
    public let identifier: String
    private let timeZone: TimeZone

    /// The zone for `identifier`, or `nil` when the tz data does not know it
    /// (`Mars/Olympus_Mons`, the empty string, wrong capitalisation such as `utc`).
    public init?(identifier: String) {
        guard !identifier.isEmpty, let timeZone = TimeZone(identifier: identifier) else { return nil }
        self.init(identifier: identifier, timeZone: timeZone)
    }

    private init(identifier: String, timeZone: TimeZone) {
        self.identifier = identifier
        self.timeZone = timeZone
    }

    /// Coordinated Universal Time, offset zero forever.
    public static let utc = Zone(identifier: "UTC", timeZone: .gmt)

    /// Equal when the identifiers are equal.
    public static func == (lhs: Zone, rhs: Zone) -> Bool {
        lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }

    /// The UTC offset in seconds in force at `instant` (east of Greenwich positive).
    ///
    /// At a transition instant the new offset applies. Historical local mean time offsets
    /// are not whole minutes (New York before 1883 is −4:56:02).
    public func offsetSeconds(at instant: SimInstant) -> Int {
        // tz transitions fall on whole seconds, so flooring the instant is exact and keeps
        // the Double handed to Foundation an integer.
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant.secondsSinceEpoch)))
    }

    /// The wall-clock reading in this zone at `instant`.
    public func localDateTime(at instant: SimInstant) -> LocalDateTime {
        let offsetMilliseconds = Int64(offsetSeconds(at: instant)) * 1000
        return LocalDateTime(millisecondsAsIfUTC: instant.millisecondsSinceEpoch + offsetMilliseconds)
    }

    /// The first instant strictly after `instant` at which the UTC offset changes, or `nil`
    /// when the zone has no later change (fixed zones such as `Asia/Kolkata`, or zones whose
    /// rules have ended).
    ///
    /// This asks Foundation's `nextDaylightSavingTimeTransition(after:)`. On this toolchain it
    /// reports every ICU transition, including changes of standard offset with no DST
    /// involved (Europe/Moscow 2014-10-26, Pacific/Apia 2011-12-30), but it also reports
    /// transitions that only relabel standard/daylight time and leave the total offset alone;
    /// those are skipped here. If a future Foundation stops reporting non-DST changes, they
    /// would be missed. ``resolve(_:)`` does not depend on this method.
    public func nextTransition(after instant: SimInstant) -> SimInstant? {
        var cursor = instant
        for _ in 0..<64 {
            let after = Date(timeIntervalSince1970: Double(cursor.millisecondsSinceEpoch) / 1000)
            guard let next = timeZone.nextDaylightSavingTimeTransition(after: after) else { return nil }
            var candidate = SimInstant(millisecondsSinceEpoch: Int64((next.timeIntervalSince1970 * 1000).rounded()))
            if candidate <= cursor {
                candidate = cursor + .milliseconds(1)
            }
            if candidate > instant,
                offsetSeconds(at: candidate) != offsetSeconds(at: candidate - .seconds(1))
            {
                return candidate
            }
            cursor = candidate
        }
        return nil
    }
}

extension Zone: CustomStringConvertible {
    /// The identifier.
    public var description: String { identifier }
}
