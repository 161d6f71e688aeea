import DNSimCore
import DNSimPlatforms
import DNSimPlugin
import DNSimScenario

/// The outputs of `dnsim explore`: a text summary, `explore.md` and `explore.json`.
///
/// Every table has a fixed row order (menu order for fault kinds, ``Invariant`` order, catalogue
/// order for rules), so the same exploration gives the same bytes.
public struct ExploreReport: Sendable {
    /// What was explored.
    public var result: ExplorationResult
    /// The shrunk failures.
    public var shrunk: [ShrinkReport]
    /// The command line that produced it, for the report's header.
    public var command: String
    /// Path from the report's directory to the shrunk scenarios' directory (for links).
    public var findingsLink: String

    /// Creates a report.
    public init(result: ExplorationResult, shrunk: [ShrinkReport], command: String, findingsLink: String) {
        self.result = result
        self.shrunk = shrunk
        self.command = command
        self.findingsLink = findingsLink
    }

    /// The `--format json` contract's version. History: 1 — first version.
    public static let formatVersion = 1

    private var exploration: Exploration { result.exploration }

    private var seedRange: String {
        let first = exploration.seeds.lowerBound
        return result.seedsRun == 0 ? "none" : "\(first)..\(first + UInt64(result.seedsRun - 1))"
    }

    /// The fault kinds of every template's menu, in ``FaultKind`` order.
    private var menuKinds: [FaultKind] {
        FaultKind.allCases.filter { kind in exploration.templates.contains { $0.menuKinds.contains(kind) } }
    }

    /// The catalogue rules of the templates' platforms.
    private var catalogueRules: [OSRule] {
        var rules: [OSRule] = []
        for platform in ScenarioPlatform.allCases where exploration.templates.contains(where: { $0.platform == platform }) {
            switch platform {
            case .android: rules += OSRule.androidCatalogue
            case .ios: rules += OSRule.iosCatalogue
            case .electron: rules += OSRule.electronCatalogue
            }
        }
        return rules
    }

    // MARK: Text

