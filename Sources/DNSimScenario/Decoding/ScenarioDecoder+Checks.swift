import DNSimCalendar
import DNSimCore
import DNSimPlugin

extension ScenarioDecoder {
    func decodeChecks(_ expected: inout JSONObjectReader) throws -> [ScenarioCheck] {
        var checks: [ScenarioCheck] = []
        var ids: Set<String> = []
        for (value, pointer) in try expected.array("checks") {
            var reader = try JSONObjectReader(value, at: pointer, expected: "a check object")
            let id = try reader.string("id", expected: "a check id unique in the scenario")
            guard ids.insert(id).inserted else {
                throw invalid(pointer.appending("id"), "a check id unique in the scenario", "the repeated id \"\(id)\"")
            }
            let description = try reader.optionalString("description") ?? ""
            let seedClaim = try reader.optionalString("seedClaim", expected: "a seed claim id S1…S30")
            if let seedClaim, !Self.isSeedClaim(seedClaim) {
                throw invalid(pointer.appending("seedClaim"), "a seed claim id S1…S30", "\"\(seedClaim)\"")
            }
            let assertion = try decodeAssertion(&reader)
            try reader.finish()
            checks.append(ScenarioCheck(id: id, description: description, seedClaim: seedClaim, assertion: assertion))
        }
        return checks
    }

    /// `expected.findings`: for each plugin profile, the ids of the checks expected to fail.
    func decodeFindings(_ expected: inout JSONObjectReader, checks: [ScenarioCheck]) throws -> [String: [String]] {
        guard var reader = try expected.optionalObject("findings", expected: "an object mapping profile names to check ids")
        else { return [:] }
        let profiles = PluginProfile.allCases.map(\.rawValue)
        let checkIDs = checks.map(\.id)
        var findings: [String: [String]] = [:]
        for profile in reader.object.keys {
            guard profiles.contains(profile) else {
                throw invalid(
                    reader.pointer.appending(profile), "a plugin profile name: " + profiles.joined(separator: ", "),
                    "\"\(profile)\"" + Suggestion.didYouMean(profile, among: profiles))
            }
            var ids: [String] = []
            for (value, pointer) in try reader.array(profile, expected: "an array of check ids") {
                guard case .string(let id) = value else {
                    throw invalid(pointer, "a check id", value.describeForError)
                }
                guard checkIDs.contains(id) else {
                    throw invalid(
                        pointer, "the id of one of this scenario's checks: " + checkIDs.joined(separator: ", "),
                        "\"\(id)\"" + Suggestion.didYouMean(id, among: checkIDs))
                }
                guard !ids.contains(id) else { throw invalid(pointer, "each check id once", "the repeated id \"\(id)\"") }
                ids.append(id)
            }
            findings[profile] = ids
        }
        try reader.finish()
        return findings
    }

    static func isSeedClaim(_ text: String) -> Bool {
        guard text.first == "S", let number = Int(text.dropFirst()) else { return false }
        return (1...30).contains(number) && text == "S\(number)"
    }

    private func decodeAssertion(_ reader: inout JSONObjectReader) throws -> ScenarioAssertion {
        let expected = "one of the assertions: " + ScenarioAssertion.allNames.joined(separator: ", ")
        let name = try reader.string("assert", expected: expected)
        switch name {
        case "deliveryCount": return .deliveryCount(try count(&reader), slot: try reader.optionalString("slot"))
        case "missedCount": return .missedCount(try count(&reader))
        case "suppressedCount": return .suppressedCount(try count(&reader))
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
            return .deliveredAtLocalTime(time, toleranceMs: tolerance)
        case "maxLatenessMs":
            let value = try reader.int64("value", expected: "a non-negative integer")
            guard value >= 0 else { throw invalid(reader.pointer.appending("value"), "a non-negative integer", "\(value)") }
            return .maxLatenessMs(value)
        case "delivered", "notDelivered":
            let text = try reader.string("localDate", expected: "a local date \"YYYY-MM-DD\"")
            guard let date = LocalDate(parsing: text) else {
                throw invalid(reader.pointer.appending("localDate"), "a local date \"YYYY-MM-DD\"", "\"\(text)\"")
            }
            let slot = try reader.optionalString("slot")
            return name == "delivered" ? .delivered(localDate: date, slot: slot) : .notDelivered(localDate: date, slot: slot)
        case "errorCode": return .errorCode(try reader.string("code"))
        case "noErrors": return .noErrors
        case "noDuplicateDeliveries": return .noDuplicateDeliveries
        case "noDuplicateAlarms": return .noDuplicateAlarms
        case "ruleApplied": return .ruleApplied(try reader.string("rule", expected: "an OS fact id such as \"A1\""))
        case "staleDeliveries": return .staleDeliveries(try count(&reader))
        case "skippedCount": return .skippedCount(try count(&reader))
        case "prefetchAttempts": return .prefetchAttempts(try count(&reader))
        case "freshDeliveries": return .freshDeliveries(try count(&reader))
        case "prefetchHitRate": return .prefetchHitRate(try count(&reader))
        case "notModifiedFetches": return .notModifiedFetches(try count(&reader))
        case "statusReports":
            return .statusReports(field: try reader.string("field"), equals: try reader.string("equals"))
        default:
            throw invalid(reader.pointer.appending("assert"), expected, "\"\(name)\"")
        }
    }

    private func count(_ reader: inout JSONObjectReader) throws -> CountComparison {
        let expected = "a non-negative integer"
        var comparison = CountComparison()
        for key in ["equals", "atLeast", "atMost"] {
            guard let value = try reader.optionalInt64(key, expected: expected) else { continue }
            guard value >= 0 && value <= 1_000_000 else {
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
        return comparison
    }
}
