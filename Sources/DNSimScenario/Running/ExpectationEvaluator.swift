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

    private func count(_ comparison: CountComparison, _ value: Int, _ noun: String) -> (Bool, String) {
        (comparison.holds(for: value), "\(value) \(noun) (expected \(comparison))")
    }

    private func evaluate(_ assertion: ScenarioAssertion) -> (Bool, String) {
        switch assertion {
        case .deliveryCount(let comparison, let slot):
            let n = result.deliveries.filter { slot == nil || $0.slot == slot }.count
            return count(comparison, n, "notifications shown")
        case .missedCount(let comparison):
            let (ok, text) = count(comparison, result.missed.count, "occurrences missed")
            let first = result.missed.first.map { "; first: \($0.localDate) \($0.slot): \($0.reason)" } ?? ""
            return (ok, text + first)
        case .suppressedCount(let comparison):
            return count(comparison, result.suppressed.count, "notifications suppressed by the OS")
        case .pluginReportedMissed(let comparison):
            return count(comparison, result.pluginReportedMissed, "occurrences reported missed by the plugin")
        case .armedAtEnd(let comparison):
            return count(comparison, result.armedAtEnd, "alarms armed at the end")
        case .deliveredAtLocalTime(let time, let tolerance):
            let off = result.deliveries.filter { delivery in
                let local = result.zone(at: delivery.deliveredAt).localDateTime(at: delivery.deliveredAt)
                return abs(local.time.millisecondsIntoDay - time.millisecondsIntoDay) > tolerance
            }
            if off.isEmpty {
                return (true, "all \(result.deliveries.count) shown at \(time) local")
            }
            let sample = off.prefix(3).map { result.iso($0.deliveredAt) }.joined(separator: ", ")
            return (false, "\(off.count) of \(result.deliveries.count) not at \(time) local: \(sample)")
        case .maxLatenessMs(let limit):
            let worst = result.deliveries.compactMap(\.latenessMs).max() ?? 0
            return (worst <= limit, "worst lateness \(worst) ms (limit \(limit) ms)")
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
            return count(comparison, result.freshness.staleDeliveries, "stale deliveries")
        case .skippedCount(let comparison):
            return count(comparison, result.skipped.count, "occurrences skipped by the plugin")
        case .prefetchAttempts(let comparison):
            return count(comparison, result.freshness.prefetchAttempts, "content fetches")
        case .freshDeliveries(let comparison):
            return count(comparison, result.freshness.deliveriesFresh, "deliveries with current content")
        case .notModifiedFetches(let comparison):
            return count(comparison, result.freshness.prefetchNotModified, "fetches answered 304 Not Modified")
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
            return (n > 0, "\(n) trace records decided by \(rule)")
        }
    }
}
