import DNSimCore
@testable import DNSimScenario
import Testing

/// The Android `setBatterySaver`, `setPowerAllowlist`, `setBackgroundRestricted` and `setScreen` steps.
struct PowerStepTests {
    static func scenario(platform: String = "android", steps: String) -> String {
        let device = platform == "android"
            ? #"{ "profile": "android-stock", "apiLevel": 34 }"# : #"{ "profile": "ios-default", "osVersion": 17 }"#
        return """
            { "id": "t/power", "title": "t", "platform": "\(platform)", "device": \(device),
              "timeZone": "Europe/Berlin", "start": "2026-03-02T08:00", "end": "2026-03-02T12:00",
              "steps": [ \(steps) ],
              "expected": { "os": "-", "plugin": "-", "checks": [ { "id": "c", "assert": "noErrors" } ] } }
            """
    }

    @Test func theStepsDecode() throws {
        let text = Self.scenario(
            steps: #"""
                { "at": "2026-03-02T08:00", "action": "setBatterySaver", "on": true },
                { "at": "2026-03-02T08:00", "action": "setPowerAllowlist", "allowlisted": false },
                { "at": "2026-03-02T08:00", "action": "setBackgroundRestricted", "restricted": true },
                { "at": "2026-03-02T08:00", "action": "setScreen", "on": false }
                """#)
        let scenario = try ScenarioDecoder(file: "t.json").decode(Array(text.utf8))
        #expect(
            scenario.steps.map(\.action) == [
                .setBatterySaver(true), .setPowerAllowlist(false), .setBackgroundRestricted(true), .setScreen(on: false),
            ])
    }

    @Test func badStepsAreRejected() {
        let cases: [(String, String, String)] = [
            ("android", #"{ "at": "2026-03-02T08:00", "action": "setBatterySaver", "enabled": true }"#,
             #"at /steps/0: expected a member "on""#),
            ("android", #"{ "at": "2026-03-02T08:00", "action": "setPowerAllowlist", "allowlisted": "yes" }"#,
             "at /steps/0/allowlisted: expected true or false"),
            ("ios", #"{ "at": "2026-03-02T08:00", "action": "setBatterySaver", "on": true }"#,
             #"found "setBatterySaver", which does not exist on ios"#),
            ("android", #"{ "at": "2026-03-02T08:00", "action": "setScreen", "enabled": false }"#,
             #"at /steps/0: expected a member "on""#),
            ("android", #"{ "at": "2026-03-02T08:00", "action": "setScreen", "on": "off" }"#,
             "at /steps/0/on: expected true or false"),
            ("ios", #"{ "at": "2026-03-02T08:00", "action": "setScreen", "on": false }"#,
             #"found "setScreen", which does not exist on ios"#),
        ]
        for (platform, step, message) in cases {
            do {
                _ = try ScenarioDecoder(file: "t.json").decode(Array(Self.scenario(platform: platform, steps: step).utf8))
                Issue.record("accepted \(step)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
}
