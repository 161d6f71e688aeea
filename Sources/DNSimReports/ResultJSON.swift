import DNSimCalendar
import DNSimCore
import DNSimPlugin
import DNSimScenario

/// The `--format json` document: a versioned public contract that users' CI parses.
///
/// Version history:
/// - 1: `formatVersion`, `dnsimVersion`, `scenario`, `parameters`, `deliveries`, `missed`,
///   `skipped`, `suppressed`, `errors`, `expectations`, `summary`. Instants are ISO-8601 with
///   the device zone's offset; durations are integer milliseconds.
/// - 2: adds `freshness` (prefetch outcomes, hit rate at T–lead, fresh / cached / static / stale
///   deliveries, content age, telemetry event counts and ACK outcomes) and, in each delivery's `content`, `version` and `ageMs` (`null`
///   for the static template). Nothing was removed or renamed.
/// - 3: adds `policy` (`name`, `digest`: the plugin policy the run played, a preset or a policy
///   file) and `parameters.pluginPolicyDigest`; `parameters.pluginProfile` holds the policy's
///   name. Nothing was removed or renamed.
public enum ResultJSON {
    /// The current `formatVersion`. Bump it for any change a consumer could notice.
    public static let formatVersion: Int64 = 3

    /// The JSON value of a run.
    public static func value(_ result: RunResult) -> JSONValue {
        let scenario = result.scenario
        var parameters = JSONObject()
        for (key, value) in result.parameters { parameters[key] = .string(value) }
        parameters["seed"] = .integer(Int64(bitPattern: scenario.seed))
        return .object(
            JSONObject([
                ("formatVersion", .integer(formatVersion)),
                ("dnsimVersion", .string(DNSimVersion.current)),
                (
                    "scenario",
                    .object(
                        JSONObject([
                            ("id", .string(scenario.id)), ("title", .string(scenario.title)),
                            ("row", .string(scenario.row)), ("platform", .string(scenario.platform.rawValue)),
                            ("osExpected", .string(scenario.osExpected)),
                            ("pluginExpected", .string(scenario.pluginExpected)),
                            ("start", .string(result.iso(scenario.startInstant))),
                            ("end", .string(result.iso(scenario.endInstant))),
                        ]))
                ),
                ("parameters", .object(parameters)),
                (
                    "policy",
                    .object(JSONObject([("name", .string(scenario.policy.name)), ("digest", .string(scenario.policy.digest))]))
                ),
                ("deliveries", .array(result.deliveries.map { delivery(result, $0) })),
                ("freshness", freshness(result.freshness)),
                ("missed", .array(result.missed.map { occurrence(result, $0) })),
                ("skipped", .array(result.skipped.map { occurrence(result, $0) })),
                ("suppressed", .array(result.suppressed.map { occurrence(result, $0) })),
                (
                    "errors",
                    .array(
                        result.errors.map { error in
                            .object(
                                JSONObject([
                                    ("at", .string(result.iso(error.at))), ("call", .string(error.call)),
                                    ("code", .string(error.code)), ("message", .string(error.message)),
                                ]))
                        })
                ),
                (
                    "expectations",
                    .array(
                        result.expectations.map { outcome in
                            var object = JSONObject([
                                ("id", .string(outcome.id)), ("description", .string(outcome.description)),
                                ("assert", .string(outcome.assertion)), ("passed", .bool(outcome.passed)),
                                ("observed", .string(outcome.observed)),
                            ])
                            if let claim = outcome.seedClaim { object["seedClaim"] = .string(claim) }
                            return .object(object)
                        })
                ),
                (
                    "summary",
                    .object(
                        JSONObject([
                            ("passed", .bool(result.passed)),
                            ("expectationsPassed", .integer(Int64(result.expectations.filter(\.passed).count))),
                            ("expectationsFailed", .integer(Int64(result.expectations.filter { !$0.passed }.count))),
                            ("notificationsShown", .integer(Int64(result.deliveries.count))),
                            ("occurrencesMissed", .integer(Int64(result.missed.count))),
                            ("pluginReportedMissed", .integer(Int64(result.pluginReportedMissed))),
                            ("armedAtEnd", .integer(Int64(result.armedAtEnd))),
                            ("events", .integer(Int64(result.eventCount))),
                            ("traceDigest", .string(result.traceDigest)),
                        ]))
                ),
            ]))
    }

    /// The document as pretty-printed text with a final newline.
    public static func render(_ result: RunResult) -> String {
        JSONWriter.string(value(result), style: .pretty) + "\n"
    }

    /// One delivery; its members are listed in the order the writer sorts them into, so the
    /// writer (run once per delivery, thousands of times for a device-year) need not sort.
    private static func delivery(_ result: RunResult, _ d: RunResult.Delivery) -> JSONValue {
        .object(
            JSONObject([
                (
                    "content",
                    .object(
                        JSONObject([
                            ("ageMs", d.contentFetchedAt.map { .integer((d.deliveredAt - $0).milliseconds) } ?? .null),
                            ("body", .string(d.body)), ("title", .string(d.title)),
                            ("version", d.contentVersion.map { .integer(Int64($0)) } ?? .null),
                        ]))
                ),
                ("deliveredAt", .string(result.iso(d.deliveredAt))),
                ("latenessMs", d.latenessMs.map { .integer($0) } ?? .null),
                ("localDate", .string(d.localDate)),
                ("plannedAt", d.plannedAt.map { .string(result.iso($0)) } ?? .null),
                ("slot", .string(d.slot)),
            ]))
    }

    private static func freshness(_ f: FreshnessMetrics) -> JSONValue {
        .object(
            JSONObject([
                ("prefetchAttempts", .integer(Int64(f.prefetchAttempts))),
                ("prefetchSuccesses", .integer(Int64(f.prefetchSuccesses))),
                ("prefetchNotModified", .integer(Int64(f.prefetchNotModified))),
                ("prefetchTimeouts", .integer(Int64(f.prefetchTimeouts))),
                ("prefetchFailures", .integer(Int64(f.prefetchFailures))),
                ("occurrencesPlanned", .integer(Int64(f.occurrencesPlanned))),
                ("prefetchHitsAtTLead", .integer(Int64(f.prefetchHitsAtTLead))),
                ("hitRatePercent", f.hitRatePercent.map { .integer(Int64($0)) } ?? .null),
                ("deliveriesFresh", .integer(Int64(f.deliveriesFresh))),
                ("deliveriesCached", .integer(Int64(f.deliveriesCached))),
                ("deliveriesStatic", .integer(Int64(f.deliveriesStatic))),
                ("staleDeliveries", .integer(Int64(f.staleDeliveries))),
                ("maxContentAgeMs", f.maxContentAgeMs.map { .integer($0) } ?? .null),
                ("meanContentAgeMs", f.meanContentAgeMs.map { .integer($0) } ?? .null),
                (
                    "telemetry",
                    .object(
                        JSONObject(
                            ["scheduled", "shown", "error", "skipped"].map { (key: $0, value: .integer(Int64(f.telemetry[$0] ?? 0))) }))
                ),
                ("acksDelivered", .integer(Int64(f.acksDelivered))),
                ("acksFailed", .integer(Int64(f.acksFailed))),
            ]))
    }

    private static func occurrence(_ result: RunResult, _ o: RunResult.Occurrence) -> JSONValue {
        .object(
            JSONObject([
                ("slot", .string(o.slot)), ("localDate", .string(o.localDate)),
                ("plannedAt", .string(result.iso(o.plannedAt))), ("reason", .string(o.reason)),
            ]))
    }
}
