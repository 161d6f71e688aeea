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
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// The layout of the text.
    public let style: JSONWriter.Style

    /// How many containers are open.
    private var depth = 0
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

    /// Creates an empty writer; `capacity` bytes are reserved up front.
    public init(style: JSONWriter.Style = .pretty, capacity: Int = 256) {
        self.style = style
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Hands over the bytes written so far and goes on with an empty buffer of `capacity`
    /// bytes, the open containers as they were: a long document can leave in pieces as it is
    /// written (the pieces joined are the bytes one writer would have written).
    public mutating func takeBytes(reservingCapacity capacity: Int) -> [UInt8] {
        var taken: [UInt8] = []
        taken.reserveCapacity(capacity)
        swap(&taken, &bytes)
        return taken
    }

    // MARK: Containers

    /// Opens an object, as a value.
    public mutating func beginObject() {
        beforeValue()
        bytes.append(UInt8(ascii: "{"))
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
        beforeValue()
        bytes.append(UInt8(ascii: "["))
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
        let closing: StaticString = style == .pretty ? "\": " : "\":"
        if !appendQuoted(key, separated: true, closedBy: closing) {
            separate()
            JSONWriter.writeString(key, closedBy: closing, to: &bytes)
        }
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
        (style == .pretty ? key.pretty : key.compact).withUnsafeBufferPointer { appendSeparated($0) }
    }

    // MARK: Scalars

    /// Writes `null`.
    public mutating func null() {
        beforeValue()
        bytes.append(contentsOf: "null".utf8)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ flag: Bool) {
        beforeValue()
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    /// Writes an integer.
    public mutating func integer(_ integer: Int64) {
        beforeValue()
        JSONWriter.appendDecimal(integer, to: &bytes)
    }

    /// Writes an integer, or `null` when there is none.
    public mutating func integer(_ integer: Int64?) {
        if let integer { self.integer(integer) } else { null() }
    }

    /// Writes a double as ``JSONWriter`` does (an integral value as an integer, `null` if not
    /// finite).
    public mutating func double(_ double: Double) {
        beforeValue()
        bytes.append(contentsOf: JSONWriter.numberText(double).utf8)
    }

    /// Writes a string, escaped.
    public mutating func string(_ string: String) {
        if !appendQuoted(string, separated: isInArray, closedBy: "\"") {
            beforeValue()
            JSONWriter.writeString(string, to: &bytes)
        }
    }

    /// Writes a string whose contents `appendContents` appends to the output as UTF-8 bytes,
    /// without a `String` in between. The contents are not escaped: they must contain no `"`,
    /// `\` or control character (a debug build checks it).
    public mutating func string(contents appendContents: (inout [UInt8]) -> Void) {
        beforeValue()
        bytes.append(UInt8(ascii: "\""))
        let start = bytes.count
        appendContents(&bytes)
        assert(!bytes[start...].contains(where: JSONWriter.needsEscape), "string contents need escaping")
        bytes.append(UInt8(ascii: "\""))
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
        bytes.append(0x0A)
    }

    // MARK: Layout

    /// The most bytes ``appendQuoted(_:separated:closedBy:)`` assembles on the stack.
    private static let assembledLimit = 256

    /// Appends, in one copy, a string that needs no escaping: first (if `separated`) the
    /// separator ``separate()`` writes, then the string's quote, its bytes and `closing` (its
    /// closing quote, with a key's colon). Each append to the output costs the same whatever
    /// its length, and a key or a short value is four or five of them written one by one, so
    /// they are assembled first. Returns `false`, having written nothing, for a string that
    /// needs escaping or is too long to assemble on the stack.
    private mutating func appendQuoted(_ string: String, separated: Bool, closedBy closing: StaticString) -> Bool {
        let pretty = style == .pretty
        var text = string
        return text.withUTF8 { utf8 in
            let indent = separated && pretty ? depth * 2 : 0
            let total = (separated ? 2 + indent : 0) + 1 + utf8.count + closing.utf8CodeUnitCount
            guard total <= Self.assembledLimit, !JSONWriter.containsEscapable(utf8) else { return false }
            var comma = false
            if separated {
                comma = innermost.count > 0
                innermost.count += 1
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { buffer in
                guard let start = buffer.baseAddress else { return }
                var end = start
                if separated { Self.writeSeparator(comma: comma, pretty: pretty, indent: indent, at: &end) }
                end.initialize(to: UInt8(ascii: "\""))
                end += 1
                if let text = utf8.baseAddress { end.initialize(from: text, count: utf8.count) }
                end += utf8.count
                end.initialize(from: closing.utf8Start, count: closing.utf8CodeUnitCount)
                end += closing.utf8CodeUnitCount
                bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
            }
            return true
        }
    }

    /// Appends, in one copy, the separator ``separate()`` writes and then `text` (a key made
    /// once: ``Key``).
    private mutating func appendSeparated(_ text: UnsafeBufferPointer<UInt8>) {
        let pretty = style == .pretty
        let indent = pretty ? depth * 2 : 0
        let comma = innermost.count > 0
        let total = (comma ? 1 : 0) + (pretty ? 1 + indent : 0) + text.count
        guard total <= Self.assembledLimit else {
            separate()
            bytes.append(contentsOf: text)
            return
        }
        innermost.count += 1
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { buffer in
            guard let start = buffer.baseAddress else { return }
            var end = start
            Self.writeSeparator(comma: comma, pretty: pretty, indent: indent, at: &end)
            if let source = text.baseAddress { end.initialize(from: source, count: text.count) }
            end += text.count
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
        }
    }

    /// Writes at `end` (and moves it past) what ``separate()`` appends: a comma after a previous
    /// element, then in the pretty style a line break and `indent` spaces.
    @inline(__always)
    private static func writeSeparator(comma: Bool, pretty: Bool, indent: Int, at end: inout UnsafeMutablePointer<UInt8>) {
        if comma {
            end.initialize(to: UInt8(ascii: ","))
            end += 1
        }
        if pretty {
            end.initialize(to: 0x0A)
            end += 1
            end.initialize(repeating: UInt8(ascii: " "), count: indent)
            end += indent
        }
    }

    /// Before any value: inside an array, separates it from the previous element (inside an
    /// object, the key did that already).
    @inline(__always)
    private mutating func beforeValue() {
        if isInArray { separate() }
    }

    /// Whether the innermost open container is an array (a value there needs a separator).
    private var isInArray: Bool { depth > 0 && !innermost.isObject }

    /// Before an array element or an object member: a comma after the previous one, then the
    /// pretty style's line break and indentation.
    private mutating func separate() {
        if innermost.count > 0 { bytes.append(UInt8(ascii: ",")) }
        innermost.count += 1
        newline(indent: depth)
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
        if container.count > 0 { newline(indent: depth) }
        bytes.append(bracket)
    }

    private mutating func newline(indent: Int) {
        guard style == .pretty else { return }
        JSONWriter.appendNewline(indent: indent, to: &bytes)
    }
}
