import DNSimCalendar
import DNSimCore

/// Turns a ``WorldOutcome`` into a ``RunResult``: matches each shown notification to the
/// planned occurrence of its slot, names the rule that lost each unmatched one, and evaluates
/// the scenario's checks.
struct RunResultBuilder {
    let outcome: WorldOutcome

    func build() -> RunResult {
        let scenario = outcome.scenario
        let planned = outcome.planner.plan(zoneTimeline: outcome.zoneTimeline, end: scenario.endInstant)
        var unmatched = planned
        var deliveries: [RunResult.Delivery] = []
        var suppressed: [RunResult.Occurrence] = []
        var skipped: [RunResult.Occurrence] = []
        // Occurrences the plugin chose not to deliver (TTL-at-fire) are skipped, not missed.
        for record in outcome.trace.records where record.subsystem == "plugin" && record.kind == "telemetry"
            && record.detail("event") == "skipped"
        {
            guard let slot = record.detail("slot"), let match = nearest(slot: slot, at: record.time, in: unmatched) else { continue }
            unmatched.removeAll { $0 == match }
            skipped.append(
                RunResult.Occurrence(
                    slot: slot, localDate: match.localDate.description, plannedAt: match.at,
                    reason: "skipped by the plugin: " + (record.detail("why") ?? "") + " (seed 004 TTL-at-fire)"))
        }
        for post in outcome.posts {
            let match = nearest(slot: post.slot, at: post.time, in: unmatched)
            if let match { unmatched.removeAll { $0 == match } }
            if let why = post.suppressedBecause {
                if let match {
                    suppressed.append(
                        RunResult.Occurrence(
                            slot: post.slot, localDate: match.localDate.description, plannedAt: match.at,
                            reason: "notification posted but not shown: \(why)"))
                }
            } else {
                deliveries.append(
                    RunResult.Delivery(
                        slot: post.slot, localDate: match?.localDate.description ?? post.pluginLocalDate ?? "?",
                        plannedAt: match?.at, deliveredAt: post.time,
                        latenessMs: match.map { (post.time - $0.at).milliseconds }, title: post.title, body: post.body,
                        contentVersion: post.contentVersion, contentFetchedAt: post.contentFetchedAt))
            }
        }
        let missed = unmatched.map { occurrence in
            RunResult.Occurrence(
                slot: occurrence.slot, localDate: occurrence.localDate.description, plannedAt: occurrence.at,
                reason: reason(for: occurrence))
        }
        let records = outcome.trace.records
        var result = RunResult(
            scenario: scenario, parameters: outcome.parameters, deliveries: deliveries, missed: missed, skipped: skipped,
            suppressed: suppressed, errors: outcome.errors, expectations: [], trace: records,
            traceDigest: outcome.trace.digestHex, zoneTimeline: outcome.zoneTimeline,
            armedAtEnd: outcome.armedOccurrences.count,
            pluginReportedMissed: records.filter { $0.kind == "missed.reported" }.reduce(0) {
                $0 + (Int($1.detail("count") ?? "0") ?? 0)
            },
            eventCount: outcome.eventCount)
        result.statusSnapshots = outcome.statusSnapshots
        result.freshness = FreshnessMetrics.compute(outcome: outcome, deliveries: deliveries, planned: planned)
        result.armedOccurrencesAtEnd = outcome.armedOccurrences
        // "slot@*" expects any armed occurrence of the slot; otherwise that exact occurrence.
        result.unarmedAtEnd = outcome.expectedNext.filter { expected in
            if expected.hasSuffix("@*") {
                return !outcome.armedOccurrences.contains { $0.hasPrefix(String(expected.dropLast())) }
            }
            return !outcome.armedOccurrences.contains(expected)
        }
        result.strayArmedAtEnd = outcome.armedOccurrences.filter { occurrence in
            !outcome.storedSlots.contains { occurrence.hasPrefix($0 + "@") }
        }
        result.expectations = ExpectationEvaluator(result: result).evaluate()
        return result
    }

    /// The planned occurrence of `slot` nearest to `time`, within 12 hours.
    private func nearest(slot: String, at time: SimInstant, in planned: [OccurrencePlanner.Planned])
        -> OccurrencePlanner.Planned?
    {
        let window = SimDuration.hours(12).milliseconds
        return planned.filter { $0.slot == slot && abs(($0.at - time).milliseconds) <= window }
            .min { abs(($0.at - time).milliseconds) < abs(($1.at - time).milliseconds) }
    }

    /// Why an occurrence never reached the user: the last OS record about it, else the last OS
    /// removal of the slot's alarms before it.
    private func reason(for occurrence: OccurrencePlanner.Planned) -> String {
        let date = occurrence.localDate.description
        let records = outcome.trace.records
        // Alarm and notification records only: work items carry the same extras but decide nothing
        // about delivery.
        let isOS: (TraceRecord) -> Bool = {
            $0.subsystem != "plugin" && $0.subsystem != "scenario" && $0.subsystem != "android.work"
                && $0.subsystem != "ios.bgtask"
        }
        if let last = records.last(where: {
            isOS($0) && $0.detail("extra.slot") == occurrence.slot && $0.detail("extra.localDate") == date
                && !$0.kind.hasSuffix(".set") && !$0.kind.hasSuffix(".added")
        }) {
            return describe(last)
        }
        // A removal names the slot it removed, or none when it took everything (a quit, a shutdown).
        if let removal = records.last(where: {
            $0.time <= occurrence.at && outcome.removalKinds.contains($0.kind)
                && ($0.detail("extra.slot") == nil || $0.detail("extra.slot") == occurrence.slot)
        }) {
            return "not re-armed since \(describe(removal))"
        }
        return "no alarm was armed for this occurrence"
    }

    private func describe(_ record: TraceRecord) -> String {
        let rule = record.rule.map { " [\($0)]" } ?? ""
        let zone = outcome.zoneTimeline.last { $0.from <= record.time }?.zone ?? outcome.scenario.zone
        return "\(record.kind)\(rule) at \(ISO8601.format(record.time, in: zone))"
    }
}
