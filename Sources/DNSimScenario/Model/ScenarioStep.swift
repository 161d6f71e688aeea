import DNSimCalendar
import DNSimCore
import DNSimPlugin

/// One step of a scenario's timeline.
public struct ScenarioStep: Sendable {
    /// When the step happens (true time).
    public var at: SimInstant
    /// What happens.
    public var action: ScenarioAction
    /// Where the step is in the file, for messages.
    public var pointer: JSONPointer
}

/// The user actions, device events and plugin API calls a step can perform.
public enum ScenarioAction: Sendable, Equatable {
    /// The user opens the app from the launcher.
    case launchApp
    /// The user goes to the home screen; the process keeps running.
    case backgroundApp
    /// The user swipes the app away from recents.
    case swipeFromRecents
    /// Settings → Force stop.
    case forceStop
    /// The system kills the process for memory.
    case killProcess
    /// Power off now, on after `offFor`; the user unlocks (Android) or logs in (Electron)
    /// `unlockAfter` the boot, or never.
    case reboot(offFor: SimDuration, unlockAfter: SimDuration?)
    /// The user unlocks the device.
    case unlock
    /// The wall clock is set to a local time in the device's zone, or shifted; by the user
    /// (`manual`) or by a network time correction (`network`).
    case setClock(ClockChange, source: String = "manual")
    /// The device's zone changes.
    case setTimeZone(Zone)
    /// The user grants or revokes the notification permission.
    case setNotificationPermission(granted: Bool)
    /// The app calls `scheduleDailyNotification`.
    case scheduleDailyNotification(DailySlotRequest)
    /// The app calls `cancelAllNotifications`.
    case cancelAllNotifications
    /// The app calls `getNotificationStatus`; the answer is kept for checks.
    case getNotificationStatus
    /// The app calls `getLastNotification`; the answer is kept for checks (`lastSlot`, `lastLocalDate`).
    case getLastNotification
    /// The app calls `configure` (replaces the run-time settings) or `updateSettings` (merges them).
    case applySettings(PluginSettings, replace: Bool)
    /// The device goes idle (deep Doze) or becomes active.
    case setDeviceIdle(Bool)
    /// The device is plugged in or unplugged.
    case setCharging(Bool)
    /// Android: the screen goes on or off (A63–A65).
    case setScreen(on: Bool)
    /// The app's standby bucket changes.
    case setStandbyBucket(String)
    /// The network goes up or down.
    case setNetwork(available: Bool)
    /// The user revokes SCHEDULE_EXACT_ALARM.
    case revokeExactAlarm
    /// The user grants SCHEDULE_EXACT_ALARM.
    case grantExactAlarm
    /// The user blocks or unblocks the app's notification channel.
    case setChannelBlocked(Bool)
    /// The app is updated in place.
    case updateApp
    /// Fault injection: a slot's alarm (or every alarm) silently disappears.
    case injectAlarmLoss(slot: String?)
    /// iOS: the user changes notification authorization.
    case setAuthorization(String)
    /// iOS: Low Power Mode on or off.
    case setLowPowerMode(Bool)
    /// iOS: the Background App Refresh switch.
    case setBackgroundAppRefresh(Bool)
    /// iOS: the user clears Notification Center.
    case clearDeliveredNotifications
    /// iOS: the user taps the most recent delivered notification.
    case tapNotification
    /// iOS: other code in the app adds this many requests of its own.
    case addOtherRequests(count: Int)
    /// The user uninstalls and reinstalls the app.
    case reinstallApp
    /// Fault injection: the next alarm-driven process start fails (Android).
    case failNextBackgroundStart
    /// Fault injection: a slot's stored record stops deserializing.
    case corruptStoredSlot(String)
    /// Electron: the user quits the app.
    case quitApp
    /// Electron: the computer goes to sleep (true) or wakes (false).
    case setSystemSleep(Bool)
    /// Electron: the user logs in after a reboot.
    case login
    /// Electron: the user toggles "open at login" in the system settings.
    case setLoginItem(openAtLogin: Bool)
    /// The content server publishes a new version now.
    case publishContent
    /// The content server (or the path to it) goes into a fault, or back to normal.
    case setServerFault(String)
    /// Android, the scripted test app: an AlarmManager `set…` call of its own.
    case setAlarm(ScriptedAlarm)
    /// Android, the scripted test app: `AlarmManager.cancel` of one of its alarms.
    case cancelAlarm(String)
    /// Android: battery saver on or off (A60).
    case setBatterySaver(Bool)
    /// Android: the app is put on, or taken off, the battery-optimisation allowlist (A61).
    case setPowerAllowlist(Bool)
    /// Android: the user background-restricts the app ("Restricted" battery use), or lifts it (A62).
    case setBackgroundRestricted(Bool)
    /// Android, the scripted test app: `WorkManager.enqueueUniqueWork` of work of its own.
    case enqueueWork(ScriptedWork)
    /// Android, the scripted test app: `WorkManager.cancelUniqueWork` of one of its works.
    case cancelWork(String)
    /// iOS, the scripted test app: `UNUserNotificationCenter.add` of a request of its own.
    case addRequest(ScriptedRequest)
    /// iOS, the scripted test app: `removePendingNotificationRequests` of one of its requests.
    case removePending(String)
    /// iOS, the scripted test app: `BGTaskScheduler.submit` of a task request of its own.
    case submitTask(ScriptedTask)

