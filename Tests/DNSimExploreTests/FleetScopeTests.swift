import DNSimCore
@testable import DNSimExplore
import DNSimPlugin
import DNSimScenario
import Foundation
import Testing

/// A fleet builds only the part of each result its counts read (``RunOptions/Scope/deliveries``):
/// the counts must be those of full results.
struct FleetScopeTests {
    /// The bundled population, decoded from `fleet/default.json`.
    static func bundledSpec() throws -> FleetSpec {
        let root = ExploreFixtures.packageRoot
        let bytes = Array(try Data(contentsOf: root.appendingPathComponent("fleet/default.json")))
        return try FleetSpecDecoder(file: "fleet/default.json").decode(bytes) { path in
            guard let data = try? Data(contentsOf: root.appendingPathComponent(path)) else {
                return .failure(ScenarioError(file: path, kind: .unreadable, expected: "a readable file", found: "nothing"))
            }
            return .success(Array(data))
        }
    }

    /// A device's world is written out once and played under each profile: the counts are
    /// those of the world written out for each profile.
    @Test func aWorldWrittenOnceCountsAsAWorldWrittenPerProfile() throws {
        let fleet = Fleet(spec: try Self.bundledSpec(), size: 30, profiles: PluginProfile.allCases, days: 5, version: "test")
        var compared = 0
        for device in 0..<fleet.size {
            let world = fleet.world(ofDevice: device)
            let className = fleet.spec.classes[fleet.spec.deviceClass(of: device)].name
            let groups = fleet.runDevice(device, world: world, className: className)
            for (profile, group) in zip(fleet.profiles, groups) {
                var expected = FleetTally.Group(profile: profile.rawValue, deviceClass: className, platform: world.platform.rawValue)
                expected.devices = 1
                let result = try ScenarioRunner.run(
                    try world.scenario(profile: profile), options: RunOptions(keepTrace: false, scope: .deliveries))
                FleetDeviceCounts.count(result, device: device, into: &expected)
                #expect(group == expected, "device \(device) under \(profile.rawValue)")
                compared += 1
            }
        }
        #expect(compared == 30 * PluginProfile.allCases.count)
    }

    @Test func aDeviceCountsTheSameFromADeliveriesResultAsFromAFullOne() throws {
        let lean = Fleet(spec: try Self.bundledSpec(), size: 48, profiles: PluginProfile.allCases, days: 10, version: "test")
        var full = lean
        full.scope = .full
        #expect(lean.scope == .deliveries)
        var platforms: Set<String> = []
        var delivered = 0
        for device in 0..<lean.size {
            let world = lean.world(ofDevice: device)
            let className = lean.spec.classes[lean.spec.deviceClass(of: device)].name
            let leanGroups = lean.runDevice(device, world: world, className: className)
            let fullGroups = full.runDevice(device, world: world, className: className)
            #expect(leanGroups == fullGroups, "device \(device)")
            platforms.insert(world.platform.rawValue)
            delivered += leanGroups.map(\.delivered).reduce(0, +)
        }
        // The sample covers every platform and delivers something (the comparison is not empty).
        #expect(platforms == ["android", "ios", "electron"])
        #expect(delivered > 0)
    }
}
