/// How the plugin's Electron side was built into the app: its policy and packaging choices.
public struct ElectronPluginBuild: Sendable, Hashable {
    /// The logic policy (``PluginPolicy/electron`` decides everything this side does).
    public var policy: PluginPolicy
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

    /// Creates a build.
    public init(
        policy: PluginPolicy, openAtLogin: Bool = true, linuxAutostartEntry: Bool = false,
        freshness: FreshnessPolicy? = nil
    ) {
        self.policy = policy
        self.freshness = freshness ?? FreshnessPolicy(staleAction: policy.electron.staleActionDefault)
        self.openAtLogin = openAtLogin
        self.linuxAutostartEntry = linuxAutostartEntry
    }

    /// Creates a build of a profile's preset.
    public init(
        profile: PluginProfile, openAtLogin: Bool = true, linuxAutostartEntry: Bool = false,
        freshness: FreshnessPolicy? = nil
    ) {
        self.init(policy: .preset(profile), openAtLogin: openAtLogin, linuxAutostartEntry: linuxAutostartEntry, freshness: freshness)
    }

    /// How early on the wall clock a notification timer may fire and still be shown under
    /// ``PluginPolicy/TimerCheck/wallClock``: timers keep their delay (E1), so a network time
    /// correction after arming makes one fire early by the correction; anything earlier than
    /// this is re-planned for its wall time.
    public static let earlyToleranceMillis: Int64 = 1_000

    /// The prefix of the notification timers' tags.
    public static let notifyTagPrefix = "notify"
    /// The prefix of the prefetch timers' tags.
    public static let prefetchTagPrefix = "prefetch"
}