    /// How a clock step moves the wall clock.
    public enum ClockChange: Sendable, Equatable {
        /// To this local date-time in the device's current zone.
        case to(LocalDateTime)
        /// By this signed amount.
        case shift(SimDuration)
    }

    /// The action's name in the scenario format.
    public var name: String {
        switch self {
        case .launchApp: return "launchApp"
        case .backgroundApp: return "backgroundApp"
        case .swipeFromRecents: return "swipeFromRecents"
        case .forceStop: return "forceStop"
        case .killProcess: return "killProcess"
        case .reboot: return "reboot"
        case .unlock: return "unlock"
        case .setClock: return "setClock"
        case .setTimeZone: return "setTimeZone"
        case .setNotificationPermission: return "setNotificationPermission"
        case .scheduleDailyNotification: return "scheduleDailyNotification"
        case .cancelAllNotifications: return "cancelAllNotifications"
        case .getNotificationStatus: return "getNotificationStatus"
        case .getLastNotification: return "getLastNotification"
        case .applySettings(_, let replace): return replace ? "configure" : "updateSettings"
        case .setDeviceIdle: return "setDeviceIdle"
        case .setCharging: return "setCharging"
        case .setScreen: return "setScreen"
        case .setStandbyBucket: return "setStandbyBucket"
        case .setNetwork: return "setNetwork"
        case .revokeExactAlarm: return "revokeExactAlarm"
        case .grantExactAlarm: return "grantExactAlarm"
        case .setChannelBlocked: return "setChannelBlocked"
        case .updateApp: return "updateApp"
        case .injectAlarmLoss: return "injectAlarmLoss"
        case .setAuthorization: return "setAuthorization"
        case .setLowPowerMode: return "setLowPowerMode"
        case .setBackgroundAppRefresh: return "setBackgroundAppRefresh"
        case .clearDeliveredNotifications: return "clearDeliveredNotifications"
        case .tapNotification: return "tapNotification"
        case .addOtherRequests: return "addOtherRequests"
        case .reinstallApp: return "reinstallApp"
        case .failNextBackgroundStart: return "failNextBackgroundStart"
        case .corruptStoredSlot: return "corruptStoredSlot"
        case .quitApp: return "quitApp"
        case .setSystemSleep: return "setSystemSleep"
        case .login: return "login"
        case .setLoginItem: return "setLoginItem"
        case .publishContent: return "publishContent"
        case .setServerFault: return "setServerFault"
        case .setAlarm: return "setAlarm"
        case .cancelAlarm: return "cancelAlarm"
        case .enqueueWork: return "enqueueWork"
        case .setBatterySaver: return "setBatterySaver"
        case .setPowerAllowlist: return "setPowerAllowlist"
        case .setBackgroundRestricted: return "setBackgroundRestricted"
        case .cancelWork: return "cancelWork"
        case .addRequest: return "addRequest"
        case .removePending: return "removePending"
        case .submitTask: return "submitTask"
        }
    }

