import DNSimScenario

/// One kind of thing that can happen to a device in an explored world: a fault of the OS or the
/// environment, or something the user does (including the user's own plugin API calls).
///
/// Each kind maps to the scenario actions that exist (`docs/scenario-format.md`); a template's
/// fault menu lists the kinds it wants with their rates, and each seed switches every listed kind
/// on or off (swarm testing) before drawing its instants.
public enum FaultKind: String, CaseIterable, Sendable, Comparable {
    /// `reboot` with the user unlocking (or logging in) within a couple of minutes.
    case reboot
    /// `reboot` with a long unlock (Android) or login (Electron) delay.
    case rebootLocked
    /// Android: Settings → Force stop.
    case forceStop
    /// Android: swipe from recents; iOS: the user force-quit.
    case swipeFromRecents
    /// The system kills the process (memory).
    case killProcess
    /// Electron: the user quits the app.
    case quitApp
    /// The user opens the app.
    case appLaunch
    /// Android: deep Doze for a while.
    case deviceIdle
    /// Android: a lower standby bucket for a while.
    case standbyBucket
    /// iOS: Low Power Mode for a while.
    case lowPowerMode
    /// iOS: Background App Refresh off for a while.
    case backgroundAppRefresh
    /// Electron: the computer sleeps for a while.
    case systemSleep
    /// The device moves to another zone (travel east or west, across the date line, near DST).
    case zoneChange
    /// The user sets the clock by hand (a jump forward or back).
    case clockJump
    /// A network time correction moves the clock by a little.
    case ntpJitter
    /// The notification permission (Android POST_NOTIFICATIONS, iOS authorization) revoked for a while.
    case notificationPermission
    /// Android: SCHEDULE_EXACT_ALARM revoked for a while.
    case exactAlarm
    /// The app is updated in place.
    case updateApp
    /// The app is uninstalled and reinstalled; the user sets the slots up again.
    case reinstallApp
    /// The network goes down for a while.
    case network
    /// The content server misbehaves for a while.
    case serverFault
    /// iOS: other code of the app adds its own requests (the 64 budget).
    case otherRequests
    /// The user moves a slot to a new time (`scheduleDailyNotification` with the slot's id).
    case reschedule
    /// The user cancels everything, and usually sets the slots up again.
    case cancelAll
    /// The app changes the plugin's settings (`updateSettings`).
    case settings
    /// Android: battery saver on for a while.
    case batterySaver
    /// Android: the user restricts the app's background battery use for a while.
    case backgroundRestricted
    /// Android: the app on the battery-optimisation allowlist for a while.
    case powerAllowlist
    /// Android: the screen off for a while (on battery, deep Doze follows).
    case screenOff
    /// Android: the device on its charger for a while.
    case charging
    /// Android: the app's notification channel blocked for a while.
    case channelBlocked
    /// iOS: the user clears Notification Center.
    case clearDelivered

