import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// Reads a scenario file into a ``Scenario``, rejecting anything it does not understand.
///
/// Unknown fields are errors (a typo must not pass silently); every error carries the file,
/// the JSON pointer, what was expected and what was found, and names the closest known name
/// when a field, action, assertion, zone, rule, slot or other name is misspelt.
///
/// The decoder does not stop at the first problem. It reads on past a bad step, check or
/// section (leaving out only what depends on a value it could not read: step times without a
/// valid zone and start, slot references when a schedule step is broken) and throws every problem at
/// once, in document order, as a ``ScenarioErrorList`` (at most ``ScenarioErrorList/cap``).
///
/// Besides each value's own shape it checks every reference: the slot a check or step names
/// is created by some `scheduleDailyNotification` step, a `ruleApplied` rule is in the
/// platform's catalogue, count bounds can all hold at once, and the scenario id can name report
/// files.
public struct ScenarioDecoder {
    /// The file name used in messages (`<stdin>` for standard input).
    public let file: String

    /// The problems found by the decoding in progress.
    let log: DecodingLog

    /// Creates a decoder for messages about `file`.
    public init(file: String) {
        self.init(file: file, log: DecodingLog())
    }

    private init(file: String, log: DecodingLog) {
        self.file = file
        self.log = log
    }

    /// The longest run a scenario may ask for, and the longest duration any field may hold
    /// (so a `setClock` `shiftBy` moves the clock by at most this much either way).
    public static let maximumSpan = SimDuration.days(400)

    /// How far outside the scenario's span a `setClock` step may set the device clock: the clock
    /// it sets (by `to` or `shiftBy`) must read between start − 400 d and end + 400 d.
    ///
    /// Without the bound a `to` in the year 9999 made a run plan and re-arm thousands of years
    /// of occurrences (minutes of CPU and a gigabyte of memory).
    public static let clockMargin = SimDuration.days(400)

    /// Why nothing may happen before 1970-01-01T00:00:00Z: the earliest start and the earliest
    /// time a `setClock` step may set.
    static let epochReason = "device clocks count from the Unix epoch; no real device runs before it, and Android's "
        + "AlarmManager clamps earlier trigger times to it, so such a run would silently show nothing"

