import DNSimCore
import DNSimPlugin
import DNSimScenario

/// `dnsim matrix --format json`: the matrix as a versioned JSON document.
///
/// Format history:
/// - 1: rows with `passed` (every check held) and a per-profile `passed`/`failed` summary.
/// - 2: each row adds `verdict` (`pass`, `expectedFinding`, `unexpectedFailure`,
///   `findingResolved`), `asExpected` and `expectedFindings` (the check ids the scenario expects
///   to fail under that profile); the summary counts `asExpected`, `allChecksHold`,
///   `expectedFindings` and `unexpected` per profile, and the document adds `passed`/`failed`
///   totals in the unit of JUnit test cases and the exit code (runs that went as expected).
/// - 3: each row adds `pluginPolicyDigest` (`pluginProfile` holds the policy's name: a preset's
///   profile name or a policy file's `name`); the summary is keyed by policy name and each entry
///   adds `digest`.
public enum MatrixJSON {
    /// The document's format version.
    public static let formatVersion: Int64 = 3

    /// Renders the matrix.
    public static func render(_ results: [RunResult]) -> String {
        var rows: [JSONValue] = []
        for (row, members) in MatrixReport.grouped(results) {
            for r in members {
                let s = r.scenario
                rows.append(
                    .object(
                        JSONObject([
                            ("row", .string(row)), ("scenario", .string(s.id)), ("osExpected", .string(s.osExpected)),
                            ("pluginExpected", .string(s.pluginExpected)), ("observed", .string(MatrixReport.observed(r))),
                            ("passed", .bool(r.passed)), ("notes", .string(MatrixReport.notes(r))),
                            ("platform", .string(s.platform.rawValue)), ("osVersion", .integer(Int64(s.osVersion))),
                            ("deviceProfile", .string(s.deviceProfile)), ("pluginProfile", .string(s.policy.name)),
                            ("pluginPolicyDigest", .string(s.policy.digest)),
                            ("seed", .integer(Int64(bitPattern: s.seed))),
                            ("maxLatenessMs", r.deliveries.compactMap(\.latenessMs).max().map { .integer($0) } ?? .null),
                            ("notificationsPosted", .integer(Int64(r.deliveries.count))),
                            ("occurrencesMissed", .integer(Int64(r.missed.count))),
                            ("unarmedAtEnd", .array(r.unarmedAtEnd.map { .string($0) })),
                            ("strayArmedAtEnd", .array(r.strayArmedAtEnd.map { .string($0) })),
                            ("failedChecks", .array(r.expectations.filter { !$0.passed }.map { .string($0.id) })),
                            ("verdict", .string(r.verdict.kind.rawValue)), ("asExpected", .bool(r.verdict.asExpected)),
                            ("expectedFindings", .array((s.expectedFindings[s.policy.name] ?? []).map { .string($0) })),
                            ("traceDigest", .string(r.traceDigest)),
                        ])))
            }
        }
        var summary = JSONObject()
        for policy in MatrixReport.policies(results) {
            let runs = results.filter { $0.scenario.policy.name == policy.name }
            let kinds = runs.map(\.verdict.kind)
            let clean = kinds.filter { $0 == .pass }.count
            let findings = kinds.filter { $0 == .expectedFinding }.count
            summary[policy.name] = .object(
                JSONObject([
                    ("digest", .string(policy.digest)), ("runs", .integer(Int64(runs.count))), ("asExpected", .integer(Int64(clean + findings))),
                    ("allChecksHold", .integer(Int64(clean))), ("expectedFindings", .integer(Int64(findings))),
                    ("unexpected", .integer(Int64(runs.count - clean - findings))),
                ]))
        }
        let passed = results.filter(\.verdict.asExpected).count
        let document = JSONValue.object(
            JSONObject([
                ("formatVersion", .integer(formatVersion)), ("dnsimVersion", .string(DNSimVersion.current)),
                ("summary", .object(summary)), ("rows", .array(rows)),
                ("passed", .integer(Int64(passed))), ("failed", .integer(Int64(results.count - passed))),
            ]))
        return JSONWriter.string(document, style: .pretty) + "\n"
    }
}
