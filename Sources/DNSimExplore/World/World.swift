import DNSimCalendar
import DNSimCore
import DNSimScenario

/// One world drawn from a template by a seed, kept in the parts a shrinker can take away: the
/// fault kinds switched on (the swarm), the fault episodes, the slots, and the days.
///
/// ``render(profile:)`` writes it as an ordinary scenario file and decodes that file with
/// ``ScenarioDecoder``, so a world is valid by construction and replays from its file alone.
public struct World: Sendable {
    /// One daily slot the user sets up at the start.
    public struct Slot: Sendable, Equatable {
        /// The slot id passed to `scheduleDailyNotification`.
        public var id: String
        /// Its wall time.
        public var time: LocalTime
    }

    /// One occurrence of a fault kind: the steps it takes (an LPM episode is "on", then "off").
    public struct Episode: Sendable {
        /// What it is.
        public var kind: FaultKind
        /// Its steps, in time order.
        public var steps: [Step]
    }

    /// One step of an episode.
    public struct Step: Sendable {
        /// When (true time).
        public var at: SimInstant
        /// What.
        public var action: Action
    }

    /// What an episode step does.
    public enum Action: Sendable {
        /// A scenario step as written (its members other than `at`/`after`).
        case step(JSONObject)
        /// The user moves `slot` to `time`.
        case reschedule(slot: String, time: LocalTime)
        /// The user sets every slot up again at its current time (after a reinstall or a cancel).
        case resetup
        /// The clock moves by this much from where it stands (`source` manual or network).
        case shiftClock(SimDuration, source: String)
        /// A network time correction sets the clock to network time, off by `error`: the error
        /// of the previous correction goes, what shifts built up stays (``WorldClockOffset``).
        case syncClock(error: SimDuration)
    }

    /// The template's id.
    public var templateID: String
    /// The template's digest (``ExploreTemplate/digest``).
    public var templateDigest: String
    /// The dnsim version that generated the world.
    public var version: String
    /// The seed (also the scenario's run seed).
    public var seed: UInt64
    /// The platform.
    public var platform: ScenarioPlatform
    /// The OS version.
    public var osVersion: Int
    /// The device profile.
    public var deviceProfile: String
    /// The start zone.
    public var zone: Zone
    /// The start, local in ``zone``.
    public var start: LocalDateTime
    /// The start instant.
    public var startInstant: SimInstant
    /// Days of the fault phase.
    public var faultDays: Int
    /// Days of the quiet tail (liveness phase).
    public var quietDays: Int
    /// The slots.
    public var slots: [Slot]
    /// Fault kinds switched on in this world, in menu order.
    public var enabledKinds: [FaultKind]
    /// Fault kinds of the menu switched off in this world.
    public var disabledKinds: [FaultKind]
    /// The fault episodes, in generation order.
    public var episodes: [Episode]
    /// The template's `plugin`, `os` and `server` objects.
    public var plugin: JSONObject, os: JSONObject?, server: JSONObject?
    /// Set on a shrunk world: what it was shrunk from and for, for its description.
    public var shrinkNote: String?
    /// How long the user keeps the app on screen after the set-up's launch and after the heal's
    /// (``ExploreTemplate/appSession``); `nil` when the app stays in the foreground. The
    /// episodes' own launches carry their `backgroundApp` steps.
    public var setupSession: SimDuration?, healSession: SimDuration?

    /// When the fault phase ends and the world is healed.
    public var faultEnd: SimInstant { startInstant + .days(Int64(faultDays)) }
    /// The end of the run.
    public var end: SimInstant { faultEnd + .days(Int64(quietDays)) }

    /// Every step of the world, episodes and slots included, counted as the scenario will have them.
    public var episodeStepCount: Int { episodes.reduce(0) { $0 + $1.steps.count } }
}
