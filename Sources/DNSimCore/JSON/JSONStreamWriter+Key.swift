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
        let pretty: [UInt8]
        /// The key as the compact style writes it.
        let compact: [UInt8]

        /// The key `name`.
        public init(_ name: String) {
            self.name = name
            var pretty: [UInt8] = []
            JSONWriter.writeString(name, closedBy: "\": ", to: &pretty)
            var compact: [UInt8] = []
            JSONWriter.writeString(name, closedBy: "\":", to: &compact)
            self.pretty = pretty
            self.compact = compact
        }
    }
}
