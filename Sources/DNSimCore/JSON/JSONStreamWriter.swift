/// Writes JSON text piece by piece, without building a ``JSONValue`` tree first: exactly the bytes
/// ``JSONWriter`` writes for the equivalent value, in either ``JSONWriter/Style``.
///
/// Open containers with ``beginObject()`` / ``beginArray()`` and close them with ``endObject()`` /
/// ``endArray()``; inside an object, give each member's ``key(_:)`` and then its value. Keys must
/// come in ascending UTF-8 byte order, the order ``JSONWriter`` sorts them into (a debug build
/// checks it); an object whose keys are not known in order can be written whole with
/// ``value(_:)``. Strings and numbers share ``JSONWriter``'s escaping and number formatting.
///
/// ```swift
/// var writer = JSONStreamWriter(style: .compact)
/// writer.beginObject()
/// writer.key("a"); writer.integer(1)
/// writer.key("b"); writer.beginArray(); writer.string("x"); writer.endArray()
/// writer.endObject()
/// writer.text  // {"a":1,"b":["x"]}
/// ```
public struct JSONStreamWriter {
    /// The text written so far, and room for more (``JSONOutputBuffer``).
    var output: JSONOutputBuffer
    /// Bytes made by the few writes that assemble their text apart (escaped strings,
    /// ``string(contents:)``), kept for reuse.
    private var scratch: [UInt8] = []

    /// The bytes written so far (a copy: ``count`` and ``takeBytes(reservingCapacity:)`` do
    /// not copy).
    public var bytes: [UInt8] { output.bytes }
    /// How many bytes are written so far.
    public var count: Int { output.count }

    /// The layout of the text.
    public let style: JSONWriter.Style

    /// How many containers are open.
    private(set) var depth = 0
    /// The innermost open container (meaningful when ``depth`` > 0): kept apart from the
    /// enclosing ones, so that a member or element touches no array.
    private var innermost = Container(isObject: false)
    /// The open containers enclosing ``innermost``, outermost first.
    private var enclosing: [Container] = []

    #if DEBUG
        /// The last key of each open object (`nil` before its first), to check the key order.
        private var lastKeys: [String?] = []
    #endif

    /// One open object or array.
    private struct Container {
        /// Whether it is an object (else an array).
        let isObject: Bool
        /// How many elements or members it has so far.
        var count = 0
    }

    /// Creates an empty writer with room for `capacity` bytes up front.
    public init(style: JSONWriter.Style = .pretty, capacity: Int = 256) {
        self.style = style
        output = JSONOutputBuffer(capacity: capacity)
    }

    /// The text written so far.
    public var text: String { output.withBytes { String(decoding: $0, as: UTF8.self) } }

    /// Hands over the bytes written so far and goes on with an empty buffer of `capacity`
    /// bytes, the open containers as they were: a long document can leave in pieces as it is
    /// written (the pieces joined are the bytes one writer would have written).
    public mutating func takeBytes(reservingCapacity capacity: Int) -> [UInt8] {
        output.take(reservingCapacity: capacity)
    }

    // MARK: Containers

    /// Opens an object, as a value.
    public mutating func beginObject() {
        open(UInt8(ascii: "{"))
        push(Container(isObject: true))
        #if DEBUG
            lastKeys.append(nil)
        #endif
    }

    /// Closes the innermost open container, an object.
    public mutating func endObject() {
        precondition(depth > 0 && innermost.isObject, "endObject() without an open object")
        #if DEBUG
            lastKeys.removeLast()
        #endif
        close(UInt8(ascii: "}"))
    }

    /// Opens an array, as a value.
    public mutating func beginArray() {
        open(UInt8(ascii: "["))
        push(Container(isObject: false))
    }

    /// Closes the innermost open container, an array.
    public mutating func endArray() {
        precondition(depth > 0 && !innermost.isObject, "endArray() without an open array")
        close(UInt8(ascii: "]"))
    }

    /// Starts a member of the innermost open object; its value comes next. Keys must be given in
    /// ascending UTF-8 byte order, each once.
    public mutating func key(_ key: String) {
        precondition(depth > 0 && innermost.isObject, "key(_:) outside an object")
        #if DEBUG
            if let last = lastKeys[lastKeys.count - 1] {
                assert(UTF8Bytes.precedes(last, key), "key \"\(key)\" after \"\(last)\": keys must be sorted")
            }
            lastKeys[lastKeys.count - 1] = key
        #endif
        writeQuoted(key, separated: true, closedBy: style == .pretty ? "\": " : "\":")
    }

