/// Text for XML and SVG documents (JUnit reports, the fleet charts).
public enum XMLText {
    /// `text` with `& < > " '` escaped and the characters XML 1.0 forbids dropped (C0 controls
    /// other than tab, line feed and carriage return; U+FFFE and U+FFFF), so it can stand in
    /// element content and in attribute values.
    public static func escape(_ text: String) -> String {
        guard specials.intersects(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xD800...0xDFFF).contains(scalar.value) || scalar.value == 0xFFFE
                    || scalar.value == 0xFFFF
                {
                    continue
                }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The bytes that send ``escape(_:)`` down its slow path: the five markup characters, the
    /// C0 controls other than tab, line feed and carriage return, and 0xEF, the lead byte of
    /// U+FFFE and U+FFFF (a text without any of them comes out unchanged). Surrogates cannot
    /// occur in a Swift string.
    private static let specials: ByteSet = {
        var set = ByteSet("&<>\"'")
        set.insert(0x00...0x08)
        set.insert(0x0B...0x0C)
        set.insert(0x0E...0x1F)
        set.insert(0xEF)
        return set
    }()
}
