import DNSimPlatforms

/// Looks up the one-line summary of an OS rule id for reports.
enum RuleCatalogue {
    /// Every catalogued rule's summary by id, built once.
    private static let summaries: [String: String] = {
        var summaries: [String: String] = [:]
        // The first rule with an id wins, as a search of the catalogues in this order finds it.
        for rule in OSRule.androidCatalogue + OSRule.iosCatalogue + OSRule.electronCatalogue + OSRule.timeCatalogue
        where summaries[rule.id] == nil {
            summaries[rule.id] = rule.summary
        }
        return summaries
    }()

    /// The summary of the rule `id`, or "" for an id no catalogue has.
    static func summary(of id: String) -> String { summaries[id] ?? "" }
}
