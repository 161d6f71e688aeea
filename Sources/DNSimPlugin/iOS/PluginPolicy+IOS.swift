extension PluginPolicy {
    /// The decisions of the plugin's iOS side (seeds 000 §2, 001, 002, 003; facts I1–I23).
    public struct IOS: Sendable, Hashable {
        /// What the plugin hands UNUserNotificationCenter for a slot.
        public var trigger: IOSTrigger
        /// How later days of the window are placed, and how a re-arm steps a slot forward:
        /// `add24Hours` is seed 003's `date(byAdding: .hour, value: 24)` (S1); `calendarDay`
        /// requests each local date's wall time, floating with the zone (I4).
        public var rollover: RolloverRule
        /// How many days of dated requests each slot keeps pending (at most; see ``windowSizing``).
        /// Seeds 002 and 004: "today + tomorrow within the iOS cap".
        public var windowDays: Int
        /// Whether the window is shrunk to fit the 64-request budget (I1). Exposes S22.
        public var windowSizing: WindowSizing
        /// How stale content is kept from the user (seed 004 §4). Exposes S29 as `skipArming`.
        public var ttl: TTLEnforcement
        /// The stale action in force unless the app or the scenario sets one (seed 004: skip).
        public var staleActionDefault: FreshnessPolicy.StaleAction
        /// Whether scheduling is refused when notifications are not authorized (seed 002 Phase 1
        /// "Permission Auto-Healing": never a ghost schedule).
        public var permissionCheck: PermissionCheck
        /// What runs at launch and on return to the foreground.
        public var launchRecovery: IOSLaunchRecovery
        /// What the BGAppRefresh handler does after its fetch.
        public var refreshAction: RefreshAction
        /// Seed 000 §2.2 / seed 002's BGTask miss detection at launch: a refresh not run 15 minutes
        /// after its earliestBeginDate counts as missed and is resubmitted. Exposes S18.
        public var bgTaskMissCheck: BGTaskMissCheck
        /// What the app does when a running (or resumed) app hears of a clock, zone or day change
        /// (significantTimeChange / NSSystemClockDidChange / NSSystemTimeZoneDidChange, I13).
        /// Exposes S3 and S5.
        public var timeChangeCallbacks: TimeChangeCallbacks
        /// Seed 003's time-zone detection at launch: "Store Timezone on Schedule … Compare on
        /// Access … If timezone changed, recalculate all scheduled times" (§B, Strategy 2). Exposes S5.
        public var zoneChangeCheck: ZoneChangeCheck
        /// Seed 003's time-jump detection at launch: "store last known system time … detect
        /// significant time jumps (> 5 minutes)". Exposes S4.
        public var timeJumpCheck: TimeJumpCheck
        /// Whether one unreadable stored record stops the whole restore.
        public var restore: RestoreTolerance
        /// What a westward zone change does to an occurrence already shown today: floating
        /// requests (I4) put the same wall time back in front of the user.
        public var travel: Travel
        /// Which instant TTL-at-fire is judged against when content is baked into a floating
        /// request (I4): the occurrence's instant in the current zone, or the latest instant its
        /// wall time can fall on wherever the device moves before it fires.
        public var ttlHorizon: TTLHorizon

        /// Creates the iOS decisions.
        public init(
            trigger: IOSTrigger, rollover: RolloverRule, windowDays: Int, windowSizing: WindowSizing,
            ttl: TTLEnforcement, staleActionDefault: FreshnessPolicy.StaleAction, permissionCheck: PermissionCheck,
            launchRecovery: IOSLaunchRecovery, refreshAction: RefreshAction, bgTaskMissCheck: BGTaskMissCheck,
            timeChangeCallbacks: TimeChangeCallbacks,
            zoneChangeCheck: ZoneChangeCheck, timeJumpCheck: TimeJumpCheck, restore: RestoreTolerance,
            travel: Travel, ttlHorizon: TTLHorizon
        ) {
            self.trigger = trigger
            self.rollover = rollover
            self.windowDays = windowDays
            self.windowSizing = windowSizing
            self.ttl = ttl
            self.staleActionDefault = staleActionDefault
            self.permissionCheck = permissionCheck
            self.launchRecovery = launchRecovery
            self.refreshAction = refreshAction
            self.bgTaskMissCheck = bgTaskMissCheck
            self.timeChangeCallbacks = timeChangeCallbacks
            self.zoneChangeCheck = zoneChangeCheck
            self.timeJumpCheck = timeJumpCheck
            self.restore = restore
            self.travel = travel
            self.ttlHorizon = ttlHorizon
        }
    }

    /// What the plugin arms on iOS.
    public enum IOSTrigger: String, Sendable, CaseIterable {
        /// One repeating, floating `UNCalendarNotificationTrigger(hour, minute, repeats: true)`
        /// per slot: the OS fires it every day with no app code, its content fixed when armed.
        case repeatingCalendar
        /// One-shot, floating calendar requests, one per local date of the window, each rendered
        /// before arming (seed 004 §6: "UNCalendarNotificationTrigger (one-shots)").
        case datedCalendar
    }

    /// How the window is sized against the 64 pending requests the system keeps (I1).
    public enum WindowSizing: String, Sendable, CaseIterable {
        /// Always ``IOS/windowDays`` per slot, whatever the number of slots or other requests.
        case fixed
        /// At most ``IOS/windowDays`` per slot, shrunk so every slot's window plus 4 requests
        /// left for the app's other code fit in 64; all slots are re-planned together.
        case budgetAware
    }

    /// Whether scheduling checks the notification authorization first.
    public enum PermissionCheck: String, Sendable, CaseIterable {
        /// No check: a schedule is accepted even when nothing can be shown.
        case none
        /// Refused with `notifications_denied` unless authorized, provisional or ephemeral.
        case rejectUnlessAuthorized
    }

    /// What runs at launch and resume on iOS.
    public enum IOSLaunchRecovery: String, Sendable, CaseIterable {
        /// No notification recovery: seed 000 §2.3 finds `load()` checks only for a missed
        /// BGTask (``IOS/bgTaskMissCheck``).
        case none
        /// Seeds 000 §2.3 and 001 §4 as written: "pending empty ⇒ terminated" (S15); a three-way
        /// comparison of store, pending and delivered with ±180 s tolerance (S6, S27); every
        /// request cancelled and the window re-added.
        case threeWay
        /// An idempotent reconcile: an occurrence that was pending and is gone after its time was
        /// delivered (I10; the user may have cleared it, I9); one never armed is missed, reported
        /// once; the window is refilled from each slot's next local date; the refresh request is
        /// resubmitted for the next T–lead (I14).
        case reconcile
    }

    /// What the BGAppRefresh handler does after fetching.
    public enum RefreshAction: String, Sendable, CaseIterable {
        /// Keeps the content for the next arming; arms nothing.
        case fetchOnly
        /// Seed 002: the refresh "extends the rolling window": every request cancelled and the
        /// window re-added, stepped by the rollover rule.
        case extendWindow
        /// Runs the reconcile (``IOSLaunchRecovery/reconcile``).
        case reconcile
    }

    /// What `load()` does about a BGAppRefresh that has not run (S18: earliestBeginDate is only a
    /// lower bound, I15; resubmitting replaces the pending request, I14).
    public enum BGTaskMissCheck: String, Sendable, CaseIterable {
        /// No check: the refresh request stays as submitted.
        case none
        /// Seed 000 §2.2 `checkForMissedBGTask()`: resubmitted for the next slot's T–lead.
        case resubmit
        /// Seed 002 Phase 1 "BGTask Miss Detection": resubmitted with `earliestBeginDate = now + 1 minute`.
        case resubmitInOneMinute
    }

    /// What the app does on a time-change notification (I13).
    public enum TimeChangeCallbacks: String, Sendable, CaseIterable {
        /// Nothing: seed 003 says "iOS doesn't provide direct time change notifications" (S3), so
        /// the plan never listens for them.
        case ignore
        /// S5: "recalculate all scheduled times … cancel & reschedule".
        case rescheduleAll
        /// Runs the reconcile.
        case reconcile
    }

    /// Seed 003's launch-time check for a time-zone change.
    public enum ZoneChangeCheck: String, Sendable, CaseIterable {
        /// No check (floating calendar requests follow the zone by themselves, I4).
        case none
        /// Compare the zone stored at the last run with the current one at every launch and
        /// resume; on a change, cancel every request and reschedule (seed 003 Strategy 2). Its
        /// "recalculation" reads hour and minute with `Calendar.current`, already in the new // dnsim-host-ok: describes the plugin code, reads nothing
        /// zone, so each occurrence keeps its instant, not its wall time (S5).
        case compareStoredZone
    }

    /// Seed 003's launch-time check for a clock jump.
    public enum TimeJumpCheck: String, Sendable, CaseIterable {
        /// No check.
        case none
        /// Compare the wall clock with the one stored at the last run; more than 5 minutes apart
        /// is logged as a time change, and nothing else happens.
        case logOnly
        /// As `logOnly`, then seed 003 Strategy 1: cancel every pending request and re-arm each
        /// slot from its wall time ("recalculate … cancel old … reschedule with corrected times").
        case cancelAndReshift
    }

    /// How often a slot is shown on one local date when the device moves west across zones (or
    /// its clock is set back) after the slot fired.
    ///
    /// A dated request is floating (I4): 08:00 on 3 June fires at 08:00 wherever the device is.
    /// After 08:00 in London has been shown, a move to New York at 12:00 London (07:00 there)
    /// makes 08:00 on 3 June a future time again.
    public enum Travel: String, Sendable, CaseIterable {
        /// The seeds' reading: seed 003 §B "maintain same local time (9:00 AM stays 9:00 AM)",
        /// and its duplicate checks compare instants within a minute (Strategy 4), which a
        /// local date repeated hours later never matches. The reconcile judges an occurrence by
        /// its time in the current zone, re-arms the date and the user sees it again, against
        /// seed 003's own "No Duplicates: zero duplicate notifications in any scenario".
        case everyLocalTime
        /// At most one delivery per slot and local date: a request the plugin armed for a date
        /// that is gone from the pending list, either after its time (as it stood when armed,
        /// I3) or while still in Notification Center, was delivered (I10) wherever the device
        /// and its clock are now, so the date is done. This also covers a clock set back over
        /// a slot that has fired.
        case oncePerLocalDate
    }

    /// Which instant content baked into a floating request must still be fresh at.
    ///
    /// No app code runs when a local notification fires (I6), so TTL-at-fire (seed 004 §4) is
    /// decided when the request is armed. A floating calendar trigger fires at its wall time in
    /// whatever zone the device is in then (I4): a move west while the app is not running makes
    /// it fire hours later than the plugin computed, with the same baked content.
    public enum TTLHorizon: String, Sendable, CaseIterable {
        /// The occurrence's instant in the zone the device is in when the request is armed
        /// (the seeds' reading: seed 004 §4 compares the TTL with "T").
        case plannedInstant
        /// The latest instant the wall time can fall on: in the westernmost zone there is,
        /// UTC−12 (IANA `Etc/GMT+12`), so content is baked only if it is still fresh after any
        /// westward move. An occurrence fresh at its planned instant but not at the horizon is
        /// armed with the static body; the stale action applies only to one stale at its
        /// planned instant, as under `plannedInstant`.
        case westernmostZone
    }
}
