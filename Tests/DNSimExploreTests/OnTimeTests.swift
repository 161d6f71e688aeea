import DNSimCore
@testable import DNSimExplore
import DNSimPlugin
import DNSimScenario
import Testing

/// "On time" is seed 004's "±1 m with the exact permission, else ±10 m", for the fleet's KPI
/// and the judge's liveness phase alike.
@Suite("On time")
struct OnTimeTests {
    /// A run of ``ExploreFixtures/androidTwoSlots(exactAlarm:zone:)`` with `steps` added as one episode.
    static func run(exactAlarm: Bool, steps: [(SimDuration, String)] = [], seed: UInt64) throws -> RunResult {
        let template = try ExploreFixtures.androidTwoSlots(exactAlarm: exactAlarm, zone: "America/New_York")
        var world = WorldGenerator(template: template, version: "test").world(seed: seed)
        world.enabledKinds = steps.isEmpty ? [] : [.exactAlarm]
        world.episodes =
            steps.isEmpty
            ? [] : [.init(kind: .exactAlarm, steps: steps.map { .init(at: world.startInstant + $0.0, action: .step(["action": .string($0.1)])) })]
        return try ScenarioRunner.run(try world.render(profile: .corrected).scenario, options: RunOptions(keepTrace: false))
    }

    @Test func withoutThePermissionAWindowedDeliveryIsOnTimeWithinTenMinutes() throws {
        var late = 0
        for seed in 1...4 as ClosedRange<UInt64> {
            let result = try Self.run(exactAlarm: false, seed: seed)
            var group = FleetTally.Group(profile: "corrected", deviceClass: "c", platform: "android")
            FleetDeviceCounts.count(result, device: 0, into: &group)
            let planned = result.deliveries.filter { $0.plannedAt != nil }
            late += planned.filter { ($0.latenessMs ?? 0) > OnTime.exactMillis }.count
            #expect(group.delivered == planned.count)
            #expect(group.onTime == planned.filter { ($0.latenessMs ?? 0) <= OnTime.windowedMillis }.count)
        }
        // Windowed alarms did fire more than a minute late: the ten minutes were needed.
        #expect(late > 0)
    }

    @Test func theToleranceFollowsGrantsAndRevokes() throws {
        let result = try Self.run(exactAlarm: true, steps: [(.days(1), "revokeExactAlarm"), (.days(2), "grantExactAlarm")], seed: 1)
        let start = result.scenario.startInstant
        let onTime = OnTime(result)
        #expect(onTime.toleranceMillis(at: start + .hours(12)) == OnTime.exactMillis)
        #expect(onTime.toleranceMillis(at: start + .days(1) + .hours(12)) == OnTime.windowedMillis)
        #expect(onTime.toleranceMillis(at: start + .days(2) + .hours(12)) == OnTime.exactMillis)
        #expect(try OnTime(Self.run(exactAlarm: false, seed: 1)).toleranceMillis(at: start) == OnTime.windowedMillis)
    }
}
