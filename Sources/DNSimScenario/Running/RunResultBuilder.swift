import DNSimCalendar
import DNSimCore
import DNSimPlugin

/// Turns a ``WorldOutcome`` into a ``RunResult``: matches each shown notification to the
/// planned occurrence of its slot, names the rule that lost each unmatched one, and evaluates
/// the scenario's checks.
struct RunResultBuilder {
    let outcome: WorldOutcome
    /// How much of the result to build (``RunOptions/Scope``).
    var scope = RunOptions.Scope.full

    func build() -> RunResult {
        let scenario = outcome.scenario
        let index = outcome.index
        let planned = outcome.planner.plan(zoneTimeline: outcome.zoneTimeline, end: scenario.endInstant)
        var matcher = PlanMatcher(planned)
        var deliveries: [RunResult.Delivery] = []
        deliveries.reserveCapacity(outcome.posts.count)
        var suppressed: [RunResult.Occurrence] = []
        var skipped: [RunResult.Occurrence] = []
        // A slot shows once per local date: a date one of whose occurrences was shown, posted
        // and suppressed, or skipped is settled, and a second occurrence of it (the slot set up
        // again at another time that day, travel west) is not missed.
        // (Noted as matched; a set is built only if some occurrence is left unmatched.)
        var settled: [PlanMatcher.SlotDate] = []
        settled.reserveCapacity(outcome.posts.count + index.skips.count)
        // Occurrences the plugin chose not to deliver (TTL-at-fire) are skipped, not missed: the
        // nearest occurrence, else the one of the date the plugin skipped (a move across zones
        // can put its reading a day from the plan's), else the skip as the plugin dated it.
        for skip in index.skips {
            let date = skip.localDate.flatMap { LocalDate(parsing: $0) }
            let match =
                matcher.takeNearest(slot: skip.slot, to: skip.time)
                ?? date.flatMap { matcher.take(slot: skip.slot, localDate: $0, nearestTo: skip.time) }
            if let settledDate = match?.localDate ?? date { settled.append(PlanMatcher.SlotDate(slot: skip.slot, localDate: settledDate)) }
            skipped.append(
                RunResult.Occurrence(
                    slot: skip.slot, localDate: match?.localDate.description ?? skip.localDate ?? "?", plannedAt: match?.at ?? skip.time,
                    reason: "skipped by the plugin: " + skip.why + " (seed 004 TTL-at-fire)", happenedAt: skip.time))
        }
        for post in outcome.posts {
            let match = matcher.takeNearest(slot: post.slot, to: post.time)
            let postDate = match?.localDate ?? (post.suppressedBecause == nil ? nil : post.pluginLocalDate.flatMap { LocalDate(parsing: $0) })
            if let postDate { settled.append(PlanMatcher.SlotDate(slot: post.slot, localDate: postDate)) }
            if let why = post.suppressedBecause {
                // A post the run's plan has no occurrence for (a clock the user set) is still a
                // suppressed post, dated as the plugin dated it.
                suppressed.append(
                    RunResult.Occurrence(
                        slot: post.slot, localDate: match?.localDate.description ?? post.pluginLocalDate ?? "?",
                        plannedAt: match?.at ?? post.time, reason: "notification posted but not shown: \(why)", happenedAt: post.time))
            } else {
                deliveries.append(
                    RunResult.Delivery(
                        slot: post.slot, localDate: match?.localDate.description ?? post.pluginLocalDate ?? "?",
                        plannedAt: match?.at, deliveredAt: post.time,
                        latenessMs: match.map { (post.time - $0.at).milliseconds }, title: post.title, body: post.body,
                        contentVersion: post.contentVersion, contentFetchedAt: post.contentFetchedAt))
            }
        }
        // Many missed occurrences name one record (a removal took a slot's whole window, a
        // limit dropped a day's requests): each record is described once.
        var descriptions: [Int32: String] = [:]
        let shapes = index.shapeKeys
        // Read once: each read of the index's table through its property copies it.
        let decisions = index.lastOSRecord
        var unmatched = matcher.unmatched
        if !unmatched.isEmpty {
            let settledSet = Set(settled)
            unmatched.removeAll { settledSet.contains(PlanMatcher.SlotDate(slot: $0.slot, localDate: $0.localDate)) }
        }
        let missed = unmatched.map { occurrence in
            RunResult.Occurrence(
                slot: occurrence.slot, localDate: occurrence.localDate.description, plannedAt: occurrence.at,
                reason: scope == .full ? reason(for: occurrence, decisions: decisions, shapes: shapes, descriptions: &descriptions) : "")
        }
        var result = RunResult(
            scenario: scenario, parameters: outcome.parameters, deliveries: deliveries, missed: missed, skipped: skipped,
            suppressed: suppressed, errors: outcome.errors, expectations: [], trace: outcome.trace.records,
            traceDigest: outcome.trace.computesDigest ? outcome.trace.digestHex : "", zoneTimeline: outcome.zoneTimeline,
            armedAtEnd: outcome.armedOccurrences.count, pluginReportedMissed: index.pluginReportedMissed,
            eventCount: outcome.eventCount)
        result.traceKept = outcome.trace.isEnabled
        result.traceRecordCount = outcome.trace.recordCount
        result.ruleCounts = index.ruleCounts(recordCountsByHeader: outcome.trace.recordCountsByHeader)
        result.scriptedAlarmFirings = index.scriptedFirings
        result.scriptedRejections = index.scriptedRejections
        result.scriptedWorkRuns = index.scriptedWorkRuns
        result.scriptedTaskLaunches = index.scriptedTaskLaunches
        result.scriptedTaskRejections = index.scriptedTaskRejections
        result.scriptedRequestDeliveries = index.scriptedDeliveries
        result.scriptedRequestDrops = index.scriptedDrops
        result.authorizationChanges = index.authorizationChanges
        result.iosAppRuns = index.iosAppRuns
        result.notShown = index.notShown
        result.lastOSRecords = index.lastOSRecord
        result.recordShapes = shapes
        result.kindCounts = index.kindCounts(recordCountsByHeader: outcome.trace.recordCountsByHeader)
        result.missedReports = index.missedReports
        result.repeatedMissedReports = index.repeatedMissedReports
        result.clockOffsets = index.clockOffsets
        result.overLimitDropsAfterPluginAdd = index.overLimitDropsAfterPluginAdd
        result.overLimitDropsAfterOtherAdd = index.overLimitDropsAfterOtherAdd
        result.statusSnapshots = outcome.statusSnapshots
        result.freshness = FreshnessMetrics.compute(outcome: outcome, deliveries: deliveries, planned: planned)
        result.armedOccurrencesAtEnd = outcome.armedOccurrences
        // What the checks read of the end state: a deliveries-scope run evaluates none.
        guard scope == .full else { return result }
        // "slot@*" expects any armed occurrence of the slot; otherwise that exact occurrence.
        let armed = Set(outcome.armedOccurrences)
        var armedSlotPrefixes: Set<String> = []
        for occurrence in outcome.armedOccurrences {
            Self.forEachPrefixEndingInAt(occurrence) { armedSlotPrefixes.insert($0) }
        }
        result.unarmedAtEnd = outcome.expectedNext.filter { expected in
            expected.hasSuffix("@*") ? !armedSlotPrefixes.contains(String(expected.dropLast())) : !armed.contains(expected)
        }
        let storedSlotPrefixes = Set(outcome.storedSlots.map { $0 + "@" })
        result.strayArmedAtEnd = outcome.armedOccurrences.filter { occurrence in
            var stored = false
            Self.forEachPrefixEndingInAt(occurrence) { if storedSlotPrefixes.contains($0) { stored = true } }
            return !stored
        }
        result.expectations = ExpectationEvaluator(result: result).evaluate()
        return result
    }

