import DNSimPlatforms

/// How the plugin's Android side was built into the app: its profile and manifest choices.
public struct AndroidPluginBuild: Sendable, Hashable {
    /// The logic profile.
    public var profile: PluginProfile
    /// Whether the manifest declares the BOOT_COMPLETED receiver.
    public var bootReceiver: Bool
    /// Whether the receivers are direct-boot aware.
    public var directBootAware: Bool
    /// The app's targetSdkVersion.
    public var targetSdk: Int
    /// The freshness rules (T–lead, TTL-at-fire, stale action).
    public var freshness: FreshnessPolicy
    /// Minutes before each slot at which content is prefetched (seed 004 T–lead); 0 turns it off.
    public var prefetchLeadMinutes: Int { freshness.prefetchLeadMinutes }
    /// `corrected`'s missed-occurrence policy: an occurrence found passed by at most this many
    /// minutes (a clock correction racing the alarm) is still delivered, late and
    /// once; an older one is reported missed in one collapsed report and not posted.
    public var missedGraceMinutes: Int = 5

    /// How many days of each slot are armed ahead: `as-found` re-arms one at a time (a chain);
    /// the seeds' plan and `corrected` keep today and tomorrow armed (seed 004 rolling window).
    public var rollingWindowDays: Int { profile == .asFound ? 1 : 2 }

    /// Creates a build.
    public init(
        profile: PluginProfile, bootReceiver: Bool = true, directBootAware: Bool = false, targetSdk: Int = 34,
        freshness: FreshnessPolicy? = nil
    ) {
        self.profile = profile
        self.freshness = freshness ?? FreshnessPolicy.default(for: profile)
        self.bootReceiver = bootReceiver
        self.directBootAware = directBootAware
        self.targetSdk = targetSdk
    }

    /// `ACTION_SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED` (A24).
    public static let exactAlarmPermissionStateChanged =
        "android.app.action.SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED"

    /// The broadcast action of the plugin's notification alarms.
    public static let notifyAction = "com.timesafari.dailynotification.NOTIFY"

    /// The manifest this build produces. `as-found` declares only BOOT_COMPLETED (seed 000 §1.1);
    /// the others also listen for clock and zone changes (seed 004 §re-arm).
    public var manifest: AndroidManifest {
        var actions: Set<String> = []
        if bootReceiver {
            actions.insert(AndroidIntent.bootCompleted)
            if directBootAware { actions.insert(AndroidIntent.lockedBootCompleted) }
        }
        if profile != .asFound {
            actions.insert(AndroidIntent.timeSet)
            actions.insert(AndroidIntent.timezoneChanged)
            actions.insert(AndroidIntent.myPackageReplaced)
            actions.insert(AndroidPluginBuild.exactAlarmPermissionStateChanged)
        }
        return AndroidManifest(receiverActions: actions, directBootAware: directBootAware, targetSdk: targetSdk)
    }
}
