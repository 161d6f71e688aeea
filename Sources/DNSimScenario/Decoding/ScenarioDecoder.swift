import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// Reads a scenario file into a ``Scenario``, rejecting anything it does not understand.
///
/// Unknown fields are errors (a typo must not pass silently); every error carries the file,
/// the JSON pointer, what was expected and what was found.
public struct ScenarioDecoder {
    /// The file name used in messages (`<stdin>` for standard input).
    public let file: String

    /// Creates a decoder for messages about `file`.
    public init(file: String) { self.file = file }

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

    /// Decodes a scenario from the file's bytes.
    public func decode(_ bytes: [UInt8]) throws(ScenarioError) -> Scenario {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioError(file: file, kind: .malformedJSON, expected: "a JSON document", found: error.description)
        }
        do {
            return try decodeScenario(json)
        } catch let error as ScenarioError {
            throw error
        } catch let error as JSONDecodingError {
            throw invalid(error.pointer, error.expected, error.found)
        } catch {
            throw ScenarioError(file: file, kind: .invalidScenario, expected: "a valid scenario", found: "\(error)")
        }
    }

    func invalid(_ pointer: JSONPointer, _ expected: String, _ found: String) -> ScenarioError {
        ScenarioError(file: file, kind: .invalidScenario, pointer: pointer, expected: expected, found: found)
    }

    private func decodeScenario(_ json: JSONValue) throws -> Scenario {
        var root = try JSONObjectReader(json, at: .root, expected: "a scenario object")
        _ = root.optionalValue("$schema")
        let id = try root.string("id", expected: "a scenario id such as \"android/daily-basic\"")
        let title = try root.string("title")
        let description = try root.optionalString("description") ?? ""
        let row = try root.optionalString("row", expected: "a seed §4 row name such as \"Device reboot\"") ?? ""
        let platform = try root.enumeration("platform", as: ScenarioPlatform.self)

        var device = try root.object("device")
        let profileNames: [String]
        switch platform {
        case .android: profileNames = AndroidProfileNames.all
        case .ios: profileNames = IOSDeviceProfile.names
        case .electron: profileNames = ElectronDeviceProfile.names
        }
        let deviceProfile = try device.optionalString("profile") ?? profileNames[0]
        if !profileNames.contains(deviceProfile) {
            throw invalid(
                device.pointer.appending("profile"), "one of: " + profileNames.joined(separator: ", "),
                "\"\(deviceProfile)\"")
        }
        let (versionKey, versionText, versionRange): (String, String, ClosedRange<Int64>)
        switch platform {
        case .android: (versionKey, versionText, versionRange) = ("apiLevel", "an Android API level from 26 to 36", 26...36)
        case .ios: (versionKey, versionText, versionRange) = ("osVersion", "an iOS major version from 15 to 26", 15...26)
        case .electron:
            (versionKey, versionText, versionRange) = ("electronVersion", "an Electron major version from 20 to 40", 20...40)
        }
        let apiLevel = try device.int64(versionKey, expected: versionText)
        guard versionRange.contains(apiLevel) else {
            throw invalid(device.pointer.appending(versionKey), versionText, "\(apiLevel)")
        }
        try device.finish()

        let zone = try decodeZone(&root, "timeZone")
        let (start, startPointer) = try decodeLocalDateTime(&root, "start")
        guard let startInstant = zone.instant(for: start, gap: .skip) else {
            throw invalid(startPointer, "a local time that exists in \(zone.identifier)", "\"\(start)\"")
        }
        guard startInstant >= .epoch else {
            throw invalid(
                startPointer,
                "a start at or after 1970-01-01T00:00:00Z (\(ISO8601.format(.epoch, in: zone)) in \(zone.identifier)): "
                    + Self.epochReason,
                "\"\(start)\", which is \(ISO8601.formatUTC(startInstant))")
        }
        let endInstant = try decodeEnd(&root, zone: zone, start: startInstant)
        let seed = try root.optionalInt64("seed", expected: "a non-negative integer seed") ?? 1
        guard seed >= 0 else { throw invalid(JSONPointer.root.appending("seed"), "a non-negative integer seed", "\(seed)") }

        var profile = PluginProfile.corrected
        var plugin = Scenario.PluginOptions()
        if var reader = try root.optionalObject("plugin") {
            profile = try reader.optionalEnumeration("profile", as: PluginProfile.self) ?? .corrected
            if let file = try reader.optionalString("policy", expected: "a policy file's path, relative to this file") {
                guard !reader.has("profile") else {
                    throw invalid(
                        reader.pointer.appending("policy"), "either \"profile\" or \"policy\" (a policy file names its base with \"extends\")",
                        "both")
                }
                guard !file.isEmpty else { throw invalid(reader.pointer.appending("policy"), "a policy file's path", "\"\"") }
                plugin.policyFile = file
            }
            if let ttl = try reader.optionalInt64("ttlSeconds", expected: "seconds from 60 to 2592000") {
                guard (60...2_592_000).contains(ttl) else {
                    throw invalid(reader.pointer.appending("ttlSeconds"), "seconds from 60 to 2592000", "\(ttl)")
                }
                plugin.ttlSeconds = ttl
            }
            plugin.staleAction = try reader.optionalEnumeration("staleAction", as: FreshnessPolicy.StaleAction.self)
            if let lead = try reader.optionalInt64("prefetchLeadMinutes", expected: "minutes from 0 to 720") {
                guard (0...720).contains(lead) else {
                    throw invalid(reader.pointer.appending("prefetchLeadMinutes"), "minutes from 0 to 720", "\(lead)")
                }
                plugin.prefetchLeadMinutes = Int(lead)
            }
            if platform == .ios {
                plugin.taskIdentifierInInfoPlist = try reader.optionalBool("taskIdentifierInInfoPlist") ?? true
            }
            if platform == .electron {
                plugin.openAtLogin = try reader.optionalBool("openAtLogin") ?? true
                plugin.linuxAutostartEntry = try reader.optionalBool("linuxAutostartEntry") ?? false
            }
            if platform == .android {
                plugin.bootReceiver = try reader.optionalBool("bootReceiver") ?? true
                plugin.directBootAware = try reader.optionalBool("directBootAware") ?? false
                plugin.targetSdk = Int(try reader.optionalInt64("targetSdk") ?? 34)
            }
            try reader.finish()
        }
        var os = Scenario.OSOptions()
        if platform == .electron, root.has("os") {
            _ = root.optionalValue("os")
            throw invalid(JSONPointer.root.appending("os"), "no \"os\" object on electron (nothing to override yet)", "an \"os\" object")
        }
        if var reader = try root.optionalObject("os"), platform == .ios {
            os = try decodeIOSOptions(&reader)
            try reader.finish()
        } else if var reader = try root.optionalObject("os") {
            os.exactAlarmGranted = try reader.optionalBool("exactAlarmGranted")
            os.postNotificationsGranted = try reader.optionalBool("postNotificationsGranted")
            os.updateClearsAlarms = try reader.optionalBool("updateClearsAlarms")
            if let percent = try reader.optionalInt64("inexactDeferralPercent") {
                guard (0...100).contains(percent) else {
                    throw invalid(reader.pointer.appending("inexactDeferralPercent"), "a percentage from 0 to 100", "\(percent)")
                }
                os.inexactDeferralPercent = Int(percent)
            }
            try reader.finish()
        }

        var server = ContentServerParameters()
        if var reader = try root.optionalObject("server") {
            if let text = try reader.optionalString("newVersionDailyAt", expected: "a wall time \"HH:mm\" or \"never\"") {
                if text == "never" {
                    server.newVersionDailyAt = nil
                } else if let time = LocalTime(parsing: text) {
                    server.newVersionDailyAt = time
                } else {
                    throw invalid(reader.pointer.appending("newVersionDailyAt"), "a wall time \"HH:mm\" or \"never\"", "\"\(text)\"")
                }
            }
            let minimum = try reader.optionalInt64("latencyMinMs", expected: "milliseconds from 0 to 60000") ?? server.latencyMinMs
            let maximum = try reader.optionalInt64("latencyMaxMs", expected: "milliseconds from 0 to 60000") ?? server.latencyMaxMs
            guard (0...60_000).contains(minimum), (0...60_000).contains(maximum), minimum <= maximum else {
                throw invalid(reader.pointer, "0 ≤ latencyMinMs ≤ latencyMaxMs ≤ 60000", "\(minimum) and \(maximum)")
            }
            server.latencyMinMs = minimum
            server.latencyMaxMs = maximum
            try reader.finish()
        }
        let steps = try decodeSteps(&root, platform: platform, zone: zone, start: startInstant, end: endInstant)
        var expected = try root.object("expected")
        let osExpected = try expected.string("os", expected: "the \"OS Expected\" text")
        let pluginExpected = try expected.string("plugin", expected: "the \"Plugin Expected\" text")
        let checks = try decodeChecks(&expected)
        let expectedFindings = try decodeFindings(&expected, checks: checks)
        try expected.finish()
        try root.finish()

        return Scenario(
            id: id, title: title, description: description, row: row, platform: platform, deviceProfile: deviceProfile,
            osVersion: Int(apiLevel), zone: zone, start: start, startInstant: startInstant, endInstant: endInstant,
            seed: UInt64(seed), policy: .preset(profile), plugin: plugin, os: os, steps: steps, osExpected: osExpected,
            pluginExpected: pluginExpected, checks: checks, expectedFindings: expectedFindings, server: server)
    }

    private func decodeEnd(_ root: inout JSONObjectReader, zone: Zone, start: SimInstant) throws -> SimInstant {
        let hasEnd = root.has("end")
        let hasDuration = root.has("duration")
        // Both are known fields whichever is used, so an unknown-field message lists both.
        _ = root.optionalValue("end")
        _ = root.optionalValue("duration")
        if hasEnd == hasDuration {
            throw invalid(
                .root, "exactly one of \"end\" (a local date-time) or \"duration\" (such as \"10d\")",
                hasEnd ? "both" : "neither")
        }
        let end: SimInstant
        let pointer: JSONPointer
        if hasEnd {
            let (local, at) = try decodeLocalDateTime(&root, "end")
            guard let instant = zone.instant(for: local, gap: .skip) else {
                throw invalid(at, "a local time that exists in \(zone.identifier)", "\"\(local)\"")
            }
            end = instant
            pointer = at
        } else {
            let (duration, at) = try decodeDuration(&root, "duration")
            end = start + duration
            pointer = at
        }
        guard end > start else { throw invalid(pointer, "an end after the start", "an end at or before the start") }
        guard end - start <= Self.maximumSpan else {
            throw invalid(pointer, "a run of at most \(Self.maximumSpan)", "a run of \(end - start)")
        }
        return end
    }

    func decodeZone(_ reader: inout JSONObjectReader, _ key: String) throws -> Zone {
        let expected = "an IANA time-zone id such as \"Europe/Berlin\""
        let text = try reader.string(key, expected: expected)
        guard let zone = Zone(identifier: text) else {
            throw invalid(reader.pointer.appending(key), expected, "\"\(text)\", which is not a known zone")
        }
        return zone
    }

    func decodeLocalDateTime(_ reader: inout JSONObjectReader, _ key: String) throws -> (LocalDateTime, JSONPointer) {
        let expected = "a local date-time \"YYYY-MM-DDTHH:mm\""
        let text = try reader.string(key, expected: expected)
        let pointer = reader.pointer.appending(key)
        guard let value = LocalDateTime(parsing: text) else {
            let shaped = text.utf8.count >= 16 && text.utf8.count <= 19 && Array(text.utf8)[10] == UInt8(ascii: "T")
            throw invalid(pointer, expected, shaped ? "\"\(text)\", which is not a real date and time" : "\"\(text)\"")
        }
        return (value, pointer)
    }

    func decodeDuration(_ reader: inout JSONObjectReader, _ key: String, allowNegative: Bool = false) throws
        -> (SimDuration, JSONPointer)
    {
        let expected = allowNegative
            ? "a signed duration such as \"-1h\" or \"90m\""
            : "a duration such as \"90s\", \"15m\", \"2h\" or \"1d2h\""
        let text = try reader.string(key, expected: expected)
        let pointer = reader.pointer.appending(key)
        var body = Substring(text)
        var negative = false
        if allowNegative, body.first == "-" {
            negative = true
            body = body.dropFirst()
        }
        guard let duration = SimDuration(parsing: String(body)) else {
            throw invalid(pointer, expected, text.first == "-" ? "the negative duration \"\(text)\"" : "\"\(text)\"")
        }
        guard duration <= Self.maximumSpan else {
            throw invalid(pointer, "a duration of at most \(Self.maximumSpan)", "\"\(text)\"")
        }
        return (negative ? -duration : duration, pointer)
    }
}

/// The Android device profile names the format accepts.
enum AndroidProfileNames {
    static let all = AndroidDeviceProfile.names
}
