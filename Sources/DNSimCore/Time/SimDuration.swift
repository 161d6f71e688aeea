/// A signed length of virtual time in integer milliseconds.
@frozen
public struct SimDuration: Hashable, Comparable, Sendable {
    /// The length in milliseconds.
    public var milliseconds: Int64

    /// Creates a duration of `milliseconds`.
    @inlinable
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// Zero length.
    public static let zero = SimDuration(milliseconds: 0)

    /// A duration of `n` milliseconds.
    @inlinable public static func milliseconds(_ n: Int64) -> SimDuration { SimDuration(milliseconds: n) }
    /// A duration of `n` seconds.
    @inlinable public static func seconds(_ n: Int64) -> SimDuration { SimDuration(milliseconds: n * 1000) }
    /// A duration of `n` minutes.
    @inlinable public static func minutes(_ n: Int64) -> SimDuration { SimDuration(milliseconds: n * 60_000) }
    /// A duration of `n` hours.
    @inlinable public static func hours(_ n: Int64) -> SimDuration { SimDuration(milliseconds: n * 3_600_000) }
    /// A duration of `n` days of exactly 86 400 s (elapsed time, not calendar days).
    @inlinable public static func days(_ n: Int64) -> SimDuration { SimDuration(milliseconds: n * 86_400_000) }

    @inlinable
    public static func < (lhs: SimDuration, rhs: SimDuration) -> Bool { lhs.milliseconds < rhs.milliseconds }
    @inlinable
    public static func + (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
        SimDuration(milliseconds: lhs.milliseconds + rhs.milliseconds)
    }
    @inlinable
    public static func - (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
        SimDuration(milliseconds: lhs.milliseconds - rhs.milliseconds)
    }
    @inlinable
    public static prefix func - (value: SimDuration) -> SimDuration {
        SimDuration(milliseconds: -value.milliseconds)
    }
}

extension SimDuration: CustomStringConvertible {
    /// A compact rendering such as `1d2h3m4s5ms`, `-90s` or `0ms`; the same syntax the
    /// scenario format accepts (see ``SimDuration/init(parsing:)``).
    public var description: String {
        if milliseconds == 0 { return "0ms" }
        var rest = milliseconds.magnitude
        var out = milliseconds < 0 ? "-" : ""
        let units: [(UInt64, String)] = [(86_400_000, "d"), (3_600_000, "h"), (60_000, "m"), (1000, "s"), (1, "ms")]
        for (size, suffix) in units where rest >= size {
            out += String(rest / size) + suffix
            rest %= size
        }
        return out
    }
}

extension SimDuration {
    /// Parses a duration such as `500ms`, `90s`, `15m`, `2h`, `1d` or a concatenation of them
    /// in descending units (`1d2h30m`). Returns `nil` for anything else, including an empty
    /// string, a sign, fractions, repeated or out-of-order units, and overflow.
    public init?(parsing text: String) {
        let order = ["d", "h", "m", "s", "ms"]
        let scale: [String: Int64] = ["d": 86_400_000, "h": 3_600_000, "m": 60_000, "s": 1000, "ms": 1]
        var total: Int64 = 0
        var lastRank = -1
        var chars = Array(text.utf8)[...]
        if chars.isEmpty { return nil }
        while !chars.isEmpty {
            var digits: Int64 = 0
            var digitCount = 0
            while let c = chars.first, c >= 48, c <= 57 {
                let (m, o1) = digits.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(Int64(c - 48))
                if o1 || o2 { return nil }
                digits = a
                digitCount += 1
                chars = chars.dropFirst()
            }
            if digitCount == 0 { return nil }
            var unit = ""
            while let c = chars.first, c >= 97, c <= 122 {
                unit.append(Character(Unicode.Scalar(c)))
                chars = chars.dropFirst()
            }
            guard let rank = order.firstIndex(of: unit), rank > lastRank, let factor = scale[unit] else {
                return nil
            }
            lastRank = rank
            let (p, o3) = digits.multipliedReportingOverflow(by: factor)
            let (s, o4) = total.addingReportingOverflow(p)
            if o3 || o4 { return nil }
            total = s
        }
        self.init(milliseconds: total)
    }
}
