extension PluginPolicy {
    /// The preset of a profile.
    public static func preset(_ profile: PluginProfile) -> PluginPolicy {
        switch profile {
        case .asFound: return asFound
        case .directive: return directive
        case .corrected: return corrected
        }
    }

    /// The code state seed 000 describes.
    public static let asFound = PluginPolicy(
        name: "as-found",
        android: Android(
            rollover: .calendarDay, windowDays: 1, exactAlarm: .setExactAndAllowWhileIdle, inexactFallback: .forwardWindow,
            ttl: .none, staleActionDefault: .skip, missedAtDelivery: .ignore, launchRecovery: .none,
            bootRecovery: .futureOnly, recovery: .chained, forceStopDetection: .none, missedGraceMinutes: 0,
            restore: .strict, directBoot: .none, timeChangeReceivers: .absent, packageReplacedReceiver: .absent,
            exactPermissionReceiver: .absent),
        ios: IOS(
            trigger: .repeatingCalendar, rollover: .add24Hours, windowDays: 7, windowSizing: .fixed, ttl: .none,
            staleActionDefault: .skip, permissionCheck: .none, launchRecovery: .missedBGTaskCheck,
            refreshAction: .fetchOnly, timeChangeCallbacks: .ignore, timeJumpCheck: .none, restore: .strict),
        electron: Electron(
            rollover: .add24Hours, ttl: .none, staleActionDefault: .skip, missedGraceMinutes: 0, launchRecovery: .none,
            timerCheck: .trustTimer))

    /// The seeds' plan as written, mistakes included.
    public static let directive = PluginPolicy(
        name: "directive",
        android: Android(
            rollover: .add24Hours, windowDays: 2, exactAlarm: .setExactAndAllowWhileIdle,
            inexactFallback: .symmetricWindow, ttl: .skipArming, staleActionDefault: .skip, missedAtDelivery: .report,
            launchRecovery: .recover, bootRecovery: .recover, recovery: .chained, forceStopDetection: .alarmCounting,
            missedGraceMinutes: 0, restore: .strict, directBoot: .none, timeChangeReceivers: .declared,
            packageReplacedReceiver: .declared, exactPermissionReceiver: .declared),
        ios: IOS(
            trigger: .datedCalendar, rollover: .add24Hours, windowDays: 7, windowSizing: .fixed, ttl: .skipArming,
            staleActionDefault: .skip, permissionCheck: .rejectUnlessAuthorized, launchRecovery: .threeWay,
            refreshAction: .extendWindow, timeChangeCallbacks: .rescheduleAll, timeJumpCheck: .logOnly,
            restore: .strict),
        electron: Electron(
            rollover: .add24Hours, ttl: .skipArming, staleActionDefault: .skip, missedGraceMinutes: 0,
            launchRecovery: .recover, timerCheck: .trustTimer))

    /// What a careful engineer ships knowing the OS facts.
    public static let corrected = PluginPolicy(
        name: "corrected",
        android: Android(
            rollover: .calendarDay, windowDays: 2, exactAlarm: .setExactAndAllowWhileIdle, inexactFallback: .forwardWindow,
            ttl: .staleAction, staleActionDefault: .fallback, missedAtDelivery: .report, launchRecovery: .recover,
            bootRecovery: .recover, recovery: .fromWallTime, forceStopDetection: .exitReasons, missedGraceMinutes: 5,
            restore: .skipCorrupt, directBoot: .mirror, timeChangeReceivers: .declared,
            packageReplacedReceiver: .declared, exactPermissionReceiver: .declared),
        ios: IOS(
            trigger: .datedCalendar, rollover: .calendarDay, windowDays: 14, windowSizing: .budgetAware,
            ttl: .staleAction, staleActionDefault: .fallback, permissionCheck: .rejectUnlessAuthorized,
            launchRecovery: .reconcile, refreshAction: .reconcile, timeChangeCallbacks: .reconcile,
            timeJumpCheck: .none, restore: .skipCorrupt),
        electron: Electron(
            rollover: .calendarDay, ttl: .staleAction, staleActionDefault: .fallback, missedGraceMinutes: 5,
            launchRecovery: .recover, timerCheck: .wallClock))
}
