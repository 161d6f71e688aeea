/// A wall-clock reading: a ``LocalDate`` and a ``LocalTime`` with no zone attached.
///
/// A reading names an instant only together with a ``Zone``, and then possibly none
/// (DST gap) or two (DST fold); see ``Zone/resolve(_:)``. The ``description`` is
/// `YYYY-MM-DDTHH:mm`, with seconds (and milliseconds) only when non-zero.
public struct LocalDateTime: Hashable, Comparable, Sendable {
    /// The civil date.
    public let date: LocalDate
    /// The time of day.
    public let time: LocalTime

    /// Combines a date and a time of day.
    public init(date: LocalDate, time: LocalTime) {
        self.date = date
        self.time = time
    }

    /// Parses exactly `YYYY-MM-DDTHH:mm` or `YYYY-MM-DDTHH:mm:ss` (also `…:ss.SSS`),
    /// e.g. `2026-03-29T09:00`; `nil` for anything else, including a lowercase `t` or a space.
    public init?(parsing text: String) {
        guard let value = TextScanner.read(text, Self.scan) else { return nil }
        self = value
    }

    /// Creates the reading that the UTC clock shows `millisecondsAsIfUTC` ms after the epoch.
    public init(millisecondsAsIfUTC: Int64) {
        let days = CivilMath.floorDivide(millisecondsAsIfUTC, by: CivilMath.millisecondsPerDay)
        let rest = millisecondsAsIfUTC - days * CivilMath.millisecondsPerDay
        date = LocalDate(daysSinceEpoch: days)
        time = LocalTime(uncheckedMillisecondsIntoDay: rest)
    }

    /// This reading treated as a UTC clock reading, in milliseconds since the epoch.
    ///
    /// Subtracting a zone's offset (in ms) from it gives the instant, when that offset is the
    /// one in force then. Traps if the value does not fit in `Int64` (beyond ~292 million years).
    public var millisecondsAsIfUTC: Int64 {
        date.daysSinceEpoch * CivilMath.millisecondsPerDay + time.millisecondsIntoDay
    }

    /// Orders readings chronologically as wall-clock values.
    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.time) < (rhs.date, rhs.time)
    }

    /// Reads `YYYY-MM-DDTHH:mm[:ss[.SSS]]` from `scanner`.
    static func scan(_ scanner: inout TextScanner) -> LocalDateTime? {
        guard let date = LocalDate.scan(&scanner), scanner.consume(UInt8(ascii: "T")),
            let time = LocalTime.scan(&scanner)
        else { return nil }
        return LocalDateTime(date: date, time: time)
    }
}

extension LocalDateTime: CustomStringConvertible {
    /// `YYYY-MM-DDTHH:mm`, or with `:ss[.SSS]` when the seconds or milliseconds are non-zero.
    public var description: String {
        guard date.hasFourDigitYear else { return date.description + "T" + time.description }
        // Written in place: one string, not three joined.
        let timeLength = time.descriptionLength
        return String(unsafeUninitializedCapacity: 11 + timeLength) { buffer in
            date.writeFourDigitYearText(into: buffer, at: 0)
            buffer[10] = UInt8(ascii: "T")
            time.write(length: timeLength, into: buffer, at: 11)
            return 11 + timeLength
        }
    }
}
