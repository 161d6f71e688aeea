import DNSimCore
import Testing

struct JSONWriterTests {
    @Test func writesThePrettyLayoutExactly() {
        let value: JSONValue = [
            "name": "dnsim",
            "list": [1, [], [:], ["b": true, "a": nil]],
            "empty": [:],
            "ratio": 0.25,
        ]
        let expected = """
            {
              "empty": {},
              "list": [
                1,
                [],
                {},
                {
                  "a": null,
                  "b": true
                }
              ],
              "name": "dnsim",
              "ratio": 0.25
            }
            """
        #expect(JSONWriter.string(value) == expected)
        #expect(JSONWriter.string(value, style: .pretty) == expected)
    }

    @Test func indentsDeepNestingTwoSpacesPerLevel() {
        var value: JSONValue = 1
        for _ in 0..<40 { value = [value] }
        var expected = "1"
        for depth in (0..<40).reversed() {
            let inner = String(repeating: " ", count: 2 * (depth + 1))
            expected = "[\n" + inner + expected + "\n" + String(repeating: " ", count: 2 * depth) + "]"
        }
        #expect(JSONWriter.string(value) == expected)
    }

    @Test func writesTheCompactStyleWithoutAnyWhitespace() {
        let value: JSONValue = ["b": [1, 2, ["y": false, "x": "a b"]], "a": [:], "c": []]
        #expect(JSONWriter.string(value, style: .compact) == #"{"a":{},"b":[1,2,{"x":"a b","y":false}],"c":[]}"#)
    }

    @Test func writesScalarsAndEmptyContainersAtTheTopLevel() {
        #expect(JSONWriter.string(nil) == "null")
        #expect(JSONWriter.string(true) == "true")
        #expect(JSONWriter.string(-5) == "-5")
        #expect(JSONWriter.string("x") == #""x""#)
        #expect(JSONWriter.string([]) == "[]")
        #expect(JSONWriter.string([:]) == "{}")
    }

    @Test func sortsKeysByTheirUTF8Bytes() {
        let value: JSONValue = ["b": 1, "a10": 2, "a2": 3, "B": 4, "ä": 5, "": 6, "a": 7]
        #expect(JSONWriter.string(value, style: .compact) == #"{"":6,"B":4,"a":7,"a10":2,"a2":3,"b":1,"ä":5}"#)
    }

    @Test func ignoresSourceOrderOfParsedObjects() throws {
        let first = try JSONParser.parse(#"{"z": 1, "a": {"d": 1, "c": 2}}"#)
        let second = try JSONParser.parse(#"{"a": {"c": 2, "d": 1}, "z": 1}"#)
        #expect(first == second)
        #expect(JSONWriter.string(first) == JSONWriter.string(second))
    }

    @Test func escapesQuotesBackslashesAndControlCharactersOnly() {
        let text = "quote\" backslash\\ slash/ \u{8}\u{C}\n\r\t \u{0}\u{1F}\u{1B} del\u{7F} é 🎉 \u{2028}"
        let expected = #""quote\" backslash\\ slash/ \b\f\n\r\t \u0000\u001f\u001b del"#
            + "\u{7F} é 🎉 \u{2028}\""
        #expect(JSONWriter.string(.string(text)) == expected)
        #expect(JSONWriter.string(["ke\"y\n": 1], style: .compact) == #"{"ke\"y\n":1}"#)
    }

    @Test func writesIntegersAtTheirExtremes() {
        #expect(JSONWriter.string(.integer(0)) == "0")
        #expect(JSONWriter.string(.integer(-7)) == "-7")
        #expect(JSONWriter.string(.integer(1_000_000)) == "1000000")
        #expect(JSONWriter.string(.integer(.max)) == "9223372036854775807")
        #expect(JSONWriter.string(.integer(.min)) == "-9223372036854775808")
    }

    @Test func sortsObjectsBuiltInAnyOrderIncludingAfterRemovalsAndReplacements() {
        var object = JSONObject()
        object["b"] = 1
        object["c"] = 2
        object["é"] = 3
        object["a"] = 4  // out of order from here on
        object["a"] = nil
        object["d"] = 5
        object["b"] = 6
        #expect(JSONWriter.string(.object(object), style: .compact) == #"{"b":6,"c":2,"d":5,"é":3}"#)
        var sorted = JSONObject()
        sorted["a"] = 1
        sorted["b"] = 2
        #expect(JSONWriter.string(.object(sorted), style: .compact) == #"{"a":1,"b":2}"#)
    }

    @Test func writesIntegralDoublesWithin2To53AsIntegers() {
        #expect(JSONWriter.string(.double(2)) == "2")
        #expect(JSONWriter.string(.double(-0.0)) == "0")
        #expect(JSONWriter.string(.double(9_007_199_254_740_992)) == "9007199254740992")
        #expect(JSONWriter.string(.double(-9_007_199_254_740_992)) == "-9007199254740992")
        #expect(JSONWriter.string(.double(18_014_398_509_481_984)) == "1.8014398509481984e+16")
    }

    @Test func writesOtherDoublesInTheShortestRoundTrippingForm() throws {
        #expect(JSONWriter.string(.double(0.1)) == "0.1")
        #expect(JSONWriter.string(.double(-2.5)) == "-2.5")
        #expect(JSONWriter.string(.double(1e300)) == "1e+300")
        #expect(JSONWriter.string(.double(1.5e-7)) == "1.5e-07")
        for double in [0.1, 1.0 / 3.0, 1e300, .leastNonzeroMagnitude, -1.5e-7, 123_456.789] {
            #expect(try JSONParser.parse(JSONWriter.string(.double(double))) == .double(double))
        }
    }

    @Test func writesNonFiniteDoublesAsNull() {
        #expect(JSONWriter.string([.double(.nan), .double(.infinity)], style: .compact) == "[null,null]")
    }

    @Test func writesNoTrailingNewline() {
        #expect(JSONWriter.string(["a": [1]]).last == "}")
    }
}
