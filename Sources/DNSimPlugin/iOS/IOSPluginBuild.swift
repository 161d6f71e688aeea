/// How the plugin's iOS side was built into the app.
public struct IOSPluginBuild: Sendable, Hashable {
    /// The logic profile.
    public var profile: PluginProfile
    /// The freshness rules (T–lead, TTL-at-fire, stale action).
    public var freshness: FreshnessPolicy
    /// Minutes before each slot at which the BGAppRefresh prefetch should begin (seed 004 T–lead).
    public var prefetchLeadMinutes: Int { freshness.prefetchLeadMinutes }

    /// Whether the refresh identifier is listed in BGTaskSchedulerPermittedIdentifiers; `false`
    /// is the configuration fault of field-failures BGTASK-CONFIG-FAULT (submit → notPermitted, I20).
    public var taskIdentifierInInfoPlist = true

    /// Creates a build.
    public init(profile: PluginProfile, freshness: FreshnessPolicy? = nil) {
        self.profile = profile
        self.freshness = freshness ?? FreshnessPolicy.default(for: profile)
    }

    /// The refresh task identifier (in BGTaskSchedulerPermittedIdentifiers).
    public static let refreshTaskIdentifier = "com.timesafari.dailynotification.fetch"
    /// The prefix of every request identifier the plugin owns.
    public static let requestPrefix = "dn-"

    /// How many days of dated requests the profile keeps pending per slot: `directive` a week
    /// (seed 002's rolling window); `corrected` two weeks, shrunk to fit the 64 budget.
    public var windowDays: Int { profile == .corrected ? 14 : 7 }
    /// Requests the plugin leaves free under the 64 limit for other code in the app.
    public static let reservedForOthers = 4
}
