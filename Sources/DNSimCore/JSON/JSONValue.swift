/// One JSON value, as read by ``JSONParser`` and written by ``JSONWriter``.
///
/// Numbers come in two cases. A number whose value is an integer in the `Int64` range is always
/// ``integer(_:)``, however it is spelled (`12`, `12.0` and `1.2e1` all read as `.integer(12)`).
/// Every other number (non-integral, or outside the `Int64` range) is ``double(_:)``.
/// Equality is structural: `.integer(1)` and `.double(1)` are different values, and objects
/// compare equal when they hold the same members in any order (see ``JSONObject``).
public indirect enum JSONValue: Equatable, Sendable {
    /// The literal `null`.
    case null
    /// The literal `true` or `false`.
    case bool(Bool)
    /// A number whose value is an integer that fits `Int64`.
    case integer(Int64)
    /// A number that is non-integral or outside the `Int64` range.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, with its members in source order.
    case object(JSONObject)

    /// The value of the member `key` if this is an object that has one; `nil` otherwise.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self {
            return object[key]
        }
        return nil
    }

    /// The string if this is ``string(_:)``.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer if this is ``integer(_:)``.
    public var int64Value: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The Boolean if this is ``bool(_:)``.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements if this is ``array(_:)``.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object if this is ``object(_:)``.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// What kind of value this is, for messages: `null`, `true`, `false`, `an integer`,
    /// `a number`, `a string`, `an array` or `an object`.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .integer: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A short description of this value for the "found ..." part of an error message:
    /// `a string "abc"` (strings longer than 40 characters are cut and end in `…`),
    /// `the number 12`, `true`, `null`, `an array of 3 items`, `an empty array`, `an object`,
    /// `an empty object`.
    public var describeForError: String {
        switch self {
        case .null:
            return "null"
        case .bool(let value):
            return value ? "true" : "false"
        case .integer(let value):
            return "the number \(value)"
        case .double(let value):
            return "the number \(JSONWriter.numberText(value))"
        case .string(let value):
            let limit = 40
            var shown = value
            var suffix = ""
            if value.count > limit {
                shown = String(value.prefix(limit))
                suffix = "…"
            }
            return "a string \"\(JSONWriter.escapedContents(shown))\(suffix)\""
        case .array(let elements):
            switch elements.count {
            case 0: return "an empty array"
            case 1: return "an array of 1 item"
            default: return "an array of \(elements.count) items"
            }
        case .object(let object):
            return object.isEmpty ? "an empty object" : "an object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// Creates ``null``.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates ``bool(_:)``.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates ``integer(_:)``.
    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates ``double(_:)``, even for an integral literal such as `2.0`.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates ``string(_:)``.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates ``array(_:)``.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates ``object(_:)`` with the members in literal order; a repeated key replaces the
    /// earlier value in place.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}
