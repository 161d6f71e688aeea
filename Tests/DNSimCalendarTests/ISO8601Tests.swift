import DNSimCalendar
import DNSimCore
import Testing

struct ISO8601Tests {
    @Test func utcOutputUsesZAndSecondsPrecision() {
        #expect(ISO8601.formatUTC(.epoch) == "1970-01-01T00:00:00Z")
        #expect(ISO8601.formatUTC(SimInstant(millisecondsSinceEpoch: 1_774_767_600_123)) == "2026-03-29T07:00:00.123Z")
        #expect(ISO8601.formatUTC(SimInstant(millisecondsSinceEpoch: -1)) == "1969-12-31T23:59:59.999Z")
    }

    @Test func zonedOutputUsesNumericOffsetsIncludingHalfHoursAndNegatives() throws {
        let instant = try #require(ISO8601.parseInstant("2026-03-29T07:00:00Z"))
        let berlin = try #require(Zone(identifier: "Europe/Berlin"))
        #expect(ISO8601.format(instant, in: berlin) == "2026-03-29T09:00:00+02:00")
        let kolkata = try #require(Zone(identifier: "Asia/Kolkata"))
        #expect(ISO8601.format(instant, in: kolkata) == "2026-03-29T12:30:00+05:30")
        let newYork = try #require(Zone(identifier: "America/New_York"))
        #expect(ISO8601.format(instant, in: newYork) == "2026-03-29T03:00:00-04:00")
        let stJohns = try #require(Zone(identifier: "America/St_Johns"))
        #expect(ISO8601.format(try #require(ISO8601.parseInstant("2026-01-15T12:00:00Z")), in: stJohns)
            == "2026-01-15T08:30:00-03:30")
        #expect(ISO8601.format(instant, in: .utc) == "2026-03-29T07:00:00+00:00")
    }

    @Test func zonedOutputKeepsMillisecondsAndHistoricalOffsetsAndRoundTrips() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        let instant = try #require(ISO8601.parseInstant("2026-03-29T07:00:00.045Z"))
        #expect(ISO8601.format(instant, in: newYork) == "2026-03-29T03:00:00.045-04:00")
        // Before 1883 New York kept local mean time, an offset of whole seconds (the general path).
        let early = try #require(ISO8601.parseInstant("1880-06-01T12:00:00Z"))
        #expect(ISO8601.format(early, in: newYork) == "1880-06-01T07:03:58-04:56:02")
        // Every hour of a year in a zone with DST parses back to the same instant.
        var probe = try #require(ISO8601.parseInstant("2026-01-01T00:00:00.001Z"))
        for _ in 0..<(366 * 24) {
            let text = ISO8601.format(probe, in: newYork)
            #expect(ISO8601.parseInstant(text) == probe, "\(text)")
            probe = probe + .hours(1)
        }
    }

    @Test func appendingWritesTheBytesOfFormatAfterWhatIsThere() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        let kolkata = try #require(Zone(identifier: "Asia/Kolkata"))
        let instants = try [
            "2026-03-29T07:00:00Z", "2026-03-29T07:00:00.045Z", "1880-06-01T12:00:00Z", "0001-01-01T00:00:00Z",
            "9999-12-31T23:59:59.999Z",
        ].map { try #require(ISO8601.parseInstant($0)) } + [SimInstant(millisecondsSinceEpoch: 300_000_000_000_000)]
        for zone in [newYork, kolkata, .utc] {
            for instant in instants {
                var bytes = Array("x".utf8)
                ISO8601.append(instant, in: zone, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == "x" + ISO8601.format(instant, in: zone))
            }
        }
    }

    @Test func writingInPlaceWritesTheBytesOfFormat() throws {
        let zones = try ["America/New_York", "Asia/Kolkata", "Africa/Monrovia", "Pacific/Kiritimati"].map { try #require(Zone(identifier: $0)) } + [.utc]
        let instants = try [
            "2026-03-29T07:00:00Z", "2026-03-29T07:00:00.045Z", "1880-06-01T12:00:00Z", "1960-06-01T12:00:00Z",
            "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z",
        ].map { try #require(ISO8601.parseInstant($0)) } + [
            SimInstant(millisecondsSinceEpoch: 300_000_000_000_000), SimInstant(millisecondsSinceEpoch: -62_200_000_000_001),
            // Near the ends of the years a `LocalDate` holds, with milliseconds.
            SimInstant(millisecondsSinceEpoch: 9_000_000_000_000_000_123), SimInstant(millisecondsSinceEpoch: -9_000_000_000_000_000_123),
        ]
        for zone in zones {
            for instant in instants {
                var buffer = [UInt8](repeating: 0x7E, count: ISO8601.maximumWrittenLength + 1)
                let written = buffer.withUnsafeMutableBufferPointer { ISO8601.write(instant, in: zone, to: $0.baseAddress!) }
                #expect(String(decoding: buffer[..<written], as: UTF8.self) == ISO8601.format(instant, in: zone))
                #expect(buffer[written...].allSatisfy { $0 == 0x7E })
            }
        }
    }

    @Test func offsetsThatAreNotWholeMinutesShowSeconds() {
        #expect(ISO8601.formatOffset(seconds: -17_762) == "-04:56:02")
        #expect(ISO8601.formatOffset(seconds: 0) == "+00:00")
        #expect(ISO8601.formatOffset(seconds: 20_700) == "+05:45")
    }

    @Test func parsingAcceptsZAndNumericOffsets() {
        #expect(ISO8601.parseInstant("2026-03-29T09:00+02:00") == SimInstant(millisecondsSinceEpoch: 1_774_767_600_000))
        #expect(ISO8601.parseInstant("2026-03-29T07:00:00Z") == SimInstant(millisecondsSinceEpoch: 1_774_767_600_000))
        #expect(ISO8601.parseInstant("2026-03-29T03:00:00.250-04:00") == SimInstant(millisecondsSinceEpoch: 1_774_767_600_250))
        #expect(ISO8601.parseInstant("1885-01-01T00:00:00-04:56:02") == ISO8601.parseInstant("1885-01-01T04:56:02Z"))
    }

    @Test func parsingRejectsSloppyText() {
        for text in ["2026-03-29T09:00:00", "2026-03-29 09:00:00Z", "2026-03-29T09:00:00z", "2026-03-29T09:00:00+2:00",
                     "2026-03-29T09:00:00+0200", "2026-03-29T09:00:00.1Z", "2026-03-29T09:00:00+24:00",
                     "2026-3-29T09:00Z", "2026-03-29T09:00:00Z ", ""] {
            #expect(ISO8601.parseInstant(text) == nil, "\(text)")
        }
    }

    @Test func formattingAndParsingRoundTrip() throws {
        let lordHowe = try #require(Zone(identifier: "Australia/Lord_Howe"))
        for ms in stride(from: Int64(-2_000_000_000_000), through: 4_000_000_000_000, by: 12_345_678_901) {
            let instant = SimInstant(millisecondsSinceEpoch: ms)
            #expect(ISO8601.parseInstant(ISO8601.formatUTC(instant)) == instant)
            #expect(ISO8601.parseInstant(ISO8601.format(instant, in: lordHowe)) == instant)
        }
    }
}
