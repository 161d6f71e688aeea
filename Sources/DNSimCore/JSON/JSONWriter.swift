/// Writes ``JSONValue``s as byte-stable JSON text, the same on every platform.
///
/// - Object keys are always written sorted by their UTF-8 bytes; source order is ignored.
/// - Strings escape `"`, `\` and the control characters U+0000–U+001F (as `\b`, `\f`, `\n`,
///   `\r`, `\t`, or `\u00xx` with lowercase hex); `/` and all non-ASCII text are written as-is.
/// - A double with an integral value within ±2^53 is written as an integer (`2.0` → `2`); other
///   finite doubles use Swift's shortest round-tripping `description` (`0.1`, `1e+300`);
///   non-finite doubles, which JSON cannot represent, are written as `null`. dnsim's own
///   outputs avoid doubles altogether, so their bytes never depend on float formatting.
/// - No trailing newline is written; callers add one where they want it.
public enum JSONWriter {
    /// The layout of the written text.
    public enum Style: Sendable {
        /// Two-space indentation, one array element or object member per line,
        /// `"key": value`, and `{}` / `[]` for empty containers.
        case pretty
        /// No whitespace at all, for JSON Lines.
        case compact
    }

    /// The JSON text of `value`.
    public static func string(_ value: JSONValue, style: Style = .pretty) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, style: style, indent: 0, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, style: Style, indent: Int, to output: inout [UInt8]) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let integer):
            appendDecimal(integer, to: &output)
        case .double(let double):
            output.append(contentsOf: numberText(double).utf8)
        case .string(let string):
            writeString(string, to: &output)
        case .array(let elements):
            if elements.isEmpty {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(style: style, indent: indent + 1, to: &output)
                write(element, style: style, indent: indent + 1, to: &output)
            }
            newline(style: style, indent: indent, to: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.isEmpty {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.membersSortedByKey.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(style: style, indent: indent + 1, to: &output)
                writeString(member.key, closedBy: style == .pretty ? "\": " : "\":", to: &output)
                write(member.value, style: style, indent: indent + 1, to: &output)
            }
            newline(style: style, indent: indent, to: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(style: Style, indent: Int, to output: inout [UInt8]) {
        guard style == .pretty else { return }
        appendNewline(indent: indent, to: &output)
    }

    /// Appends a line break and `indent` levels of the pretty style's indentation: one copy of
    /// a prefix of a line break and 64 spaces for the usual depths.
    @inline(__always)
    static func appendNewline(indent: Int, to output: inout [UInt8]) {
        let lineAndSpaces: StaticString = "\n                                                                "
        let count = 1 + indent * 2
        if count <= lineAndSpaces.utf8CodeUnitCount {
            output.append(contentsOf: UnsafeBufferPointer(start: lineAndSpaces.utf8Start, count: count))
        } else {
            output.append(0x0A)
            appendSpaces(indent * 2, to: &output)
        }
    }

    /// Appends `count` spaces, for the pretty style's indentation (one copy for the usual depths,
    /// which `append(contentsOf: repeatElement(…))` is several times slower at).
    static func appendSpaces(_ count: Int, to output: inout [UInt8]) {
        let spaces: StaticString = "                                "
        var rest = count
        while rest > 0 {
            let chunk = min(rest, spaces.utf8CodeUnitCount)
            output.append(contentsOf: UnsafeBufferPointer(start: spaces.utf8Start, count: chunk))
            rest -= chunk
        }
    }

    /// Appends `string` as a JSON string: quoted, escaped.
    static func writeString(_ string: String, to output: inout [UInt8]) {
        writeString(string, closedBy: "\"", to: &output)
    }

    /// Appends `string` as a JSON string, opened by a quote and escaped, then `closing`: its
    /// closing quote, with an object key's `:` or `: ` after it. The text is scanned once, and a
    /// string that needs no escaping (nearly every one) is copied in one go.
    static func writeString(_ string: String, closedBy closing: StaticString, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = string
        text.withUTF8 { appendEscaped($0, to: &output) }
        output.append(contentsOf: UnsafeBufferPointer(start: closing.utf8Start, count: closing.utf8CodeUnitCount))
    }

    /// Appends the decimal digits of `value` (with a leading `-` when negative), without building
    /// a `String`: the digits are written backwards into a stack buffer, then appended at once.
    static func appendDecimal(_ value: Int64, to output: inout [UInt8]) {
        // 19 digits and a sign cover Int64.min.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var magnitude = value.magnitude
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// Whether a UTF-8 byte must be escaped inside a JSON string.
    @inlinable @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether any of `bytes` ``needsEscape(_:)``: eight bytes at a time, each word tested at
    /// once for a byte below 0x20, a quote and a backslash (the exact zero-byte and less-than
    /// tests of "Bit Twiddling Hacks"), then the last few bytes one by one.
    @usableFromInline
    static func containsEscapable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress.map(UnsafeRawPointer.init) else { return false }
        var position = 0
        while position + 8 <= bytes.count {
            if wordContainsEscapable(base.loadUnaligned(fromByteOffset: position, as: UInt64.self)) { return true }
            position += 8
        }
        while position < bytes.count {
            if needsEscape(bytes[position]) { return true }
            position += 1
        }
        return false
    }

    /// Whether any of the eight bytes of `word` ``needsEscape(_:)``, tested at once (the exact
    /// zero-byte and less-than tests of "Bit Twiddling Hacks": a borrow can only mark a byte above
    /// one that matched).
    @inlinable @inline(__always)
    static func wordContainsEscapable(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let below = (word &- ones &* 0x20) & ~word
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        return (below | hasQuote | hasBackslash) & highs != 0
    }

    /// Writes UTF-8 `bytes` quoted and escaped at `start` (room for
    /// ``JSONStreamWriter/Cursor/room(forStrings:)`` of them) and returns the end of what it wrote.
    @usableFromInline
    static func writeQuotedEscaped(_ bytes: UnsafeBufferPointer<UInt8>, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var escaped: [UInt8] = [UInt8(ascii: "\"")]
        appendEscaped(bytes, to: &escaped)
        escaped.append(UInt8(ascii: "\""))
        escaped.withUnsafeBufferPointer { if let source = $0.baseAddress { start.update(from: source, count: $0.count) } }
        return start + escaped.count
    }

    static func appendEscaped(_ string: String, to output: inout [UInt8]) {
        var text = string
        text.withUTF8 { appendEscaped($0, to: &output) }
    }

    /// Appends UTF-8 `bytes` escaped, each run that needs no escaping copied in one go.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for position in bytes.indices where needsEscape(bytes[position]) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
            appendEscape(of: bytes[position], to: &output)
            runStart = position + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// Appends the escape sequence of one byte that ``needsEscape(_:)`` selects.
    private static func appendEscape(of byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            output.append(contentsOf: "u00".utf8)
            output.append(hexDigits.utf8Start[Int(byte >> 4)])
            output.append(hexDigits.utf8Start[Int(byte & 0x0F)])
        }
    }

    /// `string` quoted for a message, escaped as in JSON and cut after its first 40 characters
    /// (with `…` and its length in bytes) when longer than 48: a value from a file can be
    /// megabytes long.
    public static func quotedExcerpt(_ string: String) -> String {
        guard string.utf8.count > 48, string.count > 48 else { return "\"\(escapedContents(string))\"" }
        return "\"\(escapedContents(String(string.prefix(40))))…\" (\(string.utf8.count) bytes)"
    }

    /// The contents of `string` as written between the quotes of a JSON string.
    public static func escapedContents(_ string: String) -> String {
        var output: [UInt8] = []
        appendEscaped(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The JSON text of a double: an integer within ±2^53 if integral, Swift's shortest
    /// `description` otherwise, `null` if not finite.
    static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        // Int64(value) truncates, so converting back gives `value` only if it is integral. (This
        // also avoids `rounded(_:)`, which calls libm's `trunc`; the library does not link libm.)
        if value.magnitude <= 9_007_199_254_740_992, Double(Int64(value)) == value {
            return String(Int64(value))
        }
        return value.description
    }
}
