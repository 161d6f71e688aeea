import DNSimCore

/// What a fleet run counts, as exact integers, so shards add up to the unsharded run byte for
/// byte: per (profile, device class) the devices, occurrences, deliveries, misses, lateness
/// histogram, content counts and the worst devices.
public struct FleetTally: Sendable, Equatable {
    /// Lateness histogram bounds, in seconds: bucket `i` counts deliveries at most `bounds[i]`
    /// late (and more than the bound before); the last bucket counts the rest. A delivery that is
    /// early or on time counts in the first bucket.
    public static let latenessBounds: [Int64] = [0, 1, 2, 5, 10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 28800, 86400]
    /// How many worst devices each group keeps.
    public static let worstKept = 5
    /// A device is "silent" when it goes this long without a delivery while it has slots.
    public static let silentAfter = SimDuration.days(3)

    /// A device's id and how many occurrences it missed.
    public struct Worst: Sendable, Equatable {
        /// The device index (`dnsim fleet … --device N --emit` replays it).
        public var device: Int
        /// Occurrences missed.
        public var missed: Int
    }

    /// The counts of one (profile, device class).
    public struct Group: Sendable, Equatable {
        public var profile: String
        public var deviceClass: String
        public var platform: String
        public var devices = 0
        /// Runs that a guard stopped or that could not be rendered.
        public var errors = 0
        public var silentDevices = 0
        public var planned = 0
        public var delivered = 0
        public var onTime = 0
        public var missed = 0
        public var missedReported = 0
        public var duplicates = 0
        public var prefetchPlanned = 0
        public var prefetchHits = 0
        public var fresh = 0
        public var cached = 0
        public var staticContent = 0
        public var stale = 0
        public var contentAgeSeconds = 0
        public var contentAgeCount = 0
        public var lateness = [Int](repeating: 0, count: FleetTally.latenessBounds.count + 1)
        public var worst: [Worst] = []

        /// Whether ``add(_:)`` of `other` keeps every count within `Int` (a merge checks tally
        /// files it did not write).
        func canAdd(_ other: Group) -> Bool {
            for (_, path) in FleetTally.countNames where self[keyPath: path].addingReportingOverflow(other[keyPath: path]).overflow {
                return false
            }
            return !zip(lateness, other.lateness).contains { $0.addingReportingOverflow($1).overflow }
        }

        /// Adds another group's counts (same profile and class).
        mutating func add(_ other: Group) {
            devices += other.devices
            errors += other.errors
            silentDevices += other.silentDevices
            planned += other.planned
            delivered += other.delivered
            onTime += other.onTime
            missed += other.missed
            missedReported += other.missedReported
            duplicates += other.duplicates
            prefetchPlanned += other.prefetchPlanned
            prefetchHits += other.prefetchHits
            fresh += other.fresh
            cached += other.cached
            staticContent += other.staticContent
            stale += other.stale
            contentAgeSeconds += other.contentAgeSeconds
            contentAgeCount += other.contentAgeCount
            for index in lateness.indices { lateness[index] += other.lateness[index] }
            worst = FleetTally.keepWorst(worst + other.worst)
        }
    }

    /// The spec's id and digest.
    public var specID: String
    public var specDigest: UInt64
    /// The fault-phase length every device ran, in days (`nil`: each template's own).
    public var days: Int?
    /// The profiles, in run order.
    public var profiles: [String]
    /// Devices in the whole fleet.
    public var fleetSize: Int
    /// This tally's shard (`index` of `of`, 1-based); a complete tally is 1 of 1.
    public var shard: (index: Int, of: Int)
    /// Groups by "profile/class".
    public var groups: [String: Group] = [:]

    /// Creates an empty tally.
    public init(specID: String, specDigest: UInt64, days: Int?, profiles: [String], fleetSize: Int, shard: (index: Int, of: Int)) {
        self.specID = specID
        self.specDigest = specDigest
        self.days = days
        self.profiles = profiles
        self.fleetSize = fleetSize
        self.shard = shard
    }

    public static func == (lhs: FleetTally, rhs: FleetTally) -> Bool {
        lhs.specID == rhs.specID && lhs.specDigest == rhs.specDigest && lhs.days == rhs.days && lhs.profiles == rhs.profiles
            && lhs.fleetSize == rhs.fleetSize && lhs.shard == rhs.shard && lhs.groups == rhs.groups
    }

    /// Adds a group's counts.
    public mutating func add(_ group: Group) {
        let key = group.profile + "/" + group.deviceClass
        if groups[key] == nil {
            groups[key] = group
        } else {
            groups[key]!.add(group)
        }
    }

    /// The worst devices: most missed first, then lowest index; at most ``worstKept``.
    static func keepWorst(_ list: [Worst]) -> [Worst] {
        Array(list.filter { $0.missed > 0 }.sorted { ($0.missed, -$0.device) > ($1.missed, -$1.device) }.prefix(worstKept))
    }
}
