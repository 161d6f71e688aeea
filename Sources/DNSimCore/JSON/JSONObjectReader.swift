/// Reads the members of one JSON object with pointer-aware errors, and reports unknown fields.
///
/// Every accessor records its key as *known*, whether or not the member is present. After
/// reading everything it understands, a decoder calls ``finish(knownKeys:)``, which rejects the
/// first member (in source order) that nobody asked for, listing the known fields and naming the
/// closest one (`did you mean "timeZone"?`); ``unknownFields(knownKeys:)`` returns an error for
/// every such member, for a decoder that reports all problems at once:
///
/// ```swift
/// var step = try JSONObjectReader(value, at: pointer)
/// let at = try step.string("at", expected: #"a local date-time "YYYY-MM-DDTHH:mm""#)
/// let note = try step.optionalString("note")
/// try step.finish()
/// ```
///
/// A missing required member is reported at the object's pointer (found `no "at" member`, with
/// `is "att" a typo for it?` when a member's key is close to it); a member of the wrong type at
/// the member's pointer. The `optional…` accessors return `nil` only
/// for an absent member: an explicit `null` is a type error like any other.
public struct JSONObjectReader: Sendable {
    /// The object being read.
    public let object: JSONObject
    /// Where the object is in the document.
    public let pointer: JSONPointer
    /// Every key asked for, in the order asked, repeats included (an error message lists each
    /// once, in the order first asked). Kept only for the messages.
    private var askedKeys: [String] = []
    /// The positions of the members some asked key names: a member outside it is unknown unless
    /// a decoder names it as known when finishing.
    private var askedMembers = MemberPositions()

    /// Starts reading `value`, which must be an object; otherwise throws with `expected`
    /// (for example `a step object`) at `pointer`.
    public init(
        _ value: JSONValue,
        at pointer: JSONPointer,
        expected: String = "an object"
    ) throws(JSONDecodingError) {
        guard case .object(let object) = value else {
            throw JSONDecodingError(pointer: pointer, expected: expected, found: value.describeForError)
        }
        self.object = object
        self.pointer = pointer
    }

    /// Whether the object has a member `key`. Does not mark the key as known.
    public func has(_ key: String) -> Bool {
        object.position(ofKey: key) != nil
    }

    // MARK: Any value

    /// The value of the required member `key` and its pointer.
    public mutating func value(
        _ key: String,
        expected: String = "a value"
    ) throws(JSONDecodingError) -> (value: JSONValue, pointer: JSONPointer) {
        guard let found = optionalValue(key) else {
            throw missing(key, expected: expected)
        }
        return found
    }

    /// The value of the member `key` and its pointer, or `nil` if there is no such member.
    public mutating func optionalValue(_ key: String) -> (value: JSONValue, pointer: JSONPointer)? {
        guard let value = lookUp(key) else { return nil }
        return (value: value, pointer: pointer.appending(key))
    }

    /// Records `key` as known, as every accessor does, without reading its member: for a field
    /// that is read only under some condition but must never be reported as unknown. Returns
    /// whether the object has the member (as ``has(_:)`` does).
    @discardableResult
    public mutating func markKnown(_ key: String) -> Bool {
        lookUp(key) != nil
    }

    // MARK: Scalars

    /// The required string member `key`.
    public mutating func string(_ key: String, expected: String = "a string") throws(JSONDecodingError) -> String {
        guard let result = try optionalString(key, expected: expected) else {
            throw missing(key, expected: expected)
        }
        return result
    }

    /// The string member `key`, or `nil` if absent.
    public mutating func optionalString(
        _ key: String,
        expected: String = "a string"
    ) throws(JSONDecodingError) -> String? {
        guard let value = lookUp(key) else { return nil }
        guard case .string(let string) = value else {
            throw mismatch(value, at: pointer.appending(key), expected: expected)
        }
        return string
    }

    /// The required integer member `key`. Only ``JSONValue/integer(_:)`` is accepted: a number
    /// such as `1.5` or `1e30` is an error.
    public mutating func int64(_ key: String, expected: String = "an integer") throws(JSONDecodingError) -> Int64 {
        guard let result = try optionalInt64(key, expected: expected) else {
            throw missing(key, expected: expected)
        }
        return result
    }