    /// The platforms on which the action exists.
    public var platforms: Set<ScenarioPlatform> { Self.platforms(of: name) }

    /// The platforms on which the named action exists.
    public static func platforms(of name: String) -> Set<ScenarioPlatform> {
        switch name {
        case "forceStop", "unlock", "setDeviceIdle", "setCharging", "setScreen", "setStandbyBucket", "revokeExactAlarm",
            "grantExactAlarm", "setChannelBlocked", "setBatterySaver", "setPowerAllowlist", "setBackgroundRestricted":
            return [.android]
        case "setAuthorization", "setLowPowerMode", "setBackgroundAppRefresh", "clearDeliveredNotifications",
            "tapNotification", "addOtherRequests", "addRequest", "removePending", "submitTask":
            return [.ios]
        case "quitApp", "setSystemSleep", "login", "setLoginItem":
            return [.electron]
        case "failNextBackgroundStart", "setAlarm", "cancelAlarm", "enqueueWork", "cancelWork":
            return [.android]
        case "backgroundApp", "swipeFromRecents", "killProcess", "setNotificationPermission", "updateApp", "injectAlarmLoss",
            "reinstallApp", "corruptStoredSlot":
            return [.android, .ios]
        default:
            return [.android, .ios, .electron]
        }
    }

    /// The actions a step may name on one platform (all of them when the platform is unknown),
    /// computed once: decoding a step checks its action against this instead of filtering
    /// ``allNames`` each time.
    struct Vocabulary: Sendable {
        /// The names, in documentation order.
        let names: [String]
        /// The same names, for membership tests.
        let nameSet: Set<String>
        /// What a step's `action` is expected to be, as an error message says it.
        let expected: String

        init(platform: ScenarioPlatform?) {
            names = ScenarioAction.allNames.filter { name in platform.map { ScenarioAction.platforms(of: name).contains($0) } ?? true }
            nameSet = Set(names)
            let platformName = platform.map { "\($0.rawValue) " } ?? ""
            expected = "one of the \(platformName)actions: " + names.joined(separator: ", ")
        }

        private static let any = Vocabulary(platform: nil)
        private static let android = Vocabulary(platform: .android)
        private static let ios = Vocabulary(platform: .ios)
        private static let electron = Vocabulary(platform: .electron)

        /// The vocabulary of `platform`.
        static func of(_ platform: ScenarioPlatform?) -> Vocabulary {
            switch platform {
            case nil: any
            case .android: android
            case .ios: ios
            case .electron: electron
            }
        }
    }

    /// Every action name, in documentation order.
    public static let allNames = [
        "launchApp", "backgroundApp", "swipeFromRecents", "forceStop", "killProcess", "reboot", "unlock", "setClock",
        "setTimeZone", "setNotificationPermission", "scheduleDailyNotification", "cancelAllNotifications",
        "getNotificationStatus", "getLastNotification", "configure", "updateSettings", "setDeviceIdle", "setCharging", "setScreen", "setStandbyBucket", "setBatterySaver", "setPowerAllowlist", "setBackgroundRestricted", "setNetwork", "revokeExactAlarm",
        "grantExactAlarm", "setChannelBlocked", "updateApp", "injectAlarmLoss", "setAuthorization", "setLowPowerMode",
        "setBackgroundAppRefresh", "clearDeliveredNotifications", "tapNotification", "addOtherRequests", "reinstallApp",
        "failNextBackgroundStart", "corruptStoredSlot", "quitApp",
        "setSystemSleep", "login", "setLoginItem", "publishContent", "setServerFault", "setAlarm", "cancelAlarm", "enqueueWork", "cancelWork",
        "addRequest", "removePending", "submitTask",
    ]
}
