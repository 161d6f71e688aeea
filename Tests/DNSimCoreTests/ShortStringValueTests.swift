import DNSimCore
import Testing

/// ``ShortStringValue`` has a value for exactly the short strings, and gives back the very
/// same string (text, bytes and representation).
struct ShortStringValueTests {
    @Test func givesBackTheSameShortStringAndNothingForOthers() {
        for length in 0...20 {
            for text in [String(repeating: "7", count: length), String(repeating: "\u{E9}", count: length / 2)] {
                let bytes = text.utf8.count
                guard let value = ShortStringValue(text) else {
                    #expect(bytes > 15, "\(text.debugDescription) is short and has no value")
                    continue
                }
                #expect(bytes <= 15)
                let back = value.string
                #expect(back == text && Array(back.utf8) == Array(text.utf8))
                #expect(UTF8Bytes.representation(of: back).map { [$0.0, $0.1] } == UTF8Bytes.representation(of: text).map { [$0.0, $0.1] })
            }
        }
        // A string built in a buffer is not short, whatever its length.
        var built = String(repeating: "x", count: 40)
        built.removeLast(35)
        #expect(ShortStringValue(built) == nil || built.utf8.count <= 15)
    }
}
