import DNSimPlatforms

/// Looks up the one-line summary of an OS rule id for reports.
enum RuleCatalogue {
    /// Every catalogued rule's summary by id, built once (ids are unique: a test pins it).
    private static let summaries = Dictionary(uniqueKeysWithValues: OSRule.catalogue.map { ($0.id, $0.summary) })

    /// The summary of the rule `id`, or "" for an id no catalogue has.
    static func summary(of id: String) -> String { summaries[id] ?? "" }
}
