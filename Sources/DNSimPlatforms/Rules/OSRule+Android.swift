extension OSRule {
    /// Alarms live in system_server and are all cleared when the device powers off or reboots.
    public static let a1 = OSRule(
        id: "A1", summary: "All alarms are cleared when the device is powered off or rebooted.",
        source: "AlarmManager class javadoc", confidence: .high)
    /// A due alarm broadcasts its Intent and starts the target app if it is not running.
    public static let a2 = OSRule(
        id: "A2", summary: "A firing alarm broadcasts its Intent and starts the app process if needed.",
        source: "AlarmManager class javadoc", confidence: .high)
    /// `set()` is inexact: never early, possibly deferred and batched.
    public static let a3 = OSRule(
        id: "A3", summary: "set() is inexact since API 19: never early, may be deferred.",
        source: "AlarmManager.set javadoc", confidence: .high)
    /// The legacy batching heuristic defers `set()` up to 75% of the delay.
    public static let a4 = OSRule(
        id: "A4", summary: "Inexact alarms may be deferred up to 75% of the time to the trigger; below 10 s, not at all.",
        source: "AOSP AlarmManagerService.java maxTriggerTime (MIN_FUZZABLE_INTERVAL 10 s, 0.75 x futurity)", confidence: .high)
    /// `setWindow` is one-sided and stretched to 10 minutes on API 31+.
    public static let a5 = OSRule(
        id: "A5",
        summary: "setWindow delivers within [start, start+length]; on API 31+ (targetSdk 31+) the length is stretched to min(10 min, 75% of the time to start).",
        source: "AlarmManager.setWindow javadoc; ChangeId 185199076; AOSP AlarmManagerService.getMinimumAllowedWindow", confidence: .high)
    /// `setExact` fires at the trigger outside Doze and needs the exact-alarm permission on 31+.
    public static let a6 = OSRule(
        id: "A6", summary: "setExact fires at the trigger (outside Doze); needs exact-alarm permission on API 31+.",
        source: "AlarmManager.setExact javadoc", confidence: .high)
    /// `setExactAndAllowWhileIdle` is exact and may fire in Doze.
    public static let a7 = OSRule(
        id: "A7", summary: "setExactAndAllowWhileIdle is exact and may fire during Doze.",
        source: "AlarmManager.setExactAndAllowWhileIdle javadoc", confidence: .high)
    /// A trigger in the past fires at once; an equal PendingIntent replaces the old alarm.
    public static let a12 = OSRule(
        id: "A12", summary: "A past trigger fires immediately; an equal PendingIntent replaces the earlier alarm.",
        source: "AlarmManager.set javadoc; setImpl", confidence: .high)
    /// RTC alarms are wall-clock UTC; ELAPSED alarms count from boot.
    public static let a13 = OSRule(
        id: "A13", summary: "RTC alarms are wall-clock UTC instants; ELAPSED_REALTIME alarms count from boot.",
        source: "AlarmManager constants javadoc", confidence: .high)
    /// A wall-clock change re-evaluates RTC alarms and broadcasts TIME_SET.
    public static let a14 = OSRule(
        id: "A14", summary: "A wall-clock change re-evaluates RTC alarms and broadcasts TIME_SET.",
        source: "AlarmManagerService AlarmThread", confidence: .high)
    /// A zone change does not move RTC alarms; TIMEZONE_CHANGED is broadcast.
    public static let a15 = OSRule(
        id: "A15", summary: "A time-zone change does not move RTC alarms; TIMEZONE_CHANGED is broadcast.",
        source: "A13 + Intent.ACTION_TIMEZONE_CHANGED", confidence: .high)
    /// No broadcast at a DST transition.
    public static let a16 = OSRule(
        id: "A16", summary: "DST transitions send no broadcast; RTC alarms keep their UTC instant.",
        source: "Inference from A13-A15", confidence: .medium)
    /// Only FLAG_NO_CREATE probing shows whether an alarm's PendingIntent exists.
    public static let a18 = OSRule(
        id: "A18", summary: "No API lists alarms; PendingIntent FLAG_NO_CREATE probing is the only view.",
        source: "AlarmManager API surface; WorkManager ForceStopRunnable", confidence: .high)
    /// Exact alarms need SCHEDULE_EXACT_ALARM or USE_EXACT_ALARM on API 31+.
    public static let a19 = OSRule(
        id: "A19", summary: "Exact alarms need SCHEDULE_EXACT_ALARM/USE_EXACT_ALARM on API 31+ or throw SecurityException.",
        source: "AlarmManager REQUIRE_EXACT_ALARM_PERMISSION ChangeId", confidence: .high)
    /// Force stop: stopped state, alarms removed.
    public static let a26 = OSRule(
        id: "A26", summary: "Force stop puts the package in the stopped state and removes its alarms and jobs.",
        source: "androidx ForceStopRunnable comments; AlarmManagerService", confidence: .high)
    /// A stopped package receives no broadcasts until the user starts it.
    public static let a27 = OSRule(
        id: "A27", summary: "A stopped package gets no broadcasts (BOOT_COMPLETED included), alarms or jobs until user launch.",
        source: "AOSP commit e7f97212; Intent.ACTION_PACKAGE_UNSTOPPED", confidence: .high)
    /// Android 15: PendingIntents cancelled on stop; BOOT_COMPLETED on un-stop.
    public static let a28 = OSRule(
        id: "A28", summary: "API 35+: stopping cancels PendingIntents; leaving the stopped state delivers BOOT_COMPLETED.",
        source: "developer.android.com Android 15 behaviour changes", confidence: .high)
    /// Force stops are visible afterwards as REASON_USER_REQUESTED exits (API 30+).
    public static let a29 = OSRule(
        id: "A29",
        summary: "API 30+: a force stop leaves an ApplicationExitInfo with REASON_USER_REQUESTED in getHistoricalProcessExitReasons (WorkManager's detection); below 30 WorkManager probes a sentinel alarm's PendingIntent instead.",
        source: "androidx ForceStopRunnable.isForceStopped", confidence: .high)
    /// Swipe from recents on stock AOSP removes the task; alarms stay.
    public static let a30 = OSRule(
        id: "A30", summary: "Swipe from recents (stock AOSP) kills the task/process; alarms and work stay scheduled.",
        source: "dontkillmyapp; OEM reports", confidence: .medium)
    /// Memory-pressure process death removes nothing scheduled.
    public static let a31 = OSRule(
        id: "A31", summary: "Process death by memory pressure removes no alarms, jobs or notifications.",
        source: "AlarmManager javadoc (A2)", confidence: .high)
    /// BOOT_COMPLETED after the first unlock.
    public static let a32 = OSRule(
        id: "A32", summary: "BOOT_COMPLETED is sent once per boot, after the user unlocks.",
        source: "Intent.ACTION_BOOT_COMPLETED javadoc", confidence: .high)
    /// LOCKED_BOOT_COMPLETED for direct-boot-aware receivers; CE storage locked until unlock.
    public static let a33 = OSRule(
        id: "A33", summary: "LOCKED_BOOT_COMPLETED reaches only directBootAware receivers; CE storage is unreadable until unlock.",
        source: "Intent.ACTION_LOCKED_BOOT_COMPLETED javadoc; Direct Boot guide", confidence: .high)
    /// TIME_SET and TIMEZONE_CHANGED reach manifest receivers.
    public static let a34 = OSRule(
        id: "A34", summary: "TIME_SET and TIMEZONE_CHANGED are exempt from implicit-broadcast limits.",
        source: "broadcast-exceptions page", confidence: .high)
    /// Force stop removes posted notifications.
    public static let a36 = OSRule(
        id: "A36", summary: "Force stop removes the app's posted notifications.",
        source: "AOSP NotificationManagerService", confidence: .medium)
    /// POST_NOTIFICATIONS denied drops posts.
    public static let a49 = OSRule(
        id: "A49", summary: "API 33+: without POST_NOTIFICATIONS, posted notifications are not shown.",
        source: "developer.android.com notification-permission guide", confidence: .high)
    /// Alarms fire regardless of notification permission.
    public static let a52 = OSRule(
        id: "A52", summary: "Alarms fire and receivers run even when notifications are denied; only notify() is lost.",
        source: "Inference A2 + A49", confidence: .medium)

    /// Every Android rule the model applies, in id order.
    public static let androidCatalogue: [OSRule] = [
        a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a12, a13, a14, a15, a16, a17, a18, a19, a21, a22, a23, a24, a26, a27,
        a28, a29, a30, a31, a32, a33, a34, a35, a36, a37, a38, a39, a40, a43, a44, a45, a46, a47, a48, a49, a51, a52,
        a53, a54, a57, a58, a59, a60, a61, a62, a63, a64, a65,
    ]
}

