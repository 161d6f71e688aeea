import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

extension ScenarioDecoder {
    /// The checks, and what the cross-checks need to know of them.
    struct ChecksOutcome {
        /// The checks decoded, in order.
        var checks: [ScenarioCheck] = []
        /// Every check id read (also of checks that are otherwise wrong), for `findings`.
        var ids: [String] = []
        /// The slots checks name, with their pointers.
        var slotReferences: [(slot: String, pointer: JSONPointer)] = []
        /// The scripted test app's alarms, works, requests and tasks checks name, with their pointers.
        var scriptedReferences: [(reference: ScriptedReference, pointer: JSONPointer)] = []
    }

    /// Every field a check of any assertion may have.
    static let checkFields = [
        "id", "description", "seedClaim", "assert", "equals", "atLeast", "atMost", "slot", "time", "toleranceMs", "value",
        "localDate", "code", "rule", "field", "alarm", "from", "to", "request", "work", "run", "task", "error",
    ]

    /// Decodes every check of `expected.checks`, recording the problems of each and carrying on.
    func decodeChecks(_ expected: inout JSONObjectReader, platform: ScenarioPlatform?) -> ChecksOutcome? {
        guard let elements = attempt({ try expected.array("checks") }) else { return nil }
        var outcome = ChecksOutcome()
        for (value, pointer) in elements {
            guard var reader = attempt({ try JSONObjectReader(value, at: pointer, expected: "a check object") }) else {
                continue
            }
            let id = attempt { () throws -> String in
                let expected = "a check id unique in the scenario (1 to \(SafeName.maximumBytes) bytes, no control characters)"
                let id = try reader.string("id", expected: expected)
                if let problem = SafeName.problemAsLabel(id) {
                    throw invalid(pointer.appending("id"), expected, SafeName.quoted(id) + ", " + problem)
                }
                guard !outcome.ids.contains(id) else {
                    throw invalid(pointer.appending("id"), "a check id unique in the scenario", "the repeated id \"\(id)\"")
                }
                return id
            }
            if let id { outcome.ids.append(id) }
            let description = attempt { try reader.optionalString("description") ?? "" }
            let seedClaim = attemptOptional { () throws -> String? in
                let seedClaim = try reader.optionalString("seedClaim", expected: "a seed claim id S1…S30")
                if let seedClaim, !Self.isSeedClaim(seedClaim) {
                    throw invalid(pointer.appending("seedClaim"), "a seed claim id S1…S30", "\"\(seedClaim)\"")
                }
                return seedClaim
            }
            let assertion = attempt { try decodeAssertion(&reader, platform: platform) }
            // A check whose assertion could not be read is checked for fields no check has.
            reportUnknownFields(reader, knownKeys: assertion == nil ? Self.checkFields : [])
            if let slot = assertion?.slot { outcome.slotReferences.append((slot, pointer.appending("slot"))) }
            if let reference = assertion?.scriptedReference {
                outcome.scriptedReferences.append((reference, pointer.appending(reference.kind.member)))
            }
            guard let id, let description, let assertion else { continue }
            outcome.checks.append(ScenarioCheck(id: id, description: description, seedClaim: seedClaim, assertion: assertion))
        }
        return outcome
    }

    /// `expected.findings`: for each plugin profile, the ids of the checks expected to fail.
    func decodeFindings(_ expected: inout JSONObjectReader, checkIDs: [String]) -> [String: [String]]? {
        guard let found = attempt({ try expected.optionalObject("findings", expected: "an object mapping profile names to check ids") })
        else { return nil }
        guard var reader = found else { return [:] }
        let profiles = PluginProfile.allCases.map(\.rawValue)
        var findings: [String: [String]] = [:]
        var complete = true
        for profile in reader.object.keys {
            guard profiles.contains(profile) else {
                reader.markKnown(profile)
                record(
                    invalid(
                        reader.pointer.appending(profile), "a plugin profile name: " + profiles.joined(separator: ", "),
                        JSONWriter.quotedExcerpt(profile) + Suggestion.didYouMean(profile, among: profiles)))
                complete = false
                continue
            }
            guard let elements = attempt({ try reader.array(profile, expected: "an array of check ids") }) else {
                complete = false
                continue
            }
            var ids: [String] = []
            for (value, pointer) in elements {
                guard case .string(let id) = value else {
                    record(invalid(pointer, "a check id", value.describeForError))
                    complete = false
                    continue
                }
                guard checkIDs.contains(id) else {
                    record(
                        invalid(
                            pointer, "the id of one of this scenario's checks: " + checkIDs.joined(separator: ", "),
                            JSONWriter.quotedExcerpt(id) + Suggestion.didYouMean(id, among: checkIDs)))
                    complete = false
                    continue
                }
                guard !ids.contains(id) else {
                    record(invalid(pointer, "each check id once", "the repeated id \"\(id)\""))
                    complete = false
                    continue
                }
                ids.append(id)
            }
            findings[profile] = ids
        }
        reportUnknownFields(reader)
        return complete ? findings : nil
    }

