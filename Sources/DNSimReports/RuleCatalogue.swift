import DNSimPlatforms

/// Looks up the one-line summary of an OS rule id for reports.
enum RuleCatalogue {
    static func summary(of id: String) -> String {
        (OSRule.androidCatalogue + OSRule.iosCatalogue + OSRule.electronCatalogue + OSRule.timeCatalogue).first { $0.id == id }?.summary ?? ""
    }
}
