import DNSimCore
@testable import DNSimExplore
import DNSimPlugin
import DNSimScenario
import Testing

/// `World.scenario(profile:)` (the steps handed to the decoder with their instants) gives the
/// scenario `World.render(profile:)` decodes from the written file.
@Suite("World scenario without the file")
struct WorldScenarioTests {
    /// The fields of a scenario, compared one by one (`Scenario` is not `Equatable`).
    static func expectSame(_ fast: Scenario, _ file: Scenario, _ context: String) {
        #expect(fast.id == file.id, "\(context)")
        #expect(fast.title == file.title, "\(context)")
        #expect(fast.description == file.description, "\(context)")
        #expect(fast.row == file.row, "\(context)")
        #expect(fast.platform == file.platform, "\(context)")
        #expect(fast.deviceProfile == file.deviceProfile, "\(context)")
        #expect(fast.osVersion == file.osVersion, "\(context)")
        // The zone: `startInstant` and every step time are read in it.
        #expect(fast.start == file.start, "\(context)")
        #expect(fast.startInstant == file.startInstant, "\(context)")
        #expect(fast.endInstant == file.endInstant, "\(context)")
        #expect(fast.seed == file.seed, "\(context)")
        #expect(fast.policy == file.policy, "\(context)")
        #expect(fast.plugin == file.plugin, "\(context)")
        #expect(fast.os == file.os, "\(context)")
        #expect(fast.server == file.server, "\(context)")
        #expect(fast.osExpected == file.osExpected, "\(context)")
        #expect(fast.pluginExpected == file.pluginExpected, "\(context)")
        #expect(fast.checks.count == file.checks.count, "\(context)")
        #expect(fast.expectedFindings == file.expectedFindings, "\(context)")
        #expect(fast.steps.count == file.steps.count, "\(context)")
        for (a, b) in zip(fast.steps, file.steps) {
            #expect(a.at == b.at, "\(context) \(b.pointer)")
            #expect(a.action == b.action, "\(context) \(b.pointer)")
            #expect(a.pointer == b.pointer, "\(context) \(b.pointer)")
        }
    }

    static func expectSameScenarios(_ template: ExploreTemplate, seeds: ClosedRange<UInt64>) throws {
        let generator = WorldGenerator(template: template, version: "test")
        for seed in seeds {
            let world = generator.world(seed: seed)
            // Written once under the first profile and swapped to each (as fleet and explore do).
            let writtenOnce = try world.render(profile: PluginProfile.allCases[0])
            let scenarioOnce = try world.scenario(profile: PluginProfile.allCases[0])
            for profile in PluginProfile.allCases {
                let fast = try world.scenario(profile: profile)
                let rendered = try world.render(profile: profile)
                let file = rendered.scenario
                let context = "\(template.id) seed \(seed) \(profile.rawValue)"
                expectSame(fast, file, context)
                let swapped = writtenOnce.with(profile: profile)
                expectSame(swapped.scenario, file, context + " (swapped)")
                expectSame(scenarioOnce.with(profile: profile), file, context + " (scenario swapped)")
                #expect(swapped.text == rendered.text, "\(context)")
                let options = RunOptions(keepTrace: false)
                let digest = try ScenarioRunner.run(file, options: options).traceDigest
                #expect(try ScenarioRunner.run(fast, options: options).traceDigest == digest)
                #expect(try ScenarioRunner.run(swapped.scenario, options: options).traceDigest == digest)
            }
        }
    }

    @Test(arguments: ExploreFixtures.shippedTemplates)
    func theShippedTemplatesGiveTheSameScenario(_ path: String) throws {
        try Self.expectSameScenarios(try ExploreFixtures.template(at: path), seeds: 1...12)
    }

    @Test(arguments: ScenarioPlatform.allCases)
    func everyFaultKindGivesTheSameScenario(_ platform: ScenarioPlatform) throws {
        // Every kind, often, over a long span: clock steps, reinstalls, reboots and zone changes
        // that leave times only `after` can write.
        try Self.expectSameScenarios(try ExploreFixtures.template(ExploreFixtures.everything(platform, perWeek: 20, days: 60)), seeds: 1...6)
    }

    @Test func pendingStepsSortByTimeThenOrder() {
        let base = SimInstant.epoch
        var items = [(base + .seconds(5), 0), (base + .seconds(1), 1), (base + .seconds(5), 2), (base, 3), (base + .seconds(1), 4)]
        World.sortByTime(&items) { $0 }
        #expect(items.map(\.1) == [3, 1, 4, 0, 2])
        var sorted = [(base, 0), (base, 1), (base + .seconds(1), 2)]
        World.sortByTime(&sorted) { $0 }
        #expect(sorted.map(\.1) == [0, 1, 2])
        // Every shape of permutation (cycles of every length, fixed points, ties broken by the
        // number) lands where a plain sort puts it.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for count in 0..<60 {
            var shuffled = (0..<count).map { (base + .seconds(Int64(next(max(1, count / 3)))), $0) }
            let expected = shuffled.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.1)
            for index in shuffled.indices.reversed() { shuffled.swapAt(index, next(index + 1)) }
            World.sortByTime(&shuffled) { $0 }
            #expect(shuffled.map(\.1) == expected, "\(count)")
        }
    }
}
