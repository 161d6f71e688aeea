import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// What a finished run of any platform hands to ``RunResultBuilder``: the OS's delivery log,
/// the intent-derived plan, and the state at the end, in platform-neutral terms.
struct WorldOutcome {
    /// One notification the plugin asked the OS to show, and what the OS did with it.
    struct Post {
        var time: SimInstant
        var slot: String
        var pluginLocalDate: String?
        var title: String
        var body: String
        /// The fetched content version shown, if any.
        var contentVersion: Int?
        /// When that content was fetched (true time), if any.
        var contentFetchedAt: SimInstant?
        /// `nil` when shown; otherwise why the OS did not show it (with the rule id).
        var suppressedBecause: String?
    }

    var scenario: Scenario
    var parameters: [(key: String, value: String)]
    var posts: [Post]
    var planner: OccurrencePlanner
    var zoneTimeline: [(from: SimInstant, zone: Zone)]
    var errors: [RunResult.APIError]
    var statusSnapshots: [(at: SimInstant, fields: [(String, String)])]
    var trace: TraceRecorder
    var eventCount: Int
    /// Occurrences (`slot@localDate`) the OS holds armed at the end.
    var armedOccurrences: [String]
    /// Occurrences (`slot@localDate`) the plugin's store expects to be armed next.
    var expectedNext: [String]
    /// Slot ids the plugin's store knows.
    var storedSlots: [String]
    /// What the result needs from the trace, indexed as the run went.
    var index: RunIndex
    /// The content server of the run.
    var server: ContentServer
    /// The plugin's freshness rules.
    var freshness: FreshnessPolicy
}
