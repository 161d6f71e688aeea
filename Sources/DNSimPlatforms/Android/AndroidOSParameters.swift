import DNSimCore

/// Android behaviours that real devices vary, as explicit, printed parameters.
public struct AndroidOSParameters: Sendable, Hashable {
    /// Largest deferral of an inexact `set()` alarm as a fraction of the delay, in percent (A4).
    public var inexactDeferralPercent: Int = 75
    /// The most an inexact `set()`/`setAndAllowWhileIdle` alarm is deferred on API 31+ in ms
    /// (A54: AOSP `maxTriggerTime` caps the window at one hour).
    public var inexactMaximumWindowMillis: Int64 = 3_600_000
    /// The minimum effective `setWindow` length on API 31+ in ms (A5), itself at most 75% of the
    /// time to the window's start (AOSP `getMinimumAllowedWindow`).
    public var minimumWindowMillis: Int64 = 600_000
    /// Whether the exact-alarm permission is granted at the start of the run (A20, A22).
    /// `nil` means the API level's default for a new install: granted on 31–33, denied on 34+
    /// for apps targeting 33+.
    public var exactAlarmGranted: Bool? = nil
    /// Whether POST_NOTIFICATIONS is granted at the start (A49; only matters on API 33+).
    public var postNotificationsGranted: Bool = true

    /// Whether the app's PendingIntents still exist after a force stop below API 35 (A59). Default
    /// false: AOSP does not cancel them on a package force stop before Android 15, but the
    /// system keeps them only through weak references, and once AlarmManager drops the alarms
    /// and the process dies nothing holds them, so `FLAG_NO_CREATE` finds none — the behaviour
    /// androidx WorkManager's pre-API-30 force-stop detection relies on. `true` keeps the former
    /// assumption that they survive.
    public var pendingIntentsSurviveForceStop: Bool = false
    /// The contested claim that an app update clears its alarms (AOSP keeps them, A17). Default false.
    public var updateClearsAlarms: Bool = false
    /// Doze timing and quotas.
    public var doze = AndroidDozeParameters()

    /// Creates the default parameters.
    public init() {}

    /// The parameters as printed key–value pairs, in a fixed order.
    public func described(resolvedExactAlarm: Bool) -> [(String, String)] {
        [
            ("android.inexactDeferralPercent", String(inexactDeferralPercent)),
            ("android.inexactMaximumWindowMillis", String(inexactMaximumWindowMillis)),
            ("android.minimumWindowMillis", String(minimumWindowMillis)),
            ("android.exactAlarmGranted", String(resolvedExactAlarm)),
            ("android.postNotificationsGranted", String(postNotificationsGranted)),
            ("android.updateClearsAlarms", String(updateClearsAlarms)),
            ("android.pendingIntentsSurviveForceStop", String(pendingIntentsSurviveForceStop)),
            ("android.doze.idleAfterScreenOff", doze.idleAfterScreenOff.description),
            ("android.doze.maintenanceSpacing", doze.maintenanceSpacing.map(\.description).joined(separator: ",")),
            ("android.doze.maintenanceJitterPercent", String(doze.maintenanceJitterPercent)),
            ("android.doze.maintenanceWindowLength", doze.maintenanceWindowLength.description),
            ("android.doze.exactWhileIdlePerHour", String(doze.exactWhileIdlePerHour)),
            ("android.doze.inexactWhileIdleGap", doze.inexactWhileIdleGap.description),
        ]
    }
}
