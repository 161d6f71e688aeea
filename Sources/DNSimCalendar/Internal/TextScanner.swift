/// A strict left-to-right reader of ASCII text, used by the calendar parsers.
///
/// Every read either consumes exactly what it asks for or fails; callers check ``isAtEnd``
/// at the end so that trailing characters are rejected.
struct TextScanner {
    private let bytes: [UInt8]
    private var index = 0

    /// Creates a scanner over the UTF-8 bytes of `text`.
    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Whether every byte has been consumed.
    var isAtEnd: Bool { index == bytes.count }

    /// The next byte without consuming it.
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Consumes exactly `count` ASCII digits and returns their value, or `nil` (consuming nothing).
    mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<(index + count)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// Consumes `byte` if it is next; returns whether it did.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }
}
