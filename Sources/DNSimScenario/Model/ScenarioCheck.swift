import DNSimCalendar

/// A machine-checked expectation of a scenario.
public struct ScenarioCheck: Sendable {
    /// A short id, unique within the scenario.
    public var id: String
    /// What it checks, in words.
    public var description: String
    /// The seed claim (`S1`…`S30`, audited in `reports/seed-claims.md`) a failure exposes, if any.
    public var seedClaim: String?
    /// The assertion.
    public var assertion: ScenarioAssertion
}

/// What a check asserts about a run.
public enum ScenarioAssertion: Sendable, Equatable {
    /// Notifications shown (optionally for one slot).
    case deliveryCount(CountComparison, slot: String?)
    /// Planned occurrences that were never shown (optionally of one slot).
    case missedCount(CountComparison, slot: String?)
    /// Posts the OS dropped (permission, channel), optionally of one slot.
    case suppressedCount(CountComparison, slot: String?)
    /// Occurrences the plugin itself recorded as missed.
    case pluginReportedMissed(CountComparison)
    /// Every shown notification (optionally of one slot) appeared at this local wall time
    /// (± tolerance) in the device zone.
    case deliveredAtLocalTime(LocalTime, toleranceMs: Int64, slot: String?)
    /// No shown notification (optionally of one slot) was later than this.
    case maxLatenessMs(Int64, slot: String?)
    /// The occurrence of this local date was shown.
    case delivered(localDate: LocalDate, slot: String?)
    /// The occurrence of this local date was not shown.
    case notDelivered(localDate: LocalDate, slot: String?)
    /// The plugin API returned this error code at least once.
    case errorCode(String)
    /// The plugin API returned no error.
    case noErrors
    /// No occurrence was shown more than once.
    case noDuplicateDeliveries
    /// Alarms (or pending requests) the OS holds for the app at the end.
    case armedAtEnd(CountComparison)
    /// At the end the OS holds at most one alarm per occurrence (slot and local date).
    case noDuplicateAlarms
    /// The trace shows this OS rule deciding something.
    case ruleApplied(String)
    /// The last `getNotificationStatus` answer had this value for this field.
    case statusReports(field: String, equals: String)
    /// Deliveries whose content was older than the TTL when shown.
    case staleDeliveries(CountComparison)
    /// Occurrences the plugin deliberately skipped (TTL-at-fire), optionally of one slot.
    case skippedCount(CountComparison, slot: String?)
    /// Content fetches made.
    case prefetchAttempts(CountComparison)
    /// Deliveries showing the server's current content version.
    case freshDeliveries(CountComparison)
    /// The prefetch hit rate at T–lead, in whole percent.
    case prefetchHitRate(CountComparison)
    /// Fetches answered `304 Not Modified` (the ETag was sent and honoured).
    case notModifiedFetches(CountComparison)
    /// Android, the scripted test app: its alarm `alarm` fired, at a local date-time from `from`
    /// to `to` inclusive on the device's clock when given (millisecond precision).
    case alarmFired(alarm: String, from: LocalDateTime?, to: LocalDateTime?)
    /// Android, the scripted test app: its alarm `alarm` never fired.
    case alarmNotFired(String)
    /// Android, the scripted test app: setting its alarm `alarm` threw a SecurityException (A19).
    case alarmRejected(String)
    /// Android, the scripted test app: its work `work` ran (its worker started `count` times
    /// when given), its `run`-th run (1-based) starting from `from` to `to` inclusive on the
    /// device clock when given.
    case workRan(work: String, run: Int, from: LocalDateTime?, to: LocalDateTime?, count: CountComparison?)
    /// Android, the scripted test app: its work `work` never ran.
    case workNotRan(String)
    /// iOS, the scripted test app: its request was delivered (`count` times when given), its
    /// first delivery from `from` to `to` inclusive on the device clock when given.
    case requestDelivered(request: String, from: LocalDateTime?, to: LocalDateTime?, count: CountComparison?)
    /// iOS, the scripted test app: its request was never delivered.
    case requestNotDelivered(String)
    /// iOS, the scripted test app: its request was dropped by the 64-pending limit (I1).
    case requestDropped(String)
    /// iOS, the scripted test app: `add` refused its request (I2).
    case requestRejected(String)
    /// iOS, the scripted test app: the system launched its background task (`count` times when
    /// given), the first launch from `from` to `to` inclusive on the device clock when given.
    case taskRan(task: String, from: LocalDateTime?, to: LocalDateTime?, count: CountComparison?)
    /// iOS, the scripted test app: its background task was never launched.
    case taskNotRan(String)
    /// iOS, the scripted test app: `submit` threw for its task request (with that error code
    /// when given: `unavailable`, `tooManyPendingTaskRequests`, `notPermitted`).
    case taskRejected(task: String, error: String?)

