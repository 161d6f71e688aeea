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

    /// Screen off on battery: the device becomes inactive and enters deep Doze after a delay.
    public static let a63 = OSRule(
        id: "A63",
        summary: "An unplugged device whose screen goes off (or that is unplugged with the screen off) becomes inactive and enters deep Doze once the inactive timeout and the idle-after-inactive timeout have passed (android.doze.idleAfterScreenOff; AOSP 30 min + 30 min); turning the screen on or plugging in before then cancels it. Leaving Doze with the screen still off and on battery starts the count again. Not modelled: light Doze, the motion and location checks (a stationary device is assumed), and the extension when an alarm clock is due within 30 min.",
        source: "AOSP apex/jobscheduler/service/java/com/android/server/DeviceIdleController.java (state machine ACTIVE → INACTIVE \"Screen off AND Not charging\" → IDLE_PENDING → SENSING → LOCATING → IDLE; becomeInactiveIfAppropriateLocked, stepIdleStateLocked; Constants DEFAULT_INACTIVE_TIMEOUT and DEFAULT_IDLE_AFTER_INACTIVE_TIMEOUT 30 min each, 15 min on small-battery devices; SENSING_TIMEOUT 4 min, LOCATING_TIMEOUT 30 s; updateChargingLocked); DeviceIdleControllerTest#testStateActiveToStateInactive_ConditionsMet (scheduleAlarmLocked(INACTIVE_TIMEOUT)), #testStateActiveToStateInactive_ConditionsNotMet (screen on or charging: stays ACTIVE), #testStepIdleStateLocked_ValidStates_NoLocationManager (INACTIVE → IDLE_PENDING → SENSING → IDLE)",
        confidence: .high)

    /// Turning the screen on ends deep Doze.
    public static let a64 = OSRule(
        id: "A64",
        summary: "Turning the screen on ends deep Doze at once (becomeActiveLocked(\"screen\")): held alarms and jobs are re-checked and run. The model has no keyguard: a screen-on step stands for the user waking and unlocking the phone (AOSP's default WAIT_FOR_UNLOCK keeps Doze while the keyguard shows until the unlock, or until the motion of picking the phone up).",
        source: "AOSP DeviceIdleController.updateInteractivityLocked (screen on: becomeActiveLocked(\"screen\", …) unless the keyguard shows and WAIT_FOR_UNLOCK), keyguardShowingLocked (\"unlocked\"); DeviceIdleControllerTest#testExitNotifiesDependencies_WaitForUnlockOn_KeyguardOff_ScreenThenMotion (screen on, keyguard off: STATE_ACTIVE) and #testExitNotifiesDependencies_WaitForUnlockOn_KeyguardOn_ScreenThenMotion",
        confidence: .high)

    /// Non-wakeup alarms wait until the device wakes.
    public static let a65 = OSRule(
        id: "A65",
        summary: "A non-wakeup alarm (RTC, ELAPSED_REALTIME) does not wake the device: one that comes due while it is asleep is delivered the next time it wakes, together with whatever woke it. Simplification: the screen stands for awake (screen off = asleep), and the device wakes for the screen turning on, for one of the app's wakeup alarms (RTC_WAKEUP, ELAPSED_REALTIME_WAKEUP) being delivered, and for a Doze maintenance window; a real phone also wakes for other apps' alarms, pushes and system work, so it often delivers sooner. AOSP's extra screen-off batching (mPendingNonWakeupAlarms, held up to 1.5 × currentNonWakeupFuzzLocked: 2 min, 15 min or 1 h by screen-off time) applies only while the CPU is awake with the screen off, a state the model does not have, so it is not modelled: every wake delivers the held alarms, as AOSP does whenever a wakeup alarm is delivered or the screen turns on.",
        source: "AlarmManager reference (RTC, ELAPSED_REALTIME: \"This alarm does not wake the device up; if it goes off while the device is asleep, it will not be delivered until the next time the device wakes up\"); AOSP apex/jobscheduler/service/java/com/android/server/alarm/AlarmManagerService.java (alarm thread: a batch with a wakeup alarm also delivers the pending non-wakeup alarms; checkAllowNonWakeupDelayLocked: no delay while interactive; currentNonWakeupFuzzLocked; interactiveStateChangedLocked: the screen turning on delivers mPendingNonWakeupAlarms)",
        confidence: .high)
}