    /// ``key(_:)-(String)`` for a key made once (``Key``).
    public mutating func key(_ key: Key) {
        precondition(depth > 0 && innermost.isObject, "key(_:) outside an object")
        #if DEBUG
            if let last = lastKeys[lastKeys.count - 1] {
                assert(UTF8Bytes.precedes(last, key.name), "key \"\(key.name)\" after \"\(last)\": keys must be sorted")
            }
            lastKeys[lastKeys.count - 1] = key.name
        #endif
        (style == .pretty ? key.pretty : key.compact).withUnsafeBufferPointer { writeSeparated($0) }
    }

    // MARK: Scalars

    /// Writes `null`.
    public mutating func null() {
        beforeValue()
        output.append("null")
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ flag: Bool) {
        beforeValue()
        output.append(flag ? "true" : "false")
    }

    /// Writes an integer.
    public mutating func integer(_ integer: Int64) {
        beforeValue()
        // 19 digits and a sign cover Int64.min.
        output.write(reserving: 20) { DecimalDigits.write(integer, to: $0) }
    }

    /// Writes an integer, or `null` when there is none.
    public mutating func integer(_ integer: Int64?) {
        if let integer { self.integer(integer) } else { null() }
    }

    /// Writes a double as ``JSONWriter`` does (an integral value as an integer, `null` if not
    /// finite).
    public mutating func double(_ double: Double) {
        beforeValue()
        var text = JSONWriter.numberText(double)
        text.withUTF8 { output.append($0) }
    }

    /// Writes a string, escaped.
    public mutating func string(_ string: String) {
        writeQuoted(string, separated: isInArray, closedBy: "\"")
    }

    /// Writes a string whose contents `appendContents` appends to the output as UTF-8 bytes,
    /// without a `String` in between. The contents are not escaped: they must contain no `"`,
    /// `\` or control character (a debug build checks it).
    public mutating func string(contents appendContents: (inout [UInt8]) -> Void) {
        beforeValue()
        scratch.removeAll(keepingCapacity: true)
        scratch.append(UInt8(ascii: "\""))
        appendContents(&scratch)
        assert(!scratch.dropFirst().contains(where: JSONWriter.needsEscape), "string contents need escaping")
        scratch.append(UInt8(ascii: "\""))
        scratch.withUnsafeBufferPointer { output.append($0) }
    }

    /// Writes a string whose contents `write` writes straight into the output: at most
    /// `maximum` UTF-8 bytes from the pointer it is given, returning how many it wrote. The
    /// contents are not escaped: they must contain no `"`, `\` or control character (a debug
    /// build checks it).
    public mutating func string(reserving maximum: Int, contents write: (UnsafeMutablePointer<UInt8>) -> Int) {
        beforeValue()
        output.write(reserving: maximum + 2) { start in
            start.pointee = UInt8(ascii: "\"")
            let written = write(start + 1)
            precondition(written <= maximum, "string contents longer than reserved")
            assert(!UnsafeBufferPointer(start: start + 1, count: written).contains(where: JSONWriter.needsEscape), "string contents need escaping")
            start[written + 1] = UInt8(ascii: "\"")
            return written + 2
        }
    }

