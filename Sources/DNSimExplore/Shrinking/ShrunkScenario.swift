import DNSimCore
import DNSimPlugin
import DNSimScenario

/// Writes a shrunk failure as a ready-to-commit scenario: the failing invariant becomes checks
/// where the check language can express it (each candidate check is kept only if it fails on the
/// shrunk run, so the file fails for the reason it was found), and is described in
/// `expected.plugin` either way.
public enum ShrunkScenario {
    /// A scenario file for a shrunk failure.
    public struct File: Sendable {
        /// The file name (`<template>-<invariant>-<profile>-seed<N>.json`, `<template>` the last
        /// part of the template id, so two templates of one platform never share a name).
        public var name: String
        /// The file's text.
        public var text: String
        /// The scenario id.
        public var id: String
        /// The checks that express the failure (ids).
        public var checkIDs: [String]
    }

    /// Whether `name` is a finding file's name as ``file(_:profile:maxEvents:schemaPath:)``
    /// writes it, `<template>-<invariant>-<profile>-seed<N>.json`: what a findings directory may
    /// hold from an earlier run (anything else there is someone else's, and kept).
    public static func isFileName(_ name: String) -> Bool {
        guard name.hasSuffix(".json") else { return false }
        let stem = name.dropLast(".json".count)
        guard let dash = stem.lastIndex(of: "-") else { return false }
        let seed = stem[stem.index(after: dash)...]
        guard seed.hasPrefix("seed"), seed.count > 4, seed.dropFirst(4).allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        let front = stem[..<dash]
        return Invariant.allCases.contains { invariant in
            PluginProfile.allCases.contains { profile in
                let tail = "-\(invariant.rawValue)-\(profile.rawValue)"
                return front.hasSuffix(tail) && front.count > tail.count
            }
        }
    }

    /// The file for `outcome`, found under `profile`.
    public static func file(
        _ outcome: Shrinker.Outcome, profile: PluginProfile, maxEvents: Int = RunOptions.defaultMaxEvents,
        schemaPath: String = "../../schema/scenario.schema.json"
    ) -> File? {
        var world = outcome.world
        let violation = outcome.violation
        let invariant = violation.invariant
        let template = world.templateID.split(separator: "/").last.map(String.init) ?? world.platform.rawValue
        let base = "\(template)-\(invariant.rawValue)-\(profile.rawValue)-seed\(world.seed)"
        let id = "explore/findings/" + base
        world.shrinkNote =
            "Shrunk by dnsim explore from \(outcome.originalSteps) to \(outcome.shrunkSteps) steps (\(outcome.tests) runs) "
            + "for the invariant \(invariant.rawValue) under \(profile.rawValue): \(violation.detail)."
        let text = (
            os: "Found by dnsim explore; replay with: dnsim run <this file> --profile \(profile.rawValue).",
            plugin: "Invariant \(invariant.rawValue) — \(invariant.summary) (\(invariant.source)). "
                + "Under \(profile.rawValue) it fails: \(violation.detail)."
        )
        // Keep the candidate checks that fail on the shrunk run.
        let options = RunOptions(keepTrace: false, maxEvents: maxEvents)
        guard let plain = try? ScenarioRunner.run(outcome.rendered.scenario, options: options) else { return nil }
        let active = InvariantChecker(world: outcome.rendered, result: plain).activeSlotsAtEnd.count
        let candidates = candidateChecks(violation, result: plain, activeSlots: active)
        var kept: [JSONValue] = []
        if !candidates.isEmpty, let probe = try? world.render(profile: profile, checks: candidates, expectedText: text, id: id),
            let result = try? ScenarioRunner.run(probe.scenario, options: options)
        {
            let failed = Set(result.expectations.filter { !$0.passed }.map(\.id))
            kept = candidates.filter { failed.contains($0["id"]?.stringValue ?? "") }
        }
        let ids = kept.compactMap { $0["id"]?.stringValue }
        var findings: JSONObject?
        if profile != .corrected, !ids.isEmpty { findings = [profile.rawValue: .array(ids.map { .string($0) })] }
        guard
            let rendered = try? world.render(
                profile: profile, checks: kept, findings: findings, expectedText: text, id: id, schemaPath: schemaPath)
        else { return nil }
        return File(name: base + ".json", text: rendered.text, id: id, checkIDs: ids)
    }

    /// Checks that may express the violation, to be tried on the shrunk run.
    static func candidateChecks(_ violation: Violation, result: RunResult, activeSlots: Int) -> [JSONValue] {
        let invariant = violation.invariant.rawValue
        func check(_ suffix: String, _ members: JSONObject) -> JSONValue {
            var object = members
            object["id"] = .string(invariant + (suffix.isEmpty ? "" : "-" + suffix))
            object["description"] = .string("dnsim explore invariant \(invariant): \(violation.invariant.summary)")
            return .object(object)
        }
        switch violation.invariant {
        case .onePerSlotDate:
            var checks = [check("", ["assert": "noDuplicateDeliveries"])]
            if let slot = violation.slot {
                let shown = result.deliveries.filter { $0.slot == slot }.count
                checks.append(
                    check("count", ["assert": "deliveryCount", "slot": .string(slot), "atMost": .integer(Int64(max(shown - violation.count, 0)))]))
            }
            return checks
        case .deliveryPlanned:
            guard let slot = violation.slot else { return [] }
            let shown = result.deliveries.filter { $0.slot == slot }.count
            return [check("", ["assert": "deliveryCount", "slot": .string(slot), "atMost": .integer(Int64(max(shown - violation.count, 0)))])]
        case .missedReportedOnce:
            let extra = result.missedReports.values.reduce(0) { $0 + max($1 - 1, 0) }
            return [check("", ["assert": "pluginReportedMissed", "atMost": .integer(Int64(max(result.pluginReportedMissed - extra, 0)))])]
        case .latenessPermitted:
            return [check("", ["assert": "maxLatenessMs", "value": .integer(InvariantChecker.onTimeMillis)])]
        case .ttlRespected:
            return [check("", ["assert": "staleDeliveries", "equals": 0])]
        case .stuck:
            var checks: [JSONValue] = []
            if let slot = violation.slot, let date = violation.localDate {
                checks.append(check("delivered", ["assert": "delivered", "slot": .string(slot), "localDate": .string(date)]))
            }
            checks.append(check("on-time", ["assert": "maxLatenessMs", "value": .integer(InvariantChecker.livenessOnTimeMillis(result))]))
            checks.append(check("armed", ["assert": "armedAtEnd", "atLeast": .integer(Int64(max(activeSlots, 1)))]))
            return checks
        case .lossReported:
            return [check("", ["assert": "pluginReportedMissed", "atLeast": .integer(Int64(result.pluginReportedMissed + violation.count))])]
        case .storeMatchesOS:
            return [
                check("", ["assert": "noDuplicateAlarms"]),
                check("armed", ["assert": "armedAtEnd", "atLeast": .integer(Int64(max(activeSlots, 1)))]),
            ]
        case .notEarly, .iosPendingBudget:
            return []
        }
    }
}
