import DNSimPlatforms
import DNSimPlugin
import DNSimScenario
import Testing

/// Every catalogued OS rule is written by the code path that decides it: some bundled scenario,
/// under some plugin policy, writes it into its trace. A rule no bundled scenario emits is
/// either dead (leave the catalogue) or untested (add a scenario).
struct RuleCoverageTests {
    @Test("Rule ids are unique across the catalogues, and the whole catalogue is the four in order")
    func ruleIDsAreUnique() {
        let ids = OSRule.catalogue.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids == (OSRule.androidCatalogue + OSRule.iosCatalogue + OSRule.electronCatalogue + OSRule.timeCatalogue).map(\.id))
    }

    @Test("Every catalogued rule (Android, iOS, Electron, time libraries) is emitted by a bundled scenario")
    func everyCataloguedRuleIsEmitted() throws {
        var emitted: Set<String> = []
        // The presets, plus decisions no preset takes any more but a plugin can: seed 003's +24 h
        // on Android and Electron (java.time instant arithmetic, T7) and a fixed week of iOS
        // requests that overfills the 64 (I1).
        var seedRolloverEverywhere = PluginPolicy.preset(.directive)
        seedRolloverEverywhere.name = "directive-add24h-everywhere"
        seedRolloverEverywhere.android.rollover = .add24Hours
        seedRolloverEverywhere.electron.rollover = .add24Hours
        var fixedWeek = PluginPolicy.preset(.directive)
        fixedWeek.name = "directive-fixed-week"
        fixedWeek.ios.windowDays = 7
        fixedWeek.ios.windowSizing = .fixed
        let policies = PluginProfile.allCases.map { PluginPolicy.preset($0) } + [seedRolloverEverywhere, fixedWeek]
        for path in BundledScenarios.paths {
            let scenario = try BundledScenarios.decode(path)
            for policy in policies {
                let result = try ScenarioRunner.run(scenario.with(policy: policy))
                emitted.formUnion(result.ruleCounts.keys)
            }
        }
        let catalogue = OSRule.catalogue
        // Rules only the platform scenarios (scenarios/platform/, the scripted test app) reach;
        // this list shrinks to nothing as those land.
        let pending: Set<String> = [
            "A3", "A4", "A6", "A8", "A9", "A10", "A13", "A19", "A21", "A22", "A24", "A45", "A46", "A47", "A51", "A54",
            "A57", "I2", "I12", "I17", "T4",
        ]
        let silent = catalogue.map(\.id).filter { !emitted.contains($0) && !pending.contains($0) }
        #expect(silent.isEmpty, "catalogued rules no bundled scenario emits: \(silent)")
        let unknown = emitted.subtracting(catalogue.map(\.id)).sorted()
        #expect(unknown.isEmpty, "rule ids written into traces but not catalogued: \(unknown)")
    }
}