    /// Writes a whole value, its object keys sorted as ``JSONWriter`` sorts them.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .integer(let integer): self.integer(integer)
        case .double(let double): self.double(double)
        case .string(let string): self.string(string)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let object):
            beginObject()
            for member in object.membersSortedByKey {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    // MARK: Records

    /// Ends a line of JSON Lines: appends a newline after a complete top-level value.
    public mutating func endLine() {
        precondition(depth == 0, "endLine() inside a container")
        output.append(0x0A)
    }

    // MARK: Layout

    /// Writes, in one piece, a string: first (if `separated`) the separator ``separate()``
    /// writes, then the string's quote, its bytes and `closing` (its closing quote, with a
    /// key's colon). A string with bytes to escape is escaped apart first.
    private mutating func writeQuoted(_ string: String, separated: Bool, closedBy closing: StaticString) {
        var text = string
        text.withUTF8 { utf8 in
            if JSONWriter.containsEscapable(utf8) {
                scratch.removeAll(keepingCapacity: true)
                JSONWriter.writeString(string, closedBy: closing, to: &scratch)
                scratch.withUnsafeBufferPointer { writeSeparated($0, separated: separated) }
                return
            }
            let separator = takeSeparator(separated)
            output.write(reserving: separator.maximumCount + 1 + utf8.count + closing.utf8CodeUnitCount) { start in
                var end = start
                separator.write(at: &end)
                end.pointee = UInt8(ascii: "\"")
                end += 1
                if let source = utf8.baseAddress { end.update(from: source, count: utf8.count) }
                end += utf8.count
                end.update(from: closing.utf8Start, count: closing.utf8CodeUnitCount)
                end += closing.utf8CodeUnitCount
                return end - start
            }
        }
    }

    /// Writes, in one piece, the separator ``separate()`` writes (when `separated`) and then
    /// `text` (a key made once, ``Key``, or an escaped string).
    @inline(__always)
    private mutating func writeSeparated(_ text: UnsafeBufferPointer<UInt8>, separated: Bool = true) {
        let separator = takeSeparator(separated)
        output.write(reserving: separator.maximumCount + text.count) { start in
            var end = start
            separator.write(at: &end)
            if let source = text.baseAddress { end.update(from: source, count: text.count) }
            end += text.count
            return end - start
        }
    }

    /// What goes before an element or a member (``separate()``): a comma after a previous
    /// one, then in the pretty style a line break and the indentation; nothing for a value that
    /// is not separated (a member's value, a top-level value).
    struct Separator {
        var comma = false
        var newline = false
        var indent = 0

        /// The most bytes it writes.
        var maximumCount: Int { 2 + indent }

        /// Writes it at `end` and moves `end` past it.
        @inline(__always)
        func write(at end: inout UnsafeMutablePointer<UInt8>) {
            if comma {
                end.pointee = UInt8(ascii: ",")
                end += 1
            }
            if newline {
                end.pointee = 0x0A
                end += 1
                end.update(repeating: UInt8(ascii: " "), count: indent)
                end += indent
            }
        }
    }

    /// The separator of the next element or member when `separated` (counting it in the
    /// innermost container), else none.
    @inline(__always)
    mutating func takeSeparator(_ separated: Bool) -> Separator {
        guard separated else { return Separator() }
        let pretty = style == .pretty
        let separator = Separator(comma: innermost.count > 0, newline: pretty, indent: pretty ? depth * 2 : 0)
        innermost.count += 1
        return separator
    }

    /// Before any value: inside an array, separates it from the previous element (inside an
    /// object, the key did that already).
    @inline(__always)
    private mutating func beforeValue() {
        if isInArray { separate() }
    }

    /// Whether the innermost open container is an array (a value there needs a separator).
    var isInArray: Bool { depth > 0 && !innermost.isObject }

    /// Before an array element or an object member: a comma after the previous one, then the
    /// pretty style's line break and indentation.
    private mutating func separate() {
        writeSeparated(UnsafeBufferPointer(start: nil, count: 0))
    }

    /// Writes the bracket that opens a container, as a value (separated in an array).
    private mutating func open(_ bracket: UInt8) {
        let separator = takeSeparator(isInArray)
        output.write(reserving: separator.maximumCount + 1) { start in
            var end = start
            separator.write(at: &end)
            end.pointee = bracket
            return end + 1 - start
        }
    }

    /// Opens `container` inside the innermost one.
    private mutating func push(_ container: Container) {
        if depth > 0 { enclosing.append(innermost) }
        innermost = container
        depth += 1
    }

    /// Closes the innermost container with `bracket`: `{}` / `[]` when empty, else on a line of
    /// its own in the pretty style.
    private mutating func close(_ bracket: UInt8) {
        let container = innermost
        depth -= 1
        if depth > 0 { innermost = enclosing.removeLast() }
        let newline = container.count > 0 && style == .pretty
        let separator = Separator(newline: newline, indent: newline ? depth * 2 : 0)
        output.write(reserving: separator.maximumCount + 1) { start in
            var end = start
            separator.write(at: &end)
            end.pointee = bracket
            return end + 1 - start
        }
    }
}
