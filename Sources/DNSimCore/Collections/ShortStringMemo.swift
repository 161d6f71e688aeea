/// A small direct-mapped table from short strings (up to 15 UTF-8 bytes: slot ids, names) to
/// what a caller found for them lately, in front of the caller's own dictionary.
///
/// A short string's bytes are its two words (``UTF8Bytes/shortStringWords(of:)``), so an entry
/// is found by comparing two words instead of hashing the text and probing a table: what
/// code that looks the same few dozen ids up at every event (a run's slots, named in turn)
/// needs. Each string has one line (a multiplicative mix of its words); a string whose line
/// holds another is a miss, which the caller answers from its dictionary and remembers here.
/// Equal words are equal bytes, so a hit is the caller's answer for exactly those bytes.
public struct ShortStringMemo<Value> {
    /// By line: the words of the string remembered there, and its value (`nil`: empty).
    @usableFromInline var lines: [(words: (UInt64, UInt64), value: Value)?] = []
    /// log2 of the number of lines.
    @usableFromInline let lineBits: Int

    /// A memo of 2^`lineBits` lines (allocated on the first ``remember(_:for:)``): a few times
    /// more lines than strings in use keeps them from sharing one.
    public init(lineBits: Int) {
        precondition((1...16).contains(lineBits), "lineBits out of range")
        self.lineBits = lineBits
    }

    /// The value remembered for `string`, if it is a short string remembered in its line.
    @inlinable @inline(__always)
    public func value(for string: String) -> Value? {
        guard !lines.isEmpty, let words = UTF8Bytes.shortStringWords(of: string), let entry = lines[line(of: words)],
            entry.words == words
        else { return nil }
        return entry.value
    }

    /// Remembers `value` for `string` in its line (replacing what the line held); a string that
    /// is not short is not remembered.
    @inlinable
    public mutating func remember(_ value: Value, for string: String) {
        guard let words = UTF8Bytes.shortStringWords(of: string) else { return }
        if lines.isEmpty { lines = Array(repeating: nil, count: 1 << lineBits) }
        lines[line(of: words)] = (words, value)
    }

    /// The line of a string with representation `words`: the top ``lineBits`` bits of a mix.
    @inlinable @inline(__always)
    func line(of words: (UInt64, UInt64)) -> Int {
        Int(truncatingIfNeeded: ((words.0 ^ words.1) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - lineBits))
    }
}

extension ShortStringMemo: Sendable where Value: Sendable {}
