extension OSRule {
    // Facts dnsim adds to the fact sheet's A1–A52, read from AOSP and androidx source and the
    // platform's own tests. Each source names the file and, where there is one, the test.

    /// Alarm clocks and FLAG_ALLOW_WHILE_IDLE alarms are exempt from App Standby quotas.
    public static let a53 = OSRule(
        id: "A53",
        summary: "Standby bucket alarm quotas exempt alarm clocks and every FLAG_ALLOW_WHILE_IDLE alarm (setExactAndAllowWhileIdle, setAndAllowWhileIdle); exempt alarms do not count against the quota either.",
        source: "AOSP apex/jobscheduler/service/java/com/android/server/alarm/AlarmManagerService.java isExemptFromAppStandby, adjustDeliveryTimeBasedOnBucketLocked (wakeups recorded only for non-exempt alarms)",
        confidence: .high)

    /// API 31+: the batching window of a non-repeating inexact alarm is capped at one hour.
    public static let a54 = OSRule(
        id: "A54",
        summary: "API 31+: an inexact set()/setAndAllowWhileIdle alarm is delivered at most one hour after its trigger (the 75% window of A4 is capped at 1 h); setWindow's minimum window is min(10 min, 75% of the time to the trigger).",
        source: "AOSP AlarmManagerService.java maxTriggerTime (\"window is capped at a maximum of one hour\"), getMinimumAllowedWindow; AlarmManager.set javadoc (S+)",
        confidence: .high)

    /// Periodic work counts each period from the end of the last run.
    public static let a57 = OSRule(
        id: "A57",
        summary: "WorkManager periodic work: the first run waits the initial delay plus (interval - flex); every later run is due one interval after the previous run ended (its last enqueue time), not on a grid anchored at the first run; the next run time is on the wall clock.",
        source: "androidx work-runtime WorkSpec.kt calculateNextRunTime (\"Flex only applies to the first run\"; lastEnqueueTime + intervalDuration); WorkerWrapper resets lastEnqueueTime when a period completes",
        confidence: .high)

    /// App hibernation stops an unused app like a force stop.
    public static let a58 = OSRule(
        id: "A58",
        summary: "App hibernation (API 31+): an app unused for months is hibernated: its runtime permissions are reset and it is stopped like a force stop (no alarms, jobs or broadcasts) until the user opens it.",
        source: "developer.android.com/topic/performance/app-hibernation (effects of hibernation); AOSP AppHibernationService (forceStopPackage on hibernation)",
        confidence: .medium)

    /// Before Android 15 a force stop leaves no PendingIntent for FLAG_NO_CREATE to find.
    public static let a59 = OSRule(
        id: "A59",
        summary: "Before API 35 a force stop does not cancel the app's PendingIntents explicitly, but once AlarmManager drops its alarms and the process dies nothing holds them; the system's weak references are collected, so a FLAG_NO_CREATE probe finds none.",
        source: "AOSP ActivityManagerService.forceStopPackageLocked (PendingIntents removed only when a user is stopped or the package uninstalled; mIntentSenderRecords holds WeakReference<PendingIntentRecord>); androidx ForceStopRunnable (\"we create a pending alarm that will not survive force stops\"; isForceStopped below API 30: getPendingIntent(FLAG_NO_CREATE) == null means force stopped). Default: collected, the behaviour WorkManager relies on; survive stays a parameter (android.pendingIntentsSurviveForceStop)",
        confidence: .medium)

    /// Battery saver restricts the alarms and jobs of apps in the background.
    public static let a60 = OSRule(
        id: "A60",
        summary: "With battery saver on, an app that is not in the foreground and not on the battery-optimisation allowlist has its alarms restricted: alarm clocks are exempt, FLAG_ALLOW_WHILE_IDLE alarms (setExactAndAllowWhileIdle, setAndAllowWhileIdle) are held only by the while-idle quota (A10), every other alarm is deferred until battery saver ends or the app comes to the foreground; its jobs (WorkManager work) wait likewise.",
        source: "AOSP apex/jobscheduler/service/java/com/android/server/alarm/AlarmManagerService.java adjustDeliveryTimeBasedOnBatterySaver (alarm clock exempt; ALLOW_WHILE_IDLE \"allowed but limited\"; otherwise \"not allowed\": INDEFINITE_DELAY); AppStateTrackerImpl.areAlarmsRestrictedByBatterySaver, areJobsRestricted (mForceAllAppsStandby; active UIDs exempt)",
        confidence: .high)

    /// The battery-optimisation allowlist exempts an app from battery saver's restrictions.
    public static let a61 = OSRule(
        id: "A61",
        summary: "An app on the battery-optimisation (power-save) allowlist is exempt from battery saver's alarm and job restrictions (A60); Doze still holds its standard alarms (A37).",
        source: "AOSP AppStateTrackerImpl.areAlarmsRestrictedByBatterySaver and areJobsRestricted (mPowerExemptAllAppIds: not restricted); Doze guide (allowlisted apps: \"jobs and syncs are deferred, standard AlarmManager alarms don't fire\" in Doze)",
        confidence: .high)

    /// Background restriction ("Restricted" battery use) holds a background app's alarms and jobs.
    public static let a62 = OSRule(
        id: "A62",
        summary: "An app the user has background-restricted (\"Restricted\" battery use: RUN_ANY_IN_BACKGROUND denied) gets no alarms while it is in the background, except alarm clocks, until the restriction is lifted or the app is active; its jobs wait likewise. The battery-optimisation allowlist exempts it.",
        source: "CTS android.alarmmanager.cts.BackgroundRestrictedAlarmsTest (testRepeatingAlarmBlocked, testAlarmClockNotBlocked); AOSP AlarmManagerService.isBackgroundRestricted (alarm clocks not deferred; pending background alarms delivered when unrestricted); AppStateTrackerImpl.areAlarmsRestricted, areJobsRestricted (active UIDs and mPowerExemptAllAppIds exempt)",
        confidence: .high)
}
