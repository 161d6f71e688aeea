import DNSimCore
import Testing

/// The stream writer must write exactly what ``JSONWriter`` writes for the equivalent value.
struct JSONStreamWriterTests {
    static let values: [JSONValue] = [
        nil, true, false, 0, -5, 9_007_199_254_740_993, .integer(.min), 0.25, 2.0, .double(.infinity),
        "", "plain", "quote\" backslash\\ slash/ \u{8}\u{C}\n\r\t \u{0}\u{1F}\u{1B} é 🎉 \u{2028}",
        [], [:], [[]], [[:]], [[], [:], [[[]]]],
        ["b": [1, 2, ["y": false, "x": "a b"]], "a": [:], "c": []],
        ["b": 1, "a10": 2, "a2": 3, "B": 4, "ä": 5, "": 6, "a": 7, "esc\"\n": ["k\u{1}": nil]],
        [["name": "dnsim", "list": [1, [], [:], ["b": true, "a": nil]], "empty": [:], "ratio": 0.25], "x", [[:]]],
    ]

    @Test(arguments: values)
    func writesWhatJSONWriterWritesInBothStyles(_ value: JSONValue) {
        for style in [JSONWriter.Style.pretty, .compact] {
            var writer = JSONStreamWriter(style: style, capacity: 0)
            writer.value(value)
            #expect(writer.text == JSONWriter.string(value, style: style))
        }
    }

    @Test func keysMadeOnceWriteWhatStringKeysWrite() {
        // In ascending UTF-8 byte order, as keys must come.
        let names = ["", "a", "b c", "esc\"\n\u{1}", String(repeating: "k", count: 300), "ä"]
        func write(style: JSONWriter.Style, key: (inout JSONStreamWriter, String) -> Void) -> [UInt8] {
            var writer = JSONStreamWriter(style: style)
            writer.beginArray()
            for depth in 0..<2 {
                writer.beginObject()
                for name in names {
                    key(&writer, name)
                    writer.integer(Int64(depth))
                }
                writer.endObject()
            }
            writer.endArray()
            return writer.bytes
        }
        for style in [JSONWriter.Style.pretty, .compact] {
            let byString = write(style: style) { $0.key($1) }
            let byKey = write(style: style) { $0.key(JSONStreamWriter.Key($1)) }
            #expect(byKey == byString)
        }
        #expect(JSONStreamWriter.Key("esc\"").name == "esc\"")
    }

    @Test func piecesGivenOneByOneMatchTheWholeValue() {
        let value: JSONValue = [
            "a": [:],
            "b": [1, nil, ["c": "2026-03-29T09:00:00+02:00", "d": []]],
            "e": "x\ty",
            "f": [[]],
        ]
        for style in [JSONWriter.Style.pretty, .compact] {
            var writer = JSONStreamWriter(style: style)
            writer.beginObject()
            writer.key("a")
            writer.beginObject()
            writer.endObject()
            writer.key("b")
            writer.beginArray()
            writer.integer(1)
            writer.integer(nil)
            writer.beginObject()
            writer.key("c")
            writer.string { $0.append(contentsOf: "2026-03-29T09:00:00+02:00".utf8) }
            writer.key("d")
            writer.beginArray()
            writer.endArray()
            writer.endObject()
            writer.endArray()
            writer.key("e")
            writer.string("x\ty")
            writer.key("f")
            writer.beginArray()
            writer.beginArray()
            writer.endArray()
            writer.endArray()
            writer.endObject()
            #expect(writer.text == JSONWriter.string(value, style: style))
        }
    }

    /// Short unescaped strings are assembled and appended in one copy; long ones, escaped ones
    /// and deeply indented ones take the piecewise path: the text is the same either way.
    @Test func longDeepAndEscapedStringsWriteWhatJSONWriterWrites() {
        let long = String(repeating: "k", count: 300)
        var deep: JSONValue = .object(JSONObject([(long, .string(long)), ("k", "v"), ("e\"", "a\u{1}b"), ("é", "ü")]))
        for depth in 0..<130 {
            deep = depth % 2 == 0 ? [deep, "x", .string(String(repeating: "y", count: 250))] : ["a": deep, "b": "z"]
        }
        for style in [JSONWriter.Style.pretty, .compact] {
            var writer = JSONStreamWriter(style: style)
            writer.value(deep)
            #expect(writer.text == JSONWriter.string(deep, style: style))
        }
    }

    @Test func stringsWrittenInPlaceWriteWhatStringsWrite() {
        for style in [JSONWriter.Style.pretty, .compact] {
            var inPlace = JSONStreamWriter(style: style, capacity: 0)
            var plain = JSONStreamWriter(style: style, capacity: 0)
            let texts = ["", "2026-03-29T09:00:00+02:00", String(repeating: "x", count: 500)]
            for writer in [0, 1] {
                if writer == 0 { inPlace.beginArray() } else { plain.beginArray() }
            }
            for text in texts {
                inPlace.string(reserving: text.utf8.count + 3) { start in
                    for (offset, byte) in text.utf8.enumerated() { start[offset] = byte }
                    return text.utf8.count
                }
                plain.string(text)
            }
            inPlace.beginObject()
            inPlace.key("k")
            inPlace.string(reserving: 4) { start in
                start.pointee = UInt8(ascii: "v")
                return 1
            }
            inPlace.endObject()
            inPlace.endArray()
            plain.beginObject()
            plain.key("k")
            plain.string("v")
            plain.endObject()
            plain.endArray()
            #expect(inPlace.text == plain.text)
        }
    }

    @Test func writesJSONLinesWithEndLine() {
        var writer = JSONStreamWriter(style: .compact)
        for id in 1...2 {
            writer.beginObject()
            writer.key("id")
            writer.integer(Int64(id))
            writer.endObject()
            writer.endLine()
        }
        writer.value(["b": [], "a": "z"])
        writer.endLine()
        #expect(writer.text == "{\"id\":1}\n{\"id\":2}\n{\"a\":\"z\",\"b\":[]}\n")
    }
}
