import DNSimCore
import Testing

struct JSONParserTests {
    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"""
            {"null": null, "yes": true, "no": false, "int": -12, "pi": 3.25,
             "text": "h\u00e9llo", "list": [1, [], {}], "nested": {"k": "v"}}
            """#)
        let expected: JSONValue = [
            "null": nil, "yes": true, "no": false, "int": -12, "pi": 3.25,
            "text": "héllo", "list": [1, [], [:]], "nested": ["k": "v"],
        ]
        #expect(value == expected)
        #expect(value["nested"]?["k"] == "v")
        #expect(value["missing"] == nil)
        #expect(value.objectValue?.keys == ["null", "yes", "no", "int", "pi", "text", "list", "nested"])
    }

    @Test func keepsMembersInSourceOrder() throws {
        let value = try JSONParser.parse(#"{"z": 1, "a": 2, "m": 3}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
    }

    @Test func roundTripsThroughTheWriterInBothStyles() throws {
        let text = #"""
            {"scenario": "doze", "steps": [{"at": "2025-03-30T02:30", "repeat": 3, "ok": true},
             {"note": "tab\there \"quoted\" \\ \/ \u0001 ünïcödé 🎉", "weights": [0.5, -1e-7, 1e300]}],
             "seed": -9223372036854775808, "empty": {}, "none": null}
            """#
        let value = try JSONParser.parse(text)
        for style in [JSONWriter.Style.pretty, .compact] {
            let written = JSONWriter.string(value, style: style)
            #expect(try JSONParser.parse(written) == value)
            #expect(JSONWriter.string(try JSONParser.parse(written), style: style) == written)
        }
    }

    @Test func parsesIntegersAsIntegersAndTheRestAsDoubles() throws {
        #expect(try JSONParser.parse("0") == .integer(0))
        #expect(try JSONParser.parse("-0") == .integer(0))
        #expect(try JSONParser.parse("42") == .integer(42))
        #expect(try JSONParser.parse("-17") == .integer(-17))
        #expect(try JSONParser.parse("1.0") == .integer(1))
        #expect(try JSONParser.parse("1.2e1") == .integer(12))
        #expect(try JSONParser.parse("1E3") == .integer(1000))
        #expect(try JSONParser.parse("1500e-1") == .integer(150))
        #expect(try JSONParser.parse("2500e-3") == .double(2.5))
        #expect(try JSONParser.parse("1.5") == .double(1.5))
        #expect(try JSONParser.parse("-2.5E-3") == .double(-0.0025))
        #expect(try JSONParser.parse("1e-400") == .double(0))
        #expect(try JSONParser.parse("0.1") == .double(0.1))
        // Beyond Int64: doubles.
        #expect(try JSONParser.parse("9223372036854775808") == .double(9.223372036854775808e18))
        #expect(try JSONParser.parse("1e19") == .double(1e19))
        #expect(try JSONParser.parse("-9223372036854775809") == .double(-9.223372036854775809e18))
    }

    @Test func readsInt64ExtremesExactly() throws {
        #expect(try JSONParser.parse("9223372036854775807") == .integer(.max))
        #expect(try JSONParser.parse("-9223372036854775808") == .integer(.min))
        #expect(try JSONParser.parse("9223372036854775807.0") == .integer(.max))
        #expect(try JSONParser.parse("922337203685477580.7e1") == .integer(.max))
        #expect(JSONWriter.string(.integer(.max)) == "9223372036854775807")
    }

    @Test func convertsDoublesWithCorrectRounding() throws {
        #expect(try JSONParser.parse("2.2250738585072014e-308") == .double(2.2250738585072014e-308))
        #expect(try JSONParser.parse("0.30000000000000004") == .double(0.30000000000000004))
        #expect(try JSONParser.parse("9007199254740993.5") == .double(9_007_199_254_740_994))
    }

    @Test func decodesEveryStringEscape() throws {
        let value = try JSONParser.parse(#""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20AC \ud83c\udf89""#)
        #expect(value == .string("\" \\ / \u{8} \u{C} \n \r \t A é € 🎉"))
    }

    @Test func acceptsRawUTF8AndAByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"name": "Zürich 🏔"}"#.utf8)
        #expect(try JSONParser.parse(bytes) == ["name": "Zürich 🏔"])
    }

    @Test func reportsAMissingCommaOnLineThree() {
        let text = """
            {
              "title": "a",
              "steps": [] "x": 1
            }
            """
        let error = syntaxError(text)
        #expect(error?.line == 3)
        #expect(error?.column == 15)
        #expect(error?.message == "expected ',' or '}' after an object member, found '\"'")
        #expect(error?.description == "line 3, column 15: expected ',' or '}' after an object member, found '\"'")
        #expect(syntaxError(#"{"a": 1 x}"#)?.message == "expected ',' or '}' after an object member, found 'x'")
        #expect(syntaxError("[1 2]")?.message == "expected ',' or ']' after an array element, found '2'")
    }

    @Test func countsColumnsInUnicodeScalarsAndLinesAcrossLineEndings() {
        let error = syntaxError("{\"ä🎉\": 1,\r\n\r\"b\" 2}")
        #expect(error == JSONSyntaxError(line: 3, column: 5, message: "expected ':' after the key \"b\", found '2'"))
        #expect(syntaxError("\u{FEFF}[1,\t?]") == JSONSyntaxError(
            line: 1, column: 5, message: "expected a value, found '?'", pointer: JSONPointer.root.appending(1)
        ))
    }

    @Test func reportsAnUnterminatedStringAtItsOpeningQuote() {
        #expect(syntaxError("[\n  \"abc\n") == JSONSyntaxError(
            line: 2, column: 3, message: "unterminated string: line break before the closing quote",
            pointer: JSONPointer.root.appending(0)
        ))
        #expect(syntaxError("{\"a\": \"abc") == JSONSyntaxError(
            line: 1, column: 7, message: "unterminated string", pointer: JSONPointer.root.appending("a")
        ))
        #expect(syntaxError(#""ab\"#)?.message == "unterminated string")
        #expect(syntaxError(#""ab\u00"#)?.message == "invalid \\u escape: expected four hexadecimal digits")
    }

    @Test func rejectsTrailingCommas() {
        #expect(syntaxError(#"{"a": 1,}"#) == JSONSyntaxError(line: 1, column: 8, message: "trailing comma before '}'"))
        #expect(syntaxError("[1, 2 ,\n]") == JSONSyntaxError(line: 1, column: 7, message: "trailing comma before ']'"))
    }

    @Test func rejectsLeadingZerosAndOtherMalformedNumbers() {
        #expect(syntaxError(#"{"n": 012}"#) == JSONSyntaxError(
            line: 1, column: 7, message: "leading zeros are not allowed in numbers", pointer: JSONPointer.root.appending("n")
        ))
        #expect(syntaxError("-01")?.message == "leading zeros are not allowed in numbers")
        #expect(syntaxError("-")?.message == "expected a digit after '-', found the end of the input")
        #expect(syntaxError("1.")?.message == "expected a digit after the decimal point, found the end of the input")
        #expect(syntaxError("1.e5")?.message == "expected a digit after the decimal point, found 'e'")
        #expect(syntaxError("1e+")?.message == "expected a digit in the exponent, found the end of the input")
        #expect(syntaxError(".5")?.message == "expected a value, found '.'")
        #expect(syntaxError("+1")?.message == "expected a value, found '+'")
        #expect(syntaxError("1e400")?.message == "the number 1e400 is too large to represent")
        #expect(syntaxError("-1e400")?.column == 1)
    }

    @Test func rejectsNonJSONLiterals() {
        #expect(syntaxError("NaN")?.message == "expected a value, found 'NaN'")
        #expect(syntaxError("[Infinity]")?.message == "expected a value, found 'Infinity'")
        #expect(syntaxError("nul")?.message == "expected a value, found 'nul'")
        #expect(syntaxError("True")?.message == "expected a value, found 'True'")
        #expect(syntaxError("'a'")?.message == "expected a value, found \"'\"")
        #expect(syntaxError("truex")?.message == "expected the end of the input after the top-level value, found 'x'")
    }

    @Test func rejectsComments() {
        #expect(syntaxError("// note\n{}") == JSONSyntaxError(line: 1, column: 1, message: "expected a value, found '/'"))
        #expect(syntaxError("{} /* c */")?.message == "expected the end of the input after the top-level value, found '/'")
    }

    @Test func rejectsDuplicateKeysWithThePointerOfTheObject() {
        let text = """
            {"steps": [
              {"title": "a",
               "title": "b"}
            ]}
            """
        let error = syntaxError(text)
        #expect(error == JSONSyntaxError(
            line: 3, column: 4, message: "duplicate key \"title\" in the object at /steps/0",
            pointer: JSONPointer.root.appending("steps").appending(0)
        ))
        #expect(syntaxError(#"{"a": 1, "b": 2, "a": 3}"#) == JSONSyntaxError(
            line: 1, column: 18, message: "duplicate key \"a\" in the top-level object"
        ))
    }

    @Test func detectsDuplicatesInLargeObjectsAndComparesKeysByBytes() throws {
        let members = (0 ..< 50).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(syntaxError("{\(members), \"k7\": 0}")?.message == "duplicate key \"k7\" in the top-level object")
        // Precomposed and decomposed "é" are different JSON keys.
        let value = try JSONParser.parse("{\"\u{E9}\": 1, \"e\u{301}\": 2}")
        #expect(value.objectValue?.count == 2)
    }

    @Test func rejectsEmptyInput() {
        #expect(syntaxError("") == JSONSyntaxError(line: 1, column: 1, message: "the input is empty"))
        #expect((try? JSONParser.parse([UInt8]())) == nil)
        #expect(syntaxError(" \n ") == JSONSyntaxError(line: 2, column: 2, message: "the input contains only whitespace"))
    }

    @Test func rejectsLoneSurrogates() {
        #expect(syntaxError(#"["ok", "x\ud83c"]"#) == JSONSyntaxError(
            line: 1, column: 10, message: "unpaired surrogate \\uD83C in a string", pointer: JSONPointer.root.appending(1)
        ))
        #expect(syntaxError(#""\ud83c\u0041""#)?.message == "unpaired surrogate \\uD83C in a string")
        #expect(syntaxError(#""\uDF89""#)?.message == "unpaired surrogate \\uDF89 in a string")
    }

    @Test func rejectsBadEscapesControlCharactersAndInvalidUTF8() {
        #expect(syntaxError(#""a\x""#) == JSONSyntaxError(line: 1, column: 3, message: "invalid escape sequence '\\x' in a string"))
        #expect(syntaxError("\"a\tb\"") == JSONSyntaxError(
            line: 1, column: 3, message: "unescaped control character U+0009 in a string"
        ))
        #expect(syntaxError([UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\"")])?.message == "invalid UTF-8 in a string")
        #expect(syntaxError([UInt8(ascii: "\""), 0xED, 0xA0, 0x80, UInt8(ascii: "\"")])?.message == "invalid UTF-8 in a string")
        #expect(syntaxError([0xFF])?.message == "expected a value, found the invalid UTF-8 byte 0xFF")
    }

    private func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func enforcesTheNestingDepthLimit() throws {
        let deepest = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(try JSONParser.parse(deepest) != .null)
        let tooDeep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        let error = syntaxError(tooDeep)
        #expect(error?.line == 1)
        #expect(error?.column == 257)
        #expect(error?.message == "nesting is deeper than the maximum of 256 arrays and objects")
        #expect(error?.pointer.tokens.count == 256)
        let objects = String(repeating: #"{"a":"#, count: 300)
        #expect(syntaxError(objects)?.column == 5 * 256 + 1)
    }

    @Test func rejectsTrailingContent() {
        #expect(syntaxError("{}\n{}") == JSONSyntaxError(
            line: 2, column: 1, message: "expected the end of the input after the top-level value, found '{'"
        ))
    }

    @Test func reportsStructuralMistakesInObjects() {
        #expect(syntaxError("{a: 1}")?.message == "expected a string key or '}', found 'a'")
        #expect(syntaxError(#"{"a" 1}"#)?.message == "expected ':' after the key \"a\", found '1'")
        #expect(syntaxError(#"{"a": 1, 2}"#)?.message == "expected a string key after ',', found '2'")
        #expect(syntaxError(#"{"a": }"#)?.message == "expected a value, found '}'")
        #expect(syntaxError("[")?.message == "expected a value, found the end of the input")
        #expect(syntaxError("{")?.message == "expected a string key or '}', found the end of the input")
    }
}
