import DNSimCore
import Testing

/// A value from a file can be megabytes long: messages quote an excerpt of it, and no
/// suggestion is looked for among names no value that long could be a typo of.
struct LongValueMessageTests {
    static let long = String(repeating: "A", count: 100_000)

    @Test func aLongValueIsQuotedAsAnExcerptWithItsLength() {
        #expect(JSONWriter.quotedExcerpt("Europe/Berln") == "\"Europe/Berln\"")
        #expect(JSONWriter.quotedExcerpt("a\"b") == "\"a\\\"b\"")
        #expect(JSONWriter.quotedExcerpt(Self.long) == "\"" + String(repeating: "A", count: 40) + "…\" (100000 bytes)")
    }

    @Test func aLongTokenIsCutInAReadablePointer() {
        let pointer = JSONPointer(tokens: ["steps", "3", Self.long])
        #expect(pointer.readable == "/steps/3/" + String(repeating: "A", count: 40) + "…")
        #expect(JSONPointer(tokens: ["steps", "3", "at"]).readable == "/steps/3/at")
    }

    @Test func noSuggestionIsLookedForALongName() {
        #expect(Suggestion.closest(to: "timezone", among: ["timeZone", "title"]) == "timeZone")
        #expect(Suggestion.closest(to: Self.long, among: ["timeZone", String(repeating: "A", count: 99_999)]) == nil)
        // Names far apart in length are no typo of each other.
        #expect(Suggestion.closest(to: "steps", among: ["stepsAndMoreAndMore"]) == nil)
    }

    @Test func anUnknownLongFieldIsReportedInAFewWords() throws {
        let object = try JSONParser.parse(Array("{\"\(Self.long)\": 1, \"id\": \"x\"}".utf8))
        var reader = try JSONObjectReader(object, at: .root, expected: "an object")
        _ = try reader.string("id")
        let errors = reader.unknownFields()
        #expect(errors.count == 1)
        let message = try #require(errors.first).description
        #expect(message.utf8.count < 400, "\(message.prefix(400))")
        #expect(message.contains("(100000 bytes)"))
    }
}
