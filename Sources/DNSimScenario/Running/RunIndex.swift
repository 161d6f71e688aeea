import DNSimCore

/// What a run's result needs from its trace, indexed as each record is written, so building the
/// result never scans the trace: the last OS decision about each occurrence, the OS removals of
/// armed occurrences, the plugin's skips, fetch and telemetry tallies, the earliest successful
/// prefetch of each occurrence, the plugin's missed reports and how often each rule decided.
///
/// It sees every record whether or not the trace keeps it (it is the trace's
/// ``TraceRecorder/observer``), so a run gives the same result either way.
///
/// An index belongs to one run and is called from its thread only, one record at a time, and
/// calls nothing that reaches back into it: the properties every record touches are marked
/// `@exclusivity(unchecked)` to spare each record the run-time exclusivity checks.
final class RunIndex: TraceObserver {
    /// A record header shape (subsystem, kind and rule) and what indexing such a record involves.
    struct RecordShape {
        /// The header fields that decide a record's indexing.
        struct Key: Hashable {
            var subsystem: String
            var kind: String
            var rule: String?
        }

        /// What happened to one of the scripted test app's iOS requests.
        enum ScriptedRequestEvent {
            case delivered, dropped, rejected
        }

        /// What a record of one shape contributes to the index.
        struct Role {
            /// A kind the index reads for its own purpose.
            enum Special {
                case none, clockSet, requestAdded, requestDroppedOverLimit, telemetryAck, missedReported,
                    contentFetch, pluginTelemetry, pluginPrefetch, alarmFired, authorizationChanged, iosAppRan, notShown,
                    workStarted
            }

            var special = Special.none
            /// An iOS record about the scripted test app's requests (`addRequest` steps).
            var scriptedRequest: ScriptedRequestEvent?
            /// An iOS record about the scripted test app's task requests (`submitTask` steps):
            /// `true` for a launch, `false` for a failed submit.
            var scriptedTaskLaunched: Bool?
            /// The kind means the OS dropped armed occurrence(s).
            var isRemoval = false
            /// An OS record that may be the latest decision about an occurrence.
            var isOSDecision = false

            /// Which of the record's details indexing reads: the occurrence a record is about is
            /// in its extras (`extra.slot`, `extra.localDate`), which OS records give as their
            /// summary, so most records need those alone; plugin telemetry needs its summary
            /// (event, slot and the extra facts such as a skip's reason). An index that does not
            /// index the OS's decisions (`decisions` false) reads nothing of a removal or a
            /// decision.
            func detailDemand(decisions: Bool) -> TraceRecorder.DetailDemand {
                if scriptedRequest != nil || scriptedTaskLaunched != nil { return .all }
                let decides = decisions && (isRemoval || isOSDecision)
                switch special {
                case .clockSet, .missedReported, .pluginPrefetch, .authorizationChanged, .workStarted:
                    return .all
                case .requestAdded, .notShown, .alarmFired, .pluginTelemetry, .telemetryAck, .contentFetch:
                    return .summary
                case .none:
                    // Counted by kind and rule alone: the index counts it (``detailDemand(header:subsystem:kind:rule:tag:)``).
                    return decides ? .summary : .headerOnly
                case .iosAppRan, .requestDroppedOverLimit:
                    return decides ? .summary : .none
                }
            }
        }

        var key: Key
        var role: Role
    }

    /// The latest OS decision about an occurrence, as the index keeps it: the record's number,
    /// its shape (which gives its kind and rule) and its time.
    struct Decision: Sendable {
        var id: Int32
        var shape: Int32
        var time: SimInstant

        /// The record, with the kind and rule of its shape (`shapes[shape]`).
        func summary(shapes: [RecordShape.Key]) -> RecordSummary {
            let key = shapes[Int(shape)]
            return RecordSummary(id: id, time: time, kind: key.kind, rule: key.rule)
        }
    }

    /// The part of a trace record a missed reason quotes.
    struct RecordSummary {
        var id: Int32
        var time: SimInstant
        var kind: String
        var rule: String?
    }

