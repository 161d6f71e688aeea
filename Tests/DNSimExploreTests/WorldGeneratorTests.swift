import DNSimCore
@testable import DNSimExplore
import DNSimPlugin
import DNSimScenario
import Testing

@Suite("World generation")
struct WorldGeneratorTests {
    @Test func theSameSeedGivesTheSameScenarioBytes() throws {
        let template = try ExploreFixtures.template(at: "explore/templates/ios-week.json")
        let generator = WorldGenerator(template: template, version: "test")
        for seed in [1, 2, 99] as [UInt64] {
            let a = try generator.world(seed: seed).render(profile: .corrected).text
            let b = try WorldGenerator(template: template, version: "test").world(seed: seed).render(profile: .corrected).text
            #expect(a == b)
        }
        #expect(try generator.world(seed: 1).render(profile: .corrected).text != generator.world(seed: 2).render(profile: .corrected).text)
    }

    @Test(arguments: ScenarioPlatform.allCases)
    func everyFaultKindGivesValidScenarios(_ platform: ScenarioPlatform) throws {
        let template = try ExploreFixtures.template(ExploreFixtures.everything(platform))
        let generator = WorldGenerator(template: template, version: "test")
        var kinds: Set<FaultKind> = []
        for seed in 1...40 as ClosedRange<UInt64> {
            let world = generator.world(seed: seed)
            for episode in world.episodes { kinds.insert(episode.kind) }
            // Decoding is part of rendering: a step the platform lacks would throw here.
            for profile in PluginProfile.allCases { _ = try world.render(profile: profile) }
        }
        #expect(kinds == Set(FaultKind.allCases.filter { $0.platforms.contains(platform) }))
    }

    @Test func theFileRecordsTemplateDigestSeedAndVersion() throws {
        let template = try ExploreFixtures.template(at: "explore/templates/android-week.json")
        let rendered = try WorldGenerator(template: template, version: "9.9.9").world(seed: 7).render(profile: .directive)
        let description = rendered.scenario.description
        #expect(description.contains("template explore/android-week (digest \(template.digest)), seed 7"))
        #expect(description.contains("dnsim 9.9.9"))
        #expect(rendered.scenario.seed == 7)
        #expect(rendered.scenario.profile == .directive)
        #expect(rendered.text.hasSuffix("}\n"))
    }

    @Test func aWorldReplaysFromItsFileAlone() throws {
        let template = try ExploreFixtures.template(at: "explore/templates/electron-week.json")
        let rendered = try WorldGenerator(template: template, version: "test").world(seed: 11).render(profile: .corrected)
        let reread = try ScenarioDecoder(file: "replay.json").decode(Array(rendered.text.utf8))
        let options = RunOptions(keepTrace: false)
        #expect(try ScenarioRunner.run(reread, options: options).traceDigest == ScenarioRunner.run(rendered.scenario, options: options).traceDigest)
    }

    @Test func theSwarmSwitchesKindsOffInSomeWorlds() throws {
        let template = try ExploreFixtures.template(at: "explore/templates/ios-week.json")
        let generator = WorldGenerator(template: template, version: "test")
        let worlds = (1...30 as ClosedRange<UInt64>).map { generator.world(seed: $0) }
        #expect(worlds.contains { $0.disabledKinds.contains(.reboot) })
        #expect(worlds.contains { $0.enabledKinds.contains(.reboot) })
        for world in worlds { #expect(Set(world.enabledKinds).isDisjoint(with: world.disabledKinds)) }
    }
}
