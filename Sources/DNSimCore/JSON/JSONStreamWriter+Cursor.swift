extension JSONStreamWriter {
    /// Writes one whole value (an object whose members the caller knows, such as a run result's
    /// delivery) into room reserved once, through a ``Cursor``: the same bytes the writer's own
    /// calls would write, without a capacity check, a uniqueness check and a call per piece.
    ///
    /// `maximum` bounds the bytes `write` writes (the value's own, not the separator before it);
    /// every cursor write checks that it fits, and stops the process when it does not (a
    /// `maximum` too small is a programming error, never bad input). ``Cursor/room(forStrings:)``
    /// gives the room of the strings.
    ///
    /// ```swift
    /// writer.value(reserving: 256 + JSONStreamWriter.Cursor.room(forStrings: name.utf8.count)) { cursor in
    ///     cursor.object { cursor in
    ///         cursor.key(nameKey); cursor.string(name)
    ///         cursor.key(sizeKey); cursor.integer(size)
    ///     }
    /// }
    /// ```
    public mutating func value(reserving maximum: Int, _ write: (inout Cursor) -> Void) {
        let separator = takeSeparator(isInArray)
        let depth = depth
        let pretty = style == .pretty
        // The cursor may write scratch bytes just past the value's end (it writes short
        // pieces a word at a time): room for them comes on top of `maximum`.
        let room = maximum + Cursor.scratchRoom
        output.write(reserving: separator.maximumCount + room) { start in
            var end = start
            separator.write(at: &end)
            var cursor = Cursor(position: end, limit: end + room, pretty: pretty, depth: depth)
            write(&cursor)
            return cursor.position - start
        }
    }

    /// Writes one value into room reserved by ``JSONStreamWriter/value(reserving:_:)``, piece by
    /// piece as the writer would: open objects with ``object(_:)``, give each member's
    /// ``key(_:)`` and then its value.
    public struct Cursor {
        /// Where the next byte goes.
        @usableFromInline var position: UnsafeMutablePointer<UInt8>
        /// The end of the reserved room.
        @usableFromInline let limit: UnsafeMutablePointer<UInt8>
        /// Whether the writer's style is ``JSONWriter/Style/pretty``.
        @usableFromInline let pretty: Bool
        /// How many containers are open, the writer's among them.
        @usableFromInline var depth: Int
        /// How many members the innermost object opened here has so far.
        @usableFromInline var count = 0

        @usableFromInline
        init(position: UnsafeMutablePointer<UInt8>, limit: UnsafeMutablePointer<UInt8>, pretty: Bool, depth: Int) {
            self.position = position
            self.limit = limit
            self.pretty = pretty
            self.depth = depth
        }

        /// The most bytes a string of `count` UTF-8 bytes takes quoted and escaped (each byte at
        /// most a six-byte `\u00xx`, and the quotes). For several strings, the room of their
        /// summed count covers their contents; each takes two bytes more for its quotes.
        @inlinable
        public static func room(forStrings count: Int) -> Int { 6 * count + 2 }

        /// How many scratch bytes a write may put past the end of what it writes: short strings,
        /// short keys and indentation are written a word or two at a time.
        @usableFromInline static let scratchRoom = 16

        /// Checks that `count` more bytes fit in the reserved room.
        @inlinable @inline(__always)
        mutating func reserve(_ count: Int) {
            precondition(limit - position >= count, "JSONStreamWriter.Cursor: the value is longer than the room reserved")
        }

        /// Writes one byte.
        @inlinable @inline(__always)
        mutating func put(_ byte: UInt8) {
            position.pointee = byte
            position += 1
        }

        /// Writes a line break and the indentation of a member `depth` containers deep (pretty
        /// style): the spaces eight at a time, so it may write up to seven scratch bytes past
        /// them (each write reserves ``lineBreakRoom`` for it).
        @inlinable @inline(__always)
        mutating func breakLine() {
            put(0x0A)
            let end = position + 2 * depth
            let spaces: UInt64 = 0x2020_2020_2020_2020
            var word = UnsafeMutableRawPointer(position)
            word.storeBytes(of: spaces, as: UInt64.self)
            word += 8
            while word < UnsafeMutableRawPointer(end) {
                word.storeBytes(of: spaces, as: UInt64.self)
                word += 8
            }
            position = end
        }

        /// The room a line break and its indentation take, with the scratch bytes of
        /// ``breakLine()``.
        @inlinable @inline(__always)
        var lineBreakRoom: Int { 1 + 2 * depth + 8 }

        /// Writes an object: `{`, the members `body` writes, `}` (on a line of its own in the
        /// pretty style, `{}` when empty).
        @inlinable @inline(__always)
        public mutating func object(_ body: (inout Cursor) -> Void) {
            reserve(1)
            put(UInt8(ascii: "{"))
            let outer = count
            count = 0
            depth += 1
            body(&self)
            depth -= 1
            reserve(1 + lineBreakRoom)
            if count > 0 && pretty { breakLine() }
            put(UInt8(ascii: "}"))
            count = outer
        }

        /// Starts a member of the innermost object; its value comes next. Keys must come in
        /// ascending UTF-8 byte order, as for ``JSONStreamWriter/key(_:)-(Key)``.
        @inlinable @inline(__always)
        public mutating func key(_ key: Key) {
            let text = pretty ? key.pretty : key.compact
            reserve(1 + lineBreakRoom + Swift.max(text.count, Self.scratchRoom))
            if count > 0 { put(UInt8(ascii: ",")) }
            if pretty { breakLine() }
            if text.count <= 16 {
                // Two words (the key's first sixteen bytes, scratch past its length).
                let words = pretty ? key.prettyWords : key.compactWords
                let raw = UnsafeMutableRawPointer(position)
                raw.storeBytes(of: words.0, as: UInt64.self)
                raw.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
            } else {
                text.withUnsafeBufferPointer { bytes in
                    if let source = bytes.baseAddress { position.update(from: source, count: bytes.count) }
                }
            }
            position += text.count
            count += 1
        }

        /// Writes an integer, or `null` when there is none.
        @inlinable @inline(__always)
        public mutating func integer(_ integer: Int64?) {
            guard let integer else { return null() }
            reserve(20)
            position += DecimalDigits.write(integer, to: position)
        }

        /// Writes `null`.
        @inlinable @inline(__always)
        public mutating func null() {
            reserve(4)
            for byte in "null".utf8 { put(byte) }
        }

        /// Writes a string, escaped.
        @inlinable @inline(__always)
        public mutating func string(_ string: String) {
            if let words = UTF8Bytes.shortStringWords(of: string) {
                // A short string's bytes are its words: tested and copied as two words (the
                // bytes past its length read as a letter, and written as scratch).
                let count = Int(truncatingIfNeeded: words.1 >> 56 & 0xF)
                let letters: UInt64 = 0x4141_4141_4141_4141
                let low: UInt64 = count >= 8 ? ~0 : (1 << (8 * UInt64(count))) &- 1
                let high: UInt64 = count <= 8 ? 0 : (1 << (8 * UInt64(count - 8))) &- 1
                if !JSONWriter.wordContainsEscapable(words.0 & low | letters & ~low),
                    !JSONWriter.wordContainsEscapable(words.1 & high | letters & ~high)
                {
                    reserve(2 + Self.scratchRoom)
                    put(UInt8(ascii: "\""))
                    let raw = UnsafeMutableRawPointer(position)
                    raw.storeBytes(of: words.0, as: UInt64.self)
                    raw.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
                    position += count
                    put(UInt8(ascii: "\""))
                    return
                }
            }
            var text = string
            text.withUTF8 { utf8 in
                reserve(utf8.count + 2)
                if JSONWriter.containsEscapable(utf8) {
                    reserve(Self.room(forStrings: utf8.count))
                    position = JSONWriter.writeQuotedEscaped(utf8, at: position)
                    return
                }
                put(UInt8(ascii: "\""))
                if let source = utf8.baseAddress { position.update(from: source, count: utf8.count) }
                position += utf8.count
                put(UInt8(ascii: "\""))
            }
        }

        /// Writes a string whose contents `write` writes at the pointer it is given: at most
        /// `maximum` bytes, returning how many. The contents are not escaped: they must contain
        /// no `"`, `\` or control character (a debug build checks it).
        @inlinable @inline(__always)
        public mutating func string(reserving maximum: Int, contents write: (UnsafeMutablePointer<UInt8>) -> Int) {
            reserve(maximum + 2)
            put(UInt8(ascii: "\""))
            let written = write(position)
            precondition(written <= maximum, "string contents longer than reserved")
            assert(!UnsafeBufferPointer(start: position, count: written).contains(where: JSONWriter.needsEscape), "string contents need escaping")
            position += written
            put(UInt8(ascii: "\""))
        }
    }
}
