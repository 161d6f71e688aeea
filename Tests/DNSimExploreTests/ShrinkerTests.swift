import DNSimCore
@testable import DNSimExplore
import DNSimPlugin
import DNSimScenario
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

    @Test func aFindingFileNameIsRecognisedAndNothingElse() {
        for name in ["ios-week-not-early-as-found-seed7.json", "android-power-week-liveness-stuck-corrected-seed15663.json",
            "x-ios-64-budget-directive-seed0.json"]
        {
            #expect(ShrunkScenario.isFileName(name), "\(name)")
        }
        for name in ["notes.json", "ios-week.json", "ios-week-not-early-as-found-seed.json", "ios-week-not-early-as-found-seed7.md",
            "not-early-as-found-seed7.json", "ios-week-not-early-bogus-seed7.json", "ios-week-not-early-as-found-seed7x.json"]
        {
            #expect(!ShrunkScenario.isFileName(name), "\(name)")
        }
    }

    @Test func ddminFindsAOneMinimalSubset() {
        var calls = 0
        let result = ddmin(Array(0..<64), budget: { true }) { subset in
            calls += 1
            return subset.contains(13) && subset.contains(42)
        }
        #expect(result == [13, 42])
        #expect(calls < 100)
    }

    /// The recorded example: seed 1 of the year world under `as-found` fails `loss-reported`
    /// (the first reboot clears the alarms, A1, and the as-found boot receiver re-arms nothing
    /// and reports nothing). The shrinker brings its 3 253 steps down to at most 20 that still
    /// fail the same invariant (measured in release: 4 steps in 21 runs, under a second).
    @Test func aOneYearFailureShrinksToAtMostTwentySteps() throws {
        let template = try ExploreFixtures.template(Self.yearTemplate)
        let world = WorldGenerator(template: template, version: "test").world(seed: 1)
        let original = try world.render(profile: .asFound)
        #expect(original.stepCount > 3000)
        let result = try ScenarioRunner.run(original.scenario, options: RunOptions(keepTrace: false))
        #expect(result.eventCount > 5000)
        #expect(InvariantChecker(world: original, result: result).judge().violation(of: .lossReported) != nil)

        let shrunk = Shrinker(profile: .asFound, invariant: .lossReported).shrink(world)
        guard let outcome = shrunk else {
            Issue.record("the world of seed 1 did not shrink")
            return
        }
        #expect(outcome.shrunkSteps <= 20)
        #expect(outcome.violation.invariant == .lossReported)
        #expect(outcome.world.faultDays < 10)

        // The file is a ready-to-commit scenario that fails for the same reason.
        let file = try #require(ShrunkScenario.file(outcome, profile: .asFound))
        #expect(file.name == "android-year-loss-reported-as-found-seed1.json", "named by the template (test/android-year)")
        let scenario = try ScenarioDecoder(file: file.name).decode(Array(file.text.utf8))
        #expect(scenario.id == "explore/findings/android-year-loss-reported-as-found-seed1")
        #expect(scenario.description.contains("Shrunk by dnsim explore from 3"))
        #expect(scenario.pluginExpected.contains("loss-reported"))
    }

    @Test func aWorldThatDoesNotFailIsNotShrunk() throws {
        var world = try InvariantTests.londonToNewYork()
        world.episodes = []
        #expect(Shrinker(profile: .corrected, invariant: .onePerSlotDate).shrink(world) == nil, "a world that holds must not shrink")
    }
}
