/// A strict RFC 8259 JSON parser with precise error positions.
///
/// Accepted: exactly one JSON value surrounded by optional whitespace (space, tab, LF, CR),
/// optionally preceded by a UTF-8 byte order mark. Rejected, each with its own message: empty
/// input, comments, trailing commas, leading zeros, `NaN`/`Infinity`, unescaped control
/// characters and invalid escapes in strings, lone UTF-16 surrogates in `\u` escapes, invalid
/// UTF-8, nesting deeper than ``maximumDepth``, a key repeated within one object, and anything
/// but whitespace after the value.
///
/// Numbers: a number whose value is an integer fitting `Int64` becomes ``JSONValue/integer(_:)``
/// (decided exactly from the decimal text, so `1.0` and `1e3` are integers too); every other
/// number becomes ``JSONValue/double(_:)``, converted by `Double(String)`, which rounds
/// correctly. A number too large for `Double` is an error.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted; the top-level container is depth 1.
    public static let maximumDepth = 256

    /// Parses one JSON document from UTF-8 bytes.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var state = State(bytes: Array(bytes))
        return try state.parseDocument()
    }

    /// Parses one JSON document from text.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(text.utf8)
    }

    /// A step of the path from the root to the value being parsed.
    private enum PathStep {
        case key(String)
        case index(Int)
    }

    /// The parse position and the path to the current value.
    private struct State {
        let bytes: [UInt8]
        /// The offset of the first byte of the document proper (after a byte order mark).
        var start = 0
        var position = 0
        var depth = 0
        var path: [PathStep] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        // MARK: Document and values

        mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                start = 3
                position = 3
            }
            if position == bytes.count {
                throw error("the input is empty", at: position)
            }
            skipWhitespace()
            if position == bytes.count {
                throw error("the input contains only whitespace", at: position)
            }
            let value = try parseValue()
            skipWhitespace()
            if position < bytes.count {
                throw error(
                    "expected the end of the input after the top-level value, found \(found(at: position))",
                    at: position
                )
            }
            return value
        }

        mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
            guard position < bytes.count else {
                throw error("expected a value, found the end of the input", at: position)
            }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                return try parseObject()
            case UInt8(ascii: "["):
                return try parseArray()
            case UInt8(ascii: "\""):
                return .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return try parseNumber()
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                return .null
            default:
                throw error("expected a value, found \(foundWord(at: position))", at: position)
            }
        }

        mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
            let count = literal.utf8CodeUnitCount
            let matches = literal.withUTF8Buffer { expected in
                position + count <= bytes.count
                    && expected.elementsEqual(bytes[position ..< position + count])
            }
            guard matches else {
                throw error("expected a value, found \(foundWord(at: position))", at: position)
            }
            position += count
        }

        mutating func enterContainer() throws(JSONSyntaxError) {
            depth += 1
            if depth > JSONParser.maximumDepth {
                throw error(
                    "nesting is deeper than the maximum of \(JSONParser.maximumDepth) arrays and objects",
                    at: position
                )
            }
        }

        mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
            try enterContainer()
            position += 1  // {
            var object = JSONObject()
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                return .object(object)
            }
            if peek() != UInt8(ascii: "\"") {
                throw error("expected a string key or '}', found \(found(at: position))", at: position)
            }
            while true {
                let keyPosition = position
                let key = try parseString()
                if object.position(ofKey: key) != nil {
                    let pointer = currentPointer()
                    let place = pointer.isRoot ? "the top-level object" : "the object at \(pointer)"
                    throw error(
                        "duplicate key \"\(JSONWriter.escapedContents(key))\" in \(place)",
                        at: keyPosition
                    )
                }
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else {
                    let name = JSONWriter.escapedContents(key)
                    throw error("expected ':' after the key \"\(name)\", found \(found(at: position))", at: position)
                }
                position += 1
                skipWhitespace()
                path.append(.key(key))
                let value = try parseValue()
                path.removeLast()
                object.appendNewMember(key: key, value: value)
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","):
                    let commaPosition = position
                    position += 1
                    skipWhitespace()
                    switch peek() {
                    case UInt8(ascii: "\""):
                        continue
                    case UInt8(ascii: "}"):
                        throw error("trailing comma before '}'", at: commaPosition)
                    default:
                        throw error(
                            "expected a string key after ',', found \(found(at: position))",
                            at: position
                        )
                    }
                case UInt8(ascii: "}"):
                    position += 1
                    depth -= 1
                    return .object(object)
                default:
                    throw error(
                        "expected ',' or '}' after an object member, found \(found(at: position))",
                        at: position
                    )
                }
            }
        }

        mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
            try enterContainer()
            position += 1  // [
            var elements: [JSONValue] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                position += 1
                depth -= 1
                return .array(elements)
            }
            while true {
                path.append(.index(elements.count))
                let element = try parseValue()
                path.removeLast()
                elements.append(element)
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","):
                    let commaPosition = position
                    position += 1
                    skipWhitespace()
                    if peek() == UInt8(ascii: "]") {
                        throw error("trailing comma before ']'", at: commaPosition)
                    }
                case UInt8(ascii: "]"):
                    position += 1
                    depth -= 1
                    return .array(elements)
                default:
                    throw error(
                        "expected ',' or ']' after an array element, found \(found(at: position))",
                        at: position
                    )
                }
            }
        }

        // MARK: Strings

        /// Parses a string whose opening quote is at `position`.
        mutating func parseString() throws(JSONSyntaxError) -> String {
            let openingQuote = position
            position += 1
            let contentStart = position
            // Fast path: no escapes. Validates UTF-8 and control characters as it goes.
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    let text = String(decoding: bytes[contentStart ..< position], as: UTF8.self)
                    position += 1
                    return text
                } else if byte == UInt8(ascii: "\\") {
                    break
                } else if byte < 0x20 {
                    throw controlCharacterError(byte, openingQuote: openingQuote)
                } else if byte < 0x80 {
                    position += 1
                } else {
                    position += try utf8SequenceLength()
                }
            }
            if position == bytes.count {
                throw error("unterminated string", at: openingQuote)
            }
            // Slow path: the string has escapes.
            var buffer = Array(bytes[contentStart ..< position])
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return String(decoding: buffer, as: UTF8.self)
                } else if byte == UInt8(ascii: "\\") {
                    try parseEscape(into: &buffer, openingQuote: openingQuote)
                } else if byte < 0x20 {
                    throw controlCharacterError(byte, openingQuote: openingQuote)
                } else if byte < 0x80 {
                    buffer.append(byte)
                    position += 1
                } else {
                    let length = try utf8SequenceLength()
                    buffer.append(contentsOf: bytes[position ..< position + length])
                    position += length
                }
            }
            throw error("unterminated string", at: openingQuote)
        }

        /// A raw control character in a string. A line break most likely means that the closing
        /// quote is missing, so that case is reported at the opening quote.
        func controlCharacterError(_ byte: UInt8, openingQuote: Int) -> JSONSyntaxError {
            if byte == 0x0A || byte == 0x0D {
                return error("unterminated string: line break before the closing quote", at: openingQuote)
            }
            return error(
                "unescaped control character \(scalarName(UInt32(byte))) in a string",
                at: position
            )
        }

        /// Parses the escape sequence whose backslash is at `position`, appending its UTF-8.
        mutating func parseEscape(into buffer: inout [UInt8], openingQuote: Int) throws(JSONSyntaxError) {
            let escapeStart = position
            guard position + 1 < bytes.count else {
                throw error("unterminated string", at: openingQuote)
            }
            let letter = bytes[position + 1]
            position += 2
            switch letter {
            case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                let unit = try hexQuad(escapeStart: escapeStart)
                var scalarValue = UInt32(unit)
                if (0xD800 ... 0xDBFF).contains(unit) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    let nextEscape = position
                    guard position + 1 < bytes.count,
                        bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    else {
                        throw error("unpaired surrogate \(escapeText(unit)) in a string", at: escapeStart)
                    }
                    position += 2
                    let low = try hexQuad(escapeStart: nextEscape)
                    guard (0xDC00 ... 0xDFFF).contains(low) else {
                        throw error("unpaired surrogate \(escapeText(unit)) in a string", at: escapeStart)
                    }
                    scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                } else if (0xDC00 ... 0xDFFF).contains(unit) {
                    throw error("unpaired surrogate \(escapeText(unit)) in a string", at: escapeStart)
                }
                // Valid: surrogates were handled above.
                let scalar = Unicode.Scalar(scalarValue)!
                buffer.append(contentsOf: UTF8.encode(scalar)!)
            default:
                let shown = describeEscapeLetter(at: escapeStart + 1)
                throw error("invalid escape sequence '\\\(shown)' in a string", at: escapeStart)
            }
        }

        /// Reads the four hex digits after `\u` at `position`.
        mutating func hexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt16 {
            var value: UInt16 = 0
            for offset in 0 ..< 4 {
                guard position + offset < bytes.count, let digit = hexValue(bytes[position + offset]) else {
                    throw error("invalid \\u escape: expected four hexadecimal digits", at: escapeStart)
                }
                value = value << 4 | UInt16(digit)
            }
            position += 4
            return value
        }

        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }

        func escapeText(_ unit: UInt16) -> String {
            let hex = String(unit, radix: 16, uppercase: true)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }

        func describeEscapeLetter(at offset: Int) -> String {
            let byte = bytes[offset]
            if byte >= 0x21 && byte < 0x7F {
                return String(UnicodeScalar(byte))
            }
            if let (scalar, _) = decodeScalar(at: offset), scalar.value >= 0x80 {
                return String(scalar)
            }
            return scalarName(UInt32(byte))
        }

        /// Validates the multi-byte UTF-8 sequence at `position` and returns its length.
        func utf8SequenceLength() throws(JSONSyntaxError) -> Int {
            guard let (_, length) = decodeScalar(at: position) else {
                throw error("invalid UTF-8 in a string", at: position)
            }
            return length
        }

        /// Decodes the well-formed UTF-8 sequence at `offset`, or returns `nil` if it is not one.
        func decodeScalar(at offset: Int) -> (Unicode.Scalar, Int)? {
            guard offset < bytes.count else { return nil }
            let lead = bytes[offset]
            let length: Int
            var value: UInt32
            var secondRange: ClosedRange<UInt8> = 0x80 ... 0xBF
            switch lead {
            case 0x00 ... 0x7F:
                return (Unicode.Scalar(lead), 1)
            case 0xC2 ... 0xDF:
                length = 2
                value = UInt32(lead & 0x1F)
            case 0xE0 ... 0xEF:
                length = 3
                value = UInt32(lead & 0x0F)
                if lead == 0xE0 { secondRange = 0xA0 ... 0xBF }
                if lead == 0xED { secondRange = 0x80 ... 0x9F }
            case 0xF0 ... 0xF4:
                length = 4
                value = UInt32(lead & 0x07)
                if lead == 0xF0 { secondRange = 0x90 ... 0xBF }
                if lead == 0xF4 { secondRange = 0x80 ... 0x8F }
            default:
                return nil
            }
            guard offset + length <= bytes.count else { return nil }
            for index in 1 ..< length {
                let byte = bytes[offset + index]
                let range: ClosedRange<UInt8> = index == 1 ? secondRange : 0x80 ... 0xBF
                guard range.contains(byte) else { return nil }
                value = value << 6 | UInt32(byte & 0x3F)
            }
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return (scalar, length)
        }

        // MARK: Numbers

        func isDigit(_ offset: Int) -> Bool {
            offset < bytes.count && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
        }

        mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
            let numberStart = position
            let negative = bytes[position] == UInt8(ascii: "-")
            if negative {
                position += 1
                guard isDigit(position) else {
                    throw error("expected a digit after '-', found \(found(at: position))", at: position)
                }
            }
            let integerStart = position
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
                if isDigit(position) {
                    throw error("leading zeros are not allowed in numbers", at: numberStart)
                }
            } else {
                while isDigit(position) { position += 1 }
            }
            let integerEnd = position
            var fractionStart = position
            var fractionEnd = position
            if peek() == UInt8(ascii: ".") {
                position += 1
                guard isDigit(position) else {
                    throw error(
                        "expected a digit after the decimal point, found \(found(at: position))",
                        at: position
                    )
                }
                fractionStart = position
                while isDigit(position) { position += 1 }
                fractionEnd = position
            }
            var exponent = 0
            let hasExponent = peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E")
            if hasExponent {
                position += 1
                var exponentNegative = false
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                    exponentNegative = bytes[position] == UInt8(ascii: "-")
                    position += 1
                }
                guard isDigit(position) else {
                    throw error("expected a digit in the exponent, found \(found(at: position))", at: position)
                }
                while isDigit(position) {
                    // Clamped: any exponent this large decides the outcome on its own.
                    exponent = min(exponent * 10 + Int(bytes[position] - UInt8(ascii: "0")), 1_000_000)
                    position += 1
                }
                if exponentNegative { exponent = -exponent }
            }

            if fractionStart == fractionEnd && !hasExponent {
                // Plain integer literal: accumulate negatively so that Int64.min is reachable.
                var value: Int64 = 0
                var overflow = false
                for offset in integerStart ..< integerEnd {
                    let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
                    let (next, overflow2) = shifted.subtractingReportingOverflow(
                        Int64(bytes[offset] - UInt8(ascii: "0"))
                    )
                    if overflow1 || overflow2 {
                        overflow = true
                        break
                    }
                    value = next
                }
                if !overflow {
                    if negative { return .integer(value) }
                    if value != .min { return .integer(-value) }
                }
            } else if let integer = exactInteger(
                negative: negative,
                digitRanges: [integerStart ..< integerEnd, fractionStart ..< fractionEnd],
                exponent: exponent - (fractionEnd - fractionStart)
            ) {
                return .integer(integer)
            }
            let text = String(decoding: bytes[numberStart ..< position], as: UTF8.self)
            guard let double = Double(text), double.isFinite else {
                throw error("the number \(text) is too large to represent", at: numberStart)
            }
            return .double(double)
        }

        /// The value of `±digits × 10^exponent` if it is an integer that fits `Int64`.
        func exactInteger(negative: Bool, digitRanges: [Range<Int>], exponent: Int) -> Int64? {
            var digits: [UInt8] = []
            for range in digitRanges {
                for offset in range {
                    let digit = bytes[offset] - UInt8(ascii: "0")
                    if digits.isEmpty && digit == 0 { continue }  // leading zeros
                    digits.append(digit)
                }
            }
            var exponent = exponent
            while let last = digits.last, last == 0 {
                digits.removeLast()
                exponent += 1
            }
            if digits.isEmpty { return 0 }
            if exponent < 0 || digits.count + exponent > 19 { return nil }
            // Accumulate negatively so that Int64.min is reachable.
            var value: Int64 = 0
            for digit in digits + Array(repeating: 0, count: exponent) {
                let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (next, overflow2) = shifted.subtractingReportingOverflow(Int64(digit))
                if overflow1 || overflow2 { return nil }
                value = next
            }
            if negative { return value }
            return value == .min ? nil : -value
        }

        // MARK: Positions and messages

        func peek() -> UInt8? {
            position < bytes.count ? bytes[position] : nil
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        func currentPointer() -> JSONPointer {
            JSONPointer(tokens: path.map { step in
                switch step {
                case .key(let key): key
                case .index(let index): String(index)
                }
            })
        }

        /// An error at byte `offset`, with its line and column computed from the start.
        func error(_ message: String, at offset: Int) -> JSONSyntaxError {
            var line = 1
            var column = 1
            var index = start
            while index < offset {
                let byte = bytes[index]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte == 0x0D {
                    if index + 1 < bytes.count && bytes[index + 1] == 0x0A {
                        // CRLF: the LF ends the line.
                    } else {
                        line += 1
                        column = 1
                    }
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
            return JSONSyntaxError(line: line, column: column, message: message, pointer: currentPointer())
        }

        /// The character at `offset` for a "found ..." message: `'x'`, `"'"`, `the end of the input`.
        func found(at offset: Int) -> String {
            guard offset < bytes.count else { return "the end of the input" }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "'") { return "\"'\"" }
            if byte >= 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
            if byte < 0x80 { return "the control character \(scalarName(UInt32(byte)))" }
            guard let (scalar, _) = decodeScalar(at: offset) else {
                return "the invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))"
            }
            return "'\(scalar)' (\(scalarName(scalar.value)))"
        }

        /// Like `found(at:)`, but a run of ASCII letters is shown whole (`'NaN'`, `'nul'`).
        func foundWord(at offset: Int) -> String {
            var end = offset
            while end < bytes.count, end - offset < 20 {
                let byte = bytes[end]
                let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                guard isLetter else { break }
                end += 1
            }
            if end - offset > 1 {
                return "'\(String(decoding: bytes[offset ..< end], as: UTF8.self))'"
            }
            return found(at: offset)
        }

        func scalarName(_ value: UInt32) -> String {
            let hex = String(value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }
}
