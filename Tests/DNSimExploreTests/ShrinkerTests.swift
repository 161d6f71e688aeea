import DNSimCore
@testable import DNSimExplore
import DNSimPlugin
import DNSimScenario
import Foundation
import Testing

@Suite("Shrinking")
struct ShrinkerTests {
    /// A year of busy faults on Android: about 3 250 steps and 8 000 engine events per run.
    static let yearTemplate = """
        {
          "id": "test/android-year", "title": "Android: a year of faults", "platform": "android",
          "device": { "osVersions": [34], "profiles": ["android-stock"] },
          "zones": ["Europe/Berlin"],
          "start": { "from": "2026-01-05", "to": "2026-01-05", "time": "07:00" },
          "spanDays": { "min": 362, "max": 362 },
          "slots": { "count": { "min": 3, "max": 3 }, "times": ["08:00", "13:00", "20:30"] },
          "swarmPercent": 100,
          "os": { "exactAlarmGranted": true },
          "faults": [
            { "kind": "reboot", "perWeek": 8 },
            { "kind": "swipeFromRecents", "perWeek": 8 },
            { "kind": "killProcess", "perWeek": 8 },
            { "kind": "appLaunch", "perWeek": 14 },
            { "kind": "deviceIdle", "perWeek": 10, "duration": { "min": "30m", "max": "8h" } },
            { "kind": "network", "perWeek": 3, "duration": { "min": "10m", "max": "6h" } },
            { "kind": "ntpJitter", "perWeek": 8 },
            { "kind": "forceStop", "perWeek": 1 }
          ]
        }
        """

    @Test func ddminFindsAOneMinimalSubset() {
        var calls = 0
        let result = ddmin(Array(0..<64), budget: { true }) { subset in
            calls += 1
            return subset.contains(13) && subset.contains(42)
        }
        #expect(result == [13, 42])
        #expect(calls < 100)
    }

    /// The recorded example: seed 1 of the year world under `directive` fails `not-early` (the
    /// seeds' +24 h rollover shows 20:30 an hour early after the October DST change, S1). The
    /// shrinker brings its 3 253 steps down to at most 20 that still fail the same invariant.
    @Test func aOneYearFailureShrinksToAtMostTwentySteps() throws {
        // Recorded against the directive preset before issue 11 corrected it: directive Android
        // no longer uses the +24 h rollover (seed 003 is iOS-only), so this world no longer fails
        // not-early. The example must be re-recorded (an iOS year) against the corrected presets.
        try withKnownIssue("example recorded against the pre-issue-11 directive preset") {
            try shrinkTheRecordedYear()
        }
    }

    private func shrinkTheRecordedYear() throws {
        let template = try ExploreFixtures.template(Self.yearTemplate)
        let world = WorldGenerator(template: template, version: "test").world(seed: 1)
        let original = try world.render(profile: .directive)
        #expect(original.stepCount > 3000)
        let result = try ScenarioRunner.run(original.scenario, options: RunOptions(keepTrace: false))
        #expect(result.eventCount > 7000)
        #expect(InvariantChecker(world: original, result: result).judge().violation(of: .notEarly) != nil)

        let started = ContinuousClock.now
        let shrunk = Shrinker(profile: .directive, invariant: .notEarly).shrink(world)
        let elapsed = ContinuousClock.now - started
        guard let outcome = shrunk else {
            Issue.record("the world of seed 1 did not shrink")
            return
        }
        #expect(outcome.shrunkSteps <= 20)
        #expect(outcome.violation.invariant == .notEarly)
        #expect(outcome.world.faultDays < 10)
        // Debug builds are about 20× slower than release (where this takes a few seconds).
        #expect(elapsed < .seconds(600))

        // The file is a ready-to-commit scenario that fails for the same reason.
        let file = try #require(ShrunkScenario.file(outcome, profile: .directive))
        #expect(file.name == "android-not-early-directive-seed1.json")
        let scenario = try ScenarioDecoder(file: file.name).decode(Array(file.text.utf8))
        #expect(scenario.id == "explore/findings/android-not-early-directive-seed1")
        #expect(scenario.description.contains("Shrunk by dnsim explore from 3"))
        #expect(scenario.pluginExpected.contains("not-early"))
    }

    @Test func aWorldThatDoesNotFailIsNotShrunk() throws {
        var world = try InvariantTests.londonToNewYork()
        world.episodes = []
        #expect(Shrinker(profile: .corrected, invariant: .onePerSlotDate).shrink(world) == nil, "a world that holds must not shrink")
    }
}