    /// The assertion's name in the scenario format.
    public var name: String {
        switch self {
        case .deliveryCount: return "deliveryCount"
        case .missedCount: return "missedCount"
        case .suppressedCount: return "suppressedCount"
        case .pluginReportedMissed: return "pluginReportedMissed"
        case .deliveredAtLocalTime: return "deliveredAtLocalTime"
        case .maxLatenessMs: return "maxLatenessMs"
        case .delivered: return "delivered"
        case .notDelivered: return "notDelivered"
        case .errorCode: return "errorCode"
        case .noErrors: return "noErrors"
        case .noDuplicateDeliveries: return "noDuplicateDeliveries"
        case .armedAtEnd: return "armedAtEnd"
        case .noDuplicateAlarms: return "noDuplicateAlarms"
        case .ruleApplied: return "ruleApplied"
        case .statusReports: return "statusReports"
        case .staleDeliveries: return "staleDeliveries"
        case .skippedCount: return "skippedCount"
        case .prefetchAttempts: return "prefetchAttempts"
        case .freshDeliveries: return "freshDeliveries"
        case .prefetchHitRate: return "prefetchHitRate"
        case .notModifiedFetches: return "notModifiedFetches"
        case .alarmFired: return "alarmFired"
        case .alarmNotFired: return "alarmNotFired"
        case .alarmRejected: return "alarmRejected"
        case .workRan: return "workRan"
        case .workNotRan: return "workNotRan"
        case .requestDelivered: return "requestDelivered"
        case .requestNotDelivered: return "requestNotDelivered"
        case .requestDropped: return "requestDropped"
        case .requestRejected: return "requestRejected"
        case .taskRan: return "taskRan"
        case .taskNotRan: return "taskNotRan"
        case .taskRejected: return "taskRejected"
        }
    }

    /// The scripted test app's alarm, work, request or task the assertion is about, if any.
    public var scriptedReference: ScriptedReference? {
        switch self {
        case .alarmFired(let id, _, _), .alarmNotFired(let id), .alarmRejected(let id):
            return ScriptedReference(kind: .alarm, id: id)
        case .workRan(let id, _, _, _, _), .workNotRan(let id):
            return ScriptedReference(kind: .work, id: id)
        case .requestDelivered(let id, _, _, _), .requestNotDelivered(let id), .requestDropped(let id), .requestRejected(let id):
            return ScriptedReference(kind: .request, id: id)
        case .taskRan(let id, _, _, _), .taskNotRan(let id), .taskRejected(let id, _):
            return ScriptedReference(kind: .task, id: id)
        default:
            return nil
        }
    }

    /// The slot the assertion is limited to, if any.
    public var slot: String? {
        switch self {
        case .deliveryCount(_, let slot), .missedCount(_, let slot), .suppressedCount(_, let slot),
            .deliveredAtLocalTime(_, _, let slot), .maxLatenessMs(_, let slot), .delivered(_, let slot),
            .notDelivered(_, let slot), .skippedCount(_, let slot):
            return slot
        default:
            return nil
        }
    }

    /// Every assertion name, in documentation order.
    public static let allNames = [
        "deliveryCount", "missedCount", "suppressedCount", "pluginReportedMissed", "deliveredAtLocalTime",
        "maxLatenessMs", "delivered", "notDelivered", "errorCode", "noErrors", "noDuplicateDeliveries", "armedAtEnd",
        "noDuplicateAlarms",
        "ruleApplied", "statusReports", "staleDeliveries", "skippedCount", "prefetchAttempts", "freshDeliveries",
        "prefetchHitRate", "notModifiedFetches", "alarmFired", "alarmNotFired", "alarmRejected", "workRan", "workNotRan", "requestDelivered",
        "requestNotDelivered", "requestDropped", "requestRejected", "taskRan", "taskNotRan", "taskRejected",
    ]
}

/// A count constraint: any combination of `equals`, `atLeast`, `atMost` (at least one).
public struct CountComparison: Sendable, Equatable, CustomStringConvertible {
    /// Exactly this many.
    public var equals: Int?
    /// At least this many.
    public var atLeast: Int?
    /// At most this many.
    public var atMost: Int?

    /// Whether `value` satisfies every given bound.
    public func holds(for value: Int) -> Bool {
        if let equals, value != equals { return false }
        if let atLeast, value < atLeast { return false }
        if let atMost, value > atMost { return false }
        return true
    }

    public var description: String {
        var parts: [String] = []
        if let equals { parts.append("= \(equals)") }
        if let atLeast { parts.append("≥ \(atLeast)") }
        if let atMost { parts.append("≤ \(atMost)") }
        return parts.joined(separator: " and ")
    }
}
