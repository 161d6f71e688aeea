import DNSimCore
import Testing

/// A string made by ``Swift/String/init(ascii:initializingWith:)`` must be the string the
/// standard initializer makes from the same bytes: equal bits, text, hash and views.
struct ShortASCIIStringTests {
    /// Every length from 0 to 20 (small strings end at 15), printable ASCII of every kind.
    static let texts: [String] = {
        var texts = ["2026-03-29", "1767781500000", "\"v3\"", "b [content v1]", "", "-9223372036854775808"]
        for count in 0...20 {
            var bytes: [UInt8] = []
            for position in 0..<count { bytes.append(UInt8(0x20 + (count * 7 + position * 13) % 95)) }
            texts.append(String(decoding: bytes, as: UTF8.self))
        }
        return texts
    }()

    @Test(arguments: texts)
    func isTheStringTheStandardInitializerMakes(_ text: String) {
        let bytes = Array(text.utf8)
        let made = String(ascii: bytes.count) { start in
            for (position, byte) in bytes.enumerated() { start[position] = byte }
        }
        let standard = String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (position, byte) in bytes.enumerated() { buffer[position] = byte }
            return bytes.count
        }
        #expect(made == standard)
        #expect(made == text)
        #expect(Array(made.utf8) == bytes)
        #expect(made.count == text.count)
        #expect(made.hashValue == text.hashValue)
        #expect(Set([made, text]).count == 1)
        if bytes.count <= 15 {
            // The same small-string bits, so every stdlib fast path (equal bits) holds.
            #expect(UTF8Bytes.representation(of: made).map { [$0.0, $0.1] } == UTF8Bytes.representation(of: standard).map { [$0.0, $0.1] })
            #expect(UTF8Bytes.shortStringWords(of: made) != nil)
        }
        // Used as any string is: appended to, compared, sliced.
        #expect(made + "x" == text + "x")
        #expect(made.hasPrefix(String(text.prefix(3))))
        #expect(String(made.reversed()) == String(text.reversed()))
    }

    @Test(arguments: ["", "s12", "slot-000001", "sixteen-bytes-xx", "é", "s12é", String(repeating: "x", count: 40)])
    func aPrefixFollowedByAStringIsTheirConcatenation(_ text: String) {
        let joined = String("prefetch-", followedBy: text)
        #expect(joined == "prefetch-" + text)
        #expect(Array(joined.utf8) == Array(("prefetch-" + text).utf8))
        #expect(joined.hashValue == ("prefetch-" + text).hashValue)
    }
}
