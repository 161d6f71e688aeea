import DNSimCalendar
import DNSimCore
import Testing

/// `ISO8601.Writer` remembers the last date and offset it wrote; its bytes must always be those
/// of `ISO8601.write`, whatever it remembers.
struct ISO8601WriterTests {
    /// The writer's text and `ISO8601.write`'s for `instant` in `zone`.
    private static func texts(_ instant: SimInstant, in zone: Zone, writer: inout ISO8601.Writer) -> (written: String, expected: String) {
        var scratch = [UInt8](repeating: 0xFF, count: ISO8601.maximumWrittenLength)
        let written = scratch.withUnsafeMutableBufferPointer { buffer in
            let count = writer.write(instant, in: zone, to: buffer.baseAddress!)
            return String(decoding: buffer[..<count], as: UTF8.self)
        }
        let expected = scratch.withUnsafeMutableBufferPointer { buffer in
            let count = ISO8601.write(instant, in: zone, to: buffer.baseAddress!)
            return String(decoding: buffer[..<count], as: UTF8.self)
        }
        return (written, expected)
    }

    @Test(
        "One writer, many timestamps in order: the same bytes as ISO8601.write across dates, DST changes, milliseconds and half-hour and negative offsets",
        arguments: ["Europe/Berlin", "America/St_Johns", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Apia", "UTC"])
    func sameBytesAsWriteInOrder(identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        var writer = ISO8601.Writer()
        // Every 7 minutes 13.457 s across 2011 (Apia skipped 2011-12-30) and 2026: dates and
        // offsets change under the writer, and some instants have milliseconds.
        for start in ["2011-12-25T00:00:00Z", "2026-03-20T00:00:00Z", "2026-10-20T00:00:00Z"] {
            var instant = try #require(ISO8601.parseInstant(start))
            for _ in 0..<(12 * 24 * 8) {
                let (written, expected) = Self.texts(instant, in: zone, writer: &writer)
                #expect(written == expected, "\(identifier) \(expected)")
                instant = instant + .milliseconds(433_457)
            }
        }
    }

    @Test("Out of order, across zones, and where ISO8601.write takes its general path: still the same bytes")
    func sameBytesAsWriteAnywhere() throws {
        let zones = try ["America/New_York", "Europe/Amsterdam", "Asia/Kathmandu", "America/Caracas"].map { try #require(Zone(identifier: $0)) }
        var writer = ISO8601.Writer()
        // 1880 New York (local mean time, -04:56:02), 1937 Amsterdam (+00:20), years 0000, 9999
        // and outside 0...9999, before the epoch, and back and forth between them.
        let instants = try [
            "1880-06-01T12:00:00Z", "1937-06-01T12:00:00Z", "2026-03-29T07:00:00.045Z", "1969-12-31T23:59:59.999Z",
            "0000-01-01T12:00:00Z", "9999-12-31T12:00:00Z", "1986-01-01T00:00:00Z", "2026-03-29T07:00:00Z",
            "2016-05-01T06:59:59Z", "2016-05-01T07:00:00Z",
        ].map { try #require(ISO8601.parseInstant($0)) } + [
            SimInstant(millisecondsSinceEpoch: -62_198_000_000_000), SimInstant(millisecondsSinceEpoch: 253_500_000_000_000),
        ]
        for _ in 0..<2 {
            for zone in zones {
                for instant in instants {
                    let (written, expected) = Self.texts(instant, in: zone, writer: &writer)
                    #expect(written == expected)
                }
            }
        }
    }

    @Test("Zones taking turns at nearby instants: each timestamp has its own zone's offset, not the one the writer remembers")
    func zonesTakingTurns() throws {
        let zones = try ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Europe/Berlin", "Europe/Paris"].map { try #require(Zone(identifier: $0)) }
        var writer = ISO8601.Writer()
        var instant = try #require(ISO8601.parseInstant("2026-03-29T00:30:00Z"))
        for step in 0..<200 {
            let (written, expected) = Self.texts(instant, in: zones[step % zones.count], writer: &writer)
            #expect(written == expected)
            instant = instant + .milliseconds(61_001)
        }
    }
}
