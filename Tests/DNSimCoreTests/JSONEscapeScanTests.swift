import Testing

@testable import DNSimCore

/// ``JSONWriter/containsEscapable(_:)`` finds a byte that needs escaping exactly when a scan
/// one byte at a time does: at every position of a word and of the tail, next to bytes just
/// above and below each boundary (0x1F/0x20, 0x21/0x22/0x23, 0x5B/0x5C/0x5D, 0x7F/0x80, 0xFF).
struct JSONEscapeScanTests {
    @Test func agreesWithTheByteWiseScan() {
        let plain: [UInt8] = [0x20, 0x21, 0x23, 0x41, 0x5B, 0x5D, 0x7E, 0x7F, 0x80, 0xA2, 0xDC, 0xFF]
        let escapable: [UInt8] = [0x00, 0x01, 0x0A, 0x1F, 0x22, 0x5C]
        var random = Xoshiro256StarStar(seed: 11)
        for length in 0...40 {
            for _ in 0..<200 {
                var bytes = (0..<length).map { _ in plain[Int(random.next() % UInt64(plain.count))] }
                // Half the buffers get one or two escapable bytes somewhere.
                if length > 0, random.next() % 2 == 0 {
                    for _ in 0...(random.next() % 2) {
                        bytes[Int(random.next() % UInt64(length))] = escapable[Int(random.next() % UInt64(escapable.count))]
                    }
                }
                let expected = bytes.contains(where: JSONWriter.needsEscape)
                #expect(bytes.withUnsafeBufferPointer { JSONWriter.containsEscapable($0) } == expected, "\(bytes)")
            }
        }
        // Every single byte value alone, at each position of two words.
        for value in UInt8.min...UInt8.max {
            for position in 0..<16 {
                var bytes = [UInt8](repeating: 0x61, count: 16)
                bytes[position] = value
                #expect(bytes.withUnsafeBufferPointer { JSONWriter.containsEscapable($0) } == JSONWriter.needsEscape(value))
            }
        }
    }
}
