import DNSimCore
import DNSimPlugin
import DNSimScenario

/// `dnsim matrix --format json`: the matrix as a versioned JSON document (`formatVersion` 1).
public enum MatrixJSON {
    /// The document's format version.
    public static let formatVersion: Int64 = 1

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
                            ("deviceProfile", .string(s.deviceProfile)), ("pluginProfile", .string(s.profile.rawValue)),
                            ("seed", .integer(Int64(bitPattern: s.seed))),
                            ("maxLatenessMs", r.deliveries.compactMap(\.latenessMs).max().map { .integer($0) } ?? .null),
                            ("notificationsPosted", .integer(Int64(r.deliveries.count))),
                            ("occurrencesMissed", .integer(Int64(r.missed.count))),
                            ("unarmedAtEnd", .array(r.unarmedAtEnd.map { .string($0) })),
                            ("strayArmedAtEnd", .array(r.strayArmedAtEnd.map { .string($0) })),
                            ("failedChecks", .array(r.expectations.filter { !$0.passed }.map { .string($0.id) })),
                            ("traceDigest", .string(r.traceDigest)),
                        ])))
            }
        }
        var summary = JSONObject()
        for profile in PluginProfile.allCases {
            let runs = results.filter { $0.scenario.profile == profile }
            if runs.isEmpty { continue }
            let passed = runs.filter(\.passed).count
            summary[profile.rawValue] = .object(
                JSONObject([("passed", .integer(Int64(passed))), ("failed", .integer(Int64(runs.count - passed)))]))
        }
        let document = JSONValue.object(
            JSONObject([
                ("formatVersion", .integer(formatVersion)), ("dnsimVersion", .string(DNSimVersion.current)),
                ("summary", .object(summary)), ("rows", .array(rows)),
            ]))
        return JSONWriter.string(document, style: .pretty) + "\n"
    }
}
