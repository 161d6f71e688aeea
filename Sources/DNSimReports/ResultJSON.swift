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

    /// The JSON value of a run: the tree ``render(_:)`` writes.
    public static func value(_ result: RunResult) -> JSONValue {
        .object(
            JSONObject([
                ("formatVersion", .integer(formatVersion)),
                ("dnsimVersion", .string(DNSimVersion.current)),
                ("scenario", scenario(result)),
                ("parameters", parameters(result)),
                ("policy", policy(result)),
                ("deliveries", .array(result.deliveries.map { delivery(result, $0) })),
                ("freshness", freshness(result.freshness)),
                ("missed", .array(result.missed.map { occurrence(result, $0) })),
                ("skipped", .array(result.skipped.map { occurrence(result, $0) })),
                ("suppressed", .array(result.suppressed.map { occurrence(result, $0) })),
                ("errors", .array(result.errors.map { error(result, $0) })),
                ("expectations", .array(result.expectations.map(expectation))),
                ("summary", summary(result)),
            ]))
    }

    /// The document as pretty-printed text with a final newline: the bytes
    /// `JSONWriter.string(value(result)) + "\n"`, written straight from the result (a
    /// device-year's thousands of deliveries build no tree).
    public static func render(_ result: RunResult) -> String {
        String(decoding: renderUTF8(result), as: UTF8.self)
    }

    /// ``render(_:)``'s text as UTF-8 bytes, for a caller that writes bytes: a device-year's
    /// document is megabytes, and making a `String` of it copies them.
    public static func renderUTF8(_ result: RunResult) -> [UInt8] {
        // One piece: the document as written, not copied.
        var bytes: [UInt8] = []
        write(result, pieceSize: .max) { piece in
            if bytes.isEmpty { bytes = piece } else { bytes.append(contentsOf: piece) }
        }
        return bytes
    }

    /// ``renderUTF8(_:)``'s bytes handed to `output` in order, in pieces of a little over
    /// `pieceSize` bytes as they are written (one piece for `.max`), for a caller that sends
    /// them on at once: a device-year's document is megabytes, and held whole next to its
    /// result it set the peak memory of an iOS year.
    public static func write(_ result: RunResult, pieceSize: Int = 64 * 1024, to output: ([UInt8]) -> Void) {
        let items = result.deliveries.count + result.missed.count + result.skipped.count + result.suppressed.count
        let capacity = pieceSize == .max ? 4096 + 340 * items : pieceSize + 4096
        var json = JSONStreamWriter(style: .pretty, capacity: capacity)
        var timestamps = ISO8601.Writer()
        // Sends on what is written once it reaches a piece's size (between two items).
        func spill(_ json: inout JSONStreamWriter) {
            if json.count >= pieceSize { output(json.takeBytes(reservingCapacity: capacity)) }
        }
        // The top-level keys in sorted order; the small members are written from their values.
        json.beginObject()
        json.key("deliveries")
        json.beginArray()
        for delivery in result.deliveries {
            write(delivery, of: result, to: &json, timestamps: &timestamps)
            spill(&json)
        }
        json.endArray()
        json.key("dnsimVersion")
        json.string(DNSimVersion.current)
        json.key("errors")
        json.beginArray()
        for error in result.errors { write(error, of: result, to: &json, timestamps: &timestamps) }
        json.endArray()
        json.key("expectations")
        json.value(.array(result.expectations.map(expectation)))
        json.key("formatVersion")
        json.integer(formatVersion)
        json.key("freshness")
        json.value(freshness(result.freshness))
        json.key("missed")
        write(result.missed, of: result, to: &json, timestamps: &timestamps, spill: spill)
        json.key("parameters")
        json.value(parameters(result))
        json.key("policy")
        json.value(policy(result))
        json.key("scenario")
        json.value(scenario(result))
        json.key("skipped")
        write(result.skipped, of: result, to: &json, timestamps: &timestamps, spill: spill)
        json.key("summary")
        json.value(summary(result))
        json.key("suppressed")
        write(result.suppressed, of: result, to: &json, timestamps: &timestamps, spill: spill)
        json.endObject()
        json.endLine()
        output(json.takeBytes(reservingCapacity: 0))
    }

    private static func scenario(_ result: RunResult) -> JSONValue {
        let scenario = result.scenario
        return .object(
            JSONObject([
                ("id", .string(scenario.id)), ("title", .string(scenario.title)),
                ("row", .string(scenario.row)), ("platform", .string(scenario.platform.rawValue)),
                ("osExpected", .string(scenario.osExpected)),
                ("pluginExpected", .string(scenario.pluginExpected)),
                ("start", .string(result.iso(scenario.startInstant))),
                ("end", .string(result.iso(scenario.endInstant))),
            ]))
    }

    private static func parameters(_ result: RunResult) -> JSONValue {
        var parameters = JSONObject()
        for (key, value) in result.parameters { parameters[key] = .string(value) }
        parameters["seed"] = .integer(Int64(bitPattern: result.scenario.seed))
        return .object(parameters)
    }

    private static func policy(_ result: RunResult) -> JSONValue {
        let policy = result.scenario.policy
        return .object(JSONObject([("name", .string(policy.name)), ("digest", .string(policy.digest))]))
    }

    private static func error(_ result: RunResult, _ error: RunResult.APIError) -> JSONValue {
        .object(
            JSONObject([
                ("at", .string(result.iso(error.at))), ("call", .string(error.call)),
                ("code", .string(error.code)), ("message", .string(error.message)),
            ]))
    }

    /// ``error(_:_:)`` streamed.
    private static func write(
        _ error: RunResult.APIError, of result: RunResult, to json: inout JSONStreamWriter, timestamps: inout ISO8601.Writer
    ) {
        json.beginObject()
        json.key("at")
        json.string(reserving: ISO8601.maximumWrittenLength) { result.writeISO(error.at, to: $0, with: &timestamps) }
        json.key("call")
        json.string(error.call)
        json.key("code")
        json.string(error.code)
        json.key("message")
        json.string(error.message)
        json.endObject()
    }

    private static func expectation(_ outcome: ExpectationOutcome) -> JSONValue {
        var object = JSONObject([
            ("id", .string(outcome.id)), ("description", .string(outcome.description)),
            ("assert", .string(outcome.assertion)), ("passed", .bool(outcome.passed)),
            ("observed", .string(outcome.observed)),
        ])
        if let claim = outcome.seedClaim { object["seedClaim"] = .string(claim) }
        return .object(object)
    }

    private static func summary(_ result: RunResult) -> JSONValue {
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
    }

    /// One delivery; its members are listed in the order the writer sorts them into, so the
    /// writer need not sort.
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

    /// ``delivery(_:_:)`` streamed, run once per delivery (thousands of times for a device-year):
    /// written whole into room reserved once (``JSONStreamWriter/Cursor``).
    private static func write(
        _ d: RunResult.Delivery, of result: RunResult, to json: inout JSONStreamWriter, timestamps: inout ISO8601.Writer
    ) {
        let strings = d.body.utf8.count + d.title.utf8.count + d.localDate.utf8.count + d.slot.utf8.count
        json.value(reserving: itemRoom + JSONStreamWriter.Cursor.room(forStrings: strings)) { cursor in
            cursor.object { cursor in
                cursor.key(MemberKey.content)
                cursor.object { cursor in
                    cursor.key(MemberKey.ageMs)
                    cursor.integer(d.contentFetchedAt.map { (d.deliveredAt - $0).milliseconds })
                    cursor.key(MemberKey.body)
                    cursor.string(d.body)
                    cursor.key(MemberKey.title)
                    cursor.string(d.title)
                    cursor.key(MemberKey.version)
                    cursor.integer(d.contentVersion.map { Int64($0) })
                }
                cursor.key(MemberKey.deliveredAt)
                timestamp(d.deliveredAt, of: result, to: &cursor, with: &timestamps)
                cursor.key(MemberKey.latenessMs)
                cursor.integer(d.latenessMs)
                cursor.key(MemberKey.localDate)
                cursor.string(d.localDate)
                cursor.key(MemberKey.plannedAt)
                if let plannedAt = d.plannedAt {
                    timestamp(plannedAt, of: result, to: &cursor, with: &timestamps)
                } else {
                    cursor.null()
                }
                cursor.key(MemberKey.slot)
                cursor.string(d.slot)
            }
        }
    }

    /// Writes `instant` as the result writes timestamps (``RunResult/iso(_:)``), through `cursor`.
    @inline(__always)
    private static func timestamp(
        _ instant: SimInstant, of result: RunResult, to cursor: inout JSONStreamWriter.Cursor, with timestamps: inout ISO8601.Writer
    ) {
        cursor.string(reserving: ISO8601.maximumWrittenLength) { result.writeISO(instant, to: $0, with: &timestamps) }
    }

    /// The room a delivery or an occurrence takes apart from its strings' contents: at most a
    /// dozen members, each a line break, an indentation a few levels deep, a key of at most 11
    /// bytes and a value of at most two timestamps' or an integer's length.
    private static let itemRoom = 1024

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

    /// An array of ``occurrence(_:_:)``s streamed.
    private static func write(
        _ occurrences: [RunResult.Occurrence], of result: RunResult, to json: inout JSONStreamWriter,
        timestamps: inout ISO8601.Writer, spill: (inout JSONStreamWriter) -> Void
    ) {
        json.beginArray()
        for o in occurrences {
            spill(&json)
            let strings = o.localDate.utf8.count + o.reason.utf8.count + o.slot.utf8.count
            json.value(reserving: itemRoom + JSONStreamWriter.Cursor.room(forStrings: strings)) { cursor in
                cursor.object { cursor in
                    cursor.key(MemberKey.localDate)
                    cursor.string(o.localDate)
                    cursor.key(MemberKey.plannedAt)
                    timestamp(o.plannedAt, of: result, to: &cursor, with: &timestamps)
                    cursor.key(MemberKey.reason)
                    cursor.string(o.reason)
                    cursor.key(MemberKey.slot)
                    cursor.string(o.slot)
                }
            }
        }
        json.endArray()
    }
}
