import DNSimCalendar
import DNSimCore
import DNSimPlugin
import DNSimScenario

/// The exploration-template matrix: every scenario under every profile, with seed 000 §4's
/// columns first (Scenario, OS Expected, Plugin Expected, Observed Result, Pass/Fail, Notes),
/// grouped under the seed's row names, with a summary per profile.
public enum MatrixReport {
    /// The seed §4 row names, in the seed's order; other rows follow alphabetically.
    public static let rowOrder = [
        "Swipe from recents", "Force stop", "Device reboot (Android)", "Device reboot (iOS)", "Cold start",
        "Warm start", "Force stop recovery",
    ]

    /// The file name of a run's behaviour report: `android/daily-basic` under `corrected` →
    /// `android-daily-basic.corrected.md`.
    public static func reportName(_ result: RunResult) -> String {
        result.scenario.id.replacingSlashes() + "." + result.scenario.policy.name + ".md"
    }

    /// `N passed, N failed` over the runs, counting a run as passed when it went as its scenario
    /// expects (``RunVerdict``): every check passed, or exactly the expected findings failed. The
    /// same unit as JUnit's test cases and `dnsim matrix`'s exit code.
    public static func totals(_ results: [RunResult]) -> String {
        let passed = results.filter(\.verdict.asExpected).count
        return "\(passed) passed, \(results.count - passed) failed"
    }

    /// One verdict cell: pass, expected finding (with the seed claims), or what went unexpectedly.
    static func verdictCell(_ r: RunResult) -> String {
        let v = r.verdict
        func ids(_ outcomes: [ExpectationOutcome]) -> String {
            outcomes.map { $0.id + ($0.seedClaim.map { " (\($0))" } ?? "") }.joined(separator: ", ")
        }
        switch v.kind {
        case .pass: return "✅ pass"
        case .expectedFinding: return "🔎 finding: " + ids(v.findings)
        case .unexpectedFailure: return "❌ unexpected: " + ids(v.unexpectedFailures)
        case .findingResolved: return "⚠️ finding resolved: " + ids(v.resolvedFindings)
        }
    }

    /// The policies of the runs, in column order: the presets in profile order, then the others
    /// in order of first appearance.
    public static func policies(_ results: [RunResult]) -> [PluginPolicy] {
        var ordered: [PluginPolicy] = []
        for profile in PluginProfile.allCases {
            if let r = results.first(where: { $0.scenario.policy.name == profile.rawValue }) { ordered.append(r.scenario.policy) }
        }
        for r in results where !ordered.contains(where: { $0.name == r.scenario.policy.name }) {
            ordered.append(r.scenario.policy)
        }
        return ordered
    }

    /// The compact matrix: one row per scenario, seed §4's descriptive columns, and each
    /// policy's verdict side by side.
    static func compact(_ results: [RunResult]) -> String {
        let profiles = policies(results).map(\.name)
        var out = "| Scenario | Seed row | OS Expected | Plugin Expected |"
        out += profiles.map { " \($0) |" }.joined() + "\n"
        out += "|---|---|---|---|" + String(repeating: "---|", count: profiles.count) + "\n"
        var order: [String] = []
        var byScenario: [String: [RunResult]] = [:]
        for (_, members) in grouped(results) {
            for r in members {
                if byScenario[r.scenario.id] == nil { order.append(r.scenario.id) }
                byScenario[r.scenario.id, default: []].append(r)
            }
        }
        for id in order {
            let runs = byScenario[id, default: []]
            guard let s = runs.first?.scenario else { continue }
            let link = "[\(id)](scenarios/\(reportName(runs[0])))"
            out += "| \(link) | \(MarkdownText.cell(s.row.isEmpty ? "Other" : s.row)) | \(MarkdownText.cell(s.osExpected)) |"
            out += " \(MarkdownText.cell(s.pluginExpected)) |"
            for profile in profiles {
                let cell = runs.first { $0.scenario.policy.name == profile }.map { MarkdownText.cell(verdictCell($0)) } ?? "—"
                out += " \(cell) |"
            }
            out += "\n"
        }
        return out
    }

    /// Runs grouped by row, in row order, each group sorted by scenario id then profile order.
    static func grouped(_ results: [RunResult]) -> [(String, [RunResult])] {
        var rows: [String] = []
        for result in results where !rows.contains(result.scenario.row) { rows.append(result.scenario.row) }
        rows.sort { a, b in
            let ia = rowOrder.firstIndex(of: a) ?? Int.max
            let ib = rowOrder.firstIndex(of: b) ?? Int.max
            return ia != ib ? ia < ib : a < b
        }
        let profiles = policies(results).map(\.name)
        return rows.map { row in
            let members = results.filter { $0.scenario.row == row }.sorted { a, b in
                a.scenario.id != b.scenario.id
                    ? a.scenario.id < b.scenario.id
                    : (profiles.firstIndex(of: a.scenario.policy.name) ?? 0) < (profiles.firstIndex(of: b.scenario.policy.name) ?? 0)
            }
            return (row.isEmpty ? "Other" : row, members)
        }
    }

