import DNSimCalendar
import DNSimCore
import DNSimScenario

extension MermaidTimeline {
    /// The `Zone` rows, in time order (a marker before a bar that starts at the same instant):
    /// - a bar for each stretch of the run with one device zone and UTC offset
    ///   (`Europe/Berlin +01:00`, then `Europe/Berlin +02:00 from 03-29 03:00`);
    /// - a marker for each zone change, from the OS model's `timezone.changed` record:
    ///   `timezone.changed A15 → Asia/Tokyo 09-22 03:00 +09:00 (was 09-21 20:00 +02:00)`;
    /// - a marker for each wall-clock change, from `clock.set`, with how far the wall clock then
    ///   is from true time: `clock.set A14 (manual) → wall clock 3 d ahead 10-05 10:00 +02:00`.
    ///   Changes from one source within `window` of the first of their group are one marker
    ///   (`clock.set A14 (manual) ×3 → wall clock between 30 s behind and right …`), as hourly NTP
    ///   corrections would otherwise fill the chart.
    static func zoneRows(_ result: RunResult, window: SimDuration) -> [MermaidGanttRow] {
        var rows: [MermaidGanttRow] = []
        var clockSets: [(key: String, time: SimInstant)] = []
        var wallAhead: [SimDuration?] = []
        for record in result.trace where isOSSubsystem(record.subsystem) {
            let rule = record.rule.map { " " + $0 } ?? ""
            switch record.kind {
            case "timezone.changed":
                // The same instant in the zone in force just before.
                let old = result.zone(at: record.time - .milliseconds(1))
                let was = monthDay(record.time, in: old) == monthDay(record.time, result)
                    ? "\(hourMinute(record.time, in: old)) \(offset(record.time, in: old))" : stamp(record.time, in: old)
                let zone = record.detail("zone") ?? result.zone(at: record.time).identifier
                let label = "timezone.changed\(rule) → \(zone) \(stamp(record.time, result)) (was \(was))"
                rows.append(.milestone(label, at: record.time))
            case "clock.set":
                let source = record.detail("source").map { " (\($0))" } ?? ""
                clockSets.append(("clock.set\(rule)\(source)", record.time))
                wallAhead.append(record.detail("wallMillis").flatMap(Int64.init).map {
                    SimDuration(milliseconds: $0 - record.time.millisecondsSinceEpoch)
                })
            default:
                break
            }
        }
        for group in grouped(clockSets, window: window) {
            let first = clockSets[group.members[0]].time
            let last = clockSets[group.members[group.members.count - 1]].time
            let offsets = group.members.compactMap { wallAhead[$0] }
            var state = "wall clock set"
            if let low = offsets.min(), let high = offsets.max() {
                state = low == high ? "wall clock \(wallState(low))" : "wall clock between \(wallState(low)) and \(wallState(high))"
            }
            let label = group.members.count == 1
                ? "\(group.key) → \(state) \(stamp(first, result))"
                : "\(group.key) ×\(group.members.count) → \(state) \(stampRange(first, last, result))"
            rows.append(.milestone(label, at: first))
        }
        rows += zoneBars(result)
        return inTimeOrder(rows)
    }

    /// How far a wall clock is from true time: `3 d ahead`, `30 s behind`, `right`.
    static func wallState(_ ahead: SimDuration) -> String {
        let words = HumanDuration.text(ahead)
        if words == "0 s" { return "right" }
        return words + (ahead.milliseconds > 0 ? " ahead" : " behind")
    }

    /// A bar for each stretch of the run with one device zone and one UTC offset: the zone
    /// timeline, split at the zone's own offset changes (DST).
    static func zoneBars(_ result: RunResult) -> [MermaidGanttRow] {
        let start = result.scenario.startInstant
        let end = result.scenario.endInstant
        let timeline = result.zoneTimeline.isEmpty ? [(from: start, zone: result.scenario.zone)] : result.zoneTimeline
        var bars: [MermaidGanttRow] = []
        for (index, segment) in timeline.enumerated() {
            let segmentEnd = index + 1 < timeline.count ? min(timeline[index + 1].from, end) : end
            var cursor = max(segment.from, start)
            // A run has few offset changes; the bound only guards against a zone that changes hourly.
            while cursor < segmentEnd, bars.count < limit {
                let next = segment.zone.nextTransition(after: cursor).map { min($0, segmentEnd) } ?? segmentEnd
                var label = "\(segment.zone.identifier) \(offset(cursor, result))"
                if cursor != start { label += " from \(monthDay(cursor, result)) \(hourMinute(cursor, result))" }
                bars.append(.bar(label, from: cursor, to: next))
                cursor = next
            }
        }
        return bars
    }
}
