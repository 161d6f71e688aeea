import DNSimCore

/// A civil date (year, month, day) in the proleptic Gregorian calendar, with no time zone.
///
/// Values are always valid: the failable initialisers reject 2026-02-30 and the like. Dates
/// compare chronologically. The ``description`` is ISO 8601 `YYYY-MM-DD`; years outside
/// 0...9999 use the expanded form with a sign (`-0001-01-01`, `+10000-01-01`).
///
/// All arithmetic is done on integers with Howard Hinnant's `days_from_civil` /
/// `civil_from_days`; Foundation `Calendar` is never used, so nothing depends on the host.
public struct LocalDate: Hashable, Comparable, Sendable {
    /// The year; 0 is 1 BC and negative years continue the proleptic calendar.
    public let year: Int
    /// The month, 1 (January) through 12 (December).
    public let month: Int
    /// The day of the month, starting at 1.
    public let day: Int
    /// Days from 1970-01-01 to this date; negative for earlier dates. Worked out once, when the
    /// date is made (date arithmetic, lanes and day-indexed tables read it far more often).
    public let daysSinceEpoch: Int64

    /// The years a `LocalDate` can hold; wide enough for the local date of every `SimInstant`.
    public static let supportedYears: ClosedRange<Int> = -300_000_000...300_000_000

    /// Creates a date, or returns `nil` when the fields do not name a real day
    /// (month outside 1...12, day past the month's end, February 29 in a common year,
    /// or a year outside ``supportedYears``).
    @inlinable
    public init?(year: Int, month: Int, day: Int) {
        guard Self.supportedYears.contains(year), (1...12).contains(month),
            day >= 1, day <= CivilMath.daysInMonth(year: year, month: month)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        daysSinceEpoch = CivilMath.daysFromCivil(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD` (four, two and two ASCII digits), e.g. `2026-03-29`.
    ///
    /// Returns `nil` for anything else, including `2026-3-1`, surrounding spaces and invalid days.
    public init?(parsing text: String) {
        guard let date = TextScanner.read(text, Self.scan) else { return nil }
        self = date
    }

    /// Creates the date `daysSinceEpoch` days after 1970-01-01 (negative: before it).
    ///
    /// - Precondition: the resulting year lies in ``supportedYears``.
    public init(daysSinceEpoch: Int64) {
        precondition(
            (-110_000_000_000...110_000_000_000).contains(daysSinceEpoch),
            "LocalDate out of range"
        )
        let civil = CivilMath.civilFromDays(daysSinceEpoch)
        year = civil.year
        month = civil.month
        day = civil.day
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// The date `days` calendar days later (earlier when negative).
    public func adding(days: Int) -> LocalDate {
        // The next day within the month (every month has a 28th): no calendar arithmetic. Daily
        // slots step a day at a time, a device-year some hundred thousand times.
        if days == 1 && day < 28 {
            return LocalDate(year: year, month: month, uncheckedDay: day + 1, daysSinceEpoch: daysSinceEpoch + 1)
        }
        return LocalDate(daysSinceEpoch: daysSinceEpoch + Int64(days))
    }

    /// A date whose fields the caller knows to be valid and consistent.
    private init(year: Int, month: Int, uncheckedDay day: Int, daysSinceEpoch: Int64) {
        self.year = year
        self.month = month
        self.day = day
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// The ISO 8601 day of the week: 1 is Monday, 7 is Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        Int(CivilMath.floorModulo(daysSinceEpoch + 3, by: 7)) + 1
    }

    /// Orders dates chronologically.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        lhs.daysSinceEpoch < rhs.daysSinceEpoch
    }

    /// Whether two dates are the same day.
    public static func == (lhs: LocalDate, rhs: LocalDate) -> Bool {
        lhs.daysSinceEpoch == rhs.daysSinceEpoch
    }

    /// Hashes the day number (which alone tells dates apart).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(daysSinceEpoch)
    }

    /// Reads `YYYY-MM-DD` from `scanner`; `nil` if the text is not a valid date there.
    static func scan(_ scanner: inout TextScanner) -> LocalDate? {
        guard let year = scanner.digits(4), scanner.consume(UInt8(ascii: "-")),
            let month = scanner.digits(2), scanner.consume(UInt8(ascii: "-")),
            let day = scanner.digits(2)
        else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }
}

extension LocalDate: CustomStringConvertible {
    /// The ISO 8601 rendering `YYYY-MM-DD`, e.g. `2026-03-29`.
    public var description: String {
        if hasFourDigitYear {
            // The common case, written in place: ten bytes make a small string, no allocation.
            return String(ascii: 10) { start in writeFourDigitYearText(into: UnsafeMutableBufferPointer(start: start, count: 10), at: 0) }
        }
        let yearText = (year < 0 ? "-" : "+") + CivilMath.zeroPadded(abs(year), width: 4)
        return yearText + "-" + CivilMath.zeroPadded(month, width: 2) + "-" + CivilMath.zeroPadded(day, width: 2)
    }
}

extension LocalDate {
    /// `prefix`, then `separator`, then the ``description``, made as one string of its final
    /// size: identifiers such as `dnp-s00-2026-03-01` and occurrence names such as
    /// `s00@2026-03-01` (concatenating the pieces allocated and copied once per piece).
    public func description(after prefix: String, _ separator: StaticString = "") -> String {
        guard hasFourDigitYear else { return prefix + separator.description + description }
        var prefix = prefix
        return prefix.withUTF8 { head in
            let length = head.count + separator.utf8CodeUnitCount + 10
            return String(unsafeUninitializedCapacity: length) { buffer in
                guard let start = buffer.baseAddress else { return 0 }
                if let bytes = head.baseAddress { start.initialize(from: bytes, count: head.count) }
                (start + head.count).initialize(from: separator.utf8Start, count: separator.utf8CodeUnitCount)
                writeFourDigitYearText(into: buffer, at: length - 10)
                return length
            }
        }
    }

    /// Whether the year is in 0...9999, so the ``description`` is the ten bytes `YYYY-MM-DD`.
    var hasFourDigitYear: Bool { (0...9999).contains(year) }

    /// Writes the ten bytes `YYYY-MM-DD` at `buffer[offset...]`.
    ///
    /// - Precondition: ``hasFourDigitYear``.
    func writeFourDigitYearText(into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        precondition(offset >= 0 && offset + 10 <= buffer.count, "no room for a date's ten bytes")
        // `YYYYMMDD` as eight digits at once, then the dashes put between.
        let text = DecimalDigits.eightDigitsText(UInt64(year * 10_000 + month * 100 + day))
        let dash = UInt64(UInt8(ascii: "-"))
        let head = text & 0xFFFF_FFFF | dash << 32 | (text >> 32 & 0xFFFF) << 40 | dash << 56
        let start = UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped + offset)
        start.storeBytes(of: head.littleEndian, as: UInt64.self)
        start.storeBytes(of: UInt16(truncatingIfNeeded: text >> 48).littleEndian, toByteOffset: 8, as: UInt16.self)
    }
}