    public static func < (lhs: FaultKind, rhs: FaultKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The platforms on which the kind exists.
    public var platforms: [ScenarioPlatform] {
        switch self {
        case .forceStop, .deviceIdle, .standbyBucket, .exactAlarm, .batterySaver, .backgroundRestricted, .powerAllowlist, .screenOff,
            .charging, .channelBlocked:
            return [.android]
        case .lowPowerMode, .backgroundAppRefresh, .otherRequests, .clearDelivered: return [.ios]
        case .quitApp, .systemSleep: return [.electron]
        case .rebootLocked: return [.android, .electron]
        case .swipeFromRecents, .killProcess, .notificationPermission, .reinstallApp, .updateApp: return [.android, .ios]
        default: return [.android, .ios, .electron]
        }
    }

    /// Whether the kind is something the user does through the app (an API call or a launch),
    /// rather than a fault of the OS or the environment.
    public var isUserAction: Bool {
        switch self {
        case .appLaunch, .reschedule, .cancelAll, .settings: return true
        default: return false
        }
    }

    /// For a kind that switches something for a `duration`: the scenario action, its field, the
    /// value while the episode lasts and the value it ends with (which the heal also sets).
    var toggle: (action: String, field: String, during: Bool, after: Bool)? {
        switch self {
        case .deviceIdle: return ("setDeviceIdle", "idle", true, false)
        case .lowPowerMode: return ("setLowPowerMode", "on", true, false)
        case .backgroundAppRefresh: return ("setBackgroundAppRefresh", "enabled", false, true)
        case .systemSleep: return ("setSystemSleep", "asleep", true, false)
        case .notificationPermission: return ("setNotificationPermission", "granted", false, true)
        case .network: return ("setNetwork", "available", false, true)
        case .batterySaver: return ("setBatterySaver", "on", true, false)
        case .backgroundRestricted: return ("setBackgroundRestricted", "restricted", true, false)
        case .powerAllowlist: return ("setPowerAllowlist", "allowlisted", true, false)
        case .screenOff: return ("setScreen", "on", false, true)
        case .charging: return ("setCharging", "charging", true, false)
        case .channelBlocked: return ("setChannelBlocked", "blocked", true, false)
        default: return nil
        }
    }

    /// The kind-specific fields a fault entry of this kind accepts (besides the common ones).
    var fields: [String] {
        switch self {
        case .reboot: return ["offFor", "unlockAfter"]
        case .rebootLocked: return ["offFor", "unlockAfter"]
        case .forceStop, .swipeFromRecents, .killProcess, .quitApp: return ["relaunchAfter", "relaunchPercent"]
        case .deviceIdle, .lowPowerMode, .backgroundAppRefresh, .systemSleep, .notificationPermission, .exactAlarm,
            .network, .batterySaver, .backgroundRestricted, .powerAllowlist, .screenOff, .charging, .channelBlocked:
            return ["duration"]
        case .standbyBucket: return ["duration", "buckets"]
        case .serverFault: return ["duration", "serverFaults"]
        case .zoneChange: return ["zones", "nearTransitionPercent"]
        case .clockJump, .ntpJitter: return ["shift"]
        case .otherRequests: return ["count"]
        case .reinstallApp, .cancelAll: return ["resetupAfter", "resetupPercent"]
        case .reschedule: return ["times"]
        case .appLaunch, .updateApp, .settings, .clearDelivered: return []
        }
    }

    /// What the kind does, in words, with the OS rules it exercises.
    public var summary: String {
        switch self {
        case .reboot: return "power off for `offFor`, unlock (or log in) soon after boot (A1, A32, I10, I22, E2)"
        case .rebootLocked: return "power off, then the device stays locked (Android, A33) or logged out (Electron, E2) for `unlockAfter`"
        case .forceStop: return "Settings → Force stop (A26, A27, A36); the user reopens the app after `relaunchAfter`, sometimes"
        case .swipeFromRecents: return "swipe from recents (A30) / iOS force-quit (I18); reopened after `relaunchAfter`, sometimes"
        case .killProcess: return "the system kills the process (A31, I19)"
        case .quitApp: return "Electron: the user quits (E1); reopened after `relaunchAfter`, sometimes"
        case .appLaunch: return "the user opens the app"
        case .deviceIdle: return "deep Doze for `duration` (A37, A38, A10)"
        case .standbyBucket: return "a standby bucket from `buckets` for `duration`, then active (A39, A40)"
        case .lowPowerMode: return "Low Power Mode for `duration` (I21)"
        case .backgroundAppRefresh: return "Background App Refresh off for `duration` (I20)"
        case .systemSleep: return "the computer sleeps for `duration` (E3)"
        case .zoneChange: return "the device zone becomes one of `zones`, sometimes right at one of its DST transitions (A15, I4)"
        case .clockJump: return "the user moves the clock by ± `shift` (A14, I13)"
        case .ntpJitter: return "a network time correction sets the clock to network time, off by ± `shift` (A14, I13): corrections do not add up"
        case .notificationPermission: return "notifications denied for `duration`, then granted (A49, I8)"
        case .exactAlarm: return "SCHEDULE_EXACT_ALARM revoked for `duration`, then granted (A23, A24)"
        case .updateApp: return "an in-place app update (A17, A35, I10)"
        case .reinstallApp: return "uninstall and reinstall; the user sets the slots up again after `resetupAfter`"
        case .network: return "no network for `duration` (A48)"
        case .serverFault: return "the content server answers with one of `serverFaults` for `duration`"
        case .otherRequests: return "iOS: other code adds `count` requests of its own (I1)"
        case .reschedule: return "the user moves a slot to another time (one of `times`, or the template's slot times)"
        case .cancelAll: return "cancelAllNotifications; the user sets the slots up again after `resetupAfter`, sometimes"
        case .settings: return "updateSettings: another prefetch lead and stale action (never the TTL, so the TTL check stays exact)"
        case .batterySaver: return "battery saver on for `duration` (A60): alarms other than alarm clocks restricted while the app is in the background"
        case .backgroundRestricted: return "the app's battery use set to Restricted for `duration` (A62): no alarms in the background but alarm clocks"
        case .powerAllowlist: return "the app on the battery-optimisation allowlist for `duration` (A61): battery saver no longer restricts it"
        case .screenOff: return "the screen off for `duration` (A63, A64): on battery, deep Doze begins after the inactive timeouts; screen on ends it"
        case .charging: return "the device on its charger for `duration` (A10, A39): Doze and bucket limits lifted"
        case .channelBlocked: return "the notification channel blocked for `duration` (A51): posts are dropped silently"
        case .clearDelivered: return "iOS: the user clears Notification Center (I9): absence from the delivered list proves nothing"
        }
    }
}
