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
    /// The device's time zone at the last time the plugin ran (seed 003's zone check, S5).
    public var lastSeenZone: String?
    /// The last time (wall ms) the plugin saw notifications authorized with no denial seen
    /// since (I8). A request gone after its time is taken for delivered only if it was due by
    /// then.
    public var authorizedThrough: Int64?
    /// Whether the plugin has seen notifications denied since ``authorizedThrough``.
    public var deniedSeen = false
    /// Identifiers the plugin added and saw pending at its last reconcile, in the order first
    /// added. Change it through ``noteArmed(_:)`` and ``forgetArmed(where:)``, which keep the
    /// index behind ``isArmed(_:)`` in step.
    public private(set) var armedIdentifiers: [String] = []
    /// The members of ``armedIdentifiers``, each with when it was due (device wall ms) as it
    /// stood when last armed, if known: a floating request follows the zone (I4), so this is
    /// the time the system fires it unless the zone moves again before then.
    private var armedDue = IdentifierMap<Int64?>()
    /// How many times the armed list or a due in it has changed. Two equal readings mean the
    /// list and its dues are as they were (the plugin's re-arming memo, ``IOSDailyNotificationPlugin/PassMemo``,
    /// reads it to know that a pass would note nothing new).
    public private(set) var armedRevision = 0

    /// Creates an empty store.
    public init() {}

    /// Whether `identifier` is in ``armedIdentifiers``.
    public func isArmed(_ identifier: String) -> Bool { armedDue[identifier] != nil }

    /// When the armed request `identifier` was due as it stood when last armed (wall ms).
    public func armedDue(_ identifier: String) -> Int64? { armedDue[identifier] ?? nil }

    /// Adds `identifier` to ``armedIdentifiers`` unless it is there already, and records when it
    /// is due now (`due`, wall ms), if known.
    public mutating func noteArmed(_ identifier: String, due: Int64? = nil) {
        switch armedDue.updateValue(due, forKey: identifier) {
        case nil:
            armedIdentifiers.append(identifier)
            armedRevision += 1
        case let old? where old != due:
            armedRevision += 1
        case _?:
            break
        }
    }

    /// Removes the armed identifiers that satisfy `shouldForget`.
    public mutating func forgetArmed(where shouldForget: (String) -> Bool) {
        // Most calls forget nothing (every armed request is still pending): the list is
        // rebuilt only from the first identifier forgotten.
        guard let first = armedIdentifiers.firstIndex(where: shouldForget) else { return }
        armedRevision += 1
        var kept = Array(armedIdentifiers[..<first])
        armedDue.removeValue(forKey: armedIdentifiers[first])
        for identifier in armedIdentifiers[(first + 1)...] {
            if shouldForget(identifier) {
                armedDue.removeValue(forKey: identifier)
            } else {
                kept.append(identifier)
            }
        }
        armedIdentifiers = kept
    }
}
