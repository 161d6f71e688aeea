import DNSimCalendar
import DNSimCore

/// The simulated Android OS around one app: AlarmManager, broadcasts, the activity manager's
/// process and stopped-state rules, NotificationManager, power and clocks.
///
/// Every outcome an OS rule decides is written to the trace with the rule's fact id.
///
/// Modelled: alarms by clock type and method (A1–A7, A12–A15, A18, A19); exact-alarm permission
/// checks; swipe, process death and force stop (A26, A27, A28 un-stop delivery, A30, A31, A36);
/// reboot with locked and unlocked boot broadcasts and credential-storage locking (A32, A33);
/// TIME_SET and TIMEZONE_CHANGED (A14, A15, A34); notification permission (A49, A52).
///
/// Also: Doze and while-idle quotas (A8–A10, A37, A38), the screen (Doze after screen off, A63;
/// screen on ends it, A64; non-wakeup alarms wait for a wake, A65), standby buckets (A39, A40),
/// WorkManager (A43–A48), exact-permission revoke and grant (A23, A24), package replacement (A17,
/// A35), channels (A51), OEM and unused-app profiles.
///
/// Not modelled: the later bucket quota model (A42), repeating alarms (A11), backup/restore.
public final class AndroidSystem<App: AndroidApplication> {
    /// The engine the OS schedules its events on.
    public let sim: Simulator<DeviceEvent>
    /// The device.
    public let profile: AndroidDeviceProfile
    /// Varying behaviour, printed in reports.
    public let parameters: AndroidOSParameters
    /// The device clocks.
    public internal(set) var clock: DeviceClock

    /// PendingIntents that exist in the system for the app, in creation order. They outlive the
    /// alarms that used them: only `PendingIntent.cancel()`, a reboot, or on API 35+ a force stop
    /// (A28) removes them, which is what `FLAG_NO_CREATE` probing sees (A18).
    public var pendingIntents: [AndroidPendingIntent] { livePendingIntents.values }
    /// The PendingIntents that exist, by identity, in creation order.
    var livePendingIntents = InsertionOrderedMap<AndroidPendingIntent.Identity, AndroidPendingIntent>()
    /// Alarms currently held, in the order they were set.
    public var alarms: [AndroidAlarm] { alarmTable.alarms }
    /// The alarms currently held, by PendingIntent identity and by serial.
    var alarmTable = AndroidAlarmTable()
    var nextAlarmSerial: Int32 = 0
    /// Every `notify` call and its outcome, since the last ``drainNotificationLog(_:)``.
    public internal(set) var notificationLog: [AndroidNotificationRecord] = []
    /// Ids of notifications currently shown.
    public internal(set) var shownNotificationIDs: [Int] = []

    /// Whether the device is powered on.
    public internal(set) var isPoweredOn = true
    /// Whether the user has unlocked the device since the last boot.
    public internal(set) var isUnlockedSinceBoot = true
    /// Whether the package is in the stopped state (A27). A new install starts stopped until
    /// the user first opens it.
    public internal(set) var isStopped = true
    /// Whether the package was force-stopped since its process last started (A28).
    public internal(set) var wasForceStoppedSinceLastStart = false
    /// Whether the current process started after a force stop (`wasForceStopped()`, A28).
    public internal(set) var processStartedAfterForceStop = false
    /// The live app process, if any.
    public internal(set) var process: App?
    /// Whether the app's activity is in the foreground.
    public internal(set) var isInForeground = false
    /// Whether SCHEDULE_EXACT_ALARM is granted.
    public internal(set) var exactAlarmGranted: Bool
    /// Whether POST_NOTIFICATIONS is granted (API 33+).
    public internal(set) var postNotificationsGranted: Bool
    /// The app's persistent storage (credential-encrypted: locked until the first unlock, A33).
    var storage: App.Storage
    /// The app's device-protected storage: readable in Direct Boot, before the first unlock (A33).
    var deviceProtectedStorage: App.Storage
    /// The app's persistent storage as it is now, for inspection by reports (not an app port).
    public var storageSnapshot: App.Storage { storage }
    /// The installed build of the app.
    public let build: App.Build
    /// The installed build's manifest.
    public let manifest: AndroidManifest
    /// How long after the current boot the user unlocks, when a reboot said so.
    var pendingUnlockDelay: SimDuration?
    /// Doze state.
    public internal(set) var doze = AndroidDoze()
    /// The screen, and the non-wakeup alarms waiting for the device to wake (A63–A65).
    public internal(set) var screen = AndroidScreen()
    /// The app's standby bucket (A39).
    public internal(set) var standbyBucket: AndroidStandbyBucket = .active
    /// Fire times of the app's alarms, for the bucket quota (A40).
    var bucketAlarmFires: [SimInstant] = []
    /// Whether battery saver is on (A60).
    public internal(set) var isBatterySaverOn = false
    /// Whether the user has background-restricted the app (RUN_ANY_IN_BACKGROUND denied, A62).
    public internal(set) var isBackgroundRestricted = false
    /// Whether the app is on the battery-optimisation (power-save) allowlist (A61).
    public internal(set) var isPowerAllowlisted = false
    /// Whether the device has a usable network connection.
    public internal(set) var isNetworkAvailable = true
    /// WorkManager's database: the app's work items, in the order they were enqueued (A43).
    public var works: [AndroidWork] { workDatabase.works }
    /// WorkManager's database with its indexes by serial and unique name.
    var workDatabase = AndroidWorkDatabase()
    var nextWorkSerial: Int32 = 0
    /// When the app's last job ran, for the bucket job spacing (A40).
    var lastJobRun: SimInstant?
    /// Workers that WorkManager creates by class name (``AndroidWorkRequest/worker``) from a
    /// delegate `WorkerFactory` rather than from the app's own ``AndroidApplication/doWork(_:context:)``:
    /// a scenario's scripted test app registers its worker here. They run in the app's process,
    /// under the same scheduling rules; the OS model does not know who registered them. Keyed
    /// by the class name's bytes (``StringKey``), as the JVM compares names: a name is hashed
    /// at every job run.
    public var delegateWorkers: [StringKey: (AndroidWork) -> AndroidWorkOutcome] = [:] {
        didSet { lastDelegateLookup = nil }
    }
    /// The worker class name looked up last in ``delegateWorkers`` and what it found: an app
    /// runs one or two workers, whose names are mostly the same literal, found again by their
    /// bits (``delegateWorker(for:)``).
    var lastDelegateLookup: (worker: String, delegate: ((AndroidWork) -> AndroidWorkOutcome)?)?
    /// Why the app's processes ended, newest last (`ActivityManager.getHistoricalProcessExitReasons`).
    public internal(set) var processExitReasons: [AndroidProcessExit] = []
    /// When the user last opened the app (for unused-app restrictions).
    public internal(set) var lastUserInteraction: SimInstant?
    /// The queued unused-app check.
    var unusedCheckEvent: EventHandle?
    /// Whether the app is hibernated or "sleeping" (an unused-app restriction) until the user opens it.
    public internal(set) var unusedRestriction: String?
    /// Fault injection: the next alarm-driven process start fails.
    var failNextProcessStartForAlarm = false
    /// The plugin's content server, reached through ``AndroidContext/httpClient``.
    public var contentServer: ContentServer?
    /// The queued next DST transition of the device zone (A16).
    var zoneTransitionEvent: EventHandle?
    /// Whether the app's notification channel is blocked by the user (A51).
    public internal(set) var isChannelBlocked = false

