extension PluginPolicy {
    /// The decisions of the plugin's Android side (seeds 000 and 004; the AlarmManager facts A1–A51).
    public struct Android: Sendable, Hashable {
        /// How the next occurrence is computed after one fires, and how the rolling window's later
        /// days are placed. `calendarDay` resolves 09:00 on the next local date (T2, T6);
        /// `add24Hours` adds 86 400 000 ms, seed 003's arithmetic, which drifts by the DST delta
        /// (T1). Exposes S1.
        public var rollover: RolloverRule
        /// How many days of each slot are armed ahead: 1 is a chain (each delivery arms the next);
        /// 2 is seed 004's "rolling window (today + tomorrow)".
        public var windowDays: Int
        /// The AlarmManager call used when exact alarms are permitted.
        public var exactAlarm: ExactAlarmCall
        /// The AlarmManager call used when they are not (seed 004 §5 "fallback ±10m window").
        /// Exposes S8.
        public var inexactFallback: InexactFallback
        /// How stale content is kept from the user (seed 004 §4). Exposes S29 as `skipArming`.
        public var ttl: TTLEnforcement
        /// The stale action in force unless the app or the scenario sets one (seed 004: skip).
        public var staleActionDefault: FreshnessPolicy.StaleAction
        /// Whether a delivery reports the earlier occurrences of its slot that never fired
        /// (a dropped alarm) as missed.
        public var missedAtDelivery: MissedAtDelivery
        /// What the receiver does with an alarm the OS delivered late, held past its time by
        /// Doze, a standby-bucket quota, battery saver or a background restriction (A37, A40,
        /// A60, A62): a hold of a day or more releases two occurrences of a slot together.
        public var lateAlarm: LateAlarm
        /// What `load()` does on an app launch (seed 000 §0.2 "App Launch Recovery"; §1.3 finds
        /// the code does nothing).
        public var launchRecovery: LaunchRecovery
        /// What the BOOT_COMPLETED receiver does (seed 000 §1.1 finds it re-arms only future
        /// alarms). Exposes S23.
        public var bootRecovery: BootRecovery
        /// How a recovery at launch, at boot, on an update or on an exact-permission change finds
        /// each slot's next occurrence. (Time-change receivers always recompute from the wall
        /// time: seed 003 "recalculate all scheduled times".)
        public var recovery: RecoveryRecompute
        /// How the plugin concludes the app was force-stopped (seed 000 §0.2). Exposes S11.
        public var forceStopDetection: ForceStopDetection
        /// An occurrence found passed by at most this many minutes (a clock correction racing the
        /// alarm, a slow boot) is still delivered, late and once; an older one is reported missed.
        /// 0 is seed 000 §0.2's "scheduled_time < now ⇒ missed", with no tolerance (S30).
        public var missedGraceMinutes: Int
        /// Whether one unreadable stored record stops the whole restore.
        public var restore: RestoreTolerance
        /// Whether the schedule is mirrored to device-protected storage and re-armed at
        /// LOCKED_BOOT_COMPLETED, before the first unlock (A33; only with direct-boot-aware
        /// receivers in the build). Exposes S23's "after the first unlock" gap.
        public var directBoot: DirectBoot
        /// TIME_SET and TIMEZONE_CHANGED receivers (seed 004 §5). Exposes S23 (no DST broadcast, A16).
        public var timeChangeReceivers: Declaration
        /// The MY_PACKAGE_REPLACED receiver (A35; no seed names it).
        public var packageReplacedReceiver: Declaration
        /// The SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED receiver (A24; no seed names it).
        public var exactPermissionReceiver: Declaration

        /// Creates the Android decisions.
        public init(
            rollover: RolloverRule, windowDays: Int, exactAlarm: ExactAlarmCall, inexactFallback: InexactFallback,
            ttl: TTLEnforcement, staleActionDefault: FreshnessPolicy.StaleAction, missedAtDelivery: MissedAtDelivery,
            lateAlarm: LateAlarm = .show, launchRecovery: LaunchRecovery, bootRecovery: BootRecovery, recovery: RecoveryRecompute,
            forceStopDetection: ForceStopDetection, missedGraceMinutes: Int, restore: RestoreTolerance,
            directBoot: DirectBoot, timeChangeReceivers: Declaration, packageReplacedReceiver: Declaration,
            exactPermissionReceiver: Declaration
        ) {
            self.rollover = rollover
            self.windowDays = windowDays
            self.exactAlarm = exactAlarm
            self.inexactFallback = inexactFallback
            self.ttl = ttl
            self.staleActionDefault = staleActionDefault
            self.missedAtDelivery = missedAtDelivery
            self.lateAlarm = lateAlarm
            self.launchRecovery = launchRecovery
            self.bootRecovery = bootRecovery
            self.recovery = recovery
            self.forceStopDetection = forceStopDetection
            self.missedGraceMinutes = missedGraceMinutes
            self.restore = restore
            self.directBoot = directBoot
            self.timeChangeReceivers = timeChangeReceivers
            self.packageReplacedReceiver = packageReplacedReceiver
            self.exactPermissionReceiver = exactPermissionReceiver
        }
    }

