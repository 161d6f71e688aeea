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
/// Foundation is asked only while filling a per-identifier table of transitions that is
/// shared by the whole process and safe to use from several threads; after that an offset
/// is a binary search. The answers are those Foundation gives.
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
    private let table: ZoneOffsetTable

    /// The zone for `identifier`, or `nil` when the tz data does not know it
    /// (`Mars/Olympus_Mons`, the empty string, wrong capitalisation such as `utc`).
    public init?(identifier: String) {
        guard !identifier.isEmpty, let table = ZoneOffsetTable.shared(identifier: identifier) else { return nil }
        self.init(identifier: identifier, table: table)
    }

    private init(identifier: String, table: ZoneOffsetTable) {
        self.identifier = identifier
        self.table = table
    }

    /// Coordinated Universal Time, offset zero forever.
    public static let utc = Zone(identifier: "UTC", table: ZoneOffsetTable(timeZone: .gmt))

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
        // tz transitions fall on whole seconds, so flooring the instant is exact.
        table.offset(atSeconds: instant.secondsSinceEpoch)
    }

    /// A UTC offset and the whole seconds through which a zone keeps it: what a caller that
    /// asks for the offsets of many nearby instants (a document's timestamps) remembers, so that
    /// most of its questions are a comparison instead of a look-up.
    public struct OffsetSpan: Sendable {
        /// The offset in seconds (east of Greenwich positive).
        public let offsetSeconds: Int
        /// The whole seconds since the epoch through which the offset is in force (a part of the
        /// span between two transitions).
        let seconds: Range<Int64>

        /// Whether the offset is in force at `instant`.
        @inline(__always)
        public func contains(_ instant: SimInstant) -> Bool { seconds.contains(instant.secondsSinceEpoch) }
    }

    /// The UTC offset in force at `instant` (``offsetSeconds(at:)``), with a span of instants
    /// around it through which it is in force.
    public func offsetSpan(at instant: SimInstant) -> OffsetSpan {
        let span = table.offsetSpan(atSeconds: instant.secondsSinceEpoch)
        return OffsetSpan(offsetSeconds: span.offset, seconds: span.seconds)
    }

    /// Whether `other` reads its offsets from the same table as this zone (then they give the
    /// same offsets; two identifiers of one zone may have tables of their own).
    func sharesTable(with other: Zone) -> Bool { table === other.table }

    /// The identity of the table this zone reads its offsets from: zones with one identity give
    /// the same offsets, for as long as one of them is held (then no other table has it).
    var tableIdentity: ObjectIdentifier { ObjectIdentifier(table) }

    /// The wall-clock reading in this zone at `instant`.
    /// The UTC offset in seconds in force throughout `start`…`end` (each floored to whole
    /// seconds, as ``offsetSeconds(at:)`` reads them), found in one look-up when it does not
    /// change in between; `nil` when it may (the caller asks instant by instant).
    func constantOffsetSeconds(from start: SimInstant, through end: SimInstant) -> Int? {
        table.constantOffset(fromSeconds: start.secondsSinceEpoch, throughSeconds: end.secondsSinceEpoch)
    }

    public func localDateTime(at instant: SimInstant) -> LocalDateTime {
        let offsetMilliseconds = Int64(offsetSeconds(at: instant)) * 1000
        return LocalDateTime(millisecondsAsIfUTC: instant.millisecondsSinceEpoch + offsetMilliseconds)
    }

    /// Whether the UTC offset changes at any whole second after `start` and up to `end`: when it
    /// does not, every instant in that span has the offset in force at `start`. One search of
    /// the offset table, whatever the span.
    public func changesOffset(after start: SimInstant, through end: SimInstant) -> Bool {
        table.firstTransition(afterSeconds: start.secondsSinceEpoch, throughSeconds: end.secondsSinceEpoch) != nil
    }

    /// The first instant strictly after `instant` at which the UTC offset changes, or `nil`
    /// when the zone has no later change (fixed zones such as `Asia/Kolkata`, or zones whose
    /// rules have ended).
    ///
    /// The change itself is read from the offset table, so changes that only relabel
    /// standard/daylight time and leave the total offset alone never count. Whether a later
    /// change exists at all is asked of Foundation's `nextDaylightSavingTimeTransition(after:)`,
    /// which on this toolchain reports every ICU transition, including changes of standard
    /// offset with no DST involved (Europe/Moscow 2014-10-26, Pacific/Apia 2011-12-30): the
    /// answer is the first change in the table up to the next reported transition, and the
    /// search moves on from there when that one is only a relabelling. When Foundation reports
    /// no later transition the answer is `nil`. ``resolve(_:)`` does not depend on this method.
    public func nextTransition(after instant: SimInstant) -> SimInstant? {
        // A transition `t` (whole seconds) is after `instant` exactly when t > floor(instant).
        var searched = instant.secondsSinceEpoch
        var cursor = instant
        for _ in 0..<64 {
            let after = Date(timeIntervalSince1970: Double(cursor.millisecondsSinceEpoch) / 1000)
            guard let next = table.timeZone.nextDaylightSavingTimeTransition(after: after) else { return nil }
            // Whole seconds, strictly after the cursor even if Foundation rounded.
            let reported = max(
                Int64(next.timeIntervalSince1970.rounded(.up)),
                cursor.secondsSinceEpoch + 1
            )
            if let change = table.firstTransition(afterSeconds: searched, throughSeconds: reported) {
                return SimInstant(secondsSinceEpoch: change)
            }
            searched = reported
            cursor = SimInstant(secondsSinceEpoch: reported)
        }
        return nil
    }
}

extension Zone: CustomStringConvertible {
    /// The identifier.
    public var description: String { identifier }
}
