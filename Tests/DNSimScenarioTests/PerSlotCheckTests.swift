import DNSimCore
import DNSimScenario
import Testing

/// The per-slot variants of the time and delivery checks: with `slot`, a check looks at that
/// slot's occurrences only, so a multi-slot scenario can assert each slot's wall time.
struct PerSlotCheckTests {
    /// Two slots, 09:00 (`daily-0900`) and 21:00 (`evening`), two days, every check per slot.
    static let text = """
        {
          "id": "test/per-slot",
          "title": "Per-slot checks",
          "platform": "android",
          "device": { "apiLevel": 34 },
          "timeZone": "Europe/Berlin",
          "start": "2026-03-25T08:00",
          "end": "2026-03-27T08:00",
          "os": { "exactAlarmGranted": true },
          "steps": [
            { "at": "2026-03-25T08:00", "action": "launchApp" },
            { "after": "1m", "action": "scheduleDailyNotification", "time": "09:00" },
            { "after": "1m", "action": "scheduleDailyNotification", "time": "21:00", "id": "evening" }
          ],
          "expected": {
            "os": "OS", "plugin": "Plugin",
            "checks": [
              { "id": "all-at-0900", "assert": "deliveredAtLocalTime", "time": "09:00" },
              { "id": "mornings-at-0900", "assert": "deliveredAtLocalTime", "time": "09:00", "slot": "daily-0900" },
              { "id": "evenings-at-2100", "assert": "deliveredAtLocalTime", "time": "21:00", "slot": "evening" },
              { "id": "evenings-on-time", "assert": "maxLatenessMs", "value": 0, "slot": "evening" },
              { "id": "no-evening-missed", "assert": "missedCount", "equals": 0, "slot": "evening" },
              { "id": "no-morning-suppressed", "assert": "suppressedCount", "equals": 0, "slot": "daily-0900" },
              { "id": "no-morning-skipped", "assert": "skippedCount", "equals": 0, "slot": "daily-0900" },
              { "id": "two-evenings", "assert": "deliveryCount", "equals": 2, "slot": "evening" }
            ]
          }
        }
        """

    @Test func eachSlotDecodesIntoItsAssertion() throws {
        let scenario = try ScenarioDecoder(file: "per-slot.json").decode(Array(Self.text.utf8))
        #expect(scenario.checks.map(\.assertion.slot) == [nil, "daily-0900", "evening", "evening", "evening", "daily-0900", "daily-0900", "evening"])
    }

    @Test func aPerSlotTimeCheckHoldsWhereTheAllSlotsOneCannot() throws {
        let scenario = try ScenarioDecoder(file: "per-slot.json").decode(Array(Self.text.utf8))
        let result = try ScenarioRunner.run(scenario)
        let outcomes = Dictionary(uniqueKeysWithValues: result.expectations.map { ($0.id, $0) })
        #expect(result.deliveries.count == 4)
        #expect(outcomes["all-at-0900"]?.passed == false)
        #expect(outcomes["all-at-0900"]?.observed.hasPrefix("2 of 4 not at 09:00 local: ") == true)
        for id in ["mornings-at-0900", "evenings-at-2100", "evenings-on-time", "no-evening-missed", "no-morning-suppressed",
            "no-morning-skipped", "two-evenings"]
        {
            #expect(outcomes[id]?.passed == true, "\(id): \(outcomes[id]?.observed ?? "missing")")
        }
        #expect(outcomes["mornings-at-0900"]?.observed == "all 2 of slot daily-0900 shown at 09:00 local")
        #expect(outcomes["evenings-on-time"]?.observed == "none late of slot evening (limit 0 ms)")
        #expect(outcomes["two-evenings"]?.observed == "2 notifications shown of slot evening (expected = 2)")
    }
}
