import DNSimCore

extension ResultJSON {
    /// The keys of the members every delivery and every missed or suppressed occurrence has,
    /// made once (``JSONStreamWriter/Key``): a device-year writes each of them thousands of times.
    enum MemberKey {
        static let ageMs = JSONStreamWriter.Key("ageMs")
        static let body = JSONStreamWriter.Key("body")
        static let content = JSONStreamWriter.Key("content")
        static let deliveredAt = JSONStreamWriter.Key("deliveredAt")
        static let latenessMs = JSONStreamWriter.Key("latenessMs")
        static let localDate = JSONStreamWriter.Key("localDate")
        static let plannedAt = JSONStreamWriter.Key("plannedAt")
        static let reason = JSONStreamWriter.Key("reason")
        static let slot = JSONStreamWriter.Key("slot")
        static let title = JSONStreamWriter.Key("title")
        static let version = JSONStreamWriter.Key("version")
    }
}
