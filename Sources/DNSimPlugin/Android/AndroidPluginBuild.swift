import DNSimPlatforms

/// How the plugin's Android side was built into the app: its policy and manifest choices.
public struct AndroidPluginBuild: Sendable, Hashable {
    /// The logic policy (``PluginPolicy/android`` decides everything this side does).
    public var policy: PluginPolicy
    /// Whether the manifest declares the BOOT_COMPLETED receiver.
    public var bootReceiver: Bool
    /// Whether the receivers are direct-boot aware.
    public var directBootAware: Bool
    /// The app's targetSdkVersion.
    public var targetSdk: Int
    /// Whether the manifest declares SCHEDULE_EXACT_ALARM (A22).
    public var declaresScheduleExactAlarm = true
    /// Whether the manifest declares USE_EXACT_ALARM (A21).
    public var declaresUseExactAlarm = false
    /// The freshness rules (T–lead, TTL-at-fire, stale action).
    public var freshness: FreshnessPolicy
    /// Minutes before each slot at which content is prefetched (seed 004 T–lead); 0 turns it off.
    public var prefetchLeadMinutes: Int { freshness.prefetchLeadMinutes }

    /// How many days of each slot are armed ahead (``PluginPolicy/Android/windowDays``).
    public var rollingWindowDays: Int { policy.android.windowDays }

    /// Creates a build.
    public init(
        policy: PluginPolicy, bootReceiver: Bool = true, directBootAware: Bool = false, targetSdk: Int = 34,
        freshness: FreshnessPolicy? = nil
    ) {
        self.policy = policy
        self.freshness = freshness ?? FreshnessPolicy(staleAction: policy.android.staleActionDefault)
        self.bootReceiver = bootReceiver
        self.directBootAware = directBootAware
        self.targetSdk = targetSdk
    }

    /// Creates a build of a profile's preset.
    public init(
        profile: PluginProfile, bootReceiver: Bool = true, directBootAware: Bool = false, targetSdk: Int = 34,
        freshness: FreshnessPolicy? = nil
    ) {
        self.init(
            policy: .preset(profile), bootReceiver: bootReceiver, directBootAware: directBootAware, targetSdk: targetSdk,
            freshness: freshness)
    }

    /// `ACTION_SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED` (A24).
    public static let exactAlarmPermissionStateChanged =
        "android.app.action.SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED"

    /// The broadcast action of the plugin's notification alarms.
    public static let notifyAction = "com.timesafari.dailynotification.NOTIFY"

    /// The manifest this build produces: BOOT_COMPLETED (seed 000 §1.1) when the build has the
    /// boot receiver, and the receivers the policy declares.
    public var manifest: AndroidManifest {
        var actions: Set<String> = []
        if bootReceiver {
            actions.insert(AndroidIntent.bootCompleted)
            if directBootAware { actions.insert(AndroidIntent.lockedBootCompleted) }
        }
        if policy.android.timeChangeReceivers == .declared {
            actions.insert(AndroidIntent.timeSet)
            actions.insert(AndroidIntent.timezoneChanged)
        }
        if policy.android.packageReplacedReceiver == .declared { actions.insert(AndroidIntent.myPackageReplaced) }
        if policy.android.exactPermissionReceiver == .declared {
            actions.insert(AndroidPluginBuild.exactAlarmPermissionStateChanged)
        }
        return AndroidManifest(
            receiverActions: actions, directBootAware: directBootAware, declaresScheduleExactAlarm: declaresScheduleExactAlarm,
            declaresUseExactAlarm: declaresUseExactAlarm, targetSdk: targetSdk)
    }
}