    /// Decodes a scenario from the file's bytes, or throws every problem found.
    public func decode(_ bytes: [UInt8]) throws(ScenarioErrorList) -> Scenario {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioErrorList(
                ScenarioError(file: file, kind: .malformedJSON, expected: "a JSON document", found: error.description))
        }
        return try decode(json)
    }

    /// Decodes a scenario already parsed (or built) as a JSON value, with the same checks and
    /// errors as decoding its text: exploration and fleet worlds build
    /// their scenarios as values and decode them without writing and re-reading the text.
    public func decode(_ json: JSONValue) throws(ScenarioErrorList) -> Scenario {
        try decode(json, timedSteps: nil)
    }

    /// Decodes a scenario whose steps are given apart from the document, each as its members
    /// other than `at`/`after` (`body`) with the instant it happens at: the scenario that
    /// decoding the document with those steps, their times written as `at` or `after`, gives
    /// when each written time reads back to its instant. Every other check is the same (a step
    /// time must still be at or after the start and the previous step, and at or before the
    /// end); `json` has no `steps` member.
    ///
    /// For generated worlds, which know the instant of each step: writing every time as text
    /// only to read it back is most of the cost of decoding them. An error may point at a step
    /// rather than at its time member: decode the document itself for the messages.
    public func decode(_ json: JSONValue, timedSteps: [(at: SimInstant, body: JSONObject)]) throws(ScenarioErrorList) -> Scenario {
        try decode(json, timedSteps: Optional(timedSteps))
    }

    private func decode(_ json: JSONValue, timedSteps: [(at: SimInstant, body: JSONObject)]?) throws(ScenarioErrorList) -> Scenario {
        // A fresh log per call, so one decoder can decode many files.
        let decoding = ScenarioDecoder(file: file, log: DecodingLog())
        let scenario = decoding.decodeScenario(json, timedSteps: timedSteps)
        if !decoding.log.isEmpty { throw ScenarioErrorList(decoding.log.sorted(in: json)) }
        guard let scenario else {
            throw ScenarioErrorList(
                ScenarioError(
                    file: file, kind: .invalidScenario, expected: "a valid scenario",
                    found: "a scenario the decoder could not finish reading"))
        }
        return scenario
    }

    // MARK: Collecting errors

    /// An error at `pointer`.
    func invalid(_ pointer: JSONPointer, _ expected: String, _ found: String) -> ScenarioError {
        ScenarioError(file: file, kind: .invalidScenario, pointer: pointer, expected: expected, found: found)
    }

    /// Records `error` (a ``ScenarioError`` or a ``JSONDecodingError``).
    func record(_ error: any Error) {
        switch error {
        case let error as ScenarioError: log.add(error)
        case let error as JSONDecodingError: log.add(invalid(error.pointer, error.expected, error.found))
        default: log.add(invalid(.root, "a valid scenario", "\(error)"))
        }
    }

    /// The value `body` returns, or `nil` after recording what it threw.
    func attempt<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            record(error)
            return nil
        }
    }

    /// Like ``attempt(_:)`` for a body that returns an optional: `nil` when absent or wrong.
    func attemptOptional<T>(_ body: () throws -> T?) -> T? {
        attempt(body) ?? nil
    }

    /// Records every member of `reader` nobody asked for and that is not in `extra`.
    func reportUnknownFields(_ reader: JSONObjectReader, knownKeys extra: [String] = []) {
        for error in reader.unknownFields(knownKeys: extra) { record(error) }
    }

    // MARK: The scenario

    /// Where a scenario's steps may be: its zone, start and end (known only when all three were read).
    struct Timeline {
        let zone: Zone
        let start: SimInstant
        let end: SimInstant
    }

    private func decodeScenario(_ json: JSONValue, timedSteps: [(at: SimInstant, body: JSONObject)]?) -> Scenario? {
        guard var root = attempt({ try JSONObjectReader(json, at: .root, expected: "a scenario object") }) else {
            return nil
        }
        root.markKnown("$schema")
        let id = attempt { try decodeScenarioID(&root) }
        let title = attempt { try root.string("title") }
        let description = attempt { try root.optionalString("description") ?? "" }
        let row = attempt { try root.optionalString("row", expected: "a seed §4 row name such as \"Device reboot\"") ?? "" }
        let platform = attempt { try root.enumeration("platform", as: ScenarioPlatform.self) }
        let device = decodeDevice(&root, platform: platform)

        let zone = attempt { try decodeZone(&root, "timeZone") }
        let start = attempt { (try decodeLocalDateTime(&root, "start"), JSONPointer.root.appending("start")) }
        var startInstant: SimInstant?
        if let zone, let (local, pointer) = start {
            startInstant = attempt { try checkStart(local, at: pointer, zone: zone) }
        }
        let endInstant = decodeEnd(&root, zone: zone, start: startInstant)
        let seed = attempt { () throws -> Int64 in
            let seed = try root.optionalInt64("seed", expected: "a non-negative integer seed") ?? 1
            guard seed >= 0 else { throw invalid(JSONPointer.root.appending("seed"), "a non-negative integer seed", "\(seed)") }
            return seed
        }
        let (profile, plugin) = decodePlugin(&root, platform: platform)
        let os = decodeOS(&root, platform: platform)
        let server = decodeServer(&root)

        var timeline: Timeline?
        if let zone, let startInstant, let endInstant { timeline = Timeline(zone: zone, start: startInstant, end: endInstant) }
        let steps = decodeSteps(&root, platform: platform, timeline: timeline, timedSteps: timedSteps)

        var osExpected: String?
        var pluginExpected: String?
        var checks: ChecksOutcome?
        var findings: [String: [String]]?
        if var expected = attempt({ try root.object("expected") }) {
            osExpected = attempt { try expected.string("os", expected: "the \"OS Expected\" text") }
            pluginExpected = attempt { try expected.string("plugin", expected: "the \"Plugin Expected\" text") }
            checks = decodeChecks(&expected, platform: platform)
            findings = decodeFindings(&expected, checkIDs: checks?.ids ?? [])
            reportUnknownFields(expected)
        }
        reportUnknownFields(root)
        if steps.slotsKnown {
            checkSlotReferences(steps.slotReferences + (checks?.slotReferences ?? []), created: steps.createdSlots)
        }
        if steps.scriptedKnown {
            checkScriptedReferences(checks?.scriptedReferences ?? [], created: steps.scriptedIDs)
        }

        guard log.isEmpty, let id, let title, let description, let row, let platform, let device, let zone,
            let (startLocal, _) = start, let startInstant, let endInstant, let seed, let osExpected, let pluginExpected,
            let checks, let findings
        else { return nil }
        return Scenario(
            id: id, title: title, description: description, row: row, platform: platform, deviceProfile: device.profile,
            osVersion: device.version, zone: zone, start: startLocal, startInstant: startInstant, endInstant: endInstant,
            seed: UInt64(seed), policy: .preset(profile), plugin: plugin, os: os, steps: steps.steps, osExpected: osExpected,
            pluginExpected: pluginExpected, checks: checks.checks, expectedFindings: findings, server: server)
    }

    private func decodeScenarioID(_ root: inout JSONObjectReader) throws -> String {
        let id = try root.string("id", expected: "a scenario id such as \"android/daily-basic\"")
        if let problem = SafeName.problemAsFileName(id) {
            throw invalid(JSONPointer.root.appending("id"), SafeName.scenarioIDExpectation, SafeName.quoted(id) + ", " + problem)
        }
        return id
    }

    private func decodeDevice(_ root: inout JSONObjectReader, platform: ScenarioPlatform?) -> (profile: String, version: Int)? {
        guard var device = attempt({ try root.object("device") }) else { return nil }
        guard let platform else {
            // Which fields a device has depends on the platform, which is wrong: only the names are checked.
            reportUnknownFields(device, knownKeys: ["profile", "apiLevel", "osVersion", "electronVersion"])
            return nil
        }
        let profileNames: [String]
        switch platform {
        case .android: profileNames = AndroidProfileNames.all
        case .ios: profileNames = IOSDeviceProfile.names
        case .electron: profileNames = ElectronDeviceProfile.names
        }
        let profile = attempt { () throws -> String in
            let name = try device.optionalString("profile") ?? profileNames[0]
            guard profileNames.contains(name) else {
                throw invalid(
                    device.pointer.appending("profile"), "one of: " + profileNames.joined(separator: ", "),
                    JSONWriter.quotedExcerpt(name) + Suggestion.didYouMean(name, among: profileNames))
            }
            return name
        }
        let (versionKey, versionText, versionRange): (String, String, ClosedRange<Int64>)
        switch platform {
        case .android: (versionKey, versionText, versionRange) = ("apiLevel", "an Android API level from 26 to 36", 26...36)
        case .ios: (versionKey, versionText, versionRange) = ("osVersion", "an iOS major version from 15 to 26", 15...26)
        case .electron:
            (versionKey, versionText, versionRange) = ("electronVersion", "an Electron major version from 20 to 40", 20...40)
        }
        let version = attempt { () throws -> Int64 in
            let version = try device.int64(versionKey, expected: versionText)
            guard versionRange.contains(version) else {
                throw invalid(device.pointer.appending(versionKey), versionText, "\(version)")
            }
            return version
        }
        reportUnknownFields(device)
        guard let profile, let version else { return nil }
        return (profile, Int(version))
    }

    private func checkStart(_ start: LocalDateTime, at pointer: JSONPointer, zone: Zone) throws -> SimInstant {
        guard let instant = zone.instant(for: start, gap: .skip) else {
            throw invalid(pointer, "a local time that exists in \(zone.identifier)", "\"\(start)\"")
        }
        guard instant >= .epoch else {
            throw invalid(
                pointer,
                "a start at or after 1970-01-01T00:00:00Z (\(ISO8601.format(.epoch, in: zone)) in \(zone.identifier)): "
                    + Self.epochReason,
                "\"\(start)\", which is \(ISO8601.formatUTC(instant))")
        }
        return instant
    }

    /// The end instant, from `end` or `duration`; without a zone or start only the field's own
    /// shape is checked.
    private func decodeEnd(_ root: inout JSONObjectReader, zone: Zone?, start: SimInstant?) -> SimInstant? {
        let hasEnd = root.has("end")
        let hasDuration = root.has("duration")
        // Both are known fields whichever is used, so an unknown-field message lists both.
        root.markKnown("end")
        root.markKnown("duration")
        if hasEnd == hasDuration {
            record(
                invalid(
                    .root, "exactly one of \"end\" (a local date-time) or \"duration\" (such as \"10d\")",
                    hasEnd ? "both" : "neither"))
            return nil
        }
        let end: SimInstant
        let pointer: JSONPointer
        if hasEnd {
            guard let local = attempt({ try decodeLocalDateTime(&root, "end") }), let zone else { return nil }
            let at = root.pointer.appending("end")
            guard let instant = zone.instant(for: local, gap: .skip) else {
                record(invalid(at, "a local time that exists in \(zone.identifier)", "\"\(local)\""))
                return nil
            }
            end = instant
            pointer = at
        } else {
            guard let duration = attempt({ try decodeDuration(&root, "duration") }), let start else { return nil }
            end = start + duration
            pointer = root.pointer.appending("duration")
        }
        guard let start else { return nil }
        guard end > start else {
            record(invalid(pointer, "an end after the start", "an end at or before the start"))
            return nil
        }
        guard end - start <= Self.maximumSpan else {
            record(invalid(pointer, "a run of at most \(Self.maximumSpan)", "a run of \(end - start)"))
            return nil
        }
        return end
    }

    private func decodePlugin(
        _ root: inout JSONObjectReader, platform: ScenarioPlatform?
    ) -> (PluginProfile, Scenario.PluginOptions) {
        var plugin = Scenario.PluginOptions()
        guard var reader = attemptOptional({ try root.optionalObject("plugin") }) else { return (.corrected, plugin) }
        let profile = attemptOptional { try reader.optionalEnumeration("profile", as: PluginProfile.self) } ?? .corrected
        if let file = attemptOptional({ try reader.optionalString("policy", expected: "a policy file's path, relative to this file") }) {
            if reader.has("profile") {
                record(
                    invalid(
                        reader.pointer.appending("policy"), "either \"profile\" or \"policy\" (a policy file names its base with \"extends\")",
                        "both"))
            } else if file.isEmpty {
                record(invalid(reader.pointer.appending("policy"), "a policy file's path", "\"\""))
            } else {
                plugin.policyFile = file
            }
        }
        plugin.ttlSeconds = attemptOptional { try optionalInteger(&reader, "ttlSeconds", 60...2_592_000, "seconds from 60 to 2592000") }
        plugin.staleAction = attemptOptional { try reader.optionalEnumeration("staleAction", as: FreshnessPolicy.StaleAction.self) }
        plugin.prefetchLeadMinutes = attemptOptional { try optionalInteger(&reader, "prefetchLeadMinutes", 0...720, "minutes from 0 to 720") }
            .map { Int($0) }
        // Without a valid platform, every platform's options are read (and checked for type).
        if platform == nil || platform == .ios {
            plugin.taskIdentifierInInfoPlist = attemptOptional { try reader.optionalBool("taskIdentifierInInfoPlist") } ?? true
        }
        if platform == nil || platform == .electron {
            plugin.openAtLogin = attemptOptional { try reader.optionalBool("openAtLogin") } ?? true
            plugin.linuxAutostartEntry = attemptOptional { try reader.optionalBool("linuxAutostartEntry") } ?? false
        }
        if platform == nil || platform == .android {
            plugin.bootReceiver = attemptOptional { try reader.optionalBool("bootReceiver") } ?? true
            plugin.directBootAware = attemptOptional { try reader.optionalBool("directBootAware") } ?? false
            plugin.targetSdk = Int(attemptOptional { try reader.optionalInt64("targetSdk") } ?? 34)
            plugin.scheduleExactAlarm = attemptOptional { try reader.optionalBool("scheduleExactAlarm") } ?? true
            plugin.useExactAlarm = attemptOptional { try reader.optionalBool("useExactAlarm") } ?? false
        }
        reportUnknownFields(reader)
        return (profile, plugin)
    }

    private func decodeOS(_ root: inout JSONObjectReader, platform: ScenarioPlatform?) -> Scenario.OSOptions {
        var os = Scenario.OSOptions()
        guard var reader = attemptOptional({ try root.optionalObject("os") }) else { return os }
        if platform == nil || platform == .ios {
            os = decodeIOSOptions(&reader)
        }
        if platform == nil || platform == .electron {
            os.timersPauseDuringSleep = attemptOptional { try reader.optionalBool("timersPauseDuringSleep") }
        }
        if platform == nil || platform == .android {
            os.exactAlarmGranted = attemptOptional { try reader.optionalBool("exactAlarmGranted") }
            os.postNotificationsGranted = attemptOptional { try reader.optionalBool("postNotificationsGranted") }
            os.updateClearsAlarms = attemptOptional { try reader.optionalBool("updateClearsAlarms") }
            os.pendingIntentsSurviveForceStop = attemptOptional { try reader.optionalBool("pendingIntentsSurviveForceStop") }
            os.inexactDeferralPercent = attemptOptional {
                try optionalInteger(&reader, "inexactDeferralPercent", 0...100, "a percentage from 0 to 100")
            }.map { Int($0) }
        }
        reportUnknownFields(reader)
        return os
    }

    private func decodeServer(_ root: inout JSONObjectReader) -> ContentServerParameters {
        var server = ContentServerParameters()
        guard var reader = attemptOptional({ try root.optionalObject("server") }) else { return server }
        let expected = "a wall time \"HH:mm\" or \"never\""
        if let text = attemptOptional({ try reader.optionalString("newVersionDailyAt", expected: expected) }) {
            if text == "never" {
                server.newVersionDailyAt = nil
            } else if let time = LocalTime(parsing: text) {
                server.newVersionDailyAt = time
            } else {
                record(invalid(reader.pointer.appending("newVersionDailyAt"), expected, "\"\(text)\""))
            }
        }
        let latency = "milliseconds from 0 to 60000"
        let minimum = attempt { try reader.optionalInt64("latencyMinMs", expected: latency) ?? server.latencyMinMs }
        let maximum = attempt { try reader.optionalInt64("latencyMaxMs", expected: latency) ?? server.latencyMaxMs }
        if let minimum, let maximum {
            if (0...60_000).contains(minimum), (0...60_000).contains(maximum), minimum <= maximum {
                server.latencyMinMs = minimum
                server.latencyMaxMs = maximum
            } else {
                record(invalid(reader.pointer, "0 ≤ latencyMinMs ≤ latencyMaxMs ≤ 60000", "\(minimum) and \(maximum)"))
            }
        }
        reportUnknownFields(reader)
        return server
    }

    /// Every slot a check or step names must be created by some `scheduleDailyNotification` step.
    private func checkSlotReferences(_ references: [(slot: String, pointer: JSONPointer)], created: [String]) {
        for (slot, pointer) in references where !created.contains(slot) {
            let expected =
                created.isEmpty
                ? "a slot that a scheduleDailyNotification step creates (none does)"
                : "the id of a slot a scheduleDailyNotification step creates: " + created.joined(separator: ", ")
            record(invalid(pointer, expected, SafeName.quoted(slot) + Suggestion.didYouMean(slot, among: created)))
        }
    }

    /// Every alarm, work, request or task a check names is created by some step of the scripted
    /// test app (a misspelt id would make a check that can never pass, or never fail).
    private func checkScriptedReferences(
        _ references: [(reference: ScriptedReference, pointer: JSONPointer)], created: [ScriptedReference.Kind: [String]]
    ) {
        for (reference, pointer) in references {
            let ids = created[reference.kind] ?? []
            guard !ids.contains(reference.id) else { continue }
            let noun = "the \(reference.kind.member) id of some \(reference.kind.creatingAction) step"
            let expected = ids.isEmpty ? noun + " (there is none)" : noun + ": " + ids.joined(separator: ", ")
            record(invalid(pointer, expected, SafeName.quoted(reference.id) + Suggestion.didYouMean(reference.id, among: ids)))
        }
    }

    // MARK: Shared field readers

    /// The integer member `key` within `range`, or `nil` when absent.
    func optionalInteger(
        _ reader: inout JSONObjectReader, _ key: String, _ range: ClosedRange<Int64>, _ expected: String
    ) throws -> Int64? {
        guard let value = try reader.optionalInt64(key, expected: expected) else { return nil }
        guard range.contains(value) else { throw invalid(reader.pointer.appending(key), expected, "\(value)") }
        return value
    }

    /// The string member `key`, which must be one of `allowed`; `nil` when absent.
    func optionalChoice(_ reader: inout JSONObjectReader, _ key: String, _ allowed: [String]) throws -> String? {
        guard reader.has(key) else {
            reader.markKnown(key)
            return nil
        }
        return try choice(&reader, key, allowed)
    }

    /// The required string member `key`, which must be one of `allowed` (a near miss is named).
    func choice(_ reader: inout JSONObjectReader, _ key: String, _ allowed: [String]) throws -> String {
        let expected = "one of: " + allowed.joined(separator: ", ")
        let value = try reader.string(key, expected: expected)
        guard allowed.contains(value) else {
            throw invalid(reader.pointer.appending(key), expected, JSONWriter.quotedExcerpt(value) + Suggestion.didYouMean(value, among: allowed))
        }
        return value
    }

    func decodeZone(_ reader: inout JSONObjectReader, _ key: String) throws -> Zone {
        let expected = "an IANA time-zone id such as \"Europe/Berlin\""
        let text = try reader.string(key, expected: expected)
        guard let zone = Zone(identifier: text) else {
            throw invalid(
                reader.pointer.appending(key), expected,
                "\(JSONWriter.quotedExcerpt(text)), which is not a known zone" + Suggestion.didYouMean(text, among: Zone.knownIdentifiers))
        }
        return zone
    }

    /// The local date-time member `key`.
    func decodeLocalDateTime(_ reader: inout JSONObjectReader, _ key: String) throws -> LocalDateTime {
        let expected = "a local date-time \"YYYY-MM-DDTHH:mm\""
        let text = try reader.string(key, expected: expected)
        guard let value = LocalDateTime(parsing: text) else {
            let shaped = text.utf8.count >= 16 && text.utf8.count <= 19 && Array(text.utf8)[10] == UInt8(ascii: "T")
            throw invalid(
                reader.pointer.appending(key), expected,
                shaped ? "\"\(text)\", which is not a real date and time" : "\"\(text)\"")
        }
        return value
    }

    /// The duration member `key` (with a leading `-` when `allowNegative`), at most ``maximumSpan``.
    func decodeDuration(_ reader: inout JSONObjectReader, _ key: String, allowNegative: Bool = false) throws -> SimDuration {
        let expected = allowNegative
            ? "a signed duration such as \"-1h\" or \"90m\""
            : "a duration such as \"90s\", \"15m\", \"2h\" or \"1d2h\""
        let text = try reader.string(key, expected: expected)
        var body = Substring(text)
        var negative = false
        if allowNegative, body.first == "-" {
            negative = true
            body = body.dropFirst()
        }
        guard let duration = SimDuration(parsing: body) else {
            throw invalid(
                reader.pointer.appending(key), expected,
                text.first == "-" ? "the negative duration \"\(text)\"" : "\"\(text)\"")
        }
        guard duration <= Self.maximumSpan else {
            throw invalid(reader.pointer.appending(key), "a duration of at most \(Self.maximumSpan)", "\"\(text)\"")
        }
        return negative ? -duration : duration
    }
}

/// The Android device profile names the format accepts.
enum AndroidProfileNames {
    static let all = AndroidDeviceProfile.names
}