    /// An occurrence the plugin chose not to deliver (telemetry `skipped`).
    struct Skip {
        var time: SimInstant
        var slot: String
        /// The local date the plugin skipped, as its telemetry gives it.
        var localDate: String?
        var why: String
    }

    /// Trace kinds that mean "the OS dropped this slot's armed occurrence(s)" (a handful: a
    /// linear search of short strings is cheaper here than hashing every record's kind).
    let removalKinds: [String]

    /// The latest OS alarm or notification record about each occurrence (other than its
    /// setting); ``summary(of:)`` gives its kind and rule.
    @exclusivity(unchecked) private(set) var lastOSRecord = OccurrenceTable<Decision>()
    /// OS removals naming a slot, per slot (by the id's bytes, as ``lastOSRecord`` numbers
    /// slots), in trace order.
    private var removalsBySlot: [StringKey: [RecordSummary]] = [:]
    /// OS removals naming no slot (they took everything), in trace order.
    private(set) var removalsOfAll: [RecordSummary] = []
    /// Skips, in trace order.
    private(set) var skips: [Skip] = []
    /// Content fetches by result (`ok`, `notModified`, `timeout`, …).
    var fetchResults: [String: Int] { fetchResultTally.counts }
    @exclusivity(unchecked) private var fetchResultTally = Tally()
    /// Plugin telemetry events by kind.
    var telemetry: [String: Int] { telemetryTally.counts }
    @exclusivity(unchecked) private var telemetryTally = Tally()
    /// Telemetry ACKs that arrived, and that did not.
    private(set) var acksDelivered = 0, acksFailed = 0
    /// The earliest successful prefetch (200 or 304) for each occurrence.
    private(set) var earliestPrefetchSuccess = OccurrenceTable<SimInstant>()
    /// Occurrences the plugin reported missed (sum of `missed.reported` counts).
    private(set) var pluginReportedMissed = 0
    /// Trace records per deciding rule id, given the trace's count of records per header
    /// number (``TraceRecorder/recordCountsByHeader``).
    func ruleCounts(recordCountsByHeader: [Int]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (shape, count) in zip(shapeTable.shapes, shapeCounts(recordCountsByHeader)) where count > 0 {
            if let rule = shape.key.rule { counts[rule, default: 0] += count }
        }
        return counts
    }
    /// Trace records per kind, given the trace's count of records per header number.
    func kindCounts(recordCountsByHeader: [Int]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (shape, count) in zip(shapeTable.shapes, shapeCounts(recordCountsByHeader)) where count > 0 {
            counts[shape.key.kind, default: 0] += count
        }
        return counts
    }
    /// Records per shape (parallel to ``shapeKeys``) from the trace's count of records per
    /// header number: the trace shows the index every header on its first record, so each
    /// counted header has its shape.
    private func shapeCounts(_ recordCountsByHeader: [Int]) -> [Int] {
        var counts = [Int](repeating: 0, count: shapeCount)
        for (header, count) in recordCountsByHeader.enumerated() where count > 0 {
            counts[shapeOfHeader[header]] += count
        }
        return counts
    }
    /// How many times the plugin reported each occurrence (`slot@localDate`) missed.
    var missedReports: [String: Int] {
        // Names that are one text spelled in two ways (only their bytes told them apart in the
        // table) count together, as a table keyed by `String` would have counted them.
        Dictionary(missedReportTable.lazy.map { ($0.key.string, $0.value.count) }, uniquingKeysWith: +)
    }
    /// When the plugin reported an occurrence missed a second time or more: every report of
    /// that occurrence, in order (occurrences reported once are not listed).
    private(set) var repeatedMissedReports: [String: [SimInstant]] = [:]
    /// One reported occurrence: how many times it was reported, and when first.
    private struct MissedReport {
        var count: Int
        var first: SimInstant
    }
    /// Each occurrence (`slot@localDate`) reported missed: one table, so a report of an
    /// occurrence costs one look-up (a launch after a long force quit reports hundreds, and an
    /// iOS year thousands). Keyed by the names' bytes (``StringKey``), as the plugin writes
    /// them and as ``OccurrenceTable`` numbers slots: hashing each name as a `String` was 3 %
    /// of an iOS year.
    @exclusivity(unchecked) private var missedReportTable: [StringKey: MissedReport] = [:]
    /// The device's wall-clock offset (wall − true) from each `clock.set` record on, in trace order.
    private(set) var clockOffsets: [(from: SimInstant, offset: SimDuration)] = []
    /// Over-limit drops (`request.droppedOverLimit`) that followed an add of a plugin request
    /// (one naming a slot), and those that followed an add of someone else's request.
    private(set) var overLimitDropsAfterPluginAdd = 0, overLimitDropsAfterOtherAdd = 0
    /// Whether the latest `request.added` record was of a plugin request.
    @exclusivity(unchecked) private var lastAddWasPlugin = false
    /// When each of the scripted test app's alarms fired, in order.
    private(set) var scriptedFirings: [String: [SimInstant]] = [:]
    /// The scripted alarms whose `set…` call threw (SecurityException, A19), and the scripted
    /// requests `add` refused (I2).
    private(set) var scriptedRejections: Set<String> = []
    /// When each run of the scripted test app's work started, in order.
    private(set) var scriptedWorkRuns: [String: [SimInstant]] = [:]
    /// When each of the scripted test app's background tasks was launched, in order.
    private(set) var scriptedTaskLaunches: [String: [SimInstant]] = [:]
    /// The error of the last failed `submit` of each of the scripted test app's task requests.
    private(set) var scriptedTaskRejections: [String: String] = [:]
    /// When each of the scripted test app's iOS requests was delivered, in order.
    private(set) var scriptedDeliveries: [String: [SimInstant]] = [:]
    /// The scripted requests the 64-pending limit dropped (I1).
    private(set) var scriptedDrops: Set<String> = []

