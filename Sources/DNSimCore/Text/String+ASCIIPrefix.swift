extension String {
    /// Whether this string begins with `prefix`, an ASCII string: the same answer as
    /// `hasPrefix(_:)`, read from the UTF-8 bytes where that is exact.
    ///
    /// An ASCII character is canonically equivalent to itself alone, so a string whose bytes do
    /// not begin with the prefix's does not begin with the prefix. When they do, the answer is
    /// yes unless the next character could join the prefix's last one into one grapheme (a
    /// non-ASCII scalar such as a combining mark, or `\n` after `\r`); only then is the
    /// character-wise `hasPrefix` asked. Hot identifier checks use this: `hasPrefix` walks
    /// grapheme clusters.
    @inlinable
    public func hasASCIIPrefix(_ prefix: String) -> Bool {
        // 0: no; 1: yes; 2: ask `hasPrefix`. Both are read in place (a native string's buffer is
        // lent without a copy or a retain); a string with no contiguous UTF-8 asks `hasPrefix`.
        let answer =
            utf8.withContiguousStorageIfAvailable { bytes in
                prefix.utf8.withContiguousStorageIfAvailable { head -> Int in
                    guard bytes.count >= head.count else { return 0 }
                    for position in head.indices {
                        assert(head[position] < 0x80, "hasASCIIPrefix needs an ASCII prefix")
                        if bytes[position] != head[position] { return 0 }
                    }
                    guard bytes.count > head.count else { return 1 }
                    let next = bytes[head.count]
                    let last = head.last ?? 0
                    return next < 0x80 && !(last == 0x0D && next == 0x0A) ? 1 : 2
                }
            } ?? nil
        return answer == 1 || (answer != 0 && hasPrefix(prefix))
    }
}
