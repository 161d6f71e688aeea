import DNSimCore
import DNSimPlugin
import DNSimScenario

/// A fleet run: the devices of a spec (or of one shard of it), each an independent seeded world,
/// run under each profile and folded into a ``FleetTally`` as they finish, so memory does not
/// grow with the number of devices.
public struct Fleet: Sendable {
    /// The population.
    public var spec: FleetSpec
    /// Devices in the whole fleet.
    public var size: Int
    /// Which shard this run covers (1-based): device `i` belongs to shard `i % of + 1`.
    public var shard: (index: Int, of: Int)
    /// The profiles every device runs under.
    public var profiles: [PluginProfile]
    /// The fault phase of every device in days, or `nil` for each template's own span.
    public var days: Int?
    /// The dnsim version recorded in generated worlds.
    public var version: String
    /// The event guard of each run.
    public var maxEvents: Int
    /// Devices per chunk handed to the worker threads.
    public var chunkSize = 128
    /// How much of each run's result is built: what ``FleetDeviceCounts`` reads
    /// (``RunOptions/Scope/deliveries``); the counts are the same from a full result.
    var scope = RunOptions.Scope.deliveries

    /// Creates a fleet run.
    public init(
        spec: FleetSpec, size: Int, shard: (index: Int, of: Int) = (1, 1), profiles: [PluginProfile], days: Int?,
        version: String, maxEvents: Int = 2_000_000
    ) {
        self.spec = spec
        self.size = size
        self.shard = shard
        self.profiles = profiles
        self.days = days
        self.version = version
        self.maxEvents = maxEvents
    }

    /// The device indices this run covers, in order.
    public var deviceIndices: StrideTo<Int> { stride(from: shard.index - 1, to: size, by: shard.of) }

    /// The generator of each class, with the span overridden by ``days``.
    func generators() -> [WorldGenerator] {
        spec.classes.map { item in
            var template = item.template
            if let days { template.spanDays = days...days }
            return WorldGenerator(template: template, version: version)
        }
    }

    /// The world of device `index` (for replay: `dnsim fleet … --device N --emit`).
    public func world(ofDevice index: Int) -> World {
        generators()[spec.deviceClass(of: index)].world(seed: spec.deviceSeed(index))
    }

    /// Runs the devices on `jobs` threads; `progress` hears (devices done, devices in all).
    public func run(jobs: Int, progress: ((Int, Int)) -> Void = { _ in }) -> FleetTally {
        var tally = FleetTally(
            specID: spec.id, specDigest: spec.digest, days: days, profiles: profiles.map(\.rawValue), fleetSize: size,
            shard: shard)
        let indices = Array(deviceIndices)
        let generators = generators()
        var done = 0
        while done < indices.count {
            let count = min(chunkSize, indices.count - done)
            let first = done
            let chunk = IndexedParallelMap.map(count: count, jobs: jobs) { offset -> [FleetTally.Group] in
                let device = indices[first + offset]
                let classIndex = spec.deviceClass(of: device)
                let world = generators[classIndex].world(seed: spec.deviceSeed(device))
                return runDevice(device, world: world, className: spec.classes[classIndex].name)
            }
            for groups in chunk { for group in groups { tally.add(group) } }
            done += count
            progress((done, indices.count))
        }
        return tally
    }

    /// One device under every profile, counted.
    ///
    /// The world is written out as a scenario once: the profiles' scenarios differ only in their
    /// policy (``Scenario/with(profile:seed:)``, as `dnsim matrix` plays a scenario under each).
    func runDevice(_ device: Int, world: World, className: String) -> [FleetTally.Group] {
        guard let first = profiles.first else { return [] }
        let rendered = Result { () throws(ScenarioError) -> Scenario in try world.scenario(profile: first) }
        return profiles.map { profile in
            var group = FleetTally.Group(profile: profile.rawValue, deviceClass: className, platform: world.platform.rawValue)
            group.devices = 1
            do {
                let scenario = profile == first ? try rendered.get() : try rendered.get().with(profile: profile)
                let result = try ScenarioRunner.run(scenario, options: RunOptions(keepTrace: false, maxEvents: maxEvents, scope: scope))
                FleetDeviceCounts.count(result, device: device, into: &group)
            } catch {
                group.errors = 1
            }
            return group
        }
    }
}