    /// Creates the OS with the app installed and launched never.
    public init(
        sim: Simulator<DeviceEvent>, profile: AndroidDeviceProfile, parameters: AndroidOSParameters, zone: Zone,
        build: App.Build
    ) {
        self.sim = sim
        self.build = build
        self.manifest = App.manifest(of: build)
        self.profile = profile
        self.parameters = parameters
        self.clock = DeviceClock(bootInstant: sim.now - .hours(1), zone: zone)
        if let granted = parameters.exactAlarmGranted {
            exactAlarmGranted = granted
        } else {
            // A22: denied by default on Android 14+ for new installs targeting 33+; A20: granted on 12/13.
            exactAlarmGranted = !(profile.apiLevel >= 34 && manifest.targetSdk >= 33)
        }
        postNotificationsGranted = profile.apiLevel < 33 ? true : parameters.postNotificationsGranted
        storage = App.emptyStorage()
        deviceProtectedStorage = App.emptyStorage()
        if parameters.exactAlarmGranted == nil && !exactAlarmGranted {
            trace("android.permission", "exactAlarm.deniedByDefault", rule: .a22, [TraceDetail("apiLevel", profile.apiLevel)])
        }
        scheduleZoneTransition()
    }

    /// The context handed to the app: its view of the OS.
    public var context: AndroidContext<App> { AndroidContext(system: self) }

    /// Handles an event this model scheduled.
    public func handle(_ event: AndroidEvent) {
        switch event {
        case .alarmDue(let slot, let serial): fireAlarm(at: AndroidAlarmTable.Position(slot: slot, serial: serial))
        case .bootFinished: finishBoot()
        case .userUnlock: unlock()
        case .enterIdle: idleCountdownEnded()
        case .maintenanceWindow(let start): maintenanceWindow(start: start)
        case .workDue(let serial): workDue(serial: serial)
        case .workFinished(let serial): workFinished(serial: serial)
        case .unusedAppCheck: checkUnusedApp()
        case .zoneTransition: zoneTransition()
        }
    }

    /// Whether the app may currently use exact alarms (`canScheduleExactAlarms()`, A19).
    public var canScheduleExactAlarms: Bool {
        if profile.apiLevel < 31 || manifest.targetSdk < 31 { return true }
        if manifest.declaresUseExactAlarm && profile.apiLevel >= 33 && manifest.targetSdk >= 33 { return true }
        return manifest.declaresScheduleExactAlarm && exactAlarmGranted
    }

    /// The exact-alarm state as resolved for printing.
    public var resolvedParameters: [(String, String)] {
        [("android.apiLevel", String(profile.apiLevel)), ("android.deviceProfile", profile.name)]
            + profile.described + parameters.described(resolvedExactAlarm: canScheduleExactAlarms)
            + [("android.standbyBucket.quotas", AndroidStandbyBucket.quotaTable)]
    }
}
