/// A key–value pair of strings: an Android extra, an iOS `userInfo` entry.
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
