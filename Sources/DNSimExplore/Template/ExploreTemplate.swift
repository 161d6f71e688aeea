import DNSimCalendar
import DNSimCore
import DNSimScenario

/// An exploration template: the space of worlds `dnsim explore` draws from, one world per seed.
///
/// It names the platform, the OS versions and device profiles, the zones, the start dates, the
/// span, the slot shapes and a fault menu with rates and time ranges. Decoded by
/// ``ExploreTemplateDecoder``; the format is in `docs/explore.md` and
/// `schema/explore-template.schema.json` (`dnsim schema --explore`).
public struct ExploreTemplate: Sendable {
    /// A stable id such as `explore/ios-week`.
    public var id: String
    /// A one-line title.
    public var title: String
    /// Free text.
    public var description: String
    /// The platform of every world.
    public var platform: ScenarioPlatform
    /// OS versions to draw from (API levels, iOS or Electron majors).
    public var osVersions: [Int]
    /// Device profiles to draw from.
    public var deviceProfiles: [String]
    /// Start zones to draw from.
    public var zones: [Zone]
    /// The earliest and latest start date.
    public var startFrom: LocalDate, startTo: LocalDate
    /// The local start time.
    public var startTime: LocalTime
    /// How often (percent) the start is moved to 0–2 days before a DST transition of the start zone.
    public var startNearTransitionPercent: Int
    /// The fault phase's length in days (drawn uniformly).
    public var spanDays: ClosedRange<Int>
    /// The quiet tail after the last fault (the liveness phase), in days.
    public var quietDays: Int
    /// How many daily slots a world has.
    public var slotCount: ClosedRange<Int>
    /// The wall times slots are drawn from (without repetition while there are enough).
    public var slotTimes: [LocalTime]
    /// How often (percent) a slot gets a random minute of the day instead.
    public var randomSlotTimePercent: Int
    /// The default chance (percent) that a fault kind is switched on in a world.
    public var swarmPercent: Int
    /// The fault menu, in file order.
    public var faults: [FaultSpec]
    /// A `plugin` object copied into every scenario (the profile is set per run).
    public var plugin: JSONObject
    /// An `os` object copied into every scenario.
    public var os: JSONObject?
    /// A `server` object copied into every scenario.
    public var server: JSONObject?
    /// FNV-1a of the template's canonical JSON (sorted keys, no whitespace), 16 hex digits:
    /// what a generated world records so that seed + digest + version replay it.
    public var digest: String
    /// How long the user keeps the app on screen once it is open (Android and iOS): when set,
    /// every launch a world makes (the set-up's, each reopen, the heal's) is followed by a
    /// `backgroundApp` step after a time drawn from this range, as a user leaves an app for the
    /// home screen. When absent the app stays in the foreground until something else ends it
    /// (the shipped exploration templates, which keep that state in reach).
    public var appSession: DurationRange? = nil

    /// The fault kinds of the menu, in menu order (each once).
    public var menuKinds: [FaultKind] {
        var kinds: [FaultKind] = []
        for spec in faults where !kinds.contains(spec.kind) { kinds.append(spec.kind) }
        return kinds
    }
}

/// A closed range of durations, drawn uniformly in whole milliseconds.
public struct DurationRange: Sendable, Equatable {
    /// The shortest.
    public var min: SimDuration
    /// The longest.
    public var max: SimDuration

    /// Creates a range.
    public init(_ min: SimDuration, _ max: SimDuration) {
        self.min = min
        self.max = max
    }
}

/// One entry of a template's fault menu.
public struct FaultSpec: Sendable {
    /// What happens.
    public var kind: FaultKind
    /// The mean number of occurrences per 7 days of the fault phase (when switched on).
    public var perWeek: Int
    /// The chance (percent) that this entry is switched on in a world.
    public var enabledPercent: Int
    /// The earliest offset from the start (default: 2 minutes, after the set-up).
    public var from: SimDuration?
    /// The latest offset from the start (default: the end of the fault phase).
    public var to: SimDuration?
    /// How often (percent) an occurrence lands in the very millisecond a slot is due.
    public var atFirePercent: Int
    /// How often (percent) an occurrence lands within two minutes of a slot (or 1 ms before it).
    public var nearFirePercent: Int
    /// How long an episode lasts (Doze, Low Power Mode, no network, …).
    public var duration = DurationRange(.minutes(30), .hours(12))
    /// How long a reboot keeps the device off.
    public var offFor = DurationRange(.minutes(1), .minutes(10))
    /// How long after boot the user unlocks or logs in.
    public var unlockAfter: DurationRange
    /// When the user reopens the app after a stop.
    public var relaunchAfter = DurationRange(.minutes(5), .hours(30))
    /// How often (percent) the user reopens the app after a stop.
    public var relaunchPercent = 70
    /// Zones a zone change moves to (default: the template's zones).
    public var zones: [Zone] = []
    /// How often (percent) a zone change lands within 90 minutes of a DST transition of the new zone.
    public var nearTransitionPercent = 30
    /// How far a clock change moves the clock (either direction).
    public var shift: DurationRange
    /// How many requests other code adds.
    public var count: ClosedRange<Int> = 5...30
    /// Standby buckets to draw from.
    public var buckets = ["workingSet", "frequent", "rare", "restricted"]
    /// Server faults to draw from.
    public var serverFaults = ["timeout", "serverError", "malformed"]
    /// Times a rescheduled slot moves to (default: the template's slot times).
    public var times: [LocalTime] = []
    /// When the user sets the slots up again after a reinstall or a cancel.
    public var resetupAfter = DurationRange(.minutes(1), .hours(6))
    /// How often (percent) the user sets the slots up again.
    public var resetupPercent = 100

    /// A spec with the kind's defaults.
    public init(kind: FaultKind, perWeek: Int, enabledPercent: Int) {
        self.kind = kind
        self.perWeek = perWeek
        self.enabledPercent = enabledPercent
        atFirePercent = 10
        nearFirePercent = 15
        unlockAfter = kind == .rebootLocked ? DurationRange(.minutes(10), .hours(8)) : DurationRange(.seconds(5), .minutes(2))
        shift = kind == .ntpJitter ? DurationRange(.milliseconds(200), .seconds(90)) : DurationRange(.minutes(5), .hours(6))
    }
}