extension OSRule {
    /// `setAndAllowWhileIdle` is inexact, fires in Doze, needs no exact permission.
    public static let a8 = OSRule(
        id: "A8", summary: "setAndAllowWhileIdle is inexact, may fire in Doze, and needs no exact-alarm permission.",
        source: "AlarmManager.setAndAllowWhileIdle javadoc", confidence: .high)
    /// `setAlarmClock` fires in Doze; the system leaves idle shortly before.
    public static let a9 = OSRule(
        id: "A9", summary: "setAlarmClock is exact, fires in Doze (the system leaves idle), needs exact permission.",
        source: "AlarmManager.setAlarmClock javadoc; Doze guide", confidence: .high)
    /// Doze while-idle quotas.
    public static let a10 = OSRule(
        id: "A10", summary: "In Doze: inexact while-idle alarms at most 1 per 9 min, exact while-idle 72 per hour; lifted while charging.",
        source: "developer.android.com power-details", confidence: .high)
    /// App update keeps alarms.
    public static let a17 = OSRule(
        id: "A17", summary: "An app update keeps its alarms (AOSP); exact alarms are removed if the new build drops the permission.",
        source: "AlarmManagerService UninstallReceiver", confidence: .high)
    /// USE_EXACT_ALARM.
    public static let a21 = OSRule(
        id: "A21", summary: "USE_EXACT_ALARM (API 33+) is granted at install and cannot be revoked by the user.",
        source:
            "AlarmManager.java ChangeId; Android 14 exact-alarm page; CTS ExactAlarmsTest#canScheduleExactAlarmWithPolicyPermission (allowed for a targetSdk 33+ app) and #canScheduleExactAlarmWithPolicyPermissionSdk32 (not enabled at targetSdk 32); AOSP AlarmManagerService's SCHEDULE_EXACT_ALARM app-op listener returns early when hasUseExactAlarmInternal holds (a revoke removes nothing)",
        confidence: .high)
    /// Exact permission denied by default on 14.
    public static let a22 = OSRule(
        id: "A22", summary: "Android 14: SCHEDULE_EXACT_ALARM is denied by default for new installs targeting 33+.",
        source: "developer.android.com Android 14 schedule-exact-alarms", confidence: .high)
    /// Revoke deletes exact alarms and kills the app, with no broadcast.
    public static let a23 = OSRule(
        id: "A23", summary: "Revoking SCHEDULE_EXACT_ALARM deletes the app's exact alarms and kills its process; no broadcast.",
        source: "ACTION_SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED javadoc; AOSP commit", confidence: .high)
    /// Grant sends the state-changed broadcast.
    public static let a24 = OSRule(
        id: "A24", summary: "Granting SCHEDULE_EXACT_ALARM sends ACTION_SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED.",
        source: "same javadoc", confidence: .high)
    /// MY_PACKAGE_REPLACED.
    public static let a35 = OSRule(
        id: "A35", summary: "ACTION_MY_PACKAGE_REPLACED is sent only to the updated app.",
        source: "Intent.ACTION_MY_PACKAGE_REPLACED javadoc", confidence: .high)
    /// Doze defers standard alarms and jobs to maintenance windows.
    public static let a37 = OSRule(
        id: "A37", summary: "In Doze, standard alarms (setExact, setWindow, set) and jobs wait for a maintenance window.",
        source: "Doze guide", confidence: .high)
    /// Maintenance window spacing is undocumented.
    public static let a38 = OSRule(
        id: "A38", summary: "Deep-Doze maintenance windows come about 1 h, 2 h, 4 h, 6 h apart (observed; varies).",
        source: "community measurement (gist)", confidence: .low)
    /// Standby buckets limit only on battery.
    public static let a39 = OSRule(
        id: "A39", summary: "App Standby Buckets limit jobs and alarms only on battery.",
        source: "developer.android.com appstandby", confidence: .high)
    /// Per-bucket alarm quotas.
    public static let a40 = OSRule(
        id: "A40", summary: "Bucket alarm quotas: working set 10/h, frequent 2/h, rare 1/h, restricted 1/day.",
        source: "developer.android.com power-details", confidence: .high)
    /// Channel blocked drops posts.
    public static let a51 = OSRule(
        id: "A51", summary: "A post to a blocked notification channel is silently dropped.",
        source: "developer.android.com channels guide", confidence: .medium)
}

