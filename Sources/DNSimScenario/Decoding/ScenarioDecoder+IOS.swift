import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension ScenarioDecoder {
    /// The `os` object of an iOS scenario; every field is checked, whatever the others hold.
    func decodeIOSOptions(_ reader: inout JSONObjectReader) -> Scenario.OSOptions {
        var os = Scenario.OSOptions()
        os.authorization = attemptOptional {
            try optionalChoice(&reader, "authorization", IOSAuthorizationStatus.allCases.map(\.rawValue))
        }
        os.keepPolicy = attemptOptional {
            try optionalChoice(&reader, "keepPolicy", IOSParameters.KeepPolicy.allCases.map(\.rawValue))
        }
        os.missedWhileOff = attemptOptional {
            try optionalChoice(&reader, "missedWhileOff", IOSParameters.MissedWhileOffPolicy.allCases.map(\.rawValue))
        }
        os.nonexistentTimePolicy = attemptOptional {
            try optionalChoice(&reader, "nonexistentTimePolicy", GapPolicy.allCases.map(\.rawValue))
        }
        os.deliveryDriftMs = attemptOptional {
            try optionalInteger(&reader, "deliveryDriftMs", 0...3_600_000, "milliseconds from 0 to 3600000")
        }
        os.refreshRunPercent = attemptOptional {
            try optionalInteger(&reader, "refreshRunPercent", 0...100, "a percentage from 0 to 100")
        }.map { Int($0) }
        return os
    }
}