    /// Calls `body` with every prefix of `name` that ends in `@` (`a@b@c` gives `a@` and `a@b@`),
    /// in order: the slot parts an occurrence name can start with.
    ///
    /// An ASCII name is walked by its bytes (in ASCII every `@` byte is a whole character: no
    /// ASCII character combines with the next); any other name by its characters, as `String`
    /// indexes it (so `@` followed by a combining mark is not an `@`).
    static func forEachPrefixEndingInAt(_ name: String, _ body: (String) -> Void) {
        let utf8 = name.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            for index in utf8.indices where utf8[index] == UInt8(ascii: "@") {
                body(String(Substring(utf8[...index])))
            }
        } else {
            forEachPrefixEndingInAtByCharacters(name, body)
        }
    }

    /// ``forEachPrefixEndingInAt(_:_:)`` walking the characters of any name (the reference the
    /// byte walk of an ASCII name agrees with).
    static func forEachPrefixEndingInAtByCharacters(_ name: String, _ body: (String) -> Void) {
        for index in name.indices where name[index] == "@" {
            body(String(name[...index]))
        }
    }

    /// Why an occurrence never reached the user: the last OS record about it (in `decisions`,
    /// the index's ``RunIndex/lastOSRecord``), else the last OS removal of the slot's alarms
    /// before it.
    /// `shapes` names the recorded decisions' shapes (``RunIndex/shapeKeys``); `descriptions`
    /// holds each record's ``describe(_:)`` once made.
    private func reason(
        for occurrence: OccurrencePlanner.Planned, decisions: OccurrenceTable<RunIndex.Decision>, shapes: [RunIndex.RecordShape.Key],
        descriptions: inout [Int32: String]
    ) -> String {
        let index = outcome.index
        // Alarm and notification records only: work items carry the same extras but decide nothing
        // about delivery.
        if let last = decisions[slot: occurrence.slot, localDate: occurrence.localDate] {
            return describe(last.summary(shapes: shapes), descriptions: &descriptions)
        }
        // A removal names the slot it removed, or none when it took everything (a quit, a shutdown).
        if let removal = index.lastRemoval(of: occurrence.slot, atOrBefore: occurrence.at) {
            return "not re-armed since " + describe(removal, descriptions: &descriptions)
        }
        return "no alarm was armed for this occurrence"
    }

    /// ``describe(_:)``, made once per record (records are numbered uniquely within a run).
    private func describe(_ record: RunIndex.RecordSummary, descriptions: inout [Int32: String]) -> String {
        if let known = descriptions[record.id] { return known }
        let text = describe(record)
        descriptions[record.id] = text
        return text
    }

    private func describe(_ record: RunIndex.RecordSummary) -> String {
        let after = outcome.zoneTimeline.partitioningIndex { $0.from > record.time }
        let zone = after > 0 ? outcome.zoneTimeline[after - 1].zone : outcome.scenario.zone
        // Concatenated, not interpolated: one reason per missed occurrence, and interpolation
        // costs several times more.
        var text = record.kind
        if let rule = record.rule { text += " [" + rule + "]" }
        return text + " at " + ISO8601.format(record.time, in: zone)
    }
}
