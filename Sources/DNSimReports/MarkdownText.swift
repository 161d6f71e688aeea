/// Escaping for GitHub-flavoured Markdown table cells and Mermaid labels.
enum MarkdownText {
    /// A table cell: `|` escaped, newlines as `<br>`.
    static func cell(_ text: String) -> String {
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

    /// A Mermaid gantt task label: characters that break task lines (`:`, `#`, `;`, `,`) replaced.
    static func mermaidLabel(_ text: String) -> String {
        String(
            text.map { character -> Character in
                switch character {
                case ":", "#", ";", ",": return " "
                default: return character
                }
            })
    }
}