    static func isSeedClaim(_ text: String) -> Bool {
        guard text.first == "S", let number = Int(text.dropFirst()) else { return false }
        return (1...30).contains(number) && text == "S\(number)"
    }

    private func decodeAssertion(_ reader: inout JSONObjectReader, platform: ScenarioPlatform?) throws -> ScenarioAssertion {
        let expected = "one of the assertions: " + ScenarioAssertion.allNames.joined(separator: ", ")
        let name = try reader.string("assert", expected: expected)
        if !ScenarioAssertion.allNames.contains(name), let near = Suggestion.closest(to: name, among: ScenarioAssertion.allNames) {
            throw invalid(
                reader.pointer.appending("assert"), "one of the \(ScenarioAssertion.allNames.count) assertions",
                "\"\(JSONWriter.escapedContents(name))\", did you mean \"\(near)\"?")
        }
        switch name {
        case "deliveryCount": return .deliveryCount(try count(&reader), slot: try slot(&reader))
        case "missedCount": return .missedCount(try count(&reader), slot: try slot(&reader))
        case "suppressedCount": return .suppressedCount(try count(&reader), slot: try slot(&reader))
        case "pluginReportedMissed": return .pluginReportedMissed(try count(&reader))
        case "armedAtEnd": return .armedAtEnd(try count(&reader))
        case "deliveredAtLocalTime":
            let text = try reader.string("time", expected: "a wall time \"HH:mm\"")
            guard let time = LocalTime(parsing: text) else {
                throw invalid(reader.pointer.appending("time"), "a wall time \"HH:mm\"", "\"\(text)\"")
            }
            let tolerance = try reader.optionalInt64("toleranceMs", expected: "a non-negative integer") ?? 0
            guard tolerance >= 0 else {
                throw invalid(reader.pointer.appending("toleranceMs"), "a non-negative integer", "\(tolerance)")
            }
            return .deliveredAtLocalTime(time, toleranceMs: tolerance, slot: try slot(&reader))
        case "maxLatenessMs":
            let value = try reader.int64("value", expected: "a non-negative integer")
            guard value >= 0 else { throw invalid(reader.pointer.appending("value"), "a non-negative integer", "\(value)") }
            return .maxLatenessMs(value, slot: try slot(&reader))
        case "delivered", "notDelivered":
            let text = try reader.string("localDate", expected: "a local date \"YYYY-MM-DD\"")
            guard let date = LocalDate(parsing: text) else {
                throw invalid(reader.pointer.appending("localDate"), "a local date \"YYYY-MM-DD\"", "\"\(text)\"")
            }
            let slot = try slot(&reader)
            return name == "delivered" ? .delivered(localDate: date, slot: slot) : .notDelivered(localDate: date, slot: slot)
        case "errorCode":
            return .errorCode(try choice(&reader, "code", PluginError.allCodes))
        case "alarmFired", "alarmNotFired", "alarmRejected":
            guard platform == nil || platform == .android else {
                throw invalid(reader.pointer.appending("assert"), "an assertion of the \(platform!.rawValue) platform", "\"\(name)\", which is Android's (the scripted test app)")
            }
            let alarm = try reader.string("alarm", expected: "the id of a setAlarm step's alarm")
            if name == "alarmNotFired" { return .alarmNotFired(alarm) }
            if name == "alarmRejected" { return .alarmRejected(alarm) }
            let (from, to) = try window(&reader)
            return .alarmFired(alarm: alarm, from: from, to: to)
        case "workRan", "workNotRan":
            guard platform == nil || platform == .android else {
                throw invalid(reader.pointer.appending("assert"), "an assertion of the \(platform!.rawValue) platform", "\"\(name)\", which is Android's (the scripted test app)")
            }
            let work = try reader.string("work", expected: "the id of an enqueueWork step's work")
            if name == "workNotRan" { return .workNotRan(work) }
            let run = try reader.optionalInt64("run", expected: "a run number from 1 (the first run)") ?? 1
            guard (1...10_000).contains(run) else {
                throw invalid(reader.pointer.appending("run"), "a run number from 1 (the first run) to 10000", "\(run)")
            }
            let (from, to) = try window(&reader)
            return .workRan(work: work, run: Int(run), from: from, to: to, count: try optionalCount(&reader))
        case "taskRan", "taskNotRan", "taskRejected":
            guard platform == nil || platform == .ios else {
                throw invalid(reader.pointer.appending("assert"), "an assertion of the \(platform!.rawValue) platform", "\"\(name)\", which is iOS's (the scripted test app)")
            }
            let task = try reader.string("task", expected: "the id of a submitTask step's task")
            if name == "taskNotRan" { return .taskNotRan(task) }
            if name == "taskRejected" {
                let error = try optionalChoice(&reader, "error", IOSBackgroundTaskError.allCases.map(\.rawValue))
                return .taskRejected(task: task, error: error)
            }
            let (from, to) = try window(&reader)
            return .taskRan(task: task, from: from, to: to, count: try optionalCount(&reader))
        case "requestDelivered", "requestNotDelivered", "requestDropped", "requestRejected":
            guard platform == nil || platform == .ios else {
                throw invalid(reader.pointer.appending("assert"), "an assertion of the \(platform!.rawValue) platform", "\"\(name)\", which is iOS's (the scripted test app)")
            }
            let request = try reader.string("request", expected: "the id of an addRequest step's request")
            switch name {
            case "requestNotDelivered": return .requestNotDelivered(request)
            case "requestDropped": return .requestDropped(request)
            case "requestRejected": return .requestRejected(request)
            default: break
            }
            let (from, to) = try window(&reader)
            return .requestDelivered(request: request, from: from, to: to, count: try optionalCount(&reader))
        case "noErrors": return .noErrors
        case "noDuplicateDeliveries": return .noDuplicateDeliveries
        case "noDuplicateAlarms": return .noDuplicateAlarms
        case "ruleApplied": return .ruleApplied(try rule(&reader, platform: platform))
        case "staleDeliveries": return .staleDeliveries(try count(&reader))
        case "skippedCount": return .skippedCount(try count(&reader), slot: try slot(&reader))
        case "prefetchAttempts": return .prefetchAttempts(try count(&reader))
        case "freshDeliveries": return .freshDeliveries(try count(&reader))
        case "prefetchHitRate": return .prefetchHitRate(try count(&reader, maximum: 100, unit: "a whole percentage"))
        case "notModifiedFetches": return .notModifiedFetches(try count(&reader))
        case "statusReports":
            let fields = StatusFields.names(on: platform)
            return .statusReports(field: try choice(&reader, "field", fields), equals: try reader.string("equals"))
        default:
            throw invalid(reader.pointer.appending("assert"), expected, "\"\(JSONWriter.escapedContents(name))\"")
        }
    }

