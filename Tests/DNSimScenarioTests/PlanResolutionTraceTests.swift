import DNSimCore
import DNSimScenario
import Testing

/// The plan's `plan.wallTimeResolved` records (T6): one for each planned occurrence whose wall
/// time the zone skips or repeats, however far from the change the slot was set up, and none
/// for the other days.
struct PlanResolutionTraceTests {
    /// A 02:30 slot set up on 10 March in Berlin and run to November: 02:30 does not exist on
    /// 29 March (spring forward) and comes twice on 25 October (fall back).
    static let text = """
        {
          "id": "test/plan-resolutions",
          "title": "Plan: wall times the zone skips or repeats",
          "platform": "electron",
          "device": { "profile": "electron-macos", "electronVersion": 30 },
          "timeZone": "Europe/Berlin",
          "start": "2026-03-10T08:00",
          "end": "2026-11-05T08:00",
          "plugin": { "profile": "corrected" },
          "steps": [
            { "at": "2026-03-10T08:00", "action": "launchApp" },
            { "after": "1m", "action": "scheduleDailyNotification", "time": "02:30" }
          ],
          "expected": { "os": "OS", "plugin": "Plugin", "checks": [ { "id": "n", "assert": "noErrors" } ] }
        }
        """

    @Test func eachSkippedOrRepeatedWallTimeIsRecordedOnce() throws {
        let scenario = try ScenarioDecoder(file: "plan-resolutions.json").decode(Array(Self.text.utf8))
        let result = try ScenarioRunner.run(scenario)
        let resolved = result.trace.filter { $0.kind == "plan.wallTimeResolved" }
        #expect(resolved.map { $0.detail("localDate") } == ["2026-03-29", "2026-10-25"])
        #expect(resolved.map { $0.detail("resolution") } == ["gap of 3600 s: shifted forward", "fold: earlier offset"])
    }
}
