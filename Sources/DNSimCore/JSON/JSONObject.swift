/// The members of a JSON object, in source order, with unique keys.
///
/// Keys are compared by their exact Unicode scalars (UTF-8 bytes), as JSON requires, not by
/// Swift's canonical-equivalence `String` equality: `"é"` precomposed and decomposed are two
/// different keys. Setting a key that exists replaces its value in place; a new key is appended.
///
/// Two objects are equal when they have the same keys with equal values, in any order.
/// ``JSONWriter`` ignores the order and writes keys sorted by their UTF-8 bytes.
public struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    /// The members in source (insertion) order; keys are unique.
    public private(set) var members: [(key: String, value: JSONValue)]

    /// Key → position in `members`; built only once the object grows past `indexThreshold`.
    private var index: [ByteKey: Int]?

    /// Whether `members` are in ascending UTF-8 key order (kept up to date as members are added
    /// and removed, so the writer sorts only objects that were built out of order).
    private var isSortedByKey = true

    /// Objects with at most this many members are searched linearly.
    private static let indexThreshold = 16

    /// Creates an empty object.
    public init() {
        self.members = []
        self.index = nil
    }

    /// Creates an object from key–value pairs in order; a repeated key replaces the earlier
    /// value in place.
    public init(_ pairs: [(key: String, value: JSONValue)]) {
        self.init()
        members.reserveCapacity(pairs.count)
        for pair in pairs { add(key: pair.key, value: pair.value) }
    }

    /// Adds a pair as the initialisers do. Pairs given in key order (as hot callers give them)
    /// are new keys, appended with one compare and no search: a key after the last of sorted
    /// members is none of them (up to the size at which the object is indexed).
    private mutating func add(key: String, value: JSONValue) {
        if isSortedByKey, index == nil, members.count < Self.indexThreshold,
            members.last.map({ UTF8Bytes.precedes($0.key, key) }) ?? true
        {
            members.append((key: key, value: value))
        } else {
            self[key] = value
        }
    }

    /// The key type of a dictionary literal.
    public typealias Key = String
    /// The value type of a dictionary literal.
    public typealias Value = JSONValue

    /// Creates an object from a dictionary literal, keeping the literal order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init()
        members.reserveCapacity(elements.count)
        for (key, value) in elements { add(key: key, value: value) }
    }

    /// The keys in source order.
    public var keys: [String] { members.map(\.key) }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The value of the member `key`, or `nil` if there is none.
    ///
    /// Setting a value replaces an existing member in place or appends a new one; setting `nil`
    /// removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(ofKey: key) else { return nil }
            return members[position].value
        }
        set {
            if let position = position(ofKey: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                appendNewMember(key: key, value: newValue)
            }
        }
    }

    /// The position of the member `key` in `members`, comparing keys by UTF-8 bytes.
    func position(ofKey key: String) -> Int? {
        if let index {
            return index[ByteKey(key)]
        }
        return members.firstIndex { UTF8Bytes.equal($0.key, key) }
    }

    /// Appends a member whose key the caller knows is not present yet.
    mutating func appendNewMember(key: String, value: JSONValue) {
        if isSortedByKey, let last = members.last, !UTF8Bytes.precedes(last.key, key) { isSortedByKey = false }
        members.append((key: key, value: value))
        if index != nil {
            index![ByteKey(key)] = members.count - 1
        } else if members.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    /// The members ordered by the UTF-8 bytes of their keys.
    var membersSortedByKey: [(key: String, value: JSONValue)] {
        isSortedByKey ? members : members.sorted { UTF8Bytes.precedes($0.key, $1.key) }
    }

    private mutating func rebuildIndex() {
        guard members.count > Self.indexThreshold else {
            index = nil
            return
        }
        var built: [ByteKey: Int] = [:]
        built.reserveCapacity(members.count)
        for (position, member) in members.enumerated() {
            built[ByteKey(member.key)] = position
        }
        index = built
    }

    /// Same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }

    /// A dictionary key that compares and hashes a string by its UTF-8 bytes.
    private struct ByteKey: Hashable {
        let string: String

        init(_ string: String) {
            self.string = string
        }

        static func == (lhs: ByteKey, rhs: ByteKey) -> Bool {
            UTF8Bytes.equal(lhs.string, rhs.string)
        }

        func hash(into hasher: inout Hasher) {
            var copy = string
            copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
}
