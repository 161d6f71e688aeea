extension JSONStreamWriter {
    /// An object member's key, quoted, escaped and closed once (`"name": ` in the pretty style,
    /// `"name":` in the compact one): for a writer that writes the same keys many times, such as
    /// a run result's thousands of deliveries, so that each write is a copy of its bytes.
    ///
    /// ```swift
    /// static let slot = JSONStreamWriter.Key("slot")
    /// writer.key(slot)
    /// ```
    public struct Key: Sendable {
        /// The key.
        public let name: String
        /// The key as the pretty style writes it.
        @usableFromInline let pretty: [UInt8]
        /// The key as the compact style writes it.
        @usableFromInline let compact: [UInt8]
        /// The first sixteen bytes of ``pretty`` as two words (zeros past its end), which a
        /// ``Cursor`` writes in two stores when the key is that short.
        @usableFromInline let prettyWords: (UInt64, UInt64)
        /// The first sixteen bytes of ``compact`` as two words.
        @usableFromInline let compactWords: (UInt64, UInt64)

        /// The key `name`.
        public init(_ name: String) {
            self.name = name
            var pretty: [UInt8] = []
            JSONWriter.writeString(name, closedBy: "\": ", to: &pretty)
            var compact: [UInt8] = []
            JSONWriter.writeString(name, closedBy: "\":", to: &compact)
            self.pretty = pretty
            self.compact = compact
            prettyWords = Self.words(pretty)
            compactWords = Self.words(compact)
        }

        /// The first sixteen of `bytes` as two words, as they lie in memory (zeros past the end).
        private static func words(_ bytes: [UInt8]) -> (UInt64, UInt64) {
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { raw in
                for (position, byte) in bytes.prefix(16).enumerated() { raw[position] = byte }
            }
            return words
        }
    }
}
