import DNSimCalendar
import DNSimCore

/// Checks a run against its scenario's assertions, describing what was observed either way.
struct ExpectationEvaluator {
    let result: RunResult

    func evaluate() -> [ExpectationOutcome] {
        result.scenario.checks.map { check in
            let (passed, observed) = evaluate(check.assertion)
            return ExpectationOutcome(
                id: check.id, description: check.description, assertion: check.assertion.name,
                seedClaim: check.seedClaim, passed: passed, observed: observed)
        }
    }

    /// `1 notification shown (expected = 1)`: the count with its noun in the right number
    /// (`singular` for 1, else `plural`), then what was expected.
    private func count(
        _ comparison: CountComparison, _ value: Int, _ singular: String, _ plural: String, slot: String? = nil
    ) -> (Bool, String) {
        let noun = value == 1 ? singular : plural
        return (comparison.holds(for: value), "\(value) \(noun)\(Self.ofSlot(slot)) (expected \(comparison))")
    }

    /// ` of slot daily-0900`, or nothing for a check over every slot.
    private static func ofSlot(_ slot: String?) -> String {
        slot.map { " of slot \($0)" } ?? ""
    }

    /// Whether an entry of `entrySlot` counts for a check limited to `slot` (`nil`: every slot).
    private static func matches(_ entrySlot: String, _ slot: String?) -> Bool {
        slot == nil || entrySlot == slot
    }

