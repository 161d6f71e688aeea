import DNSimCore
import Testing

struct ASCIISplitTests {
    /// `split` by characters: what ``String/splitKeepingEmpty(separator:maxSplits:)`` must equal.
    static func reference(_ string: String, _ separator: Character, _ maxSplits: Int) -> [String] {
        string.split(separator: separator, maxSplits: maxSplits, omittingEmptySubsequences: false).map(String.init)
    }

    @Test(
        "splitKeepingEmpty agrees with split, including empty fields, a separator joined to a combining mark and CR LF",
        arguments: [
            "notify|2026-03-10|1773129600000|daily-0900", "prefetch|2026-03-10|a|b|c", "", "|", "||", "a||b|",
            "notify|2026-03-10|1|", "|\u{301}x|y", "a|\u{301}|b|c|d", "é|x|y", "x|y|z|\u{1F600}|w", "a\r\n|b",
            "a\r|\nb", "a\n|b\r\n|c", "no separator", "a|b|c|d|e|f",
        ], [0, 1, 3, 8])
    func agreesWithSplit(string: String, maxSplits: Int) {
        for separator: Character in ["|", "\n", "\r", "-", "é"] {
            #expect(
                string.splitKeepingEmpty(separator: separator, maxSplits: maxSplits)
                    == Self.reference(string, separator, maxSplits),
                "\(string.debugDescription) split at \(separator.debugDescription), at most \(maxSplits) times")
        }
    }

    @Test(
        "joining writes the fields' bytes between separators, as + does, and a split gives the fields back",
        arguments: [
            [], [""], ["", ""], ["notify", "2026-03-10", "1773129600000", "daily-0900"], ["é", "\u{301}x", "\u{1F600}"],
            ["a long field past the inline limit of a string", "b"], ["one"],
        ])
    func joiningIsConcatenation(fields: [String]) {
        let joined = String.joining(fields, separator: UInt8(ascii: "|"))
        let concatenated = fields.isEmpty ? "" : fields.dropFirst().reduce(fields[0]) { $0 + "|" + $1 }
        #expect(Array(joined.utf8) == Array(concatenated.utf8))
        #expect(joined == concatenated)
        if !fields.isEmpty, fields.allSatisfy({ !$0.contains("|") && $0.utf8.first.map { $0 < 0x80 } ?? true }) {
            #expect(joined.splitKeepingEmpty(separator: "|", maxSplits: .max) == fields)
        }
    }

    @Test("An Electron notify tag splits into its four fields, the slot keeping its own separators")
    func notifyTag() {
        #expect(
            "notify|2026-03-10|1773129600000|a|b".splitKeepingEmpty(separator: "|", maxSplits: 3)
                == ["notify", "2026-03-10", "1773129600000", "a|b"])
    }
}
