/// A strict left-to-right reader of ASCII text, used by the calendar parsers.
///
/// Every read either consumes exactly what it asks for or fails; callers check ``isAtEnd``
/// at the end so that trailing characters are rejected. A scanner reads the string's UTF-8
/// bytes in place (``read(_:_:)``), without copying them.
struct TextScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// Creates a scanner over `bytes`, which must outlive it.
    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// What `scan` reads from the whole of `text`: `nil` when it fails or leaves bytes unread.
    static func read<T>(_ text: String, _ scan: (inout TextScanner) -> T?) -> T? {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = TextScanner(bytes)
            guard let value = scan(&scanner), scanner.isAtEnd else { return nil }
            return value
        }
    }

    /// Whether every byte has been consumed.
    var isAtEnd: Bool { index == bytes.count }

    /// The next byte without consuming it.
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Consumes exactly `count` ASCII digits and returns their value, or `nil` (consuming nothing).
    mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for position in index..<(index + count) {
            let byte = bytes[position]
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
