/// Escaping for GitHub-flavoured Markdown table cells and Mermaid labels.
///
/// Most text needs no escaping, so each function first scans the UTF-8 bytes once and returns
/// the text itself when none of its special characters occurs. Only then does it walk the
/// characters (grapheme clusters), so `"\r\n"` and a `|` carrying a combining mark stay as they
/// are, exactly as before the fast path.
enum MarkdownText {
    /// A table cell: `|` escaped, newlines as `<br>`.
    static func cell(_ text: String) -> String {
        guard cellSpecials.intersects(text) else { return text }
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

    /// A Mermaid gantt task label: characters that break task lines (`:`, `#`, `;`, `,`) replaced.
    static func mermaidLabel(_ text: String) -> String {
        guard mermaidSpecials.intersects(text) else { return text }
        return String(
            text.map { character -> Character in
                switch character {
                case ":", "#", ";", ",": return " "
                default: return character
                }
            })
    }

    /// The bytes a table cell escapes. (An ASCII byte never occurs inside a multi-byte UTF-8
    /// sequence, so finding none means no such character.)
    private static let cellSpecials = ByteSet("|\n")
    /// The bytes a Mermaid label replaces.
    private static let mermaidSpecials = ByteSet(":#;,")
}
