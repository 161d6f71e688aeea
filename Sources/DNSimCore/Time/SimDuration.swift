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
        self.init(parsing: text[...])
    }

    /// Parses a duration from `text`, as the `String` initializer does.
    public init?(parsing text: Substring) {
        let milliseconds =
            text.utf8.withContiguousStorageIfAvailable(Self.milliseconds(in:))
            ?? Array(text.utf8).withUnsafeBufferPointer(Self.milliseconds(in:))
        guard let milliseconds else { return nil }
        self.init(milliseconds: milliseconds)
    }

    /// The milliseconds the UTF-8 `bytes` of a duration spell, or `nil`.
    private static func milliseconds(in bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        if bytes.isEmpty { return nil }
        var total: Int64 = 0
        var lastRank = -1
        var index = 0
        while index < bytes.count {
            var digits: Int64 = 0
            let digitsStart = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                let (m, o1) = digits.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(Int64(bytes[index] - UInt8(ascii: "0")))
                if o1 || o2 { return nil }
                digits = a
                index += 1
            }
            if index == digitsStart { return nil }
            let unitStart = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "a"), bytes[index] <= UInt8(ascii: "z") { index += 1 }
            guard let (rank, factor) = unit(bytes[unitStart..<index]), rank > lastRank else { return nil }
            lastRank = rank
            let (p, o3) = digits.multipliedReportingOverflow(by: factor)
            let (s, o4) = total.addingReportingOverflow(p)
            if o3 || o4 { return nil }
            total = s
        }
        return total
    }

    /// A unit's rank (`d` first, `ms` last) and length in milliseconds, from its letters.
    private static func unit(_ letters: Slice<UnsafeBufferPointer<UInt8>>) -> (rank: Int, milliseconds: Int64)? {
        switch (letters.count, letters.first) {
        case (1, UInt8(ascii: "d")): (0, 86_400_000)
        case (1, UInt8(ascii: "h")): (1, 3_600_000)
        case (1, UInt8(ascii: "m")): (2, 60_000)
        case (1, UInt8(ascii: "s")): (3, 1000)
        case (2, UInt8(ascii: "m")) where letters.last == UInt8(ascii: "s"): (4, 1)
        default: nil
        }
    }
}
