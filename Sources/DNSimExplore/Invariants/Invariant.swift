import DNSimScenario

/// A property every explored run must have, with the OS rule or seed text it comes from.
///
/// The judge reads each run's ``RunResult`` only (deliveries, missed / skipped / suppressed with
/// reasons, rule and trace-kind counts, the armed sets at the end, the plugin's missed reports,
/// the clock offsets); see ``InvariantChecker`` for the exact rules and exemptions, and
/// `docs/explore.md` for the same in prose.
public enum Invariant: String, CaseIterable, Sendable, Comparable {
    /// At most one delivery per slot and local date.
    case onePerSlotDate = "one-per-slot-date"
    /// No delivery before its planned instant.
    case notEarly = "not-early"
    /// Lateness beyond a minute only where an OS rule that permits it acted in the run.
    case latenessPermitted = "lateness-permitted"
    /// Every delivery is for an occurrence the user planned.
    case deliveryPlanned = "delivery-planned"
    /// iOS: the plugin never pushes the app over 64 pending requests.
    case iosPendingBudget = "ios-64-budget"
    /// No content older than its TTL is shown where the profile enforces the TTL.
    case ttlRespected = "ttl-respected"
    /// At the end the plugin's store and the OS's armed set agree.
    case storeMatchesOS = "store-matches-os"
    /// Every missed occurrence is reported at most once.
    case missedReportedOnce = "missed-reported-once"
    /// Every lost occurrence is reported (unless the OS hides the loss from the app).
    case lossReported = "loss-reported"
    /// Liveness: after the heal, every slot is armed and delivered on time.
    case stuck = "liveness-stuck"

    public static func < (lhs: Invariant, rhs: Invariant) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// What it demands, in one sentence.
    public var summary: String {
        switch self {
        case .onePerSlotDate:
            return "at most one delivery per (slot, local date), the date read on the device's wall clock in its zone then"
        case .notEarly:
            return "no delivery before its planned instant, measured on the device's wall clock"
        case .latenessPermitted:
            return "a delivery more than 1 min late only in a run where an OS rule that permits lateness acted"
        case .deliveryPlanned:
            return "every delivery matches an occurrence the user planned (nothing after a cancel, nothing invented)"
        case .iosPendingBudget:
            return "iOS: no plugin request pushes the app over 64 pending requests (no I1 over-limit drop right after a plugin add)"
        case .ttlRespected:
            return "no content older than its TTL is shown, under profiles that enforce the TTL"
        case .storeMatchesOS:
            return "at the end the plugin's store and the OS's armed set agree (nothing the store expects is unarmed, nothing armed is unknown)"
        case .missedReportedOnce:
            return "the plugin reports each missed occurrence at most once"
        case .lossReported:
            return "every occurrence that never reached the user is reported missed by the plugin, unless the OS hides the loss"
        case .stuck:
            return "after the heal (faults over, settings restored, app opened once) every wanted slot is armed and delivered on time (1 min; 10 min on Android without the exact-alarm permission)"
        }
    }

    /// The OS rule or seed text the invariant comes from.
    public var source: String {
        switch self {
        case .onePerSlotDate: return "the API contract \"daily at HH:mm\" (seed 003 §rollover; issue 14's London → New York duplicate)"
        case .notEarly: return "A3 (\"never early\"), I3 (a calendar trigger fires at the matching date), E1"
        case .latenessPermitted:
            return "docs/models/rules.md: Android A1, A3, A4, A5, A8, A10, A14, A22, A23, A26, A30 (a swipe an OEM treats as a force stop), A33, A37–A40, A60, A62; iOS I10, I12, I13, I22; "
                + "Electron E3, E1 (process ended), E2 (login)"
        case .deliveryPlanned: return "cancelAllNotifications / scheduleDailyNotification contract (seed 000 API)"
        case .iosPendingBudget: return "I1 (64 pending requests, the rest dropped silently); seed S22"
        case .ttlRespected: return "seed 004 TTL-at-fire (FreshnessPolicy.enforcesTTL: directive and corrected)"
        case .storeMatchesOS: return "seed 000 recovery: the store is the source of truth and the OS must hold what it expects (A18, I10)"
        case .missedReportedOnce: return "seed 001/002 missed-notification reporting (\"reported once\")"
        case .lossReported: return "seed 001/002 missed-notification detection; exemptions: S27/I9 (iOS drops while off, and evictions over 64 by the app's other code, I1, are invisible to the app)"
        case .stuck: return "VOPR-style liveness phase: faults stop, the world is healed, the app opened once"
        }
    }
}

/// One invariant that failed in one run, with its first instance.
public struct Violation: Sendable, Equatable {
    /// Which invariant.
    public var invariant: Invariant
    /// How many instances the run has.
    public var count: Int
    /// The first instance, in words.
    public var detail: String
    /// The slot of the first instance, if it names one.
    public var slot: String?
    /// The local date of the first instance, if it names one.
    public var localDate: String?
}

/// What the judge found in one run: the violations, and the invariants that had something to
/// judge (for "sometimes" coverage).
public struct Judgement: Sendable {
    /// Failed invariants, in ``Invariant`` order.
    public var violations: [Violation]
    /// Invariants the run exercised.
    public var exercised: [Invariant]

    /// The violation of `invariant`, if any.
    public func violation(of invariant: Invariant) -> Violation? { violations.first { $0.invariant == invariant } }
}