    /// Each change of the iOS notification authorization (I8): when, and whether the new status
    /// presents notifications (authorized, provisional, ephemeral).
    private(set) var authorizationChanges: [(at: SimInstant, presents: Bool)] = []
    /// iOS: when each occurrence (`slot@localDate`) fell due and was not shown because
    /// notifications were denied (`notification.notShown`, I8).
    private(set) var notShown: [String: SimInstant] = [:]
    /// iOS: when the app's code ran (a launch or resume, a process start, a time-change
    /// notification, a background task), in time order.
    private(set) var iosAppRuns: [SimInstant] = []

    /// Notes that the scripted alarm `id` was refused when set.
    func noteScriptedRejection(_ id: String) { scriptedRejections.insert(id) }

    /// The record shapes this thread's runs have seen, lent to this run (``ShapeTable``).
    private let shapeTable: ShapeTable
    /// How many of the table's shapes this run may name: those it had when the run began, and
    /// those the run added.
    private var shapeCount: Int

    /// Whether the index keeps the OS's decisions and removals (``lastOSRecord``,
    /// ``lastRemoval(of:atOrBefore:)``), which only missed reasons read
    /// (``RunOptions/Scope/full``).
    let indexesDecisions: Bool

    init(removalKinds: Set<String>, indexesDecisions: Bool = true) {
        self.indexesDecisions = indexesDecisions
        self.removalKinds = removalKinds.sorted()
        shapeTable = ShapeTable.borrow(removalKinds: self.removalKinds)
        shapeCount = shapeTable.shapes.count
        super.init()
    }

    deinit { ShapeTable.giveBack(shapeTable) }

    /// Which details ``observe(_:header:)`` reads of every record with this header, when that
    /// depends on the header alone: what the trace builds of them when it keeps no records, and
    /// asks of no record again. `nil` for a header whose records may be counted by their tag
    /// (``mayCountByTag(_:)``): those are asked one by one
    /// (``detailDemand(header:subsystem:kind:rule:tag:)``).
    override func fixedDetailDemand(header: Int, subsystem: String, kind: String, rule: String?) -> TraceRecorder.DetailDemand? {
        let role = role(header: header, subsystem: subsystem, kind: kind, rule: rule)
        return Self.mayCountByTag(role) ? nil : role.detailDemand(decisions: indexesDecisions)
    }

