extension String {
    /// The fields of this string between occurrences of `separator`, an ASCII character, splitting
    /// at most `maxSplits` times and keeping empty fields: the same answer as
    /// `split(separator:maxSplits:omittingEmptySubsequences: false).map(String.init)`, read from
    /// the UTF-8 bytes where that is exact.
    ///
    /// `split` walks grapheme clusters, which made it most of the cost of parsing an Electron
    /// timer tag. An all-ASCII string's characters are its bytes, bar `\r\n`, which is one
    /// character; so for a separator other than `\r` and `\n` its fields are cut at the
    /// separator's byte. A string with any non-ASCII byte could hold a separator joined to a
    /// combining mark, which is not a separator character; only then, or for a line-break
    /// separator, is `split` asked.
    public func splitKeepingEmpty(separator: Character, maxSplits: Int) -> [String] {
        guard let separatorByte = separator.asciiValue, separatorByte != 0x0A, separatorByte != 0x0D else {
            precondition(maxSplits >= 0, "maxSplits must not be negative")
            return characterSplit(separator: separator, maxSplits: maxSplits)
        }
        return splitKeepingEmpty(asciiSeparator: separatorByte, maxSplits: maxSplits)
    }

    /// ``splitKeepingEmpty(separator:maxSplits:)`` at an ASCII separator given as its byte
    /// (not a line break): what a caller with a fixed separator uses, since reading a
    /// `Character`'s ASCII value costs more than splitting a short string.
    public func splitKeepingEmpty(asciiSeparator separatorByte: UInt8, maxSplits: Int) -> [String] {
        precondition(maxSplits >= 0, "maxSplits must not be negative")
        precondition(separatorByte < 0x80 && separatorByte != 0x0A && separatorByte != 0x0D, "not an ASCII separator other than a line break")
        var string = self
        let fields = string.withUTF8 { bytes -> [String]? in
            var fields: [String] = []
            // Room for every field a short split can make, so the list is allocated once.
            fields.reserveCapacity(Swift.min(maxSplits, 7) + 1)
            var start = 0
            var position = 0
            while position < bytes.count {
                let byte = bytes[position]
                if byte >= 0x80 { return nil }
                if byte == separatorByte && fields.count < maxSplits {
                    fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
                    start = position + 1
                }
                position += 1
            }
            fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]), as: UTF8.self))
            return fields
        }
        return fields ?? characterSplit(separator: Character(Unicode.Scalar(separatorByte)), maxSplits: maxSplits)
    }

    /// `fields` joined by `separator`, an ASCII byte: the inverse of
    /// ``splitKeepingEmpty(separator:maxSplits:)`` for fields without the separator. The bytes
    /// are copied into one string of the final size: appending string to string checks each
    /// seam for a character that joins across it, and cost the Electron plugin more than the
    /// rest of arming a timer.
    public static func joining(_ fields: [String], separator: UInt8) -> String {
        var total = Swift.max(fields.count - 1, 0)
        for field in fields { total += field.utf8.count }
        return String(unsafeUninitializedCapacity: total) { buffer in
            var position = 0
            for (index, field) in fields.enumerated() {
                if index > 0 {
                    buffer[position] = separator
                    position += 1
                }
                let copied = field.utf8.withContiguousStorageIfAvailable { bytes in
                    guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
                    (target + position).update(from: source, count: bytes.count)
                }
                if copied == nil {
                    for (offset, byte) in field.utf8.enumerated() { buffer[position + offset] = byte }
                }
                position += field.utf8.count
            }
            return position
        }
    }

    /// `split` by characters, the reference answer.
    private func characterSplit(separator: Character, maxSplits: Int) -> [String] {
        split(separator: separator, maxSplits: maxSplits, omittingEmptySubsequences: false).map(String.init)
    }
}
