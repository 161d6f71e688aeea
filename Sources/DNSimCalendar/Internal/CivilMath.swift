/// Proleptic Gregorian calendar arithmetic on plain integers.
///
/// The conversions are Howard Hinnant's `days_from_civil` and `civil_from_days`
/// (<https://howardhinnant.github.io/date_algorithms.html>): exact for every year, no tables,
/// no Foundation `Calendar`, so the results never depend on the host.
@usableFromInline
enum CivilMath {
    /// Milliseconds in one civil day of 86 400 s.
    static let millisecondsPerDay: Int64 = 86_400_000

    /// Whether `year` is a Gregorian leap year.
    @inlinable
    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1...12) of `year`.
    @inlinable
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given valid civil date (negative before it).
    @inlinable
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date `days` days after 1970-01-01.
    static func civilFromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (Int(m <= 2 ? y + 1 : y), Int(m), Int(d))
    }

    /// `value` divided by `divisor`, rounded toward negative infinity (`divisor` > 0).
    static func floorDivide(_ value: Int64, by divisor: Int64) -> Int64 {
        let (q, r) = value.quotientAndRemainder(dividingBy: divisor)
        return r < 0 ? q - 1 : q
    }

    /// The non-negative remainder of `value` modulo `divisor` (`divisor` > 0).
    static func floorModulo(_ value: Int64, by divisor: Int64) -> Int64 {
        let r = value % divisor
        return r < 0 ? r + divisor : r
    }

    /// `value` in decimal, left-padded with zeros to at least `width` digits (`value` ≥ 0).
    static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        let count = digits.utf8.count
        return count >= width ? digits : String(repeating: "0", count: width - count) + digits
    }
}