    /// The integer member `key`, or `nil` if absent (or `null`, when `allowingNull`).
    public mutating func optionalInt64(
        _ key: String,
        allowingNull: Bool = false,
        expected: String = "an integer"
    ) throws(JSONDecodingError) -> Int64? {
        guard let value = lookUp(key) else { return nil }
        if allowingNull, case .null = value { return nil }
        guard case .integer(let integer) = value else {
            throw mismatch(value, at: pointer.appending(key), expected: expected)
        }
        return integer
    }

    /// The required Boolean member `key`.
    public mutating func bool(_ key: String, expected: String = "true or false") throws(JSONDecodingError) -> Bool {
        guard let result = try optionalBool(key, expected: expected) else {
            throw missing(key, expected: expected)
        }
        return result
    }

    /// The Boolean member `key`, or `nil` if absent.
    public mutating func optionalBool(
        _ key: String,
        expected: String = "true or false"
    ) throws(JSONDecodingError) -> Bool? {
        guard let value = lookUp(key) else { return nil }
        guard case .bool(let flag) = value else {
            throw mismatch(value, at: pointer.appending(key), expected: expected)
        }
        return flag
    }

    /// The required string member `key` as a case of `E`; an error lists the allowed values.
    public mutating func enumeration<E: RawRepresentable & CaseIterable>(
        _ key: String,
        as type: E.Type
    ) throws(JSONDecodingError) -> E where E.RawValue == String {
        guard let result = try optionalEnumeration(key, as: type) else {
            throw missing(key, expected: Self.allowedValues(of: type))
        }
        return result
    }

    /// The string member `key` as a case of `E`, or `nil` if absent; an error lists the allowed
    /// values, for example `one of "android", "ios"`.
    public mutating func optionalEnumeration<E: RawRepresentable & CaseIterable>(
        _ key: String,
        as type: E.Type
    ) throws(JSONDecodingError) -> E? where E.RawValue == String {
        guard let value = lookUp(key) else { return nil }
        guard case .string(let string) = value, let result = E(rawValue: string) else {
            var found = value.describeForError
            if case .string(let string) = value {
                found += Suggestion.didYouMean(string, among: type.allCases.map(\.rawValue))
            }
            throw JSONDecodingError(pointer: pointer.appending(key), expected: Self.allowedValues(of: type), found: found)
        }
        return result
    }

    // MARK: Containers

    /// The elements of the required array member `key`, each with its pointer.
    public mutating func array(
        _ key: String,
        expected: String = "an array"
    ) throws(JSONDecodingError) -> [(value: JSONValue, pointer: JSONPointer)] {
        guard let result = try optionalArray(key, expected: expected) else {
            throw missing(key, expected: expected)
        }
        return result
    }

    /// The elements of the array member `key`, each with its pointer, or `nil` if absent.
    public mutating func optionalArray(
        _ key: String,
        expected: String = "an array"
    ) throws(JSONDecodingError) -> [(value: JSONValue, pointer: JSONPointer)]? {
        guard let (value, memberPointer) = optionalValue(key) else { return nil }
        guard case .array(let elements) = value else {
            throw mismatch(value, at: memberPointer, expected: expected)
        }
        return elements.enumerated().map { (value: $0.element, pointer: memberPointer.appending($0.offset)) }
    }

    /// A reader for the required object member `key`.
    public mutating func object(
        _ key: String,
        expected: String = "an object"
    ) throws(JSONDecodingError) -> JSONObjectReader {
        guard let result = try optionalObject(key, expected: expected) else {
            throw missing(key, expected: expected)
        }
        return result
    }

    /// A reader for the object member `key`, or `nil` if absent.
    public mutating func optionalObject(
        _ key: String,
        expected: String = "an object"
    ) throws(JSONDecodingError) -> JSONObjectReader? {
        guard let (value, memberPointer) = optionalValue(key) else { return nil }
        return try JSONObjectReader(value, at: memberPointer, expected: expected)
    }

    // MARK: Finishing

