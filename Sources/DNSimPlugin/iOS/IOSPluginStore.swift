/// The plugin's iOS sandbox data: the shared schedule store plus iOS bookkeeping.
public struct IOSPluginStore: Sendable {
    /// Slots and history (shared with Android).
    public var core = PluginStore()
    /// The earliestBeginDate (wall ms) of the last submitted refresh request.
    public var lastRefreshEarliest: Int64?
    /// When the last refresh task ran (wall ms).
    public var lastRefreshRun: Int64?
    /// The wall clock at the last time the plugin ran (seed 003's time-jump check, S4).
    public var lastSeenWall: Int64?
    /// Identifiers the plugin added and saw pending at its last reconcile.
    public var armedIdentifiers: [String] = []

    /// Creates an empty store.
    public init() {}
}
