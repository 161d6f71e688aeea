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
