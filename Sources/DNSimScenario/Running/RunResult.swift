import DNSimCalendar
import DNSimCore

/// Everything a run produced, computed from the simulation: the input to every report.
public struct RunResult: Sendable {
    /// The scenario as run (with the profile and seed actually used).
    public var scenario: Scenario
    /// Every parameter that shaped the run, in a fixed order.
    public var parameters: [(key: String, value: String)]
    /// Notifications the user saw.
    public var deliveries: [Delivery]
    /// Planned occurrences that never reached the user.
    public var missed: [Occurrence]
    /// Occurrences the plugin deliberately did not deliver.
    public var skipped: [Occurrence]
    /// Occurrences the plugin posted but the OS did not show.
    public var suppressed: [Occurrence]
    /// Errors the plugin API returned.
    public var errors: [APIError]
    /// The checks and their outcomes.
    public var expectations: [ExpectationOutcome]
    /// The trace, when the run kept it (``traceKept``); empty otherwise.
    public var trace: [TraceRecord]
    /// Whether the run kept its trace records (``RunOptions/keepTrace``). Everything else in the
    /// result is the same either way.
    public var traceKept = true
    /// How many trace records the run wrote, kept or not.
    public var traceRecordCount = 0
    /// How many trace records each OS rule decided, by rule id.
    public var ruleCounts: [String: Int] = [:]
    /// How many trace records of each kind the run wrote (`alarm.fired`, `request.droppedOverLimit`, …).
    public var kindCounts: [String: Int] = [:]
    /// How many times the plugin reported each occurrence (`slot@localDate`) missed.
    public var missedReports: [String: Int] = [:]
    /// The occurrences reported missed more than once, with the time of every report, in order.
    public var repeatedMissedReports: [String: [SimInstant]] = [:]
    /// The device's wall-clock offset (wall − true) over time: one entry per clock change, from
    /// that instant on; none while the clock was never set (offset zero).
    public var clockOffsets: [(from: SimInstant, offset: SimDuration)] = []
    /// iOS: over-limit drops (I1) right after the plugin added a request (the plugin pushed the
    /// app over 64), and right after other code of the app did.
    public var overLimitDropsAfterPluginAdd = 0, overLimitDropsAfterOtherAdd = 0
    /// The trace digest (FNV-1a, hex).
    public var traceDigest: String
    /// The device zone over time: (from, zone), first entry at the start.
    public var zoneTimeline: [(from: SimInstant, zone: Zone)]
    /// Alarms the OS held for the app at the end.
    public var armedAtEnd: Int
    /// The occurrences (`slot@localDate`) those alarms are for, in the order they were set.
    public var armedOccurrencesAtEnd: [String] = []
    /// Next occurrences the plugin's store expects to be armed that the OS does not hold at the
    /// end (the armed-set difference after recovery); empty when store and OS agree.
    public var unarmedAtEnd: [String] = []
    /// Armed occurrences at the end for slots the store no longer knows.
    public var strayArmedAtEnd: [String] = []
    /// Occurrences the plugin recorded as missed.
    public var pluginReportedMissed: Int
    /// When each of the scripted test app's alarms fired (`setAlarm` steps), by alarm id.
    public var scriptedAlarmFirings: [String: [SimInstant]] = [:]
    /// The scripted test app's alarms whose `set…` call threw a SecurityException (A19), and its
    /// requests that `add` refused (I2).
    public var scriptedRejections: Set<String> = []
    /// When each run of the scripted test app's work started (`enqueueWork` steps), by work id.
    public var scriptedWorkRuns: [String: [SimInstant]] = [:]
    /// When each of the scripted test app's background tasks was launched (`submitTask` steps).
    public var scriptedTaskLaunches: [String: [SimInstant]] = [:]
    /// The error code of the last `submit` that threw for each scripted task.
    public var scriptedTaskRejections: [String: String] = [:]
    /// When each of the scripted test app's iOS requests was delivered (`addRequest` steps).
    public var scriptedRequestDeliveries: [String: [SimInstant]] = [:]
    /// The scripted requests the 64-pending limit dropped (I1).
    public var scriptedRequestDrops: Set<String> = []
    /// iOS: each change of the notification authorization (I8), in time order, and whether the
    /// new status presents notifications.
    public var authorizationChanges: [(at: SimInstant, presents: Bool)] = []
    /// iOS: when each occurrence (`slot@localDate`) fell due and was not shown because
    /// notifications were denied (`notification.notShown`, I8).
    public var notShown: [String: SimInstant] = [:]
    /// iOS: when the app's code ran (a launch or resume, a process start, a time-change
    /// notification, a background task launch), in time order.
    public var iosAppRuns: [SimInstant] = []
    /// The latest OS alarm or notification record about each occurrence other than its setting,
    /// by the slot and local date its extras name (see ``lastOSDecision(slot:localDate:)``).
    var lastOSRecords = OccurrenceTable<RunIndex.Decision>()
    /// The header fields of the record shapes the run wrote, by the position a
    /// ``RunIndex/Decision`` names.
    var recordShapes: [RunIndex.RecordShape.Key] = []
    /// Events the engine dispatched.
    public var eventCount: Int
    /// Content-freshness figures.
    public var freshness = FreshnessMetrics()
    /// Each `getNotificationStatus` answer, in order.
    public var statusSnapshots: [(at: SimInstant, fields: [(String, String)])] = []

