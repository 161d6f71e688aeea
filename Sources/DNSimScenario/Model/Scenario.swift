import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// One scripted scenario: the device, the plugin build, a timeline of steps, and what must hold.
///
/// Decoded from a scenario file by ``ScenarioDecoder``; the format is documented in
/// `docs/scenario-format.md` and `schema/scenario.schema.json`.
public struct Scenario: Sendable {
    /// A stable id, such as `android/daily-basic`.
    public var id: String
    /// A one-line title.
    public var title: String
    /// Free text.
    public var description: String
    /// The seed §4 row this scenario belongs to ("Swipe from recents", "Device reboot", …).
    public var row: String
    /// The platform.
    public var platform: ScenarioPlatform
    /// The device profile name (`android-stock`, `android-aggressive-oem`).
    public var deviceProfile: String
    /// The OS API level (Android) or major version.
    public var osVersion: Int
    /// The device's time zone at the start; absolute step times are read in this zone.
    public var zone: Zone
    /// The start, as a local time in ``zone``.
    public var start: LocalDateTime
    /// The start instant.
    public var startInstant: SimInstant
    /// The end instant.
    public var endInstant: SimInstant
    /// The run seed.
    public var seed: UInt64
    /// The plugin's logic: a profile's preset, or a policy file (``PluginOptions/policyFile``,
    /// `--policy`).
    public var policy: PluginPolicy
    /// The profile whose preset ``policy`` is, or `nil` for a policy of the user's own.
    public var profile: PluginProfile? { PluginProfile(rawValue: policy.name) }
    /// Plugin build options.
    public var plugin: PluginOptions
    /// OS parameter overrides.
    public var os: OSOptions
    /// The timeline, in time order.
    public var steps: [ScenarioStep]
    /// What the OS should do, in words (the "OS Expected" column).
    public var osExpected: String
    /// What the plugin should do, in words (the "Plugin Expected" column).
    public var pluginExpected: String
    /// Machine-checked assertions.
    public var checks: [ScenarioCheck]
    /// The checks expected to fail under each plugin profile, by profile name: findings about
    /// that profile's plugin logic (a seed claim the seeds' plan gets wrong), not regressions.
    /// A run whose failing checks are exactly its profile's findings went as expected.
    public var expectedFindings: [String: [String]] = [:]
    /// The content server.
    public var server = ContentServerParameters()

    /// Plugin build options of a scenario.
    public struct PluginOptions: Sendable, Hashable {
        /// Whether a BOOT_COMPLETED receiver is declared.
        public var bootReceiver = true
        /// Whether receivers are direct-boot aware.
        public var directBootAware = false
        /// The app's targetSdkVersion.
        public var targetSdk = 34
        /// Whether the manifest declares SCHEDULE_EXACT_ALARM (the user-grantable permission, A22).
        public var scheduleExactAlarm = true
        /// Whether the manifest declares USE_EXACT_ALARM (granted at install, not revocable, A21).
        public var useExactAlarm = false
        /// iOS: whether the refresh identifier is in BGTaskSchedulerPermittedIdentifiers.
        public var taskIdentifierInInfoPlist = true
        /// Electron: whether the app registers to open at login (macOS, Windows).
        public var openAtLogin = true
        /// Electron: whether the Linux package installs an autostart entry.
        public var linuxAutostartEntry = false
        /// Freshness overrides (`nil` keeps the policy's default).
        public var ttlSeconds: Int64?
        /// What happens to a stale occurrence.
        public var staleAction: FreshnessPolicy.StaleAction?
        /// Minutes before each slot for the single prefetch attempt.
        public var prefetchLeadMinutes: Int?
        /// `plugin.policy`: a policy file, relative to the scenario file, that replaces the
        /// profile's preset (resolved by ``ScenarioPolicyResolver``).
        public var policyFile: String?

        /// The freshness rules with `staleAction` as the default stale action and these overrides.
        public func freshness(defaultStaleAction: FreshnessPolicy.StaleAction) -> FreshnessPolicy {
            var policy = FreshnessPolicy(staleAction: defaultStaleAction)
            if let ttlSeconds { policy.ttlSeconds = ttlSeconds }
            if let staleAction { policy.staleAction = staleAction }
            if let prefetchLeadMinutes { policy.prefetchLeadMinutes = prefetchLeadMinutes }
            return policy
        }
    }

    /// OS parameter overrides of a scenario; `nil` keeps the model default.
    public struct OSOptions: Sendable, Hashable {
        /// SCHEDULE_EXACT_ALARM at start (default: the API level's new-install default).
        public var exactAlarmGranted: Bool?
        /// POST_NOTIFICATIONS at start.
        public var postNotificationsGranted: Bool?
        /// A4's deferral allowance in percent.
        public var inexactDeferralPercent: Int?
        /// The contested "an update clears alarms" option (A17; default false).
        public var updateClearsAlarms: Bool?
        /// Android: whether PendingIntents survive a force stop below API 35 (A59; default false).
        public var pendingIntentsSurviveForceStop: Bool?
        /// Electron: whether timers' remaining delay freezes during sleep (E3; default true).
        public var timersPauseDuringSleep: Bool?
        /// iOS: the authorization status at the start (default authorized).
        public var authorization: String?
        /// iOS: the keep policy past 64 pending requests (I1).
        public var keepPolicy: String?
        /// iOS: what happens to a notification due while the device is off.
        public var missedWhileOff: String?
        /// iOS: the delivery drift bound in ms (S6; default 0).
        public var deliveryDriftMs: Int64?
        /// iOS: the chance (percent) a refresh request ever runs (I15).
        public var refreshRunPercent: Int?
        /// iOS: how a calendar trigger resolves a nonexistent local time (I5).
        public var nonexistentTimePolicy: String?
    }

    /// The freshness rules of the run: the policy's default stale action on this platform, with
    /// the scenario's overrides.
    public var freshness: FreshnessPolicy {
        let stale: FreshnessPolicy.StaleAction
        switch platform {
        case .android: stale = policy.android.staleActionDefault
        case .ios: stale = policy.ios.staleActionDefault
        case .electron: stale = policy.electron.staleActionDefault
        }
        return plugin.freshness(defaultStaleAction: stale)
    }

    /// The same scenario played under another profile and seed.
    public func with(profile: PluginProfile? = nil, seed: UInt64? = nil) -> Scenario {
        var copy = self
        if let profile { copy.policy = .preset(profile) }
        if let seed { copy.seed = seed }
        return copy
    }

    /// The same scenario played under another policy.
    public func with(policy: PluginPolicy) -> Scenario {
        var copy = self
        copy.policy = policy
        return copy
    }
}

/// The platforms the scenario format names.
public enum ScenarioPlatform: String, CaseIterable, Sendable {
    /// Android: AlarmManager, broadcasts, force stop, reboot.
    case android
    /// iOS: UNUserNotificationCenter, BGTaskScheduler, force-quit, reboot.
    case ios
    /// Electron: notifications only while running, timers, start on login, sleep.
    case electron
}
