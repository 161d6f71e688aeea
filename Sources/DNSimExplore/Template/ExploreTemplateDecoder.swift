import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin
import DNSimScenario

/// Reads an exploration template, rejecting anything it does not understand, with the same
/// diagnostics as scenario files: the file, the JSON pointer, what was expected and what was
/// found (with "did you mean …?" for a misspelt fault kind).
public struct ExploreTemplateDecoder {
    /// The file name used in messages.
    public let file: String

    /// Creates a decoder for messages about `file`.
    public init(file: String) { self.file = file }

    /// The longest fault phase plus quiet tail, in days (the scenario format allows 400).
    public static let maximumDays = 400
    /// The largest clock change a template may ask for: the judge pairs each delivery with the
    /// planned occurrence of its slot within 12 hours, so larger jumps would confuse it.
    public static let maximumClockShift = SimDuration.hours(11)

    /// Decodes a template from the file's bytes, then generates and decodes one world to check
    /// the `plugin`, `os` and `server` objects it copies into scenarios.
    public func decode(_ bytes: [UInt8]) throws(ScenarioError) -> ExploreTemplate {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioError(file: file, kind: .malformedJSON, expected: "a JSON document", found: error.description)
        }
        let template: ExploreTemplate
        do {
            template = try decodeTemplate(json)
        } catch let error as ScenarioError {
            throw error
        } catch let error as JSONDecodingError {
            throw invalid(error.pointer, error.expected, error.found)
        } catch {
            throw ScenarioError(file: file, kind: .invalidScenario, expected: "a valid exploration template", found: "\(error)")
        }
        // The copied objects are checked by the scenario decoder itself, on a generated world;
        // its pointers (/plugin/…, /os/…, /server/…) are the template's too.
        do {
            _ = try WorldGenerator(template: template, version: "probe").world(seed: 0).render(profile: .corrected)
        } catch {
            let first = error.pointer.tokens.first
            let pointer = ["plugin", "os", "server"].contains(first ?? "") ? error.pointer : JSONPointer.root
            throw ScenarioError(file: file, kind: .invalidScenario, pointer: pointer, expected: error.expected, found: error.found)
        }
        return template
    }

    func invalid(_ pointer: JSONPointer, _ expected: String, _ found: String) -> ScenarioError {
        ScenarioError(file: file, kind: .invalidScenario, pointer: pointer, expected: expected, found: found)
    }

    private func decodeTemplate(_ json: JSONValue) throws -> ExploreTemplate {
        var root = try JSONObjectReader(json, at: .root, expected: "an exploration template object")
        root.markKnown("$schema")
        let id = try root.string("id", expected: "a template id such as \"explore/ios-week\"")
        let title = try root.string("title")
        let description = try root.optionalString("description") ?? ""
        let platform = try root.enumeration("platform", as: ScenarioPlatform.self)

        var device = try root.object("device")
        let (versionText, versionRange): (String, ClosedRange<Int64>)
        let profileNames: [String]
        switch platform {
        case .android:
            (versionText, versionRange) = ("Android API levels from 26 to 36", 26...36)
            profileNames = AndroidDeviceProfile.names
        case .ios:
            (versionText, versionRange) = ("iOS major versions from 15 to 26", 15...26)
            profileNames = IOSDeviceProfile.names
        case .electron:
            (versionText, versionRange) = ("Electron major versions from 20 to 40", 20...40)
            profileNames = ElectronDeviceProfile.names
        }
        var versions: [Int] = []
        for (value, pointer) in try nonEmptyArray(&device, "osVersions", "a non-empty array of \(versionText)") {
            guard case .integer(let version) = value, versionRange.contains(version) else {
                throw invalid(pointer, "one of the \(versionText)", value.describeForError)
            }
            versions.append(Int(version))
        }
        var profiles: [String] = []
        if let list = try device.optionalArray("profiles") {
            for (value, pointer) in list {
                guard case .string(let name) = value, profileNames.contains(name) else {
                    let found = value.stringValue.map { "\"\($0)\"" + Suggestion.didYouMean($0, among: profileNames) }
                    throw invalid(pointer, "one of: " + profileNames.joined(separator: ", "), found ?? value.describeForError)
                }
                profiles.append(name)
            }
        }
        if profiles.isEmpty { profiles = [profileNames[0]] }
        try device.finish()

        let zones = try zoneList(&root, "zones", required: true)

        var start = try root.object("start")
        let startFrom = try localDate(&start, "from")
        let startTo = try localDate(&start, "to")
        guard startFrom.year >= 1971, startTo.year <= 2200 else {
            throw invalid(start.pointer, "start dates from 1971 to 2200", "\(startFrom) to \(startTo)")
        }
        guard startFrom <= startTo else {
            throw invalid(start.pointer.appending("to"), "a date at or after \"from\" (\(startFrom))", "\"\(startTo)\"")
        }
        let startTime = try optionalTime(&start, "time") ?? LocalTime(hour: 7, minute: 0)!
        let startNear = try percent(&start, "nearTransitionPercent", default: 0)
        try start.finish()

        var span = try root.object("spanDays")
        let minDays = try integer(&span, "min", 1...365)
        let maxDays = try integer(&span, "max", 1...365)
        guard minDays <= maxDays else { throw invalid(span.pointer, "min ≤ max", "\(minDays) and \(maxDays)") }
        try span.finish()
        let quietDays = root.has("quietDays") ? try integer(&root, "quietDays", 1...30) : 3
        guard maxDays + quietDays <= Self.maximumDays else {
            throw invalid(
                JSONPointer.root.appending("quietDays"), "spanDays.max + quietDays ≤ \(Self.maximumDays) (a scenario's longest run)",
                "\(maxDays) + \(quietDays)")
        }

        var slots = try root.object("slots")
        var count = try slots.object("count")
        let minSlots = try integer(&count, "min", 1...8)
        let maxSlots = try integer(&count, "max", 1...8)
        guard minSlots <= maxSlots else { throw invalid(count.pointer, "min ≤ max", "\(minSlots) and \(maxSlots)") }
        try count.finish()
        let slotTimes = try timeList(&slots, "times", required: true)
        let randomTime = try percent(&slots, "randomTimePercent", default: 0)
        try slots.finish()

        let swarm = try percent(&root, "swarmPercent", default: 50)
        var faults: [FaultSpec] = []
        for (value, pointer) in try root.optionalArray("faults") ?? [] {
            faults.append(try decodeFault(value, at: pointer, platform: platform, swarm: swarm))
        }
        let plugin = try copiedObject(&root, "plugin") ?? JSONObject()
        if plugin["profile"] != nil {
            throw invalid(
                JSONPointer.root.appending("plugin").appending("profile"),
                "no \"profile\" (each run sets it: dnsim explore --profile)", "a \"profile\" member")
        }
        let os = try copiedObject(&root, "os")
        let server = try copiedObject(&root, "server")
        var appSession: DurationRange?
        if root.has("appSession") {
            guard platform != .electron else {
                throw invalid(
                    JSONPointer.root.appending("appSession"),
                    "no \"appSession\" on an Electron template (backgroundApp is an Android and iOS step: a desktop app is not sent to the background)",
                    "an \"appSession\" member")
            }
            appSession = try durationRange(&root, "appSession", default: DurationRange(.zero, .zero), at: .seconds(1) ... .hours(12))
        }
        try root.finish()

        let digest = FNV1a.hex(FNV1a.hash64(JSONWriter.string(json, style: .compact)))
        return ExploreTemplate(
            id: id, title: title, description: description, platform: platform, osVersions: versions,
            deviceProfiles: profiles, zones: zones, startFrom: startFrom, startTo: startTo, startTime: startTime,
            startNearTransitionPercent: startNear, spanDays: minDays...maxDays, quietDays: quietDays,
            slotCount: minSlots...maxSlots, slotTimes: slotTimes, randomSlotTimePercent: randomTime, swarmPercent: swarm,
            faults: faults, plugin: plugin, os: os, server: server, digest: digest, appSession: appSession)
    }

    /// The common fields of every fault entry.
    static let commonFaultFields = ["kind", "perWeek", "enabledPercent", "from", "to", "atFirePercent", "nearFirePercent"]

    private func decodeFault(_ value: JSONValue, at pointer: JSONPointer, platform: ScenarioPlatform, swarm: Int) throws
        -> FaultSpec
    {
        var reader = try JSONObjectReader(value, at: pointer, expected: "a fault object")
        let available = FaultKind.allCases.filter { $0.platforms.contains(platform) }.map(\.rawValue)
        let expected = "one of the \(platform.rawValue) fault kinds: " + available.joined(separator: ", ")
        let name = try reader.string("kind", expected: expected)
        guard let kind = FaultKind(rawValue: name) else {
            throw invalid(pointer.appending("kind"), expected, "\"\(name)\"" + Suggestion.didYouMean(name, among: available))
        }
        guard kind.platforms.contains(platform) else {
            throw invalid(pointer.appending("kind"), expected, "\"\(name)\", which does not exist on \(platform.rawValue)")
        }
        var spec = FaultSpec(
            kind: kind, perWeek: try integer(&reader, "perWeek", 0...1000),
            enabledPercent: try percent(&reader, "enabledPercent", default: swarm))
        spec.from = try optionalDuration(&reader, "from")
        spec.to = try optionalDuration(&reader, "to")
        if let from = spec.from, let to = spec.to, to < from {
            throw invalid(pointer.appending("to"), "an offset at or after \"from\" (\(from))", "\"\(to)\"")
        }
        spec.atFirePercent = try percent(&reader, "atFirePercent", default: spec.atFirePercent)
        spec.nearFirePercent = try percent(&reader, "nearFirePercent", default: spec.nearFirePercent)
        for field in kind.fields {
            switch field {
            case "duration": spec.duration = try durationRange(&reader, field, default: spec.duration)
            case "offFor": spec.offFor = try durationRange(&reader, field, default: spec.offFor, at: .minutes(1) ... .days(2))
            case "unlockAfter": spec.unlockAfter = try durationRange(&reader, field, default: spec.unlockAfter)
            case "relaunchAfter": spec.relaunchAfter = try durationRange(&reader, field, default: spec.relaunchAfter)
            case "relaunchPercent": spec.relaunchPercent = try percent(&reader, field, default: spec.relaunchPercent)
            case "resetupAfter": spec.resetupAfter = try durationRange(&reader, field, default: spec.resetupAfter)
            case "resetupPercent": spec.resetupPercent = try percent(&reader, field, default: spec.resetupPercent)
            case "nearTransitionPercent": spec.nearTransitionPercent = try percent(&reader, field, default: spec.nearTransitionPercent)
            case "zones": spec.zones = try zoneList(&reader, field, required: false)
            case "times": spec.times = try timeList(&reader, field, required: false)
            case "shift":
                spec.shift = try durationRange(
                    &reader, field, default: spec.shift, at: .milliseconds(1) ... Self.maximumClockShift,
                    why: " (deliveries are paired with their plan within 12 h)")
            case "count":
                if var count = try reader.optionalObject("count") {
                    let low = try integer(&count, "min", 1...200)
                    let high = try integer(&count, "max", 1...200)
                    guard low <= high else { throw invalid(count.pointer, "min ≤ max", "\(low) and \(high)") }
                    try count.finish()
                    spec.count = low...high
                }
            case "buckets":
                let names = AndroidStandbyBucket.allCases.map(\.rawValue).filter { $0 != "active" }
                spec.buckets = try nameList(&reader, field, names) ?? spec.buckets
            case "serverFaults":
                let names = ContentServer.Fault.allCases.map(\.rawValue).filter { $0 != "none" }
                spec.serverFaults = try nameList(&reader, field, names) ?? spec.serverFaults
            default:
                preconditionFailure("FaultKind.fields names an undecoded field \(field)")
            }
        }
        try reader.finish()
        return spec
    }

    // MARK: Field helpers

    private func nonEmptyArray(_ reader: inout JSONObjectReader, _ key: String, _ expected: String) throws
        -> [(value: JSONValue, pointer: JSONPointer)]
    {
        let list = try reader.array(key, expected: expected)
        guard !list.isEmpty else { throw invalid(reader.pointer.appending(key), expected, "an empty array") }
        return list
    }

    private func integer(_ reader: inout JSONObjectReader, _ key: String, _ range: ClosedRange<Int>) throws -> Int {
        let expected = "an integer from \(range.lowerBound) to \(range.upperBound)"
        let value = try reader.int64(key, expected: expected)
        guard value >= Int64(range.lowerBound), value <= Int64(range.upperBound) else {
            throw invalid(reader.pointer.appending(key), expected, "\(value)")
        }
        return Int(value)
    }

    private func percent(_ reader: inout JSONObjectReader, _ key: String, default value: Int) throws -> Int {
        guard reader.has(key) else {
            reader.markKnown(key)
            return value
        }
        return try integer(&reader, key, 0...100)
    }

    private func localDate(_ reader: inout JSONObjectReader, _ key: String) throws -> LocalDate {
        let expected = "a local date \"YYYY-MM-DD\""
        let text = try reader.string(key, expected: expected)
        guard let date = LocalDate(parsing: text) else { throw invalid(reader.pointer.appending(key), expected, "\"\(text)\"") }
        return date
    }

    private func optionalTime(_ reader: inout JSONObjectReader, _ key: String) throws -> LocalTime? {
        let expected = "a wall time \"HH:mm\""
        guard let text = try reader.optionalString(key, expected: expected) else { return nil }
        guard let time = LocalTime(parsing: text), time.second == 0, time.millisecond == 0 else {
            throw invalid(reader.pointer.appending(key), expected, "\"\(text)\"")
        }
        return time
    }

    private func timeList(_ reader: inout JSONObjectReader, _ key: String, required: Bool) throws -> [LocalTime] {
        let expected = "a non-empty array of wall times \"HH:mm\""
        let list = required ? try nonEmptyArray(&reader, key, expected) : try reader.optionalArray(key, expected: expected) ?? []
        return try list.map { value, pointer in
            guard case .string(let text) = value, let time = LocalTime(parsing: text), time.second == 0, time.millisecond == 0
            else { throw invalid(pointer, "a wall time \"HH:mm\"", value.describeForError) }
            return time
        }
    }

    private func zoneList(_ reader: inout JSONObjectReader, _ key: String, required: Bool) throws -> [Zone] {
        let expected = "a non-empty array of IANA time-zone ids such as \"Europe/Berlin\""
        let list = required ? try nonEmptyArray(&reader, key, expected) : try reader.optionalArray(key, expected: expected) ?? []
        return try list.map { value, pointer in
            guard case .string(let text) = value else { throw invalid(pointer, "an IANA time-zone id", value.describeForError) }
            guard let zone = Zone(identifier: text) else {
                throw invalid(pointer, "an IANA time-zone id such as \"Europe/Berlin\"", "\"\(text)\", which is not a known zone")
            }
            return zone
        }
    }

    private func nameList(_ reader: inout JSONObjectReader, _ key: String, _ names: [String]) throws -> [String]? {
        let expected = "a non-empty array of: " + names.joined(separator: ", ")
        guard let list = try reader.optionalArray(key, expected: expected) else { return nil }
        guard !list.isEmpty else { throw invalid(reader.pointer.appending(key), expected, "an empty array") }
        return try list.map { value, pointer in
            guard case .string(let name) = value, names.contains(name) else {
                let found = value.stringValue.map { "\"\($0)\"" + Suggestion.didYouMean($0, among: names) }
                throw invalid(pointer, "one of: " + names.joined(separator: ", "), found ?? value.describeForError)
            }
            return name
        }
    }

    private func duration(_ text: String, at pointer: JSONPointer) throws -> SimDuration {
        guard let value = SimDuration(parsing: text) else {
            throw invalid(pointer, "a duration such as \"90s\", \"15m\", \"2h\" or \"1d2h\"", "\"\(text)\"")
        }
        return value
    }

    private func optionalDuration(_ reader: inout JSONObjectReader, _ key: String) throws -> SimDuration? {
        guard let text = try reader.optionalString(key, expected: "a duration since the start such as \"2d\"") else { return nil }
        let value = try duration(text, at: reader.pointer.appending(key))
        guard value <= .days(Int64(Self.maximumDays)) else {
            throw invalid(reader.pointer.appending(key), "a duration of at most \(Self.maximumDays)d", "\"\(text)\"")
        }
        return value
    }

    private func durationRange(
        _ reader: inout JSONObjectReader, _ key: String, default value: DurationRange,
        at bounds: ClosedRange<SimDuration> = .zero ... .days(30), why: String = ""
    ) throws -> DurationRange {
        guard var range = try reader.optionalObject(key, expected: "an object {\"min\": duration, \"max\": duration}") else {
            return value
        }
        let expected = "a duration from \(bounds.lowerBound) to \(bounds.upperBound)\(why)"
        var result: [SimDuration] = []
        for bound in ["min", "max"] {
            let text = try range.string(bound, expected: expected)
            let parsed = try duration(text, at: range.pointer.appending(bound))
            guard bounds.contains(parsed) else { throw invalid(range.pointer.appending(bound), expected, "\"\(text)\"") }
            result.append(parsed)
        }
        try range.finish()
        guard result[0] <= result[1] else { throw invalid(range.pointer, "min ≤ max", "\(result[0]) and \(result[1])") }
        return DurationRange(result[0], result[1])
    }

    private func copiedObject(_ reader: inout JSONObjectReader, _ key: String) throws -> JSONObject? {
        guard let (value, pointer) = reader.optionalValue(key) else { return nil }
        guard case .object(let object) = value else {
            throw invalid(pointer, "an object (copied into every generated scenario's \"\(key)\")", value.describeForError)
        }
        return object
    }
}
