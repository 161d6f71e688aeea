import DNSimCore

/// Escaping for GitHub-flavoured Markdown table cells and Mermaid gantt text.
///
/// Most text needs no escaping, so each function first scans the UTF-8 bytes once and returns
/// the text itself when none of its special characters occurs. Otherwise it replaces bytes
/// (``ASCIIReplacement``) when every special stands between ASCII bytes, and only when one
/// does not does it walk the characters (grapheme clusters), so `"\r\n"` and a `|` carrying a
/// combining mark stay as they are.
enum MarkdownText {
    /// A table cell: `|` escaped, newlines as `<br>`.
    static func cell(_ text: String) -> String {
        guard cellSpecials.intersects(text) else { return text }
        if let escaped = ASCIIReplacement.replacing(in: text, specials: cellSpecials, crlf: "\r\n", { byte in
            byte == UInt8(ascii: "|") ? "\\|" : "<br>"
        }) {
            return escaped
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for character in text {
            switch character {
            case "|": out += "\\|"
            case "\n": out += "<br>"
            default: out.append(character)
            }
        }
        return out
    }

    /// A Mermaid gantt task label (checked against Mermaid 11.16's gantt lexer and renderer).
    ///
    /// - `:` ends a task label (what follows is the task's data), so it becomes `꞉`
    ///   (U+A789 MODIFIER LETTER COLON), which reads as a colon: `09꞉00`.
    /// - `#` becomes `♯` (U+266F): Mermaid decodes `#name;` as an HTML entity before parsing
    ///   (`#lt;` would show as `<`).
    /// - `%` becomes `pct`: a `%` at the start of a label makes the rest of the line a comment.
    /// - Line breaks and tabs become spaces: a task is one line.
    ///
    /// `,` `;` `<` `>` `&` are shown as written in labels and are kept.
    static func mermaidLabel(_ text: String) -> String {
        guard mermaidLabelSpecials.intersects(text) else { return text }
        if let escaped = ASCIIReplacement.replacing(in: text, specials: mermaidLabelSpecials, crlf: " ", { byte in
            switch byte {
            case UInt8(ascii: ":"): "꞉"
            case UInt8(ascii: "#"): "♯"
            case UInt8(ascii: "%"): "pct"
            default: " "
            }
        }) {
            return escaped
        }
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

    /// A Mermaid gantt `title` (checked against Mermaid 11.16).
    ///
    /// The title line takes everything to the end of the line, `:` and `;` included, so they
    /// are kept (`Daily 09:00 …`). `#` becomes `♯` (`#name;` is decoded as an HTML entity),
    /// `&` becomes `and` (Mermaid 11 shows it as `&amp;` in a title), line breaks and tabs
    /// become spaces.
    static func mermaidTitle(_ text: String) -> String {
        guard mermaidTitleSpecials.intersects(text) else { return text }
        if let escaped = ASCIIReplacement.replacing(in: text, specials: mermaidTitleSpecials, crlf: " ", { byte in
            switch byte {
            case UInt8(ascii: "#"): "♯"
            case UInt8(ascii: "&"): "and"
            default: " "
            }
        }) {
            return escaped
        }
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

    /// The bytes a table cell escapes. (An ASCII byte never occurs inside a multi-byte UTF-8
    /// sequence, so finding none means no such character.)
    private static let cellSpecials = ByteSet("|\n")
    /// The bytes a Mermaid label replaces.
    private static let mermaidLabelSpecials = ByteSet(":#%\n\r\t")
    /// The bytes a Mermaid title replaces.
    private static let mermaidTitleSpecials = ByteSet("#&\n\r\t")
}