    /// What the run showed, in one cell.
    static func observed(_ r: RunResult) -> String {
        var parts = ["shown \(r.deliveries.count)", "missed \(r.missed.count)"]
        if !r.suppressed.isEmpty { parts.append("suppressed \(r.suppressed.count)") }
        parts.append("plugin-reported missed \(r.pluginReportedMissed)")
        if !r.errors.isEmpty { parts.append("errors: " + r.errors.map(\.code).joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }

    /// Failing checks with the seed claims they expose.
    static func notes(_ r: RunResult) -> String {
        let failing = r.expectations.filter { !$0.passed }
        if failing.isEmpty { return "" }
        return "fails " + failing.map { $0.id + ($0.seedClaim.map { " (\($0))" } ?? "") }.joined(separator: ", ")
    }

    static func armedDifference(_ r: RunResult) -> String {
        if r.unarmedAtEnd.isEmpty && r.strayArmedAtEnd.isEmpty { return "none" }
        var parts: [String] = []
        if !r.unarmedAtEnd.isEmpty { parts.append("not armed: " + r.unarmedAtEnd.joined(separator: ", ")) }
        if !r.strayArmedAtEnd.isEmpty { parts.append("stray: " + r.strayArmedAtEnd.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }

    static func maxLateness(_ r: RunResult) -> String {
        r.deliveries.compactMap(\.latenessMs).max().map { HumanDuration.lateness(SimDuration(milliseconds: $0)) } ?? "—"
    }

    /// The Markdown matrix.
    public static func markdown(_ results: [RunResult]) -> String {
        var out = "# Exploration matrix\n\n"
        out += "Generated by `dnsim matrix` from the scenarios in `scenarios/`: every scenario under every plugin\n"
        out += "profile. The first six columns are seed 000 §4's \"Test Validation Outputs\" template; a failing\n"
        out += "`directive` row is a finding about the seeds' plan, named by the seed claim it exposes\n"
        out += "([seed-claims.md](seed-claims.md)).\n\n"
        out += "A run **passes** when it goes as its scenario expects: every check holds, or exactly the checks the\n"
        out += "scenario lists under `expected.findings` for that profile fail (🔎, a finding about that profile's\n"
        out += "plugin logic). ❌ is a check failing that is not a finding (a regression); ⚠️ is a finding that stopped\n"
        out += "failing. Only ❌ and ⚠️ make `dnsim matrix` exit 1 and JUnit fail.\n\n"
        out += "| policy | digest | runs | all checks hold | expected findings | unexpected |\n|---|---|---:|---:|---:|---:|\n"
        for policy in policies(results) {
            let runs = results.filter { $0.scenario.policy.name == policy.name }
            let kinds = runs.map(\.verdict.kind)
            let clean = kinds.filter { $0 == .pass }.count
            let findings = kinds.filter { $0 == .expectedFinding }.count
            out += "| \(policy.name) | `\(policy.digest)` | \(runs.count) | \(clean) | \(findings) | \(runs.count - clean - findings) |\n"
        }
        out += "\n" + totals(results) + "\n"
        out += "\n## At a glance\n\n" + compact(results)
        out += "\n## Per profile\n\nEvery run with seed 000 §4's columns, grouped by the seed's rows.\n"
        for (row, members) in grouped(results) {
            out += "\n### \(MarkdownText.cell(row))\n\n"
            out += "| Scenario | OS Expected | Plugin Expected | Observed Result | Pass/Fail | Notes | Platform | OS version |"
            out += " Device profile | Plugin policy | Seed | Max lateness | Notifications posted | Occurrences missed |"
            out += " Armed-set difference |\n"
            out += "|---|---|---|---|---|---|---|---|---|---|---:|---:|---:|---:|---|\n"
            for r in members {
                let s = r.scenario
                out += "| [\(s.id)](scenarios/\(reportName(r))) | \(MarkdownText.cell(s.osExpected)) |"
                out += " \(MarkdownText.cell(s.pluginExpected)) | \(MarkdownText.cell(observed(r))) |"
                out += " \(MarkdownText.cell(verdictCell(r))) | \(MarkdownText.cell(notes(r))) | \(s.platform.rawValue) |"
                let version = s.platform == .ios ? "iOS" : s.platform == .electron ? "Electron" : "API"
                out += " \(version) \(s.osVersion) | \(s.deviceProfile) | \(s.policy.name) | \(s.seed) | \(maxLateness(r)) |"
                out += " \(r.deliveries.count) | \(r.missed.count) | \(MarkdownText.cell(armedDifference(r))) |\n"
            }
        }
        return out
    }
}

extension String {
    /// The string with `/` replaced by `-`, for file names made from ids.
    func replacingSlashes() -> String { String(map { $0 == "/" ? "-" : $0 }) }
}
