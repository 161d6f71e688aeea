extension OSRule {
    /// 64 pending requests per app.
    public static let i1 = OSRule(
        id: "I1",
        summary: "At most 64 pending notification requests per app; a repeating request counts once. Which survive an overfill is a named policy: lastAdded (default), soonest, or noneFire.",
        source: "the 64: legacy Local and Remote Notification Programming Guide (which says the soonest 64 are kept). Default lastAdded because the strongest evidence is a reproduction app on current iOS that kept the last 64 added (flutter_local_notifications #2275, docs PR #2276 merged, openradar 38065340; #200 saw the first-added one lost); soonest (the legacy guide) and noneFire (one report, #2312, not reproduced) stay parameters",
        confidence: .high)
    /// Time-interval triggers.
    public static let i2 = OSRule(
        id: "I2", summary: "A time-interval trigger counts elapsed seconds from scheduling; repeating needs >= 60 s.",
        source: "UNTimeIntervalNotificationTrigger init(timeInterval:repeats:)", confidence: .high)
    /// Calendar triggers match the given components.
    public static let i3 = OSRule(
        id: "I3", summary: "A calendar trigger fires at the next date matching its components; repeating ones stay pending.",
        source: "UNCalendarNotificationTrigger", confidence: .high)
    /// Floating calendar triggers follow the device zone.
    public static let i4 = OSRule(
        id: "I4", summary: "Calendar components without a time zone float: 09:00 stays 09:00 local after a zone change.",
        source: "community experiment; UILocalNotification.timeZone semantics", confidence: .medium)
    /// Nonexistent / ambiguous local times are undocumented.
    public static let i5 = OSRule(
        id: "I5", summary: "How a calendar trigger resolves a nonexistent or repeated local time is undocumented (a named policy here).",
        source: "no Apple source", confidence: .low)
    /// No app code at delivery unless foreground or tap.
    public static let i6 = OSRule(
        id: "I6", summary: "The system shows a notification itself; app code runs only in the foreground (willPresent) or on a tap.",
        source: "UNUserNotificationCenterDelegate", confidence: .high)
    /// Authorization states.
    public static let i8 = OSRule(
        id: "I8",
        summary: "Authorization: notDetermined, denied (nothing shown, and the app's delegate is not called: not authorized \"to schedule or receive notifications\"), authorized, provisional (quiet), ephemeral.",
        source: "UNAuthorizationStatus; UNAuthorizationStatus.denied", confidence: .high)
    /// Pending and delivered lists; delivered is user-clearable.
    public static let i9 = OSRule(
        id: "I9", summary: "Delivered notifications can be cleared by the user, so absence from the delivered list proves nothing.",
        source: "UNUserNotificationCenter API", confidence: .medium)
    /// Pending requests persist across termination and reboot.
    public static let i10 = OSRule(
        id: "I10", summary: "Pending requests survive app termination (system or user) and device reboot.",
        source: "community observation; no explicit Apple sentence", confidence: .medium)
    /// Presentation deferral by Focus / summary.
    public static let i12 = OSRule(
        id: "I12", summary: "No documented delivery tolerance for triggers (the ±180 s drift is an option, default 0).",
        source: "absence of Apple documentation", confidence: .medium)
    /// Time-change notifications only to running or suspended apps.
    public static let i13 = OSRule(
        id: "I13", summary: "Clock, zone and significant-time changes reach only a running app, or are queued for a suspended one.",
        source: "UIApplicationDelegate applicationSignificantTimeChange", confidence: .high)
    /// BGTaskScheduler submit limits.
    public static let i14 = OSRule(
        id: "I14", summary: "At most 1 refresh and 10 processing task requests pending; the same identifier replaces.",
        source: "BGTaskScheduler.submit(_:)", confidence: .high)
    /// earliestBeginDate is a lower bound.
    public static let i15 = OSRule(
        id: "I15", summary: "earliestBeginDate is only a lower bound; the system runs the task later, or never.",
        source: "BGTaskRequest docs; DTS", confidence: .high)
    /// Budget ~30 s.
    public static let i16 = OSRule(
        id: "I16", summary: "A BGAppRefreshTask gets a short budget (~30 s, a parameter here).",
        source: "WWDC / DTS figures", confidence: .medium)
    /// Expiration handler.
    public static let i17 = OSRule(
        id: "I17", summary: "The expiration handler fires before the budget ends (possibly early); then the task is unsuccessful.",
        source: "BGTask.expirationHandler", confidence: .high)
    /// Force-quit stops background tasks.
    public static let i18 = OSRule(
        id: "I18", summary: "After a user force-quit no background tasks run until the user opens the app again.",
        source: "Apple DTS forum threads 119758, 719222", confidence: .high)
    /// System termination is not a force-quit.
    public static let i19 = OSRule(
        id: "I19", summary: "System termination is not a force-quit: pending requests remain and background launches continue.",
        source: "DTS thread 719222", confidence: .medium)
    /// BAR off: unavailable.
    public static let i20 = OSRule(
        id: "I20", summary: "submit fails with .unavailable when Background App Refresh is off; .notPermitted without Info.plist entries.",
        source: "BGTaskSchedulerErrorCode header docs", confidence: .high)
    /// Low Power Mode.
    public static let i21 = OSRule(
        id: "I21", summary: "Low Power Mode turns Background App Refresh off until it ends.",
        source: "secondary sources", confidence: .medium)
    /// No boot hook.
    public static let i22 = OSRule(
        id: "I22", summary: "No app code runs at boot; a reboot can only be inferred at the next launch.",
        source: "absence of any API", confidence: .medium)

    /// Notifications due while the device was off are shown at boot.
    public static let i24 = OSRule(
        id: "I24",
        summary: "A calendar notification whose time passed while the device was off is shown after the device boots (a burst of late notifications after a long outage).",
        source: "flutter_local_notifications #1696 and #2263: users observed it, the maintainer says native iOS code behaves the same (\"how it is expected to behave\"); no Apple statement. Default deliverAtBoot because this is the only outside evidence; drop stays a parameter (ios.missedWhileOff)",
        confidence: .medium)

    /// Every iOS rule the model applies, in id order.
    public static let iosCatalogue: [OSRule] = [
        i1, i2, i3, i4, i5, i6, i8, i9, i10, i12, i13, i14, i15, i16, i17, i18, i19, i20, i21, i22, i24,
    ]
}
