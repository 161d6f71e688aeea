import DNSimCore

/// ISO 8601 / RFC 3339 text for instants, written and read without Foundation formatters.
///
/// Output always has seconds; `.SSS` follows only when the milliseconds are non-zero.
/// Zoned output always uses a numeric offset (`+00:00`, never `Z`); UTC output uses `Z`.
public enum ISO8601 {
    /// `instant` as the wall time in `zone` with its numeric offset, e.g.
    /// `2026-03-29T09:00:00+02:00`, `2026-03-05T07:30:00+05:30`, `2026-03-08T03:30:00-04:00`.
    public static func format(_ instant: SimInstant, in zone: Zone) -> String {
        let offset = zone.offsetSeconds(at: instant)
        let wall = LocalDateTime(millisecondsAsIfUTC: instant.millisecondsSinceEpoch + Int64(offset) * 1000)
        if (0...9999).contains(wall.date.year), offset % 60 == 0 {
            return formatInPlace(wall, offsetSeconds: offset)
        }
        return render(instant, offsetSeconds: offset) + formatOffset(seconds: offset)
    }

    /// Appends the UTF-8 bytes of ``format(_:in:)`` to `bytes`, without making a `String` in the
    /// common case (a four-digit year, a whole-minute offset).
    public static func append(_ instant: SimInstant, in zone: Zone, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumWrittenLength) { buffer in
            guard let start = buffer.baseAddress else { return }
            let length = write(instant, in: zone, to: start)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<length]))
        }
    }

    /// The most bytes ``write(_:in:to:)`` writes (a four-digit year's text is 25 or 29 bytes;
    /// the longest of all, a nine-digit year with milliseconds and an offset with seconds, 38).
    public static let maximumWrittenLength = 48

    /// Writes the UTF-8 bytes of ``format(_:in:)`` at `start`, which has room for
    /// ``maximumWrittenLength`` bytes, and returns how many it wrote: for a writer that
    /// puts timestamps straight into its output.
    public static func write(_ instant: SimInstant, in zone: Zone, to start: UnsafeMutablePointer<UInt8>) -> Int {
        let offset = zone.offsetSeconds(at: instant)
        let wall = LocalDateTime(millisecondsAsIfUTC: instant.millisecondsSinceEpoch + Int64(offset) * 1000)
        guard (0...9999).contains(wall.date.year), offset % 60 == 0 else {
            var text = render(instant, offsetSeconds: offset) + formatOffset(seconds: offset)
            return text.withUTF8 { bytes in
                precondition(bytes.count <= maximumWrittenLength, "an ISO 8601 text longer than maximumWrittenLength")
                if let source = bytes.baseAddress { start.update(from: source, count: bytes.count) }
                return bytes.count
            }
        }
        let length = inPlaceLength(wall)
        writeInPlace(wall, offsetSeconds: offset, into: UnsafeMutableBufferPointer(start: start, count: length), at: 0)
        return length
    }

    /// The common case of ``format(_:in:)`` (a four-digit year, a whole-minute offset) written
    /// into one buffer: the same bytes as the general path, one allocation instead of four.
    private static func formatInPlace(_ wall: LocalDateTime, offsetSeconds offset: Int) -> String {
        let length = inPlaceLength(wall)
        return String(unsafeUninitializedCapacity: length) { buffer in
            writeInPlace(wall, offsetSeconds: offset, into: buffer, at: 0)
            return length
        }
    }

    /// The byte count of the common case: 25, or 29 with milliseconds.
    private static func inPlaceLength(_ wall: LocalDateTime) -> Int {
        19 + (wall.time.millisecond != 0 ? 4 : 0) + 6
    }

    /// Writes the common case's ``inPlaceLength(_:)`` bytes at `buffer[start...]`.
    private static func writeInPlace(
        _ wall: LocalDateTime, offsetSeconds offset: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) {
        wall.date.writeFourDigitYearText(into: buffer, at: start)
        buffer[start + 10] = UInt8(ascii: "T")
        let next = writeTime(wall.time, into: buffer, at: start + 11)
        writeWholeMinuteOffset(offset, into: buffer, at: next)
    }

    /// Writes `HH:mm:ss`, and `.SSS` when the milliseconds are non-zero, at `buffer[start...]`;
    /// returns the position after it.
    @inline(__always)
    static func writeTime(_ time: LocalTime, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        ASCIIDigits.write(time.hour, width: 2, into: buffer, at: start)
        buffer[start + 2] = UInt8(ascii: ":")
        ASCIIDigits.write(time.minute, width: 2, into: buffer, at: start + 3)
        buffer[start + 5] = UInt8(ascii: ":")
        ASCIIDigits.write(time.second, width: 2, into: buffer, at: start + 6)
        guard time.millisecond != 0 else { return start + 8 }
        buffer[start + 8] = UInt8(ascii: ".")
        ASCIIDigits.write(time.millisecond, width: 3, into: buffer, at: start + 9)
        return start + 12
    }

    /// Writes the six bytes `±HH:MM` of an offset of whole minutes at `buffer[start...]`.
    @inline(__always)
    static func writeWholeMinuteOffset(_ offset: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        let magnitude = abs(offset)
        buffer[start] = UInt8(ascii: offset < 0 ? "-" : "+")
        ASCIIDigits.write(magnitude / 3600, width: 2, into: buffer, at: start + 1)
        buffer[start + 3] = UInt8(ascii: ":")
        ASCIIDigits.write(magnitude / 60 % 60, width: 2, into: buffer, at: start + 4)
    }

    /// `instant` in UTC with a `Z` suffix, e.g. `2026-03-29T07:00:00Z`.
    public static func formatUTC(_ instant: SimInstant) -> String {
        render(instant, offsetSeconds: 0) + "Z"
    }

    /// A UTC offset as `±HH:MM` (`+05:30`, `-04:00`, `+00:00`), or `±HH:MM:SS` for the
    /// historical offsets that are not whole minutes.
    public static func formatOffset(seconds: Int) -> String {
        let magnitude = abs(seconds)
        var text = (seconds < 0 ? "-" : "+") + CivilMath.zeroPadded(magnitude / 3600, width: 2)
            + ":" + CivilMath.zeroPadded(magnitude / 60 % 60, width: 2)
        if magnitude % 60 != 0 {
            text += ":" + CivilMath.zeroPadded(magnitude % 60, width: 2)
        }
        return text
    }

    /// Parses `YYYY-MM-DDTHH:mm[:ss[.SSS]]` followed by `Z` or `±HH:MM` (also `±HH:MM:SS`,
    /// as ``formatOffset(seconds:)`` writes for historical offsets).
    ///
    /// Strict: uppercase `T` and `Z`, exactly two digits per field, three fraction digits,
    /// offset hours 00...23. Returns `nil` for anything else.
    public static func parseInstant(_ text: String) -> SimInstant? {
        let reading = TextScanner.read(text) { scanner -> (wall: LocalDateTime, offset: Int)? in
            guard let wall = LocalDateTime.scan(&scanner), let offset = scanOffset(&scanner) else { return nil }
            return (wall, offset)
        }
        guard let (wall, offset) = reading else { return nil }
        return SimInstant(millisecondsSinceEpoch: wall.millisecondsAsIfUTC - Int64(offset) * 1000)
    }

    private static func render(_ instant: SimInstant, offsetSeconds: Int) -> String {
        let wall = LocalDateTime(
            millisecondsAsIfUTC: instant.millisecondsSinceEpoch + Int64(offsetSeconds) * 1000
        )
        return wall.date.description + "T" + wall.time.textWithSeconds
    }

    /// Reads `Z` or `±HH:MM[:SS]` and returns the offset in seconds.
    private static func scanOffset(_ scanner: inout TextScanner) -> Int? {
        if scanner.consume(UInt8(ascii: "Z")) { return 0 }
        let sign: Int
        if scanner.consume(UInt8(ascii: "+")) {
            sign = 1
        } else if scanner.consume(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return nil
        }
        guard let hours = scanner.digits(2), hours <= 23, scanner.consume(UInt8(ascii: ":")),
            let minutes = scanner.digits(2), minutes <= 59
        else { return nil }
        var seconds = 0
        if scanner.consume(UInt8(ascii: ":")) {
            guard let s = scanner.digits(2), s <= 59 else { return nil }
            seconds = s
        }
        return sign * (hours * 3600 + minutes * 60 + seconds)
    }
}
