/// A short string (at most 15 UTF-8 bytes, held in the string itself) kept as its two words: a
/// plain value, stored, copied and dropped without reference counting, that gives back the
/// very same `String`.
///
/// A table of many such entries (a cache of formatted dates) costs nothing to copy or free,
/// where one of `String`s has each entry's strings released one by one. Only a short string
/// has a value (``UTF8Bytes/shortStringWords(of:)``): its words are its bytes and count, and
/// hold no reference.
public struct ShortStringValue: Sendable {
    @usableFromInline let words: (UInt64, UInt64)

    /// The value of `string`, or `nil` when it is not a short string (too long, or held in a
    /// buffer; always on platforms whose strings are not two words).
    @inlinable
    public init?(_ string: String) {
        // The small-string layout these words come from is the 64-bit little-endian one.
        #if (arch(x86_64) || arch(arm64)) && _endian(little)
            guard let words = UTF8Bytes.shortStringWords(of: string) else { return nil }
            self.words = words
        #else
            return nil
        #endif
    }

    /// The string.
    @inlinable
    public var string: String { unsafeBitCast(words, to: String.self) }
}