    /// Which details ``observe(_:header:)`` reads of a record of this subsystem, kind and rule.
    /// A record whose `tag` is all it is read for is indexed here (``countByTag(_:role:)``),
    /// and the answer (``TraceRecorder/DetailDemand/headerOnly``) keeps it from reaching
    /// ``observe(_:header:)``.
    override func detailDemand(header: Int, subsystem: String, kind: String, rule: String?, tag: String?)
        -> TraceRecorder.DetailDemand
    {
        if let tag, header < tagCounts.count, let bits = UTF8Bytes.representation(of: tag),
            let known = tagCounts[header].firstIndex(where: { UTF8Bytes.representation(of: $0.tag).map { $0 == bits } == true })
        {
            count(tagCounts[header][known].counter)
            return .headerOnly
        }
        let role = role(header: header, subsystem: subsystem, kind: kind, rule: rule)
        if let tag, let counter = countByTag(tag, role: role) {
            rememberTag(tag, counter: counter, header: header)
            count(counter)
            return .headerOnly
        }
        return role.detailDemand(decisions: indexesDecisions)
    }

    /// How a record counted by its tag is counted (``countByTag(_:role:)``).
    private enum TagCounter {
        /// One more of the telemetry event at this position of ``telemetryTally``.
        case telemetry(Int)
        /// One more of the fetch result at this position of ``fetchResultTally``.
        case fetchResult(Int)
        case ackDelivered, ackFailed
        /// Nothing beyond the record's header (a WorkManager run).
        case nothing
    }

    /// A tag a header's records were counted by, and how.
    private struct TagCount {
        var tag: String
        var counter: TagCounter
    }

    /// By header number, the tags its records were counted by lately (tags are mostly literals,
    /// found again by their bits: a record counted so is neither given a role nor searched for
    /// in a tally). At most ``tagsRememberedPerHeader`` each: a header counted by many tags (a
    /// WorkManager run by its work's name) asks the role for the rest.
    @exclusivity(unchecked) private var tagCounts: [[TagCount]] = []
    private static let tagsRememberedPerHeader = 8

    private func rememberTag(_ tag: String, counter: TagCounter, header: Int) {
        if header >= tagCounts.count { tagCounts.append(contentsOf: repeatElement([], count: header + 1 - tagCounts.count)) }
        if tagCounts[header].count < Self.tagsRememberedPerHeader { tagCounts[header].append(TagCount(tag: tag, counter: counter)) }
    }

    private func count(_ counter: TagCounter) {
        switch counter {
        case .telemetry(let position): telemetryTally.addOne(at: position)
        case .fetchResult(let position): fetchResultTally.addOne(at: position)
        case .ackDelivered: acksDelivered += 1
        case .ackFailed: acksFailed += 1
        case .nothing: break
        }
    }

    /// The role of the shape of a header (found, or added to the table, first: reading the
    /// table before could read it without the shape).
    private func role(header: Int, subsystem: String, kind: String, rule: String?) -> RecordShape.Role {
        let position = shapePosition(header: header, subsystem: subsystem, kind: kind, rule: rule)
        return shapeTable.shapes[position].role
    }

    /// Whether ``countByTag(_:role:)`` may count a record of `role` by its tag (then the demand
    /// of its header depends on the tag).
    private static func mayCountByTag(_ role: RecordShape.Role) -> Bool {
        guard !role.isRemoval, !role.isOSDecision, role.scriptedRequest == nil, role.scriptedTaskLaunched == nil else { return false }
        switch role.special {
        case .pluginTelemetry, .contentFetch, .telemetryAck, .workStarted: return true
        default: return false
        }
    }

    /// The telemetry event of a skipped occurrence, which the result lists (``skips``).
    static let skippedEvent = "skipped"

