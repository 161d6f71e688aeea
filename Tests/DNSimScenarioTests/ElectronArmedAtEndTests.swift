import DNSimScenario
import Testing

/// What an Electron run reports armed at its end: each slot's notification timer the running
/// process holds, named `slot@localDate` (its T–lead prefetch timer is not an armed occurrence).
struct ElectronArmedAtEndTests {
    /// Two slots, one with a `|` in its id, set up on a Monday morning and left running until
    /// the 09:00 one's T–lead prefetch timer has fired and its notification timer has not.
    static let text = """
        {
          "id": "test/electron-armed",
          "title": "Electron: armed at the end",
          "platform": "electron",
          "device": { "profile": "electron-macos", "electronVersion": 30 },
          "timeZone": "Europe/Berlin",
          "start": "2026-10-05T08:00",
          "end": "2026-10-06T08:57",
          "plugin": { "profile": "corrected" },
          "steps": [
            { "at": "2026-10-05T08:00", "action": "launchApp" },
            { "after": "1m", "action": "scheduleDailyNotification", "time": "09:00" },
            { "after": "1m", "action": "scheduleDailyNotification", "time": "21:00", "id": "eve|ning" }
          ],
          "expected": { "os": "OS", "plugin": "Plugin", "checks": [ { "id": "n", "assert": "noErrors" } ] }
        }
        """

    @Test func theNotificationTimersAreTheArmedOccurrences() throws {
        let scenario = try ScenarioDecoder(file: "electron-armed.json").decode(Array(Self.text.utf8))
        let result = try ScenarioRunner.run(scenario)
        #expect(result.deliveries.count == 2)
        #expect(result.armedOccurrencesAtEnd.sorted() == ["daily-0900@2026-10-06", "eve|ning@2026-10-06"])
        #expect(result.armedAtEnd == 2)
        #expect(result.unarmedAtEnd.isEmpty && result.strayArmedAtEnd.isEmpty)
    }
}
