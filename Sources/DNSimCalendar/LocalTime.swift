/// A time of day on a 24-hour wall clock, to the millisecond, with no date or zone.
///
/// The ``description`` is `HH:mm` when seconds and milliseconds are zero, otherwise
/// `HH:mm:ss`, with `.SSS` appended when the milliseconds are non-zero. Leap seconds
/// (`23:59:60`) are not representable, matching the simulator's timeline.
public struct LocalTime: Hashable, Comparable, Sendable {
    /// The hour, 0...23.
    public let hour: Int
    /// The minute, 0...59.
    public let minute: Int
    /// The second, 0...59.
    public let second: Int
    /// The millisecond, 0...999.
    public let millisecond: Int

    /// Midnight, `00:00`.
    public static let midnight = LocalTime(uncheckedMillisecondsIntoDay: 0)

    /// Creates a time, or returns `nil` if any field is out of range.
    public init?(hour: Int, minute: Int, second: Int = 0, millisecond: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
            (0...999).contains(millisecond)
        else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// Parses exactly `HH:mm` or `HH:mm:ss` (24-hour, two digits each), e.g. `09:00`.
    ///
    /// `HH:mm:ss.SSS` (exactly three fraction digits) is also read, so that every
    /// ``description`` parses back. Anything else returns `nil`: `9:00`, `25:00`, `09:60`,
    /// `09:00:`, surrounding spaces.
    public init?(parsing text: String) {
        guard let time = TextScanner.read(text, Self.scan) else { return nil }
        self = time
    }

    /// Creates the time `milliseconds` after midnight; `milliseconds` must be in 0..<86 400 000.
    init(uncheckedMillisecondsIntoDay milliseconds: Int64) {
        let ms = Int(milliseconds)
        hour = ms / 3_600_000
        minute = ms / 60_000 % 60
        second = ms / 1000 % 60
        millisecond = ms % 1000
    }

    /// Milliseconds since midnight, 0..<86 400 000.
    public var millisecondsIntoDay: Int64 {
        Int64(((hour * 60 + minute) * 60 + second) * 1000 + millisecond)
    }

    /// Orders times from midnight onward.
    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.millisecondsIntoDay < rhs.millisecondsIntoDay
    }

    /// Reads `HH:mm[:ss[.SSS]]` from `scanner`; `nil` if the text is not a valid time there.
    static func scan(_ scanner: inout TextScanner) -> LocalTime? {
        guard let hour = scanner.digits(2), scanner.consume(UInt8(ascii: ":")),
            let minute = scanner.digits(2)
        else { return nil }
        var second = 0
        var millisecond = 0
        if scanner.consume(UInt8(ascii: ":")) {
            guard let s = scanner.digits(2) else { return nil }
            second = s
            if scanner.consume(UInt8(ascii: ".")) {
                guard let ms = scanner.digits(3) else { return nil }
                millisecond = ms
            }
        }
        return LocalTime(hour: hour, minute: minute, second: second, millisecond: millisecond)
    }

    /// `HH:mm:ss`, plus `.SSS` when the milliseconds are non-zero; used by ISO 8601 output.
    var textWithSeconds: String {
        text(length: millisecond != 0 ? 12 : 8)
    }

    /// The first `length` bytes (5, 8 or 12) of `HH:mm:ss.SSS`, written in place: at most
    /// 12 bytes make a small string, no allocation.
    private func text(length: Int) -> String {
        String(unsafeUninitializedCapacity: length) { buffer in
            write(length: length, into: buffer, at: 0)
            return length
        }
    }

    /// The length of the ``description``: 5 (`HH:mm`), 8 (`HH:mm:ss`) or 12 (`HH:mm:ss.SSS`).
    var descriptionLength: Int {
        millisecond != 0 ? 12 : second != 0 ? 8 : 5
    }

    /// Writes the first `length` bytes (5, 8 or 12) of `HH:mm:ss.SSS` at `buffer[offset...]`.
    func write(length: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        ASCIIDigits.write(hour, width: 2, into: buffer, at: offset)
        buffer[offset + 2] = UInt8(ascii: ":")
        ASCIIDigits.write(minute, width: 2, into: buffer, at: offset + 3)
        if length >= 8 {
            buffer[offset + 5] = UInt8(ascii: ":")
            ASCIIDigits.write(second, width: 2, into: buffer, at: offset + 6)
        }
        if length >= 12 {
            buffer[offset + 8] = UInt8(ascii: ".")
            ASCIIDigits.write(millisecond, width: 3, into: buffer, at: offset + 9)
        }
    }
}

extension LocalTime: CustomStringConvertible {
    /// `HH:mm`, or `HH:mm:ss[.SSS]` when the seconds or milliseconds are non-zero.
    public var description: String {
        second == 0 && millisecond == 0 ? text(length: 5) : textWithSeconds
    }
}