    /// Throws for the first member, in source order, whose key was never asked for and is not
    /// in `extra`. The error points at that member, expects `one of the known fields: a, b, c`
    /// (asked keys and `extra`, sorted by UTF-8 bytes) and found `an unknown field "x"`, followed
    /// by `, did you mean "y"?` when a known field is close (``Suggestion``).
    public func finish(knownKeys extra: [String] = []) throws(JSONDecodingError) {
        if let first = unknownFields(knownKeys: extra).first { throw first }
    }

    /// One error (as ``finish(knownKeys:)`` would throw) for every member, in source order, whose
    /// key was never asked for and is not in `extra`; empty when there is none.
    public func unknownFields(knownKeys extra: [String] = []) -> [JSONDecodingError] {
        // Members an asked key names are known: only the others can be unknown.
        let hasUnknown = object.members.indices.contains { position in
            !askedMembers.contains(position) && !extra.contains { Self.sameKey($0, object.members[position].key) }
        }
        guard hasUnknown else { return [] }
        let known = Self.firstOccurrences(askedKeys) + extra
        var errors: [JSONDecodingError] = []
        for key in object.keys where !known.contains(where: { Self.sameKey($0, key) }) {
            errors.append(
                JSONDecodingError(
                    pointer: pointer.appending(key),
                    expected: Self.knownFieldsDescription(known),
                    found: "an unknown field \(JSONWriter.quotedExcerpt(key))"
                        + Suggestion.didYouMean(key, among: known)
                ))
        }
        return errors
    }

    // MARK: Helpers

    /// Records `key` as asked for and returns its member's value, if any.
    private mutating func lookUp(_ key: String) -> JSONValue? {
        if askedKeys.isEmpty { askedKeys.reserveCapacity(8) }
        askedKeys.append(key)
        guard let position = object.position(ofKey: key) else { return nil }
        askedMembers.insert(position)
        return object.members[position].value
    }

    /// `keys` without repeats, each where it first occurs.
    private static func firstOccurrences(_ keys: [String]) -> [String] {
        var unique: [String] = []
        for key in keys where !unique.contains(where: { sameKey($0, key) }) {
            unique.append(key)
        }
        return unique
    }

    private func missing(_ key: String, expected: String) -> JSONDecodingError {
        let name = "\"\(JSONWriter.escapedContents(key))\""
        // A member whose key is one typo away is most likely the one meant (`timezone`).
        let near = object.keys.first { Suggestion.closest(to: $0, among: [key]) == key }
        let hint = near.map { "; is \"\(JSONWriter.escapedContents($0))\" a typo for it?" } ?? ""
        return JSONDecodingError(
            pointer: pointer,
            expected: "a member \(name) (\(expected))",
            found: "no \(name) member" + hint
        )
    }

    private func mismatch(_ value: JSONValue, at memberPointer: JSONPointer, expected: String) -> JSONDecodingError {
        JSONDecodingError(pointer: memberPointer, expected: expected, found: value.describeForError)
    }

    /// Keys are compared by UTF-8 bytes, as in ``JSONObject``.
    private static func sameKey(_ lhs: String, _ rhs: String) -> Bool {
        UTF8Bytes.equal(lhs, rhs)
    }

    private static func knownFieldsDescription(_ keys: [String]) -> String {
        var unique: [String] = []
        for key in keys where !unique.contains(where: { sameKey($0, key) }) {
            unique.append(key)
        }
        guard !unique.isEmpty else { return "an object with no fields" }
        unique.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return "one of the known fields: " + unique.joined(separator: ", ")
    }

    private static func allowedValues<E: RawRepresentable & CaseIterable>(of type: E.Type) -> String
    where E.RawValue == String {
        let names = type.allCases.map { "\"\(JSONWriter.escapedContents($0.rawValue))\"" }
        return names.count == 1 ? names[0] : "one of " + names.joined(separator: ", ")
    }
}

/// A set of member positions: a bit mask for the first 64, a set for any beyond.
private struct MemberPositions: Sendable {
    private var first64: UInt64 = 0
    private var beyond: Set<Int> = []

    mutating func insert(_ position: Int) {
        if position < 64 {
            first64 |= 1 << UInt64(position)
        } else {
            beyond.insert(position)
        }
    }

    func contains(_ position: Int) -> Bool {
        position < 64 ? first64 & (1 << UInt64(position)) != 0 : beyond.contains(position)
    }
}
