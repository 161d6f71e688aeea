import DNSimPlugin
import DNSimScenario
import Testing

/// `dnsim ablate`'s engine on the Electron catalogue (7 scenarios, a handful of decisions).
struct DecisionAblationTests {
    static func electron() throws -> [Scenario] {
        try BundledScenarios.paths.filter { $0.hasPrefix("scenarios/electron/") }.map(BundledScenarios.decode)
    }

    @Test func theFixSetMakesEveryRowPassAndIsProvenMinimal() throws {
        let scenarios = try Self.electron()
        let report = try DecisionAblation(from: .preset(.asFound), to: .preset(.corrected), scenarios: scenarios).run()
        #expect(report.failingTo.isEmpty)
        #expect(report.decisions.allSatisfy { $0.decision.platform == "electron" || $0.necessaryFor.isEmpty })
        let electron = try #require(report.platforms.first { $0.platform == "electron" })
        guard case .exhaustive = electron.proof else {
            Issue.record("expected an exhaustive proof, got \(electron.proof)")
            return
        }
        #expect(electron.passingTo == electron.rows)
        #expect(electron.steps.last?.passingAfter == electron.rows)
        // Playing the fix set from as-found passes every row.
        var policy = PluginPolicy.preset(.asFound)
        for key in electron.steps.flatMap(\.keys) {
            let decision = try #require(PluginPolicy.decision(key))
            decision.set(decision.value(in: .preset(.corrected)), in: &policy)
        }
        let results = try ScenarioBatch(scenarios.map { $0.with(policy: policy) }).run()
        let failing = results.filter { !$0.passed }.map(\.scenario.id)
        #expect(failing.isEmpty, "\(failing)")
    }

    @Test func aDecisionIsNecessaryForTheRowsThatFailWithoutIt() throws {
        let scenarios = try Self.electron()
        let report = try DecisionAblation(from: .preset(.asFound), to: .preset(.corrected), scenarios: scenarios).run()
        let grace = try #require(report.decisions.first { $0.decision.key == "electron.missedGraceMinutes" })
        #expect(grace.necessaryFor.contains("electron/sleep-across-slot"))
        #expect(grace.fixesAlone.contains("electron/sleep-across-slot"))
        #expect(grace.fromValue == "0" && grace.toValue == "5")
        #expect(grace.claimsWithout == ["S30"])
    }

    @Test func theSameReportForAnyNumberOfJobs() throws {
        let scenarios = try Self.electron()
        let one = try DecisionAblation(from: .preset(.directive), to: .preset(.corrected), scenarios: scenarios, jobs: 1).run()
        let two = try DecisionAblation(from: .preset(.directive), to: .preset(.corrected), scenarios: scenarios, jobs: 2).run()
        #expect(one.platforms.map { $0.steps.map(\.keys) } == two.platforms.map { $0.steps.map(\.keys) })
        #expect(one.decisions.map(\.necessaryFor) == two.decisions.map(\.necessaryFor))
    }
}
