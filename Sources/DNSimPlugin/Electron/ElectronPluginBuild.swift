/// How the plugin's Electron side was built into the app: its profile and packaging choices.
public struct ElectronPluginBuild: Sendable, Hashable {
    /// The logic profile.
    public var profile: PluginProfile
    /// Whether the app registers itself to open at login (seed 004 "recommend Start-on-Login"):
    /// it calls `app.setLoginItemSettings({openAtLogin})` at every start, which works on macOS and
    /// Windows only (E2).
    public var openAtLogin: Bool
    /// Whether the Linux package installs an autostart .desktop entry, the only start-on-login
    /// mechanism on Linux (E2).
    public var linuxAutostartEntry: Bool
    /// The freshness rules (T–lead, TTL-at-fire, stale action).
    public var freshness: FreshnessPolicy
    /// Minutes before each slot at which the T–lead prefetch runs (seed 004); 0 turns it off.
    public var prefetchLeadMinutes: Int { freshness.prefetchLeadMinutes }
    /// `corrected`'s missed-occurrence policy: an occurrence found passed by at most this many
    /// minutes (a short sleep, a slow start) is still shown, late and once; an older one is
    /// reported missed in one collapsed report and not shown.
    public var missedGraceMinutes: Int = 5

    /// Creates a build.
    public init(
        profile: PluginProfile, openAtLogin: Bool = true, linuxAutostartEntry: Bool = false,
        freshness: FreshnessPolicy? = nil
    ) {
        self.profile = profile
        self.freshness = freshness ?? FreshnessPolicy.default(for: profile)
        self.openAtLogin = openAtLogin
        self.linuxAutostartEntry = linuxAutostartEntry
    }

    /// The prefix of the notification timers' tags.
    public static let notifyTagPrefix = "notify"
    /// The prefix of the prefetch timers' tags.
    public static let prefetchTagPrefix = "prefetch"
}
