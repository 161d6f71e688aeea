import DNSimCore

extension ISO8601 {
    /// Writes timestamps as ``ISO8601/write(_:in:to:)`` does, remembering the text of the last
    /// local date and UTC offset it wrote.
    ///
    /// A writer of many timestamps in time order (a result's deliveries, a trace's lines) writes
    /// most of them on the date and at the offset of the one before: it then formats only the
    /// time of day, and copies the rest. The bytes are always those of
    /// ``ISO8601/write(_:in:to:)``, which writes any timestamp the remembered texts do not
    /// cover (a year outside 0…9999, an offset that is not whole minutes).
    public struct Writer: Sendable {
        /// The day number (of the local date) whose text ``dateText`` holds; `.min`: none.
        private var day = Int64.min
        /// `YYYY-MM-DDT`: the first 11 of its 16 bytes, as they lie in memory.
        private var dateText: (UInt64, UInt64) = (0, 0)
        /// The offset in seconds whose text ``offsetText`` holds; `.min`: none.
        private var offset = Int.min
        /// `±HH:MM`: the first 6 of its 8 bytes, as they lie in memory.
        private var offsetText: UInt64 = 0

        /// The zone of the last timestamp, and the span of its offset found then: a timestamp
        /// in that span, in that zone, takes the offset without a look-up.
        private var zone: Zone?
        private var span: Zone.OffsetSpan?

        /// Creates a writer that remembers nothing yet.
        public init() {}

        /// Writes the UTF-8 bytes of ``ISO8601/format(_:in:)`` at `start`, which has room for
        /// ``ISO8601/maximumWrittenLength`` bytes (it may write scratch bytes past the text,
        /// within that room), and returns how many bytes the text has.
        public mutating func write(_ instant: SimInstant, in zone: Zone, to start: UnsafeMutablePointer<UInt8>) -> Int {
            let offset = offsetSeconds(at: instant, in: zone)
            let local = instant.millisecondsSinceEpoch + Int64(offset) * 1000
            let day = CivilMath.floorDivide(local, by: CivilMath.millisecondsPerDay)
            if offset != self.offset {
                guard offset % 60 == 0 else { return ISO8601.write(instant, in: zone, to: start) }
                rememberOffset(offset)
            }
            if day != self.day {
                let date = LocalDate(daysSinceEpoch: day)
                guard date.hasFourDigitYear else { return ISO8601.write(instant, in: zone, to: start) }
                rememberDate(date)
            }
            let raw = UnsafeMutableRawPointer(start)
            raw.storeBytes(of: dateText.0, as: UInt64.self)
            raw.storeBytes(of: dateText.1, toByteOffset: 8, as: UInt64.self)
            let time = LocalTime(uncheckedMillisecondsIntoDay: local - day * CivilMath.millisecondsPerDay)
            let length = ISO8601.writeTime(time, into: UnsafeMutableBufferPointer(start: start, count: ISO8601.maximumWrittenLength), at: 11)
            raw.storeBytes(of: offsetText, toByteOffset: length, as: UInt64.self)
            return length + 6
        }

        /// `zone.offsetSeconds(at: instant)`, from the remembered span when it holds the instant.
        private mutating func offsetSeconds(at instant: SimInstant, in zone: Zone) -> Int {
            if let span, span.contains(instant), let known = self.zone, known.sharesTable(with: zone) { return span.offsetSeconds }
            let found = zone.offsetSpan(at: instant)
            self.zone = zone
            span = found
            return found.offsetSeconds
        }

        /// Remembers `YYYY-MM-DDT` of `date` (which has a four-digit year).
        private mutating func rememberDate(_ date: LocalDate) {
            var text: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &text) { raw in
                raw.withMemoryRebound(to: UInt8.self) { bytes in
                    date.writeFourDigitYearText(into: bytes, at: 0)
                    bytes[10] = UInt8(ascii: "T")
                }
            }
            dateText = text
            day = date.daysSinceEpoch
        }

        /// Remembers `±HH:MM` of `offset` (whole minutes).
        private mutating func rememberOffset(_ offset: Int) {
            var text: UInt64 = 0
            withUnsafeMutableBytes(of: &text) { raw in
                raw.withMemoryRebound(to: UInt8.self) { ISO8601.writeWholeMinuteOffset(offset, into: $0, at: 0) }
            }
            offsetText = text
            self.offset = offset
        }
    }
}
