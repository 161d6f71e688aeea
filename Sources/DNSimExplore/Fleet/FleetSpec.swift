import DNSimCore
import DNSimScenario

/// A device population: weighted classes of devices, each class an exploration template that
/// describes its platform, OS versions, device profiles, zones, slots and the habits and faults
/// of its users (reboots, force stops, travel, app opens, Low Power Mode, …) as rates.
///
/// Device `i` of a fleet is one seeded world: its class is drawn by weight and its world is the
/// class template's world for a seed derived from the spec's digest and `i`, so a device is the
/// same whatever the number of devices, shards or jobs.
public struct FleetSpec: Sendable {
    /// One class of devices.
    public struct DeviceClass: Sendable {
        /// The class's name in reports (e.g. `android-daily`).
        public var name: String
        /// Its weight in the population (relative; the weights need not sum to 100).
        public var weight: Int
        /// The template its devices are generated from.
        public var template: ExploreTemplate
    }

    /// The spec's id.
    public var id: String
    /// A one-line title.
    public var title: String
    /// The assumptions behind the population, with their sources.
    public var description: String
    /// The classes, in file order.
    public var classes: [DeviceClass]
    /// FNV-1a over the spec file and every template file it names: two fleets with the same
    /// digest generate the same devices.
    public var digest: UInt64

    /// The class of device `index`, drawn by weight.
    public func deviceClass(of index: Int) -> Int {
        var rng = RandomStreams(seed: deviceSeed(index)).stream(named: "fleet.class")
        let total = classes.reduce(0) { $0 + $1.weight }
        var pick = Int(rng.next(below: UInt64(total)))
        for (position, item) in classes.enumerated() {
            if pick < item.weight { return position }
            pick -= item.weight
        }
        return classes.count - 1
    }

    /// The world seed of device `index`.
    public func deviceSeed(_ index: Int) -> UInt64 {
        var mix = SplitMix64(seed: digest ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        return mix.next()
    }
}