    /// The optional `slot` of a check. Whether a step creates it is checked once all steps are read.
    private func slot(_ reader: inout JSONObjectReader) throws -> String? {
        try reader.optionalString("slot", expected: "a slot id such as \"daily-0900\"")
    }

    /// The `rule` of `ruleApplied`: an id of the platform's rule catalogue (`dnsim rules`).
    private func rule(_ reader: inout JSONObjectReader, platform: ScenarioPlatform?) throws -> String {
        let rule = try reader.string("rule", expected: "an OS rule id such as \"A1\"")
        let catalogues: [(ScenarioPlatform, [OSRule])] = [
            (.android, OSRule.androidCatalogue), (.ios, OSRule.iosCatalogue), (.electron, OSRule.electronCatalogue),
        ]
        // The time-library facts (T1…T8) decide occurrences on every platform.
        let own = catalogues.filter { platform == nil || $0.0 == platform }.flatMap { $0.1.map(\.id) }
            + OSRule.timeCatalogue.map(\.id)
        if own.contains(rule) { return rule }
        let platformName = platform.map { "the \($0.rawValue) " } ?? "the "
        let expected = "an OS rule id of \(platformName)rule catalogue (dnsim rules, docs/models/rules.md)"
        if let (other, _) = catalogues.first(where: { $0.1.contains { $0.id == rule } }), let platform {
            throw invalid(
                reader.pointer.appending("rule"), expected,
                "\"\(rule)\", a rule of the \(other.rawValue) catalogue, which \(platform.rawValue) runs never apply")
        }
        throw invalid(
            reader.pointer.appending("rule"), expected,
            "\(JSONWriter.quotedExcerpt(rule)), which is not in the catalogue" + Suggestion.didYouMean(rule, among: own))
    }