    private func evaluate(_ assertion: ScenarioAssertion) -> (Bool, String) {
        switch assertion {
        case .deliveryCount(let comparison, let slot):
            let n = result.deliveries.filter { Self.matches($0.slot, slot) }.count
            return count(comparison, n, "notification shown", "notifications shown", slot: slot)
        case .missedCount(let comparison, let slot):
            let missed = result.missed.filter { Self.matches($0.slot, slot) }
            let (ok, text) = count(comparison, missed.count, "occurrence missed", "occurrences missed", slot: slot)
            let first = missed.first.map { "; first: \($0.localDate) \($0.slot): \($0.reason)" } ?? ""
            return (ok, text + first)
        case .suppressedCount(let comparison, let slot):
            let n = result.suppressed.filter { Self.matches($0.slot, slot) }.count
            return count(
                comparison, n, "notification suppressed by the OS", "notifications suppressed by the OS", slot: slot)
        case .pluginReportedMissed(let comparison):
            return count(
                comparison, result.pluginReportedMissed, "occurrence reported missed by the plugin",
                "occurrences reported missed by the plugin")
        case .armedAtEnd(let comparison):
            return count(comparison, result.armedAtEnd, "alarm armed at the end", "alarms armed at the end")
        case .deliveredAtLocalTime(let time, let tolerance, let slot):
            let shown = result.deliveries.filter { Self.matches($0.slot, slot) }
            let off = shown.filter { delivery in
                let local = result.zone(at: delivery.deliveredAt).localDateTime(at: delivery.deliveredAt)
                return abs(local.time.millisecondsIntoDay - time.millisecondsIntoDay) > tolerance
            }
            if off.isEmpty {
                return (true, "all \(shown.count)\(Self.ofSlot(slot)) shown at \(time) local")
            }
            let sample = off.prefix(3).map { result.iso($0.deliveredAt) }.joined(separator: ", ")
            return (false, "\(off.count) of \(shown.count)\(Self.ofSlot(slot)) not at \(time) local: \(sample)")
        case .maxLatenessMs(let limit, let slot):
            let worst = result.deliveries.filter { Self.matches($0.slot, slot) }.compactMap(\.latenessMs).max() ?? 0
            let limitText = HumanDuration.fine(SimDuration(milliseconds: limit))
            guard worst > 0 else { return (true, "none late\(Self.ofSlot(slot)) (limit \(limitText))") }
            return (
                worst <= limit,
                "worst lateness\(Self.ofSlot(slot)) \(HumanDuration.fine(SimDuration(milliseconds: worst))) (limit \(limitText))"
            )
        case .delivered(let date, let slot):
            let hit = result.deliveries.first { $0.localDate == date.description && (slot == nil || $0.slot == slot) }
            return (hit != nil, hit.map { "shown at \(result.iso($0.deliveredAt))" } ?? "not shown")
        case .notDelivered(let date, let slot):
            let hit = result.deliveries.first { $0.localDate == date.description && (slot == nil || $0.slot == slot) }
            return (hit == nil, hit.map { "shown at \(result.iso($0.deliveredAt))" } ?? "not shown")
        case .errorCode(let code):
            let codes = result.errors.map(\.code)
            return (codes.contains(code), codes.isEmpty ? "no errors" : "errors: " + codes.joined(separator: ", "))
        case .noErrors:
            let codes = result.errors.map(\.code)
            return (codes.isEmpty, codes.isEmpty ? "no errors" : "errors: " + codes.joined(separator: ", "))
        case .noDuplicateDeliveries:
            var seen: Set<String> = []
            var duplicates: [String] = []
            for delivery in result.deliveries where !seen.insert(delivery.slot + "@" + delivery.localDate).inserted {
                duplicates.append(delivery.slot + "@" + delivery.localDate)
            }
            return (duplicates.isEmpty, duplicates.isEmpty ? "no duplicates" : "duplicates: " + duplicates.joined(separator: ", "))
        case .noDuplicateAlarms:
            var seen: Set<String> = []
            let duplicates = result.armedOccurrencesAtEnd.filter { !seen.insert($0).inserted }
            let armed = result.armedOccurrencesAtEnd.joined(separator: ", ")
            return (
                duplicates.isEmpty,
                duplicates.isEmpty
                    ? "one alarm per occurrence: \(armed.isEmpty ? "none armed" : armed)"
                    : "duplicate alarms for: " + duplicates.joined(separator: ", ")
            )
        case .staleDeliveries(let comparison):
            return count(comparison, result.freshness.staleDeliveries, "stale delivery", "stale deliveries")
        case .skippedCount(let comparison, let slot):
            let n = result.skipped.filter { Self.matches($0.slot, slot) }.count
            return count(
                comparison, n, "occurrence skipped by the plugin", "occurrences skipped by the plugin", slot: slot)
        case .prefetchAttempts(let comparison):
            return count(comparison, result.freshness.prefetchAttempts, "content fetch", "content fetches")
        case .freshDeliveries(let comparison):
            return count(
                comparison, result.freshness.deliveriesFresh, "delivery with current content",
                "deliveries with current content")
        case .notModifiedFetches(let comparison):
            return count(
                comparison, result.freshness.prefetchNotModified, "fetch answered 304 Not Modified",
                "fetches answered 304 Not Modified")
        case .prefetchHitRate(let comparison):
            let rate = result.freshness.hitRatePercent ?? 0
            return (
                comparison.holds(for: rate),
                "hit rate at T–lead \(rate)% (\(result.freshness.prefetchHitsAtTLead) of \(result.freshness.occurrencesPlanned); expected \(comparison))"
            )
        case .statusReports(let field, let expected):
            guard let last = result.statusSnapshots.last else {
                return (false, "getNotificationStatus was never called")
            }
            let value = last.fields.first { $0.0 == field }?.1
            return (value == expected, "\(field) = \(value ?? "absent") (expected \(expected))")
        case .ruleApplied(let rule):
            let n = result.ruleCounts[rule] ?? 0
            return (n > 0, "\(n) trace \(n == 1 ? "record" : "records") decided by \(rule)")
        case .alarmFired(let alarm, let from, let to):
            let firings = result.scriptedAlarmFirings[alarm] ?? []
            guard let first = firings.first else {
                let why = result.scriptedRejections.contains(alarm) ? "never fired (setting it threw a SecurityException)" : "never fired"
                return (false, "\(alarm) \(why)")
            }
            let local = result.deviceLocalDateTime(at: first)
            let inWindow = (from.map { local >= $0 } ?? true) && (to.map { local <= $0 } ?? true)
            let more = firings.count > 1 ? " (and \(firings.count - 1) more)" : ""
            return (inWindow, "\(alarm) fired at \(result.iso(first))\(more)")
        case .alarmNotFired(let alarm):
            let firings = result.scriptedAlarmFirings[alarm] ?? []
            return (firings.isEmpty, firings.first.map { "\(alarm) fired at \(result.iso($0))" } ?? "\(alarm) never fired")
        case .workRan(let work, let run, let from, let to, let count):
            let runs = result.scriptedWorkRuns[work] ?? []
            let counted = count.map { $0.holds(for: runs.count) } ?? true
            let tally = "\(work) ran \(runs.count)×"
            guard runs.count >= run else {
                return (false, runs.isEmpty ? "\(work) never ran" : "\(tally), no run \(run)")
            }
            let start = runs[run - 1]
            let local = result.deviceLocalDateTime(at: start)
            let inWindow = (from.map { local >= $0 } ?? true) && (to.map { local <= $0 } ?? true)
            return (inWindow && counted, "\(tally), run \(run) at \(result.iso(start))")
        case .workNotRan(let work):
            let runs = result.scriptedWorkRuns[work] ?? []
            return (runs.isEmpty, runs.first.map { "\(work) ran at \(result.iso($0))" } ?? "\(work) never ran")
        case .requestDelivered(let request, let from, let to, let count):
            let deliveries = result.scriptedRequestDeliveries[request] ?? []
            guard let first = deliveries.first else { return (false, "\(request) never delivered") }
            let local = result.deviceLocalDateTime(at: first)
            let inWindow = (from.map { local >= $0 } ?? true) && (to.map { local <= $0 } ?? true)
            let counted = count.map { $0.holds(for: deliveries.count) } ?? true
            return (inWindow && counted, "\(request) delivered \(deliveries.count)×, first at \(result.iso(first))")
        case .requestNotDelivered(let request):
            let deliveries = result.scriptedRequestDeliveries[request] ?? []
            return (deliveries.isEmpty, deliveries.first.map { "\(request) delivered at \(result.iso($0))" } ?? "\(request) never delivered")
        case .requestDropped(let request):
            let dropped = result.scriptedRequestDrops.contains(request)
            return (dropped, dropped ? "\(request) dropped over the 64 limit" : "\(request) not dropped")
        case .requestRejected(let request):
            let rejected = result.scriptedRejections.contains(request)
            return (rejected, rejected ? "add refused \(request)" : "add accepted \(request)")
        case .taskRan(let task, let from, let to, let count):
            let launches = result.scriptedTaskLaunches[task] ?? []
            guard let first = launches.first else {
                let why = result.scriptedTaskRejections[task].map { " (submit threw \($0))" } ?? ""
                return (false, "\(task) never ran\(why)")
            }
            let local = result.deviceLocalDateTime(at: first)
            let inWindow = (from.map { local >= $0 } ?? true) && (to.map { local <= $0 } ?? true)
            let counted = count.map { $0.holds(for: launches.count) } ?? true
            return (inWindow && counted, "\(task) ran \(launches.count)×, first at \(result.iso(first))")
        case .taskNotRan(let task):
            let launches = result.scriptedTaskLaunches[task] ?? []
            return (launches.isEmpty, launches.first.map { "\(task) ran at \(result.iso($0))" } ?? "\(task) never ran")
        case .taskRejected(let task, let error):
            guard let thrown = result.scriptedTaskRejections[task] else { return (false, "submit accepted \(task)") }
            return (error.map { $0 == thrown } ?? true, "submit threw \(thrown) for \(task)")
        case .alarmRejected(let alarm):
            let rejected = result.scriptedRejections.contains(alarm)
            return (rejected, rejected ? "setting \(alarm) threw a SecurityException" : "setting \(alarm) did not throw")
        }
    }
}
