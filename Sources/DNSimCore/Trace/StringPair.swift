/// A key–value pair of strings: an Android extra, an iOS `userInfo` entry.
///
/// It lives with the trace because a record about such an item can carry the item's pairs as
/// they are (``TraceRecord/extras``) instead of as details built from them.
public struct StringPair: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The value.
    public var value: String

    /// Creates a pair.
    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

extension StringPair {
    /// Whether `other` holds this pair's key and value with the same representation (then the
    /// pairs are equal; equal pairs may still be represented differently): for code that
    /// reuses an existing list of pairs when it holds exactly what it would build.
    @inlinable
    public func hasSameRepresentation(as other: StringPair) -> Bool {
        UTF8Bytes.sameRepresentation(key, other.key) && UTF8Bytes.sameRepresentation(value, other.value)
    }

    /// Whether this pair is `key` and `value`, with the same representation (see
    /// ``hasSameRepresentation(as:)``).
    @inlinable
    public func hasSameRepresentation(key: String, value: String) -> Bool {
        UTF8Bytes.sameRepresentation(self.key, key) && UTF8Bytes.sameRepresentation(self.value, value)
    }
}

extension Array where Element == StringPair {
    /// The value of the first pair whose key is `key`. Keys compare by their UTF-8 bytes, as an
    /// Android `Bundle` or an iOS `userInfo` compares its keys (Java's `String.equals`,
    /// `NSString`'s `isEqual:`): a key of another length is passed over without comparing text,
    /// which matters to models and the plugin that read an item's extras on every delivery.
    @inlinable
    public func value(forKey key: String) -> String? {
        // By index: each pair is read in place, not copied out (with its two strings) as a
        // `for … in` loop does.
        for index in indices where UTF8Bytes.equal(self[index].key, key) { return self[index].value }
        return nil
    }
}

extension ArraySlice where Element == StringPair {
    /// The value of the first pair whose key is `key`, as ``Swift/Array/value(forKey:)`` finds it.
    @inlinable
    public func value(forKey key: String) -> String? {
        for index in indices where UTF8Bytes.equal(self[index].key, key) { return self[index].value }
        return nil
    }
}
