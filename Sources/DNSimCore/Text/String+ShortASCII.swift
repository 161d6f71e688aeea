extension String {
    /// A string of `count` ASCII bytes, which `write` writes at the pointer it is given (exactly
    /// `count` of them, each below 0x80).
    ///
    /// A string of up to 15 bytes is a *small* string on 64-bit platforms: its bytes lie in its
    /// two words, with the count and the small-ASCII flags in the top byte (the stable 64-bit
    /// `String` layout that ``UTF8Bytes/representation(of:)`` reads). Such a string is made
    /// here by writing those words, the bits `String(unsafeUninitializedCapacity:initializingUTF8With:)`
    /// gives, without its call and its validation of the bytes (some 200 instructions: the
    /// dates, times and counts the plugin and the OS models spell on every event are such
    /// strings). A longer one, or one on another platform, is made by that initializer.
    @inlinable @inline(__always)
    public init(ascii count: Int, initializingWith write: (UnsafeMutablePointer<UInt8>) -> Void) {
        #if (arch(x86_64) || arch(arm64)) && _endian(little)
            if count <= 15 && MemoryLayout<String>.size == 16 {
                var words: (UInt64, UInt64) = (0, 0)
                withUnsafeMutableBytes(of: &words) { raw in
                    write(raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self))
                }
                assert(
                    withUnsafeBytes(of: words) { raw in raw.prefix(count).allSatisfy { $0 < 0x80 } && raw[count..<15].allSatisfy { $0 == 0 } },
                    "String(ascii:initializingWith:) wrote other than \(count) ASCII bytes")
                // Immortal, ASCII, small (0b1110), then the count.
                words.1 |= (0xE0 | UInt64(truncatingIfNeeded: count)) << 56
                self = unsafeBitCast(words, to: String.self)
                return
            }
        #endif
        self.init(unsafeUninitializedCapacity: count) { buffer in
            write(buffer.baseAddress.unsafelyUnwrapped)
            return count
        }
    }
}

extension String {
    /// `prefix` followed by `string`: made as a small string (``init(ascii:initializingWith:)``)
    /// when both are ASCII and together at most 15 bytes (a unique work name such as
    /// `prefetch-s12`, made at every delivery), else by concatenation.
    @inlinable
    public init(_ prefix: StaticString, followedBy string: String) {
        let prefixCount = prefix.utf8CodeUnitCount
        if prefix.isASCII, let words = UTF8Bytes.shortStringWords(of: string), let count = UTF8Bytes.asciiCount(words),
            prefixCount + count <= 15
        {
            self.init(ascii: prefixCount + count) { start in
                start.update(from: prefix.utf8Start, count: prefixCount)
                withUnsafeBytes(of: words) { bytes in
                    for position in 0..<count { start[prefixCount + position] = bytes[position] }
                }
            }
            return
        }
        self = prefix.description + string
    }
}
