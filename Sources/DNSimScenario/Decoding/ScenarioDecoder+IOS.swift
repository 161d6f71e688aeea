import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension ScenarioDecoder {
    /// The `os` object of an iOS scenario.
    func decodeIOSOptions(_ reader: inout JSONObjectReader) throws -> Scenario.OSOptions {
        var os = Scenario.OSOptions()
        os.authorization = try choice(&reader, "authorization", IOSAuthorizationStatus.allCases.map(\.rawValue))
        os.keepPolicy = try choice(&reader, "keepPolicy", IOSParameters.KeepPolicy.allCases.map(\.rawValue))
        os.missedWhileOff = try choice(&reader, "missedWhileOff", IOSParameters.MissedWhileOffPolicy.allCases.map(\.rawValue))
        os.nonexistentTimePolicy = try choice(&reader, "nonexistentTimePolicy", GapPolicy.allCases.map(\.rawValue))
        if let drift = try reader.optionalInt64("deliveryDriftMs", expected: "milliseconds from 0 to 3600000") {
            guard (0...3_600_000).contains(drift) else {
                throw invalid(reader.pointer.appending("deliveryDriftMs"), "milliseconds from 0 to 3600000", "\(drift)")
            }
            os.deliveryDriftMs = drift
        }
        if let percent = try reader.optionalInt64("refreshRunPercent", expected: "a percentage from 0 to 100") {
            guard (0...100).contains(percent) else {
                throw invalid(reader.pointer.appending("refreshRunPercent"), "a percentage from 0 to 100", "\(percent)")
            }
            os.refreshRunPercent = Int(percent)
        }
        return os
    }

    private func choice(_ reader: inout JSONObjectReader, _ key: String, _ allowed: [String]) throws -> String? {
        let expected = "one of: " + allowed.joined(separator: ", ")
        guard let value = try reader.optionalString(key, expected: expected) else { return nil }
        guard allowed.contains(value) else { throw invalid(reader.pointer.appending(key), expected, "\"\(value)\"") }
        return value
    }
}
