/// How the plugin's iOS side was built into the app.
public struct IOSPluginBuild: Sendable, Hashable {
    /// The logic policy (``PluginPolicy/ios`` decides everything this side does).
    public var policy: PluginPolicy
    /// The freshness rules (T–lead, TTL-at-fire, stale action).
    public var freshness: FreshnessPolicy
    /// Minutes before each slot at which the BGAppRefresh prefetch should begin (seed 004 T–lead).
    public var prefetchLeadMinutes: Int { freshness.prefetchLeadMinutes }

    /// Whether the refresh identifier is listed in BGTaskSchedulerPermittedIdentifiers; `false`
    /// is the configuration fault of field-failures BGTASK-CONFIG-FAULT (submit → notPermitted, I20).
    public var taskIdentifierInInfoPlist = true

    /// Whether the plugin recognises a re-arming pass that would change nothing
    /// (``IOSDailyNotificationPlugin/PassMemo``). A cost, never a behaviour: tests turn it off to
    /// compare a run with and without it.
    var remembersPasses = true

    /// Creates a build.
    public init(policy: PluginPolicy, freshness: FreshnessPolicy? = nil) {
        self.policy = policy
        self.freshness = freshness ?? FreshnessPolicy(staleAction: policy.ios.staleActionDefault)
    }

    /// Creates a build of a profile's preset.
    public init(profile: PluginProfile, freshness: FreshnessPolicy? = nil) {
        self.init(policy: .preset(profile), freshness: freshness)
    }

    /// The refresh task identifier (in BGTaskSchedulerPermittedIdentifiers).
    public static let refreshTaskIdentifier = "com.timesafari.dailynotification.fetch"
    /// The prefix of every request identifier the plugin owns.
    public static let requestPrefix = "dn-"

    /// How many days of dated requests the policy keeps pending per slot, at most
    /// (``PluginPolicy/IOS/windowDays``).
    public var windowDays: Int { policy.ios.windowDays }
    /// Requests the plugin leaves free under the 64 limit for other code in the app.
    public static let reservedForOthers = 4
    /// How long after its time a request that is still pending is taken to be on its way rather
    /// than lost, by the reconcile: Apple documents no delivery tolerance (I12), and an app
    /// callback can run at the very instant a trigger is due (midnight's significant time
    /// change, I13, and a 00:00 slot). Seed 002's ±180 s tolerance.
    public static let dueToleranceMillis: Int64 = 180_000
}