    /// How a record of `role` is counted by its `tag` alone, as ``observe(_:header:)`` would
    /// count it by the detail the tag gives, when that is all the index reads of it (the
    /// caller counts it); `nil` when it is not. Such records are plugin telemetry but a skip
    /// (the event), content fetches (the result), telemetry ACKs (whether one arrived) and
    /// WorkManager runs but the scripted test app's (the name); none is a removal or an OS
    /// decision, whose occurrence is in other details.
    private func countByTag(_ tag: String, role: RecordShape.Role) -> TagCounter? {
        guard Self.mayCountByTag(role) else { return nil }
        switch role.special {
        case .pluginTelemetry where tag != Self.skippedEvent: return .telemetry(telemetryTally.position(of: tag))
        case .contentFetch: return .fetchResult(fetchResultTally.position(of: tag))
        case .telemetryAck: return tag == "true" ? .ackDelivered : .ackFailed
        case .workStarted where !tag.hasPrefix(ScriptedWork.namePrefix): return .nothing
        default: return nil
        }
    }

    /// Indexes one record.
    override func observe(_ record: consuming TraceRecord, header: Int) {
        let position = shapePosition(header: header, subsystem: record.subsystem, kind: record.kind, rule: record.rule)
        let role = shapeTable.shapes[position].role
        switch role.special {
        case .none:
            break
        case .clockSet:
            if let wall = record.detail("wallMillis").flatMap({ Int64($0) }) {
                clockOffsets.append((record.time, SimDuration(milliseconds: wall - record.time.millisecondsSinceEpoch)))
            }
        case .requestAdded:
            lastAddWasPlugin = record.extra("slot") != nil
        case .requestDroppedOverLimit:
            if lastAddWasPlugin { overLimitDropsAfterPluginAdd += 1 } else { overLimitDropsAfterOtherAdd += 1 }
        case .telemetryAck:
            if record.detail("delivered") == "true" { acksDelivered += 1 } else { acksFailed += 1 }
        case .missedReported:
            pluginReportedMissed += Int(record.detail("count") ?? "0") ?? 0
            for detail in record.details where detail.key == "occurrence" {
                if let known = missedReportTable.index(forKey: StringKey(detail.value)) {
                    missedReportTable.values[known].count += 1
                    let first = missedReportTable.values[known].first
                    repeatedMissedReports[detail.value, default: [first]].append(record.time)
                } else {
                    missedReportTable[StringKey(detail.value)] = MissedReport(count: 1, first: record.time)
                }
            }
        case .contentFetch:
            fetchResultTally.add(record.detail("result") ?? "")
        case .pluginTelemetry:
            observeTelemetry(record)
        case .pluginPrefetch:
            observePrefetch(record)
        case .authorizationChanged:
            let status = record.detail("status") ?? ""
            authorizationChanges.append((record.time, ["authorized", "provisional", "ephemeral"].contains(status)))
        case .iosAppRan:
            iosAppRuns.append(record.time)
        case .notShown:
            if let slot = record.extra("slot"), let date = record.extra("localDate") {
                notShown[slot + "@" + date] = record.time
            }
        case .alarmFired:
            if let id = record.extra(ScriptedAlarm.idExtra) { scriptedFirings[id, default: []].append(record.time) }
        case .workStarted:
            if let name = record.detail("name"), name.hasPrefix(ScriptedWork.namePrefix) {
                scriptedWorkRuns[String(name.dropFirst(ScriptedWork.namePrefix.count)), default: []].append(record.time)
            }
        }
        if let event = role.scriptedRequest, let identifier = record.detail("identifier"),
            identifier.hasPrefix(ScriptedRequest.identifierPrefix)
        {
            let id = String(identifier.dropFirst(ScriptedRequest.identifierPrefix.count))
            switch event {
            case .delivered: scriptedDeliveries[id, default: []].append(record.time)
            case .dropped: scriptedDrops.insert(id)
            case .rejected: scriptedRejections.insert(id)
            }
        }
        if let launched = role.scriptedTaskLaunched, let identifier = record.detail("identifier"),
            identifier.hasPrefix(ScriptedTask.identifierPrefix)
        {
            let id = String(identifier.dropFirst(ScriptedTask.identifierPrefix.count))
            if launched {
                scriptedTaskLaunches[id, default: []].append(record.time)
            } else {
                scriptedTaskRejections[id] = record.detail("error") ?? "?"
            }
        }
        guard indexesDecisions else { return }
        indexRemovalOrDecision(role: role, position: position, id: record.id, time: record.time, kind: record.kind, rule: record.rule) {
            record.extra($0)
        }
    }

