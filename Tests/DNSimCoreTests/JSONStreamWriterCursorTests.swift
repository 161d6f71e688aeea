import DNSimCore
import Testing

/// A value written through a cursor (``JSONStreamWriter/value(reserving:_:)``) must be the bytes
/// the writer's own calls write for it, in either style, at any depth.
struct JSONStreamWriterCursorTests {
    /// One member of an object written both ways.
    enum Member {
        case string(String)
        case integer(Int64?)
        case null
        case timestamp(String)
        case object([(JSONStreamWriter.Key, Member)])
    }

    /// Strings that take each path of ``JSONStreamWriter/Cursor/string(_:)``: empty, short
    /// (up to 15 bytes, tested and copied as two words) with a byte to escape at each position
    /// and none, non-ASCII, long, and long with escapes.
    static let strings: [String] = {
        var strings = ["", "a", "b [content v1]", "fifteen bytes!!", "sixteen bytes!!!", "é", "🎉x", "ünïcødé",
            String(repeating: "long ", count: 40), "long with a quote \" and a backslash \\ and a tab \t in it"]
        for escape in ["\"", "\\", "\n", "\u{0}", "\u{1F}"] {
            for position in 0..<15 { strings.append(String(repeating: "x", count: position) + escape + String(repeating: "y", count: 14 - position)) }
            strings.append(escape)
        }
        // Bytes that look like escapes only in the scratch bytes past a short string's length.
        strings.append(contentsOf: ["ab", "abcdefg", "abcdefgh", "abcdefghi"])
        return strings
    }()

    static let keys = ["a", "ageMs", "body", "deliveredAt", "k\"ey", "seventeen-byte-ky", "sixteen-byte-key", String(repeating: "z", count: 40)]
        .map(JSONStreamWriter.Key.init)

    /// An object with a member of every kind, its strings from `strings` starting at `offset`.
    static func object(offset: Int) -> [(JSONStreamWriter.Key, Member)] {
        [
            (keys[0], .string(strings[offset % strings.count])),
            (keys[1], .integer(Int64(offset) * -7_919)),
            (keys[2], .object([(keys[0], .integer(nil)), (keys[3], .string(strings[(offset + 1) % strings.count]))])),
            (keys[3], .object([])),
            (keys[4], .timestamp("2026-03-29T03:00:00.5+02:00")),
            (keys[5], .null),
            (keys[6], .string(strings[(offset + 2) % strings.count])),
            (keys[7], .integer(.min)),
        ]
    }

    private static func write(_ member: Member, to writer: inout JSONStreamWriter) {
        switch member {
        case .string(let string): writer.string(string)
        case .integer(let integer): writer.integer(integer)
        case .null: writer.null()
        case .timestamp(let text): writer.string(reserving: 40) { start in Self.copy(text, to: start) }
        case .object(let members):
            writer.beginObject()
            for (key, value) in members {
                writer.key(key)
                write(value, to: &writer)
            }
            writer.endObject()
        }
    }

    private static func write(_ member: Member, to cursor: inout JSONStreamWriter.Cursor) {
        switch member {
        case .string(let string): cursor.string(string)
        case .integer(let integer): cursor.integer(integer)
        case .null: cursor.null()
        case .timestamp(let text): cursor.string(reserving: 40) { start in Self.copy(text, to: start) }
        case .object(let members):
            cursor.object { cursor in
                for (key, value) in members {
                    cursor.key(key)
                    write(value, to: &cursor)
                }
            }
        }
    }

    private static func copy(_ text: String, to start: UnsafeMutablePointer<UInt8>) -> Int {
        for (position, byte) in text.utf8.enumerated() { start[position] = byte }
        return text.utf8.count
    }

    /// Three objects, the first `depth` levels down in arrays and objects, written by `writeObject`.
    private static func document(style: JSONWriter.Style, depth: Int, writeObject: (inout JSONStreamWriter, Int) -> Void) -> [UInt8] {
        var writer = JSONStreamWriter(style: style, capacity: 0)
        for level in 0..<depth {
            if level % 2 == 0 {
                writer.beginArray()
                writer.integer(Int64(level))
            } else {
                writer.beginObject()
                writer.key("k")
            }
        }
        writer.beginArray()
        for offset in [0, 17, 45, 80] { writeObject(&writer, offset) }
        writer.endArray()
        for level in (0..<depth).reversed() {
            if level % 2 == 0 { writer.endArray() } else { writer.endObject() }
        }
        return writer.bytes
    }

    @Test(arguments: [JSONWriter.Style.pretty, .compact], 0..<7)
    func aValueWrittenThroughACursorIsWhatTheWritersCallsWrite(style: JSONWriter.Style, depth: Int) {
        let expected = Self.document(style: style, depth: depth) { writer, offset in
            Self.write(.object(Self.object(offset: offset)), to: &writer)
        }
        let written = Self.document(style: style, depth: depth) { writer, offset in
            let strings = Self.strings.map(\.utf8.count).reduce(0, +)
            writer.value(reserving: 2048 + JSONStreamWriter.Cursor.room(forStrings: strings)) { cursor in
                Self.write(.object(Self.object(offset: offset)), to: &cursor)
            }
        }
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test func everyStringWrittenThroughACursorIsWhatTheWriterWrites() {
        for string in Self.strings {
            var writer = JSONStreamWriter(style: .compact, capacity: 0)
            writer.string(string)
            var cursorWriter = JSONStreamWriter(style: .compact, capacity: 0)
            cursorWriter.value(reserving: JSONStreamWriter.Cursor.room(forStrings: string.utf8.count)) { $0.string(string) }
            #expect(cursorWriter.text == writer.text, "\(writer.text)")
        }
    }
}
