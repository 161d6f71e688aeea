import DNSimCore

/// What makes an id safe to build file names and report entries from.
///
/// A scenario id names its report files (`android/daily-basic` →
/// `android-daily-basic.corrected.md`), so it must be usable as part of a file name on any
/// system: 1 to ``maximumBytes`` bytes of UTF-8, no control character (newline, NUL, …), no
/// backslash, no leading `/` and no `..` segment. Check and slot ids appear in JUnit case names,
/// Markdown tables and Mermaid labels, so they must be non-empty, at most ``maximumBytes`` bytes
/// and free of control characters.
enum SafeName {
    /// The longest id, in UTF-8 bytes (a report name adds the profile and `.md`; most file
    /// systems allow 255 bytes per name).
    static let maximumBytes = 120

    /// What a scenario id must be, for messages.
    static let scenarioIDExpectation =
        "a scenario id that can name report files: 1 to \(maximumBytes) bytes, no control characters, "
        + "no backslash, no leading \"/\" and no \"..\" segment, such as \"android/daily-basic\""

    /// Why `id` cannot name report files (`which is empty`, `which contains a newline`, …), or
    /// `nil` when it can.
    static func problemAsFileName(_ id: String) -> String? {
        if isPlainASCIIFileName(id) { return nil }
        return problemAsFileNameByCharacters(id)
    }

    /// Whether `id` is 1 to ``maximumBytes`` bytes of printable ASCII with no backslash, no
    /// leading `/` and no `..` segment: a quick walk of its bytes that settles most ids (in
    /// printable ASCII every byte is a whole character), so ``problemAsFileName(_:)`` only walks
    /// the characters of the others.
    static func isPlainASCIIFileName(_ id: String) -> Bool {
        let utf8 = id.utf8
        guard !utf8.isEmpty, utf8.count <= maximumBytes, utf8.first != UInt8(ascii: "/") else { return false }
        // Bytes of the segment so far, and whether they are all dots.
        var segmentLength = 0
        var segmentIsDots = true
        for byte in utf8 {
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return false }
            if byte == UInt8(ascii: "/") {
                if segmentLength == 2 && segmentIsDots { return false }
                segmentLength = 0
                segmentIsDots = true
            } else {
                segmentLength += 1
                if byte != UInt8(ascii: ".") { segmentIsDots = false }
            }
        }
        return !(segmentLength == 2 && segmentIsDots)
    }

    /// ``problemAsFileName(_:)`` by the characters of any id (the reference the byte walk agrees with).
    static func problemAsFileNameByCharacters(_ id: String) -> String? {
        if let problem = problemAsLabel(id) { return problem }
        if id.hasPrefix("/") { return "which starts with \"/\"" }
        if id.contains("\\") { return "which contains a backslash" }
        if id.split(separator: "/", omittingEmptySubsequences: false).contains("..") { return "which has a \"..\" segment" }
        return nil
    }

    /// Why `id` cannot be a check or slot id (empty, too long, a control character), or `nil`.
    static func problemAsLabel(_ id: String) -> String? {
        if id.isEmpty { return "which is empty" }
        if id.utf8.count > maximumBytes { return "which is \(id.utf8.count) bytes long" }
        // A control character is one byte in UTF-8 (no multi-byte sequence holds a byte below
        // 0x80), so the bytes tell whether there is one; its scalar is looked up only then.
        guard id.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
        if let control = id.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            switch control {
            case "\n": return "which contains a newline"
            case "\r": return "which contains a carriage return"
            case "\t": return "which contains a tab"
            case "\0": return "which contains a NUL character"
            default: return "which contains the control character U+\(hex4(control.value))"
            }
        }
        return nil
    }

    /// `"id"` with JSON escapes (`\n`, `\u0000`), cut to its first 40 characters and `…` when longer,
    /// for messages.
    static func quoted(_ id: String) -> String {
        let shown = id.count > 48 ? String(id.prefix(40)) + "…" : id
        return "\"\(JSONWriter.escapedContents(shown))\""
    }

    /// `value` as four or more upper-case hex digits (`001B`).
    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