    /// Reads a record that carries only its item's extras: one that only counts and may be an
    /// OS removal or decision (most of a run's alarm and notification records), or a fired
    /// alarm, is indexed from the extras without the record being built; any other goes to
    /// ``observe(_:header:)``.
    override func observe(
        header: Int, id: Int32, time: SimInstant, subsystem: String, kind: String, rule: String?, cause: Int32,
        extras: [StringPair]
    ) {
        let position = shapePosition(header: header, subsystem: subsystem, kind: kind, rule: rule)
        let role = shapeTable.shapes[position].role
        guard role.scriptedRequest == nil, role.scriptedTaskLaunched == nil else {
            super.observe(header: header, id: id, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause, extras: extras)
            return
        }
        switch role.special {
        case .none:
            break
        case .alarmFired:
            // Every delivery's alarm: read as ``observe(_:header:)`` reads it, from the extras.
            if let scripted = TraceRecord.extra(ScriptedAlarm.idExtra, in: extras) { scriptedFirings[scripted, default: []].append(time) }
        default:
            super.observe(header: header, id: id, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause, extras: extras)
            return
        }
        guard indexesDecisions else { return }
        indexRemovalOrDecision(role: role, position: position, id: id, time: time, kind: kind, rule: rule) {
            TraceRecord.extra($0, in: extras)
        }
    }

    /// Indexes a record that is an OS removal (by the slot it names, or as one of everything)
    /// or the latest OS decision about the occurrence it names; `extra` reads its extras.
    @inline(__always)
    private func indexRemovalOrDecision(
        role: RecordShape.Role, position: Int, id: Int32, time: SimInstant, kind: String, rule: String?,
        extra: (String) -> String?
    ) {
        if role.isRemoval {
            let summary = RecordSummary(id: id, time: time, kind: kind, rule: rule)
            if let slot = extra("slot") {
                removalsBySlot[StringKey(slot), default: []].append(summary)
            } else {
                removalsOfAll.append(summary)
            }
        }
        if role.isOSDecision, let slot = extra("slot"), let date = extra("localDate") {
            lastOSRecord[slot: slot, localDate: date] = Decision(id: id, shape: Int32(position), time: time)
        }
    }

    /// The header fields of each shape this index has counted, by position: what a
    /// ``Decision``'s `shape` names (``Decision/summary(shapes:)``).
    var shapeKeys: [RecordShape.Key] { shapeTable.shapes.prefix(shapeCount).map(\.key) }

    /// The position of a record shape in the table's shapes, adding it on first sight: by the
    /// trace's number for its header, once the index has seen the number.
    @inline(__always)
    private func shapePosition(header: Int, subsystem: String, kind: String, rule: String?) -> Int {
        if header < shapeOfHeader.count {
            let known = shapeOfHeader[header]
            if known >= 0 { return known }
        }
        return newShapePosition(header: header, subsystem: subsystem, kind: kind, rule: rule)
    }

    /// ``shapePosition(header:subsystem:kind:rule:)`` of a header number seen for the first time.
    private func newShapePosition(header: Int, subsystem: String, kind: String, rule: String?) -> Int {
        let position = shapeTable.position(subsystem: subsystem, kind: kind, rule: rule)
        // A shape new to the table is added at its end.
        if position == shapeCount { shapeCount += 1 }
        if header >= shapeOfHeader.count { shapeOfHeader.append(contentsOf: repeatElement(-1, count: header + 1 - shapeOfHeader.count)) }
        shapeOfHeader[header] = position
        return position
    }