extension OSRule {
    /// WorkManager persists work in its own database.
    public static let a43 = OSRule(
        id: "A43", summary: "WorkManager keeps work in its own database: it survives process death and reboot; its RescheduleReceiver reschedules the work at BOOT_COMPLETED, TIME_SET and TIMEZONE_CHANGED. enqueueUniqueWork with REPLACE, or with KEEP when nothing of the name is enqueued or running, deletes the name's earlier records (cancelled or finished) before it enqueues the new one. cancelUniqueWork cancels the name's enqueued or running work; a running worker is stopped and its result dropped. Each process that opens the database deletes the finished or cancelled work last enqueued more than a day ago.",
        source: "androidx work-runtime AndroidManifest.xml (RescheduleReceiver); androidx EnqueueRunnable (enqueueWorkWithPrerequisites); androidx CancelWorkRunnable, Processor.stopAndCancelWork; androidx WorkDatabase CleanupCallback (PRUNE_THRESHOLD_MILLIS, 1 day)", confidence: .high)
    /// After force stop WorkManager reschedules at the next process start.
    public static let a44 = OSRule(
        id: "A44", summary: "Force stop cancels WorkManager's jobs, but its database keeps the work; it is rescheduled at the next app start.",
        source: "androidx ForceStopRunnable", confidence: .high)
    /// Periodic work minimums.
    public static let a45 = OSRule(
        id: "A45", summary: "Periodic work: minimum interval 15 min, minimum flex 5 min (and at most the interval); a request built without a flex has the (raised) interval as its flex, so its first run is due at once.",
        source: "PeriodicWorkRequest reference; androidx WorkSpec.setPeriodic; androidx PeriodicWorkTest (testBuild_setPeriodic_onlyIntervalDuration_outOfRange, testBuild_setPeriodic_intervalAndFlexDurations_outOfRange)", confidence: .high)
    /// Backoff.
    public static let a46 = OSRule(
        id: "A46", summary: "Retry backoff: exponential by default, 30 s base, clamped to [10 s, 5 h].",
        source: "WorkRequest constants (DEFAULT_BACKOFF_DELAY_MILLIS, MIN_BACKOFF_MILLIS, MAX_BACKOFF_MILLIS); androidx WorkSpecTest (testCalculateNextRunTime_rerunAttempt_exponential, _linear, _linear_upperBound, _exponential_upperBound)", confidence: .high)
    /// 10-minute execution limit.
    public static let a47 = OSRule(
        id: "A47", summary: "A worker gets at most 10 minutes per execution, then it is stopped.",
        source: "androidx Worker reference", confidence: .high)
    /// Constraints delay execution.
    public static let a48 = OSRule(
        id: "A48", summary: "Constraints (such as a network connection) delay work until they are met.",
        source: "PeriodicWorkRequest reference", confidence: .high)

    /// The WorkManager rules, in id order.
    public static let workManagerCatalogue: [OSRule] = [a43, a44, a45, a46, a47, a48]
}
