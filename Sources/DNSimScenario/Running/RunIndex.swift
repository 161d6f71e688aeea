import DNSimCore

/// What a run's result needs from its trace, indexed as each record is written, so building the
/// result never scans the trace: the last OS decision about each occurrence, the OS removals of
/// armed occurrences, the plugin's skips, fetch and telemetry tallies, the earliest successful
/// prefetch of each occurrence, the plugin's missed reports and how often each rule decided.
///
/// It sees every record whether or not the trace keeps it (``TraceRecorder/observer``), so a
/// run gives the same result either way.
final class RunIndex {
    /// A planned occurrence's key: the slot and its local date as written in the extras.
    struct OccurrenceKey: Hashable {
        var slot: String
        var localDate: String
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
        var why: String
    }

    /// Trace kinds that mean "the OS dropped this slot's armed occurrence(s)" (a handful: a
    /// linear search of short strings is cheaper here than hashing every record's kind).
    let removalKinds: [String]

    /// The latest OS alarm or notification record about each occurrence (other than its setting).
    private(set) var lastOSRecord: [OccurrenceKey: RecordSummary] = [:]
    /// OS removals naming a slot, per slot, in trace order.
    private(set) var removalsBySlot: [String: [RecordSummary]] = [:]
    /// OS removals naming no slot (they took everything), in trace order.
    private(set) var removalsOfAll: [RecordSummary] = []
    /// Skips, in trace order.
    private(set) var skips: [Skip] = []
    /// Content fetches by result (`ok`, `notModified`, `timeout`, …).
    private(set) var fetchResults: [String: Int] = [:]
    /// Plugin telemetry events by kind.
    private(set) var telemetry: [String: Int] = [:]
    /// Telemetry ACKs that arrived, and that did not.
    private(set) var acksDelivered = 0, acksFailed = 0
    /// The earliest successful prefetch (200 or 304) for each occurrence.
    private(set) var earliestPrefetchSuccess: [OccurrenceKey: SimInstant] = [:]
    /// Occurrences the plugin reported missed (sum of `missed.reported` counts).
    private(set) var pluginReportedMissed = 0
    /// Trace records per deciding rule id.
    private(set) var ruleCounts: [String: Int] = [:]

    init(removalKinds: Set<String>) {
        self.removalKinds = removalKinds.sorted()
    }

    /// Whether ``observe(_:)`` reads any detail of a record of this subsystem and kind: the
    /// trace builds a record's details only for those when it keeps no records.
    func needsDetails(subsystem: String, kind: String) -> Bool {
        switch kind {
        case "telemetry.ack", "missed.reported": return true
        case "content.fetch" where subsystem == "network": return true
        default: break
        }
        if removalKinds.contains(kind) { return true }
        switch subsystem {
        case "plugin": return kind == "telemetry" || kind == "prefetch.result"
        case "scenario", "android.work", "ios.bgtask": return false
        default: return !kind.hasSuffix(".set") && !kind.hasSuffix(".added")
        }
    }

    /// Indexes one record.
    func observe(_ record: TraceRecord) {
        if let rule = record.rule { ruleCounts[rule, default: 0] += 1 }
        switch record.kind {
        case "telemetry.ack":
            if record.detail("delivered") == "true" { acksDelivered += 1 } else { acksFailed += 1 }
        case "missed.reported":
            pluginReportedMissed += Int(record.detail("count") ?? "0") ?? 0
        case "content.fetch" where record.subsystem == "network":
            fetchResults[record.detail("result") ?? "", default: 0] += 1
        default:
            break
        }
        if removalKinds.contains(record.kind) {
            let summary = RecordSummary(id: record.id, time: record.time, kind: record.kind, rule: record.rule)
            if let slot = record.detail("extra.slot") {
                removalsBySlot[slot, default: []].append(summary)
            } else {
                removalsOfAll.append(summary)
            }
        }
        switch record.subsystem {
        case "plugin":
            observePlugin(record)
        case "scenario", "android.work", "ios.bgtask":
            // Work items carry the same extras as alarms but decide nothing about delivery.
            break
        default:
            if !record.kind.hasSuffix(".set"), !record.kind.hasSuffix(".added"),
                let slot = record.detail("extra.slot"), let date = record.detail("extra.localDate")
            {
                lastOSRecord[OccurrenceKey(slot: slot, localDate: date)] =
                    RecordSummary(id: record.id, time: record.time, kind: record.kind, rule: record.rule)
            }
        }
    }

    private func observePlugin(_ record: TraceRecord) {
        switch record.kind {
        case "telemetry":
            let event = record.detail("event") ?? "?"
            telemetry[event, default: 0] += 1
            if event == "skipped", let slot = record.detail("slot") {
                skips.append(Skip(time: record.time, slot: slot, why: record.detail("why") ?? ""))
            }
        case "prefetch.result":
            let result = record.detail("result")
            guard result == "ok" || result == "notModified", let slot = record.detail("slot"),
                let date = record.detail("localDate")
            else { return }
            let key = OccurrenceKey(slot: slot, localDate: date)
            if earliestPrefetchSuccess[key] == nil { earliestPrefetchSuccess[key] = record.time }
        default:
            break
        }
    }

    /// The latest removal at or before `instant` that took `slot`'s armed occurrence: one naming
    /// the slot, or one naming none.
    func lastRemoval(of slot: String, atOrBefore instant: SimInstant) -> RecordSummary? {
        let named = removalsBySlot[slot].flatMap { Self.last(in: $0, atOrBefore: instant) }
        let all = Self.last(in: removalsOfAll, atOrBefore: instant)
        guard let named, let all else { return named ?? all }
        return named.id > all.id ? named : all
    }

    /// The last entry of `list` (in trace order, so in time order) at or before `instant`.
    private static func last(in list: [RecordSummary], atOrBefore instant: SimInstant) -> RecordSummary? {
        // The first position whose time is after `instant`.
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].time <= instant { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? list[low - 1] : nil
    }
}
