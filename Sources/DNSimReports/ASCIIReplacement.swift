import DNSimCore

/// Replaces ASCII characters in text by working on its UTF-8 bytes, for the escaping in
/// ``MarkdownText``.
///
/// The escaping is defined on characters (grapheme clusters): a special character carrying a
/// combining mark, or joined to a prepended mark, is one character that is not special, and
/// `"\r\n"` is one character. Working on bytes gives the same result whenever every special
/// byte stands between ASCII bytes (ASCII characters never join, except CR LF, which is handled
/// here), so ``replacing(in:specials:crlf:_:)`` returns `nil` in any other case and the caller
/// walks the characters.
struct ASCIIReplacement {
    /// The escaped text, or `nil` when a special byte touches a non-ASCII byte.
    ///
    /// - Parameters:
    ///   - specials: the bytes to replace.
    ///   - crlf: what a `"\r\n"` pair becomes (one character, whatever its parts become).
    ///   - replacement: what each special byte becomes.
    static func replacing(
        in text: String, specials: ByteSet, crlf: String, _ replacement: (UInt8) -> String
    ) -> String? {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var position = 0
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            guard specials.contains(byte) else {
                out.append(byte)
                position += 1
                continue
            }
            if position > 0 && bytes[position - 1] >= 0x80 { return nil }
            if position + 1 < count && bytes[position + 1] >= 0x80 { return nil }
            if byte == UInt8(ascii: "\r") && position + 1 < count && bytes[position + 1] == UInt8(ascii: "\n") {
                if position + 2 < count && bytes[position + 2] >= 0x80 { return nil }
                out.append(contentsOf: crlf.utf8)
                position += 2
                continue
            }
            if byte == UInt8(ascii: "\n") && position > 0 && bytes[position - 1] == UInt8(ascii: "\r") {
                // A CR that is not special itself was copied; with this LF it is one character.
                out.removeLast()
                out.append(contentsOf: crlf.utf8)
                position += 1
                continue
            }
            out.append(contentsOf: replacement(byte).utf8)
            position += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