    /// The optional local date-time window `from`…`to` of a scripted-app check (when the
    /// alarm fired, the work or task ran, the request was delivered); `to` may not precede `from`.
    private func window(_ reader: inout JSONObjectReader) throws -> (from: LocalDateTime?, to: LocalDateTime?) {
        reader.markKnown("from")
        reader.markKnown("to")
        let from = reader.has("from") ? try decodeLocalDateTime(&reader, "from") : nil
        let to = reader.has("to") ? try decodeLocalDateTime(&reader, "to") : nil
        if let from, let to, to < from {
            throw invalid(reader.pointer.appending("to"), "a local date-time at or after \"from\"", "\"\(to)\"")
        }
        return (from, to)
    }

    /// ``count(_:maximum:unit:)`` when any of `equals`, `atLeast`, `atMost` is given; `nil`
    /// when none is.
    private func optionalCount(_ reader: inout JSONObjectReader) throws -> CountComparison? {
        guard reader.has("equals") || reader.has("atLeast") || reader.has("atMost") else { return nil }
        return try count(&reader)
    }

    /// A count comparison: any of `equals`, `atLeast`, `atMost` (at least one), each from 0 to
    /// `maximum`, that can all hold at once.
    private func count(
        _ reader: inout JSONObjectReader, maximum: Int64 = 1_000_000, unit: String = "a non-negative integer"
    ) throws -> CountComparison {
        let expected = maximum == 1_000_000 ? unit : "\(unit) from 0 to \(maximum)"
        var comparison = CountComparison()
        for key in ["equals", "atLeast", "atMost"] {
            guard let value = try reader.optionalInt64(key, expected: expected) else { continue }
            guard value >= 0 && value <= maximum else {
                throw invalid(reader.pointer.appending(key), expected, "\(value)")
            }
            switch key {
            case "equals": comparison.equals = Int(value)
            case "atLeast": comparison.atLeast = Int(value)
            default: comparison.atMost = Int(value)
            }
        }
        if comparison.equals == nil && comparison.atLeast == nil && comparison.atMost == nil {
            throw invalid(reader.pointer, "at least one of \"equals\", \"atLeast\", \"atMost\"", "none of them")
        }
        // Bounds no count can meet make a check that can never pass: a typo, not a finding.
        if let atLeast = comparison.atLeast, let atMost = comparison.atMost, atLeast > atMost {
            throw invalid(
                reader.pointer.appending("atMost"), "an \"atMost\" at or above \"atLeast\" (\(atLeast)), or no count can hold",
                "\(atMost)")
        }
        if let equals = comparison.equals {
            if let atLeast = comparison.atLeast, equals < atLeast {
                throw invalid(
                    reader.pointer.appending("equals"), "an \"equals\" at or above \"atLeast\" (\(atLeast)), or no count can hold",
                    "\(equals)")
            }
            if let atMost = comparison.atMost, equals > atMost {
                throw invalid(
                    reader.pointer.appending("equals"), "an \"equals\" at or below \"atMost\" (\(atMost)), or no count can hold",
                    "\(equals)")
            }
        }
        return comparison
    }
}
