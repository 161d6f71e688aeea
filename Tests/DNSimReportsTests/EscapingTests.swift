import Testing

import DNSimCore
@testable import DNSimReports

/// The escaping fast paths give exactly what the character-by-character escaping gave.
struct EscapingTests {
    /// The escaping as it was before the fast paths, the reference.
    static func referenceCell(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|": out += "\\|"
            case "\n": out += "<br>"
            default: out.append(character)
            }
        }
        return out
    }

    /// The label escaping written the slow way (every character), as the fast path must match.
    static func referenceMermaid(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case ":": out += "꞉"
            case "#": out += "♯"
            case "%": out += "pct"
            case "\n", "\r", "\r\n", "\t": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    static func referenceXML(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static let samples: [String] = [
        "", "plain text", "a|b", "a\nb", "line\r\nnext", "|\u{301} combining", "\u{301}|", "ends with |", "\n",
        "key=value, other=2", "09:00 # 1; 2, 3", "é ü ✅ ❌ 🇩🇪", "x < y & \"z\" 'w' > v", "tab\tand\u{1}control\u{1F}",
        "\u{FFFE}\u{FFFF}\u{FFFD}", "\u{EFFF} private use", "Ａ full-width | ｜", "2026-03-29T10:00:00+02:00",
        String(repeating: "long cell without specials ", count: 40), String(repeating: "|\n", count: 20),
        // Specials next to non-ASCII bytes, joined to marks or not, and CR LF at the ends.
        ":\u{301} colon with a mark", "\u{600}: prepended", "é:é", "\u{600}|", "|é", "#\u{200D}x", "a\r\n\u{301}",
        "\r\n|\r\n", "\r", "\n\r", "\r\r\n\n", "%%% 100%", "&amp; #1",
    ]

    @Test(arguments: samples)
    func aTableCellIsEscapedAsBefore(_ text: String) {
        #expect(MarkdownText.cell(text) == Self.referenceCell(text))
        #expect(Array(MarkdownText.cell(text).utf8) == Array(Self.referenceCell(text).utf8))
    }

    @Test(arguments: samples)
    func aMermaidLabelIsEscapedAsBefore(_ text: String) {
        #expect(Array(MarkdownText.mermaidLabel(text).utf8) == Array(Self.referenceMermaid(text).utf8))
    }

    /// The title escaping written the slow way (every character).
    static func referenceTitle(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "#": out += "♯"
            case "&": out += "and"
            case "\n", "\r", "\r\n", "\t": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    @Test(arguments: samples)
    func aMermaidTitleIsEscapedAsBefore(_ text: String) {
        #expect(Array(MarkdownText.mermaidTitle(text).utf8) == Array(Self.referenceTitle(text).utf8))
    }

    @Test(arguments: samples)
    func xmlIsEscapedAsBefore(_ text: String) {
        #expect(Array(JUnitReport.escape(text).utf8) == Array(Self.referenceXML(text).utf8))
    }

    @Test func theByteSetHoldsExactlyWhatWasInserted() {
        var set = ByteSet("|\n")
        set.insert(0xC0...0xC1)
        for byte in UInt8.min...UInt8.max {
            #expect(set.contains(byte) == [0x7C, 0x0A, 0xC0, 0xC1].contains(byte), "byte \(byte)")
        }
        #expect(set.intersects("a|b"))
        #expect(!set.intersects("plain é"))
    }
}
