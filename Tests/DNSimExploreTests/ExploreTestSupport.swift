import DNSimCore
import DNSimExplore
import DNSimScenario
import Foundation

/// Shared fixtures of the exploration tests.
enum ExploreFixtures {
    /// The package root: this file is `Tests/DNSimExploreTests/ExploreTestSupport.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shipped templates, relative to the package root.
    static let shippedTemplates = ["explore/templates/android-week.json", "explore/templates/electron-week.json", "explore/templates/ios-week.json"]

    /// Decodes a template file of the package.
    static func template(at path: String) throws -> ExploreTemplate {
        let bytes = Array(try Data(contentsOf: packageRoot.appendingPathComponent(path)))
        return try ExploreTemplateDecoder(file: path).decode(bytes)
    }

    /// Decodes template text.
    static func template(_ text: String) throws(ScenarioError) -> ExploreTemplate {
        try ExploreTemplateDecoder(file: "t.json").decode(Array(text.utf8))
    }

    /// A quiet Android template (two slots, 07:30 and 21:00, three days in `zone`, no faults)
    /// whose device starts with or without SCHEDULE_EXACT_ALARM: without it, the plugin's
    /// alarms are windows (A5, A19).
    static func androidTwoSlots(exactAlarm: Bool, zone: String = "Europe/Berlin") throws(ScenarioError) -> ExploreTemplate {
        try template(
            """
            {
              "id": "test/android-two-slots", "title": "two slots", "platform": "android",
              "device": { "osVersions": [34], "profiles": ["android-stock"] },
              "zones": ["\(zone)"],
              "start": { "from": "2026-06-01", "to": "2026-06-01", "time": "07:00" },
              "spanDays": { "min": 3, "max": 3 },
              "slots": { "count": { "min": 2, "max": 2 }, "times": ["07:30", "21:00"] },
              "os": { "exactAlarmGranted": \(exactAlarm) }
            }
            """)
    }

    /// A template of `platform` with every fault kind of the platform switched on at `perWeek`.
    static func everything(_ platform: ScenarioPlatform, perWeek: Int = 10, days: Int = 7) -> String {
        let versions: String
        switch platform {
        case .android: versions = "[31, 34]"
        case .ios: versions = "[17]"
        case .electron: versions = "[33]"
        }
        let faults = FaultKind.allCases.filter { $0.platforms.contains(platform) }
            .map { "{ \"kind\": \"\($0.rawValue)\", \"perWeek\": \(perWeek), \"enabledPercent\": 100 }" }
            .joined(separator: ",\n    ")
        return """
            {
              "id": "test/\(platform.rawValue)-everything",
              "title": "every fault kind",
              "platform": "\(platform.rawValue)",
              "device": { "osVersions": \(versions) },
              "zones": ["Europe/London", "America/New_York"],
              "start": { "from": "2026-03-01", "to": "2026-11-30", "nearTransitionPercent": 50 },
              "spanDays": { "min": \(days), "max": \(days) },
              "slots": { "count": { "min": 1, "max": 3 }, "times": ["08:00", "01:30", "23:59"], "randomTimePercent": 20 },
              "faults": [
                \(faults)
              ]
            }
            """
    }
}