    /// Whether every expectation held.
    public var passed: Bool { expectations.allSatisfy(\.passed) }

    /// The kind and deciding rule of the latest OS record about the occurrence of `slot` on
    /// `localDate` (as the plugin dated it), other than its setting: what last happened to it.
    public func lastOSDecision(slot: String, localDate: String) -> (kind: String, rule: String?, at: SimInstant)? {
        lastOSRecords[slot: slot, localDate: localDate].map { decision in
            let record = decision.summary(shapes: recordShapes)
            return (record.kind, record.rule, record.time)
        }
    }

    /// The device zone in force at `instant`.
    public func zone(at instant: SimInstant) -> Zone {
        // The last change at or before `instant`: a binary search of the time line (in time
        // order), which every delivery's timestamps look up; most instants lie after the last.
        if let last = zoneTimeline.last, last.from <= instant { return last.zone }
        let after = zoneTimeline.partitioningIndex { $0.from > instant }
        return after > 0 ? zoneTimeline[after - 1].zone : scenario.zone
    }

    /// The device's wall-clock offset (wall − true) at `instant`.
    public func clockOffset(at instant: SimInstant) -> SimDuration {
        let after = clockOffsets.partitioningIndex { $0.from > instant }
        return after > 0 ? clockOffsets[after - 1].offset : .zero
    }

    /// `instant` as ISO-8601 with the offset of the device zone in force then.
    public func iso(_ instant: SimInstant) -> String { ISO8601.format(instant, in: zone(at: instant)) }

    /// Appends the UTF-8 bytes of ``iso(_:)`` to `bytes`, without making a `String`.
    public func appendISO(_ instant: SimInstant, to bytes: inout [UInt8]) {
        ISO8601.append(instant, in: zone(at: instant), to: &bytes)
    }

    /// Writes the UTF-8 bytes of ``iso(_:)`` at `start` (room for
    /// ``ISO8601/maximumWrittenLength`` bytes) with `writer`, which remembers the date and offset
    /// it wrote last (a document's timestamps, written in order, mostly share them), and returns
    /// how many.
    public func writeISO(_ instant: SimInstant, to start: UnsafeMutablePointer<UInt8>, with writer: inout ISO8601.Writer) -> Int {
        writer.write(instant, in: zone(at: instant), to: start)
    }

    /// The device clock's local date-time at `instant`: true time plus the offset the clock
    /// changes left, in the zone then in force.
    public func deviceLocalDateTime(at instant: SimInstant) -> LocalDateTime {
        zone(at: instant).localDateTime(at: instant + clockOffset(at: instant))
    }

    /// One notification shown to the user.
    public struct Delivery: Sendable {
        /// The slot id.
        public var slot: String
        /// The local date of the occurrence (the planned one when matched, else the plugin's).
        public var localDate: String
        /// When the occurrence was due (by the user's intent); `nil` when it matched no plan.
        public var plannedAt: SimInstant?
        /// When the OS showed it.
        public var deliveredAt: SimInstant
        /// `deliveredAt − plannedAt` in ms, when planned.
        public var latenessMs: Int64?
        /// The title.
        public var title: String
        /// The body.
        public var body: String
        /// The fetched content version shown, if any.
        public var contentVersion: Int?
        /// When that content was fetched, if any.
        public var contentFetchedAt: SimInstant?
    }

    /// An occurrence that did not reach the user, and why.
    public struct Occurrence: Sendable {
        /// The slot id.
        public var slot: String
        /// The local date.
        public var localDate: String
        /// When it was due.
        public var plannedAt: SimInstant
        /// Why, naming the OS rule when one decided it.
        public var reason: String
        /// When it happened, for a suppressed post or a skip (the post or the skip); `nil` for a
        /// missed occurrence.
        public var happenedAt: SimInstant? = nil
    }

    /// An error returned by the plugin API.
    public struct APIError: Sendable {
        /// When.
        public var at: SimInstant
        /// The API call.
        public var call: String
        /// The error code.
        public var code: String
        /// The message.
        public var message: String
    }
}

/// The outcome of one ``ScenarioCheck``.
public struct ExpectationOutcome: Sendable, Equatable {
    /// The check's id.
    public var id: String
    /// Its description.
    public var description: String
    /// The assertion's name.
    public var assertion: String
    /// The seed claim a failure exposes.
    public var seedClaim: String?
    /// Whether it held.
    public var passed: Bool
    /// What the run showed.
    public var observed: String
}
