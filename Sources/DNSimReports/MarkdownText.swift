/// Escaping for GitHub-flavoured Markdown table cells and Mermaid gantt text.
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
}
