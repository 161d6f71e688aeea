import Testing

@testable import DNSimCalendar

/// ``ASCIIDigits`` writes every value of each width the renderings use as its zero-padded
/// decimal digits, and nothing outside its bytes.
struct ASCIIDigitsTests {
    @Test(arguments: [1, 2, 3, 4])
    func writesEveryValueOfAWidthZeroPadded(width: Int) {
        var limit = 1
        for _ in 0..<width { limit *= 10 }
        var bytes = [UInt8](repeating: UInt8(ascii: "#"), count: width + 2)
        for value in 0..<limit {
            bytes.withUnsafeMutableBufferPointer { ASCIIDigits.write(value, width: width, into: $0, at: 1) }
            let text = String(value)
            let expected = "#" + String(repeating: "0", count: width - text.count) + text + "#"
            #expect(String(decoding: bytes, as: UTF8.self) == expected)
        }
    }
}