    /// The summary for standard output.
    public func text() -> String {
        var lines: [String] = []
        let profiles = exploration.profiles.map(\.rawValue).joined(separator: ", ")
        lines.append(
            "explore: \(exploration.templates.count) template(s) × seeds \(seedRange) × \(profiles): \(result.runs) runs, "
                + "\(result.failingRuns) failing")
        for (index, template) in exploration.templates.enumerated() {
            for profile in exploration.profiles {
                for invariant in Invariant.allCases {
                    let count = result.failures(template: index, profile: profile, invariant: invariant)
                    guard count > 0 else { continue }
                    let first = result.failures.first { $0.template == index && $0.profile == profile && $0.violations.contains { $0.invariant == invariant } }
                    let detail = first?.violations.first { $0.invariant == invariant }?.detail ?? ""
                    lines.append(
                        "  FAIL \(template.id) \(profile.rawValue) \(invariant.rawValue): \(count) runs; first seed \(first?.seed ?? 0): \(detail)")
                }
            }
        }
        let errors = result.failures.filter { $0.error != nil }
        for run in errors.prefix(5) {
            lines.append("  ERROR \(exploration.templates[run.template].id) seed \(run.seed) \(run.profile.rawValue): \(run.error ?? "")")
        }
        if errors.count > 5 { lines.append("  … and \(errors.count - 5) more runs stopped with an error") }
        for report in shrunk {
            let template = exploration.templates[report.template].id
            if let file = report.file, let before = report.originalSteps, let after = report.shrunkSteps {
                lines.append(
                    "  shrunk \(template) seed \(report.seed) \(report.profile.rawValue) \(report.invariant.rawValue): "
                        + "\(before) → \(after) steps in \(report.tests ?? 0) runs: \(findingsLink)/\(file.name)")
            } else {
                lines.append("  shrunk \(template) seed \(report.seed) \(report.profile.rawValue) \(report.invariant.rawValue): did not reproduce")
            }
        }
        let kinds = menuKinds
        let kindsHit = kinds.filter { (result.kindCoverage[$0] ?? 0) > 0 }.count
        let invariantsHit = Invariant.allCases.filter { (result.invariantCoverage[$0] ?? 0) > 0 }.count
        let rules = catalogueRules
        let rulesHit = rules.filter { (result.ruleCoverage[$0.id] ?? 0) > 0 }.count
        lines.append(
            "coverage: fault kinds \(kindsHit)/\(kinds.count), invariants \(invariantsHit)/\(Invariant.allCases.count), "
                + "OS rules \(rulesHit)/\(rules.count) exercised")
        let never = kinds.filter { (result.kindCoverage[$0] ?? 0) == 0 }.map(\.rawValue)
            + Invariant.allCases.filter { (result.invariantCoverage[$0] ?? 0) == 0 }.map(\.rawValue)
        if !never.isEmpty { lines.append("  never exercised: " + never.joined(separator: ", ")) }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Markdown

    /// `explore.md`.
    public func markdown() -> String {
        var out: [String] = []
        out.append("# Exploration report")
        out.append("")
        out.append(
            "Generated by `\(command)` (dnsim \(exploration.version)): seeds \(seedRange) of every template, profiles "
                + exploration.profiles.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                + ", \(result.runs) runs, \(result.events) engine events. Each seed is one world drawn from its template "
                + "(swarm: each fault kind on or off per seed), run with faults, healed, then run quiet for the liveness phase; "
                + "see docs/explore.md.")
        out.append("")
        out.append("## Templates")
        out.append("")
        out.append("| template | platform | digest | seeds | runs | failing runs |")
        out.append("|---|---|---|---:|---:|---:|")
        for (index, template) in exploration.templates.enumerated() {
            let failing = result.failures.filter { $0.template == index }.count
            out.append(
                "| `\(template.id)` | \(template.platform.rawValue) | `\(template.digest)` | \(result.seedsRun) | "
                    + "\(result.seedsRun * exploration.profiles.count) | \(failing) |")
        }
        out.append("")
        out.append("## Failures by invariant and profile")
        out.append("")
        out.append("Failing runs (a run can fail several invariants).")
        out.append("")
        out.append("| template | invariant | " + exploration.profiles.map(\.rawValue).joined(separator: " | ") + " |")
        out.append("|---|---|" + exploration.profiles.map { _ in "---:|" }.joined())
        var any = false
        for (index, template) in exploration.templates.enumerated() {
            for invariant in Invariant.allCases {
                let counts = exploration.profiles.map { result.failures(template: index, profile: $0, invariant: invariant) }
                guard counts.contains(where: { $0 > 0 }) else { continue }
                any = true
                out.append("| `\(template.id)` | `\(invariant.rawValue)` | " + counts.map(String.init).joined(separator: " | ") + " |")
            }
        }
        if !any { out.append("| — | none | " + exploration.profiles.map { _ in "0" }.joined(separator: " | ") + " |") }
        let errors = result.failures.filter { $0.error != nil }
        if !errors.isEmpty {
            out.append("")
            out.append("Runs stopped by a guard: " + errors.prefix(10).map { "\(exploration.templates[$0.template].id) seed \($0.seed) (\($0.profile.rawValue))" }.joined(separator: ", ") + ".")
        }
        out.append("")
        out.append("## Shrunk failures")
        out.append("")
        if shrunk.isEmpty {
            out.append("None.")
        } else {
            out.append("| template | profile | invariant | seed | steps | scenario | what the shrunk run shows |")
            out.append("|---|---|---|---:|---|---|---|")
            for report in shrunk {
                let template = exploration.templates[report.template].id
                let steps = report.originalSteps.map { "\($0) → \(report.shrunkSteps ?? 0)" } ?? "—"
                let link = report.file.map { "[\($0.name)](\(findingsLink)/\($0.name))" } ?? "did not reproduce"
                out.append(
                    "| `\(template)` | \(report.profile.rawValue) | `\(report.invariant.rawValue)` | \(report.seed) | \(steps) | \(link) | "
                        + Self.cell(report.detail ?? "") + " |")
            }
        }
        out.append("")
        out.append("## Coverage (\"sometimes\")")
        out.append("")
        out.append("How many of the \(result.runs) runs exercised each fault kind, invariant and OS rule; **0** means never.")
        out.append("")
        out.append("| fault kind | runs | what it does |")
        out.append("|---|---:|---|")
        for kind in menuKinds {
            out.append("| `\(kind.rawValue)` | \(Self.count(result.kindCoverage[kind] ?? 0)) | \(Self.cell(kind.summary)) |")
        }
        out.append("")
        out.append("| invariant | runs exercised | runs failed | source |")
        out.append("|---|---:|---:|---|")
        for invariant in Invariant.allCases {
            let failed = result.failures.filter { $0.violations.contains { $0.invariant == invariant } }.count
            out.append(
                "| `\(invariant.rawValue)` | \(Self.count(result.invariantCoverage[invariant] ?? 0)) | \(failed) | \(Self.cell(invariant.source)) |")
        }
        out.append("")
        out.append("| OS rule | runs | summary |")
        out.append("|---|---:|---|")
        for rule in catalogueRules {
            out.append("| \(rule.id) | \(Self.count(result.ruleCoverage[rule.id] ?? 0)) | \(Self.cell(rule.summary)) |")
        }
        out.append("")
        out.append("## Invariants")
        out.append("")
        out.append("| invariant | demands |")
        out.append("|---|---|")
        for invariant in Invariant.allCases { out.append("| `\(invariant.rawValue)` | \(Self.cell(invariant.summary)) |") }
        return out.joined(separator: "\n") + "\n"
    }

    private static func count(_ value: Int) -> String { value == 0 ? "**0**" : String(value) }

    private static func cell(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|": out += "\\|"
            case "\n": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    // MARK: JSON

    /// `--format json`: a versioned contract for CI (sorted keys, integers only).
    public func json(maxSeedsPerFailure: Int = 20) -> String {
        var root = JSONObject()
        root["formatVersion"] = .integer(Int64(Self.formatVersion))
        root["version"] = .string(exploration.version)
        root["seeds"] = ["from": .integer(Int64(bitPattern: exploration.seeds.lowerBound)), "run": .integer(Int64(result.seedsRun))]
        root["profiles"] = .array(exploration.profiles.map { .string($0.rawValue) })
        root["runs"] = .integer(Int64(result.runs))
        root["failingRuns"] = .integer(Int64(result.failingRuns))
        root["events"] = .integer(Int64(result.events))
        root["templates"] = .array(
            exploration.templates.map { template in
                ["id": .string(template.id), "platform": .string(template.platform.rawValue), "digest": .string(template.digest)]
            })
        var failures: [JSONValue] = []
        for (index, template) in exploration.templates.enumerated() {
            for profile in exploration.profiles {
                for invariant in Invariant.allCases {
                    let runs = result.failures.filter { $0.template == index && $0.profile == profile && $0.violations.contains { $0.invariant == invariant } }
                    guard let first = runs.first, let violation = first.violations.first(where: { $0.invariant == invariant }) else { continue }
                    failures.append([
                        "template": .string(template.id), "profile": .string(profile.rawValue), "invariant": .string(invariant.rawValue),
                        "runs": .integer(Int64(runs.count)),
                        "seeds": .array(runs.prefix(maxSeedsPerFailure).map { .integer(Int64(bitPattern: $0.seed)) }),
                        "firstDetail": .string(violation.detail),
                    ])
                }
            }
        }
        root["failures"] = .array(failures)
        root["errors"] = .array(
            result.failures.filter { $0.error != nil }.map { run in
                [
                    "template": .string(exploration.templates[run.template].id), "seed": .integer(Int64(bitPattern: run.seed)),
                    "profile": .string(run.profile.rawValue), "error": .string(run.error ?? ""),
                ]
            })
        root["shrunk"] = .array(
            shrunk.map { report in
                var object: JSONObject = [
                    "template": .string(exploration.templates[report.template].id), "seed": .integer(Int64(bitPattern: report.seed)),
                    "profile": .string(report.profile.rawValue), "invariant": .string(report.invariant.rawValue),
                    "reproduced": .bool(report.file != nil),
                ]
                if let file = report.file { object["file"] = .string(findingsLink + "/" + file.name) }
                if let steps = report.originalSteps { object["originalSteps"] = .integer(Int64(steps)) }
                if let steps = report.shrunkSteps { object["shrunkSteps"] = .integer(Int64(steps)) }
                if let tests = report.tests { object["shrinkRuns"] = .integer(Int64(tests)) }
                if let detail = report.detail { object["detail"] = .string(detail) }
                return .object(object)
            })
        var kinds = JSONObject()
        for kind in menuKinds { kinds[kind.rawValue] = .integer(Int64(result.kindCoverage[kind] ?? 0)) }
        var invariants = JSONObject()
        for invariant in Invariant.allCases { invariants[invariant.rawValue] = .integer(Int64(result.invariantCoverage[invariant] ?? 0)) }
        var rules = JSONObject()
        for rule in catalogueRules { rules[rule.id] = .integer(Int64(result.ruleCoverage[rule.id] ?? 0)) }
        root["coverage"] = ["faultKinds": .object(kinds), "invariants": .object(invariants), "rules": .object(rules)]
        return JSONWriter.string(.object(root), style: .pretty) + "\n"
    }
}