    /// The shape position of each header number of the run's trace (-1: not seen yet).
    @exclusivity(unchecked) private var shapeOfHeader: [Int] = []

    /// What indexing a record of this subsystem and kind involves, apart from whether it is a
    /// removal (``role(of:)``).
    static func role(subsystem: String, kind: String) -> RecordShape.Role {
        var role = RecordShape.Role()
        switch kind {
        case "clock.set": role.special = .clockSet
        case "request.added": role.special = .requestAdded
        case "request.droppedOverLimit": role.special = .requestDroppedOverLimit
        case "telemetry.ack": role.special = .telemetryAck
        case "missed.reported": role.special = .missedReported
        case "content.fetch" where subsystem == "network": role.special = .contentFetch
        case "alarm.fired": role.special = .alarmFired
        case "work.started" where subsystem == "android.work": role.special = .workStarted
        case "authorization.changed" where subsystem == "ios.settings": role.special = .authorizationChanged
        case "notification.notShown" where subsystem == "ios.notifications": role.special = .notShown
        case "user.launch" where subsystem == "ios.app", "process.start" where subsystem == "ios.app",
            "timeChange.delivered" where subsystem == "ios.app":
            role.special = .iosAppRan
        case "task.launched" where subsystem == "ios.bgtask": role.special = .iosAppRan
        default: break
        }
        if subsystem == "ios.notifications" {
            switch kind {
            case "notification.delivered": role.scriptedRequest = .delivered
            case "request.droppedOverLimit": role.scriptedRequest = .dropped
            case "request.rejected": role.scriptedRequest = .rejected
            default: break
            }
        }
        if subsystem == "ios.bgtask" {
            switch kind {
            case "task.launched": role.scriptedTaskLaunched = true
            case "submit.failed": role.scriptedTaskLaunched = false
            default: break
            }
        }
        switch subsystem {
        case "plugin":
            if kind == "telemetry" { role.special = .pluginTelemetry }
            if kind == "prefetch.result" { role.special = .pluginPrefetch }
        case "scenario", "android.work", "ios.bgtask", "network":
            // Work items carry the same extras as alarms but decide nothing about delivery;
            // network records are about no occurrence.
            break
        default:
            // The latest OS alarm or notification record about an occurrence, other than its setting.
            role.isOSDecision = !kind.hasSuffix(".set") && !kind.hasSuffix(".added")
        }
        return role
    }

    /// Counts a plugin telemetry line by its event, and lists a skip (``skips``).
    private func observeTelemetry(_ record: TraceRecord) {
        let event = record.detail("event") ?? "?"
        telemetryTally.add(event)
        if event == Self.skippedEvent, let slot = record.detail("slot") {
            skips.append(Skip(time: record.time, slot: slot, localDate: record.detail("localDate"), why: record.detail("why") ?? ""))
        }
    }

    /// Notes a successful prefetch (200 or 304) of an occurrence, if it is the earliest.
    private func observePrefetch(_ record: TraceRecord) {
        let result = record.detail("result")
        guard result == "ok" || result == "notModified", let slot = record.detail("slot"),
            let date = record.detail("localDate")
        else { return }
        earliestPrefetchSuccess.insertIfAbsent(record.time, slot: slot, localDate: date)
    }

    /// The latest removal at or before `instant` that took `slot`'s armed occurrence: one naming
    /// the slot, or one naming none.
    func lastRemoval(of slot: String, atOrBefore instant: SimInstant) -> RecordSummary? {
        let named = removalsBySlot[StringKey(slot)].flatMap { Self.last(in: $0, atOrBefore: instant) }
        let all = Self.last(in: removalsOfAll, atOrBefore: instant)
        guard let named, let all else { return named ?? all }
        return named.id > all.id ? named : all
    }

    /// The last entry of `list` (in trace order, so in time order) at or before `instant`.
    private static func last(in list: [RecordSummary], atOrBefore instant: SimInstant) -> RecordSummary? {
        let after = list.partitioningIndex { $0.time > instant }
        return after > 0 ? list[after - 1] : nil
    }
}
