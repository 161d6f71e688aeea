import DNSimCore
import DNSimPlugin
import DNSimScenario
import Testing

/// ``ScenarioBatch`` and ``IndexedParallelMap``: results in list order and the same first
/// failure for any number of jobs.
struct ScenarioBatchTests {
    /// The minimal scenario, and a longer run of it (more days, so more engine events).
    static func scenarios() throws -> (short: Scenario, long: Scenario) {
        let decoder = ScenarioDecoder(file: MinimalScenario.file)
        let short = try decoder.decode(Array(MinimalScenario.text.utf8))
        let longText = try #require(
            MinimalScenario.text(applying: [.init(old: #""end": "2026-03-27T08:00""#, new: #""end": "2026-04-27T08:00""#)]))
        let long = try decoder.decode(Array(longText.utf8))
        return (short, long)
    }

    @Test(arguments: [1, 2, 3, 8])
    func resultsComeBackInListOrderWhateverTheJobCount(_ jobs: Int) throws {
        let (short, long) = try Self.scenarios()
        let list = [short, long, short.with(profile: .asFound), long.with(seed: 99), short.with(profile: .directive)]
        let sequential = try list.map { try ScenarioRunner.run($0) }
        let batch = try ScenarioBatch(list).run(jobs: jobs)
        #expect(batch.map(\.scenario.id) == sequential.map(\.scenario.id))
        #expect(batch.map(\.scenario.profile) == sequential.map(\.scenario.profile))
        #expect(batch.map(\.traceDigest) == sequential.map(\.traceDigest))
        #expect(batch.map(\.eventCount) == sequential.map(\.eventCount))
        #expect(batch.map(\.passed) == sequential.map(\.passed))
    }

    @Test(arguments: [1, 2, 4])
    func theFirstFailureInListOrderIsReportedWhateverTheJobCount(_ jobs: Int) throws {
        let (short, long) = try Self.scenarios()
        let shortEvents = try ScenarioRunner.run(short).eventCount
        let longEvents = try ScenarioRunner.run(long).eventCount
        try #require(longEvents > shortEvents)
        // Enough for the short run, not for the long one.
        let options = RunOptions(maxEvents: shortEvents)
        let list = [short, short, long, short, long.with(seed: 5), short]
        do {
            _ = try ScenarioBatch(list, options: options).run(jobs: jobs)
            Issue.record("the batch did not fail")
        } catch {
            #expect(error.index == 2)
            #expect(error.scenario.id == long.id && error.scenario.seed == long.seed)
            guard case .eventLimitExceeded(let limit, _)? = error.error as? SimulationError else {
                Issue.record("expected the event guard, found \(error.error)")
                return
            }
            #expect(limit == shortEvents)
            #expect(error.description.hasPrefix("test/minimal under corrected: the simulation stopped: "))
        }
    }

    @Test func anEmptyBatchRunsNothing() throws {
        #expect(try ScenarioBatch([]).run(jobs: 4).isEmpty)
    }

    @Test(arguments: [1, 2, 7, 64])
    func theIndexedMapReturnsEveryIndexInOrder(_ jobs: Int) {
        for count in [0, 1, 2, 5, 1000] {
            #expect(IndexedParallelMap.map(count: count, jobs: jobs) { $0 * $0 } == (0..<count).map { $0 * $0 })
        }
    }
}