    /// The AlarmManager call for an exact alarm.
    public enum ExactAlarmCall: String, Sendable, CaseIterable {
        /// `setExact`: exact, but deferred to the next maintenance window in Doze (A6). Seed 002's
        /// parity table maps "Daily notification: Exact ±0 s" to it. Exposes S7.
        case setExact
        /// `setExactAndAllowWhileIdle`: exact and allowed in Doze within its quota (A7).
        case setExactAndAllowWhileIdle
    }

    /// The AlarmManager call when exact alarms are not permitted.
    public enum InexactFallback: String, Sendable, CaseIterable {
        /// Seed 004 §5 as written, "fallback to setWindow(start,len) (±10m)":
        /// `setWindow(T − 10 min, 20 min)`, which can fire up to 10 minutes early (A5). Exposes S8.
        case symmetricWindow
        /// `setWindow(T, 10 min)`: never early, at most 10 minutes late outside Doze (A5).
        case forwardWindow
    }

    /// What a delivery does about its slot's earlier occurrences that never fired.
    public enum MissedAtDelivery: String, Sendable, CaseIterable {
        /// Nothing: they are never reported.
        case ignore
        /// Each is recorded as missed, once.
        case report
    }

    /// What the receiver does with an alarm delivered late.
    public enum LateAlarm: String, Sendable, CaseIterable {
        /// Posts it, however late (the seeds are silent: the receiver posts whatever fires).
        case show
        /// Posts it while it is nearer its own planned instant than the slot's next occurrence;
        /// past that midpoint it is reported missed instead: such a post reads as the next
        /// occurrence's, early, and arrives beside it when the OS releases both at once.
        case missedPastMidpoint
    }

    /// What `load()` does at an app launch on Android.
    public enum LaunchRecovery: String, Sendable, CaseIterable {
        /// Nothing: seed 000 §1.3, "`load()` only initialises the database; no recovery".
        case none
        /// Run the recovery (``Android/recovery``), after force-stop detection.
        case recover
    }

    /// What the BOOT_COMPLETED receiver does.
    public enum BootRecovery: String, Sendable, CaseIterable {
        /// Seed 000 §1.1: re-arm a slot only if its stored next run is still in the future; one
        /// that passed while the device was off is dropped silently.
        case futureOnly
        /// Run the recovery (``Android/recovery``): passed occurrences reported missed, every slot
        /// re-armed.
        case recover
    }

    /// How a recovery places each slot's next occurrence.
    public enum RecoveryRecompute: String, Sendable, CaseIterable {
        /// Seed 000 §0.2: passed occurrences are marked missed and the stored next run is stepped
        /// forward by the rollover rule until it is in the future.
        case chained
        /// Every occurrence is judged from the slot's wall time in the current zone, so a zone
        /// or clock change never leaves a stale instant armed (A14, A15), starting from the
        /// earliest date owed since the slot was set up (a westward move can bring one back:
        /// armed if ahead, reported missed if passed).
        case fromWallTime
    }

    /// How the plugin concludes the app was force-stopped.
    public enum ForceStopDetection: String, Sendable, CaseIterable {
        /// No detection (seed 000 §1.5 finds none).
        case none
        /// Seed 000 §0.2, "if DB.count > 0 && AlarmManager.count == 0 → force stop", realised
        /// with the only real tool, FLAG_NO_CREATE PendingIntent probes, "on cold start" (A18:
        /// there is no alarm count). Exposes S11.
        case alarmCounting
        /// At launch, `ApplicationStartInfo.wasForceStopped()` on API 35+, else a new
        /// REASON_USER_REQUESTED process-exit record on API 30+, as WorkManager does (A29).
        case exitReasons
    }

    /// Whether the schedule survives into direct boot.
    public enum DirectBoot: String, Sendable, CaseIterable {
        /// Credential-encrypted storage only: nothing can be re-armed before the first unlock.
        case none
        /// A device-protected copy of the slots, re-armed at LOCKED_BOOT_COMPLETED (A33).
        case mirror
    }
}
