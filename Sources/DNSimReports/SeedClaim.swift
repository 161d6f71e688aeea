/// A statement in the seed documents that the fact sheet contradicts or does not support
/// (S1–S28, numbered as in §11 of the team's fact sheet, which is kept outside the repository;
/// the audit is `reports/seed-claims.md`), and whether dnsim can exercise it yet.
public struct SeedClaim: Sendable {
    /// `S1`…`S28`.
    public let id: String
    /// The seed document(s) and the claim, shortened.
    public let claim: String
    /// The fact sheet's verdict.
    public let factSheetVerdict: String
    /// Why no scenario can test it, when none can; `nil` when it is exercisable.
    public let notExercisable: String?
    /// For a claim about the OS rather than the plugin's plan: the OS rule whose application in
    /// a run shows the claim wrong (or, with `nuance`, only partly right), and what it shows.
    public var evidence: Evidence? = nil

    /// Evidence from the model for a claim about the OS.
    public struct Evidence: Sendable {
        /// The OS rule id.
        public let rule: String
        /// What its application shows.
        public let shows: String
        /// Whether the claim is only partly wrong.
        public let nuance: Bool
    }

    /// The catalogue, in id order.
    public static let all: [SeedClaim] = [
        SeedClaim(id: "S1", claim: "003: Calendar.date(byAdding: .hour, value: 24) handles DST automatically", factSheetVerdict: "Wrong (T1)", notExercisable: nil),
        SeedClaim(id: "S2", claim: "003: spring-forward 02:00 — use the system's automatic handling", factSheetVerdict: "Under-specified (T3, T6, I5)", notExercisable: nil),
        SeedClaim(id: "S3", claim: "003: iOS has no time-change notifications", factSheetVerdict: "Partly wrong (I13)", notExercisable: nil, evidence: Evidence(rule: "I13", shows: "time-change notifications reach a running app and are queued for a suspended one", nuance: false)),
        SeedClaim(id: "S4", claim: "003: detect time jumps by comparing the last known system time at launch (> 5 min)", factSheetVerdict: "Flawed design (T8)", notExercisable: "needs the iOS plugin side (issue 4)"),
        SeedClaim(id: "S5", claim: "003: on a time-zone change recalculate and reschedule everything", factSheetVerdict: "Unnecessary on iOS, necessary on Android (I4, A15)", notExercisable: nil),
        SeedClaim(id: "S6", claim: "001/002: iOS notifications drift up to ±180 s", factSheetVerdict: "Undocumented (I12)", notExercisable: "an undocumented assumption: dnsim offers it as the deliveryDriftMs option (default 0, I12), not a behaviour to test"),
        SeedClaim(id: "S7", claim: "002: Android daily notification exact ±0 s", factSheetVerdict: "Overstated (A22, A23, A6)", notExercisable: nil, evidence: Evidence(rule: "A5", shows: "without the exact-alarm permission (denied by default on 14, A22) the plugin must use a window", nuance: false)),
        SeedClaim(id: "S8", claim: "004: windowed fallback (±10 min) via setWindow(start, len)", factSheetVerdict: "Imprecise: one-sided, ≥ 10 min, deferred in Doze (A5, A37)", notExercisable: nil),
        SeedClaim(id: "S9", claim: "000/004: force stop cancels all WorkManager tasks", factSheetVerdict: "Misleading: rescheduled at next start (A44)", notExercisable: nil, evidence: Evidence(rule: "A44", shows: "WorkManager reschedules its work at the next app start after a force stop", nuance: false)),
        SeedClaim(id: "S10", claim: "000: after force stop the app cannot run until the user opens it", factSheetVerdict: "Mostly right; API 35 delivers BOOT_COMPLETED on un-stop (A28)", notExercisable: nil, evidence: Evidence(rule: "A28", shows: "on API 35 leaving the stopped state delivers BOOT_COMPLETED", nuance: true)),
        SeedClaim(id: "S11", claim: "000: force stop detected when DB.count > 0 && AlarmManager.count == 0", factSheetVerdict: "Not implementable as written (A18, A29)", notExercisable: nil),
        SeedClaim(id: "S12", claim: "000: swipe from recents does not cancel alarms; only force stop does", factSheetVerdict: "True on AOSP only (A30)", notExercisable: nil, evidence: Evidence(rule: "A30", shows: "an OEM profile treats a swipe like a force stop", nuance: true)),
        SeedClaim(id: "S13", claim: "000: after an iOS swipe-up BGTasks may still run", factSheetVerdict: "Contradicts Apple DTS (I18)", notExercisable: "needs the iOS model (issue 4)"),
        SeedClaim(id: "S14", claim: "001: iOS has no force-stop equivalent", factSheetVerdict: "Wrong (I18)", notExercisable: nil, evidence: Evidence(rule: "I18", shows: "the app-switcher swipe is a user force-quit that stops background tasks", nuance: false)),
        SeedClaim(id: "S15", claim: "001: pending list empty and DB not empty means the app was terminated", factSheetVerdict: "Wrong inference (I10)", notExercisable: nil, evidence: Evidence(rule: "I10", shows: "pending requests survive termination, so an empty pending list says nothing about it", nuance: false)),
        SeedClaim(id: "S16", claim: "000: non-repeating time-interval triggers are lost by a reboot before they fire", factSheetVerdict: "Unverified (I10)", notExercisable: "the plugin uses calendar triggers only; the model keeps the claim as the timeIntervalSurvivesReboot option (default true), pinned by a test"),
        SeedClaim(id: "S17", claim: "001/002: BGTaskScheduler registration gives boot recovery", factSheetVerdict: "No boot hook exists (I22)", notExercisable: nil, evidence: Evidence(rule: "I22", shows: "nothing runs at boot; recovery waits for the next launch", nuance: false)),
        SeedClaim(id: "S18", claim: "002: BGTask missed if not run 15 min after earliestBeginDate; resubmit", factSheetVerdict: "False premise (I14, I15)", notExercisable: "needs the iOS model (issue 4)"),
        SeedClaim(id: "S19", claim: "002: test BGTasks in the iOS Simulator", factSheetVerdict: "Contradicts Apple (I20, I23)", notExercisable: "about the developer's test setup, not runtime behaviour"),
        SeedClaim(id: "S20", claim: "002/001: BGAppRefresh gets ~30 seconds", factSheetVerdict: "Plausible, not an Apple number (I16, I17)", notExercisable: "a parameter (refreshBudget, default 30 s, with early expiry, I16/I17); the plugin's behaviour does not depend on it"),
        SeedClaim(id: "S21", claim: "002: at most ~20 daily notifications recommended", factSheetVerdict: "Unsourced guidance", notExercisable: "a recommendation, not behaviour a model can show"),
        SeedClaim(id: "S22", claim: "002/000: iOS keeps a prioritised 64 in the rolling window", factSheetVerdict: "Clarify: which 64 are kept is uncertain (I1)", notExercisable: "needs the iOS model (issue 4)"),
        SeedClaim(id: "S23", claim: "004: Android receivers re-arm the next 24 h after reboot or time change", factSheetVerdict: "OK with gaps: unlock, stopped state, no DST broadcast (A16, A27, A32, A33)", notExercisable: nil),
        SeedClaim(id: "S24", claim: "004: iOS re-arms after reboot on next wake or silent push", factSheetVerdict: "Unnecessary and unreliable (I10, I18)", notExercisable: nil, evidence: Evidence(rule: "I10", shows: "pending requests survive a reboot, so nothing needs re-arming", nuance: false)),
        SeedClaim(id: "S25", claim: "000: iOS notification fires after a device reboot", factSheetVerdict: "OK, medium confidence (I10)", notExercisable: "needs the iOS model (issue 4)"),
        SeedClaim(id: "S26", claim: "000: Android alarms fire even if the process is killed; the OS recreates it", factSheetVerdict: "Correct (A2, A31)", notExercisable: nil),
        SeedClaim(id: "S27", claim: "001/002: iOS detects misses by comparing storage with delivered", factSheetVerdict: "Heuristic: delivered is user-clearable (I9)", notExercisable: "needs the iOS model (issue 4)"),
        SeedClaim(id: "S28", claim: "002: iOS exact alarm equivalent is a calendar trigger with tolerance", factSheetVerdict: "Terminology: no tolerance parameter (I12)", notExercisable: "terminology, not behaviour"),
        SeedClaim(id: "S29", claim: "004 (found by dnsim): \"(T − fetchedAt) > TTL ⇒ skip arming\" together with a today-and-tomorrow window and one fetch per slot at T–lead", factSheetVerdict: "Self-contradictory for TTL ≤ 24 h + lead: tomorrow is always stale when armed, so delivery depends on the T–lead job running before T (A37, A40, I15)", notExercisable: nil),
        SeedClaim(id: "S30", claim: "000 §0.2 (found by dnsim): a schedule with scheduled_time < now and not delivered is missed", factSheetVerdict: "No tolerance: an occurrence merely delayed (sleep, a clock correction, Doze) is declared missed just before it fires (E3, A14)", notExercisable: nil),
    ]
}
