import DNSimCalendar
import DNSimCore
import DNSimScenario

/// Draws worlds from a template: `seed → World`, the same world for the same template, seed and
/// dnsim version on every host.
///
/// All randomness comes from the seed (`explore.world` stream of ``RandomStreams``). The swarm
/// switches each menu entry on or off; each switched-on entry gets a count drawn around its
/// `perWeek` rate over its time range, and each occurrence an instant — uniform, or (by the
/// entry's `atFirePercent` / `nearFirePercent`) in the very millisecond a slot is due, or
/// within two minutes of it. Reusable by any command that needs random worlds (a fleet, a
/// Monte Carlo estimate).
public struct WorldGenerator: Sendable {
    /// The template worlds are drawn from.
    public let template: ExploreTemplate
    /// The dnsim version recorded in each world.
    public let version: String

    /// Creates a generator.
    public init(template: ExploreTemplate, version: String) {
        self.template = template
        self.version = version
    }

    /// The world of `seed`.
    public func world(seed: UInt64) -> World {
        var rng = RandomStreams(seed: seed).stream(named: "explore.world")
        let osVersion = pick(template.osVersions, &rng)
        let profile = pick(template.deviceProfiles, &rng)
        let zone = pick(template.zones, &rng)

        // The start: a date in range (sometimes just before a DST transition), at the start time.
        let span = template.startTo.daysSinceEpoch - template.startFrom.daysSinceEpoch
        var date = LocalDate(daysSinceEpoch: template.startFrom.daysSinceEpoch + rng.next(in: 0...span))
        if rng.chance(UInt64(template.startNearTransitionPercent), in: 100),
            let midnight = zone.instant(for: LocalDateTime(date: date, time: .midnight)),
            let transition = zone.nextTransition(after: midnight), transition - midnight < .days(400)
        {
            date = zone.localDateTime(at: transition).date.adding(days: -Int(rng.next(in: 0...2)))
        }
        let startInstant = zone.instant(for: LocalDateTime(date: date, time: template.startTime)) ?? .epoch
        let start = zone.localDateTime(at: startInstant)
        let faultDays = Int(rng.next(in: Int64(template.spanDays.lowerBound)...Int64(template.spanDays.upperBound)))

        // Slots: distinct times from the template's list while they last, sometimes a random minute.
        let slotCount = Int(rng.next(in: Int64(template.slotCount.lowerBound)...Int64(template.slotCount.upperBound)))
        var pool = template.slotTimes
        shuffle(&pool, &rng)
        var slots: [World.Slot] = []
        for index in 0..<slotCount {
            var time = pool[index % pool.count]
            if rng.chance(UInt64(template.randomSlotTimePercent), in: 100) {
                time = LocalTime(hour: Int(rng.next(below: 24)), minute: Int(rng.next(below: 60)))!
            }
            slots.append(World.Slot(id: "s\(index + 1)", time: time))
        }

        // The swarm: each menu entry on or off.
        var enabledSpecs: [FaultSpec] = []
        for spec in template.faults where rng.chance(UInt64(spec.enabledPercent), in: 100) { enabledSpecs.append(spec) }
        let enabledKinds = template.menuKinds.filter { kind in enabledSpecs.contains { $0.kind == kind } }
        let disabledKinds = template.menuKinds.filter { !enabledKinds.contains($0) }

        var world = World(
            templateID: template.id, templateDigest: template.digest, version: version, seed: seed, platform: template.platform,
            osVersion: osVersion, deviceProfile: profile, zone: zone, start: start, startInstant: startInstant,
            faultDays: faultDays, quietDays: template.quietDays, slots: slots, enabledKinds: enabledKinds,
            disabledKinds: disabledKinds, episodes: [], plugin: template.plugin, os: template.os, server: template.server)

        // Pass 1: episodes at raw instants, with the snapping each asked for.
        var drafts: [(episode: World.Episode, snap: Snap)] = []
        for spec in enabledSpecs {
            let from = startInstant + max(spec.from ?? .minutes(2), .minutes(2))
            let to = min(startInstant + (spec.to ?? .days(Int64(faultDays))), world.faultEnd)
            guard from <= to else { continue }
            let windowMs = (to - from).milliseconds
            // A count drawn uniformly from 0…2·mean, mean = perWeek × window / 7 d.
            let numerator = Int64(spec.perWeek) * windowMs * 2
            let denominator = SimDuration.days(7).milliseconds
            var upper = numerator / denominator
            if rng.chance(UInt64(numerator % denominator), in: UInt64(denominator)) { upper += 1 }
            let count = min(Int(rng.next(in: 0...upper)), 5000)
            for _ in 0..<count {
                let at = from + .milliseconds(rng.next(in: 0...windowMs) / 1000 * 1000)
                var snap = Snap.none
                if rng.chance(UInt64(spec.atFirePercent), in: 100) {
                    snap = .atFire(slot: Int(rng.next(below: UInt64(slots.count))), offset: .zero)
                } else if rng.chance(UInt64(spec.nearFirePercent), in: 100) {
                    let offset: SimDuration
                    switch rng.next(below: 3) {
                    case 0: offset = .milliseconds(-1)
                    case 1: offset = .milliseconds(1)
                    default: offset = .seconds(rng.next(in: -120...120))
                    }
                    snap = .atFire(slot: Int(rng.next(below: UInt64(slots.count))), offset: offset)
                }
                if let episode = episode(spec, at: at, window: from...to, world: world, snap: &snap, &rng) {
                    drafts.append((episode, snap))
                }
            }
        }
        // Pass 2: snap to slot fires, judged on the zone and clock the raw episodes leave (each
        // as a time line built once and searched per episode).
        let zones = drafts.compactMap { draft -> (SimInstant, Zone)? in
            guard draft.episode.kind == .zoneChange, case .step(let body) = draft.episode.steps[0].action,
                let zone = body["zone"]?.stringValue.flatMap(Zone.init(identifier:))
            else { return nil }
            return (draft.episode.steps[0].at, zone)
        }.sorted { $0.0 < $1.0 }
        let clockSteps = drafts.compactMap { draft -> (at: SimInstant, action: World.Action)? in
            switch draft.episode.steps[0].action {
            case .shiftClock, .syncClock: return (draft.episode.steps[0].at, draft.episode.steps[0].action)
            case .step, .reschedule, .resetup: return nil
            }
        }.sorted { $0.at < $1.at }
        var clock = WorldClockOffset()
        let offsets = clockSteps.map { step -> (SimInstant, SimDuration) in
            _ = clock.apply(step.action)
            return (step.at, clock.offset)
        }
        for (episode, snap) in drafts {
            var episode = episode
            if case .atFire(let slot, let offset) = snap {
                let at = episode.steps[0].at
                let zoneThen = TimeLine.last(in: zones, atOrBefore: at) ?? zone
                let offsetThen = TimeLine.last(in: offsets, atOrBefore: at) ?? .zero
                if let fire = Self.nearestFire(of: slots[slot].time, to: at, zone: zoneThen, clockOffset: offsetThen) {
                    let delta = fire + offset - at
                    for index in episode.steps.indices { episode.steps[index].at = episode.steps[index].at + delta }
                }
            }
            // A reboot must be over (booted and unlocked) before the heal.
            if episode.kind == .reboot || episode.kind == .rebootLocked, episode.steps.count == 1,
                case .step(let body) = episode.steps[0].action
            {
                let off = body["offFor"]?.stringValue.flatMap(SimDuration.init(parsing:)) ?? .minutes(1)
                let unlock = body["unlockAfter"]?.stringValue.flatMap(SimDuration.init(parsing:)) ?? .zero
                let latest = world.faultEnd - off - unlock - .minutes(1)
                if latest < startInstant + .minutes(2) { continue }
                if episode.steps[0].at > latest { episode.steps[0].at = latest }
            }
            world.episodes.append(episode)
        }
        Self.capOtherRequests(&world)
        if let session = template.appSession { Self.endSessions(&world, session: session, seed: seed) }
        return world
    }

    /// Ends every launch of `world` with the user leaving the app after a time drawn from
    /// `session` (``ExploreTemplate/appSession``): a `backgroundApp` step after each episode's
    /// `launchApp`, and the lengths of the set-up's and the heal's sessions. The lengths come
    /// from a stream of their own (`explore.session`), so the rest of the world is the one the
    /// same template without sessions draws.
    static func endSessions(_ world: inout World, session: DurationRange, seed: UInt64) {
        var rng = RandomStreams(seed: seed).stream(named: "explore.session")
        func draw() -> SimDuration {
            .milliseconds(rng.next(in: session.min.milliseconds...session.max.milliseconds) / 1000 * 1000)
        }
        world.setupSession = draw()
        for index in world.episodes.indices {
            var steps: [World.Step] = []
            steps.reserveCapacity(world.episodes[index].steps.count + 1)
            for step in world.episodes[index].steps {
                steps.append(step)
                if case .step(let body) = step.action, body["action"]?.stringValue == "launchApp" {
                    steps.append(World.Step(at: step.at + draw(), action: .step(["action": "backgroundApp"])))
                }
            }
            world.episodes[index].steps = steps
        }
        world.healSession = draw()
    }

    /// The most requests other code of the app adds over a whole world: with at most 48 of its
    /// own (they fire one a day), the app always leaves the plugin room for its next occurrences,
    /// so the 64 limit tests the plugin's budgeting rather than an app already over it.
    static let otherRequestsCap = 48

    /// Trims `addOtherRequests` counts, in time order, to ``otherRequestsCap`` in all.
    static func capOtherRequests(_ world: inout World) {
        let order = world.episodes.indices.filter { world.episodes[$0].kind == .otherRequests }
            .sorted { world.episodes[$0].steps[0].at < world.episodes[$1].steps[0].at }
        var left = Int64(otherRequestsCap)
        var drop: Set<Int> = []
        for index in order {
            guard case .step(var body) = world.episodes[index].steps[0].action, let count = body["count"]?.int64Value else { continue }
            if left <= 0 {
                drop.insert(index)
                continue
            }
            body["count"] = .integer(min(count, left))
            left -= min(count, left)
            world.episodes[index].steps[0].action = .step(body)
        }
        world.episodes = world.episodes.indices.filter { !drop.contains($0) }.map { world.episodes[$0] }
    }

    /// How an occurrence's instant is moved once the world's zones and clock are known.
    enum Snap {
        case none
        /// To the nearest due instant of the slot at this index, plus `offset`.
        case atFire(slot: Int, offset: SimDuration)
    }

    /// The true instant nearest `instant` at which a device in `zone`, whose clock is off by
    /// `clockOffset`, shows `time`.
    static func nearestFire(of time: LocalTime, to instant: SimInstant, zone: Zone, clockOffset: SimDuration) -> SimInstant? {
        let wall = instant + clockOffset
        let date = zone.localDateTime(at: wall).date
        var best: SimInstant?
        for day in -1...1 {
            guard let fire = DailyOccurrence.instant(on: date.adding(days: day), at: time, in: zone) else { continue }
            let candidate = fire - clockOffset
            if best == nil || abs((candidate - instant).milliseconds) < abs((best! - instant).milliseconds) { best = candidate }
        }
        return best
    }

    /// The steps of one occurrence of `spec` at `at`; `nil` when the occurrence cannot happen.
    private func episode(
        _ spec: FaultSpec, at: SimInstant, window: ClosedRange<SimInstant>, world: World, snap: inout Snap,
        _ rng: inout Xoshiro256StarStar
    ) -> World.Episode? {
        func step(_ body: JSONObject, after: SimDuration = .zero) -> World.Step { World.Step(at: at + after, action: .step(body)) }
        func draw(_ range: DurationRange) -> SimDuration {
            .milliseconds(rng.next(in: range.min.milliseconds...range.max.milliseconds) / 1000 * 1000)
        }
        func made(_ steps: [World.Step]) -> World.Episode { World.Episode(kind: spec.kind, steps: steps) }
        // A switch set now and back once a drawn `duration` has passed (``FaultKind/toggle``).
        if let toggle = spec.kind.toggle {
            return made([
                step(["action": .string(toggle.action), toggle.field: .bool(toggle.during)]),
                step(["action": .string(toggle.action), toggle.field: .bool(toggle.after)], after: draw(spec.duration)),
            ])
        }
        switch spec.kind {
        case .reboot, .rebootLocked:
            let offFor = max(draw(spec.offFor), .minutes(1))
            let unlock = draw(spec.unlockAfter)
            return made([
                step(["action": "reboot", "offFor": .string(offFor.description), "unlockAfter": .string(unlock.description)])
            ])
        case .forceStop, .swipeFromRecents, .killProcess, .quitApp:
            var steps = [step(["action": .string(spec.kind.rawValue)])]
            if rng.chance(UInt64(spec.relaunchPercent), in: 100) {
                steps.append(step(["action": "launchApp"], after: max(draw(spec.relaunchAfter), .seconds(1))))
            }
            return made(steps)
        case .appLaunch:
            return made([step(["action": "launchApp"])])
        case .deviceIdle, .lowPowerMode, .backgroundAppRefresh, .systemSleep, .notificationPermission, .network, .batterySaver,
            .backgroundRestricted, .powerAllowlist, .screenOff, .charging, .channelBlocked:
            return nil  // a toggle, above
        case .standbyBucket:
            let bucket = pick(spec.buckets, &rng)
            return made([
                step(["action": "setStandbyBucket", "bucket": .string(bucket)]),
                step(["action": "setStandbyBucket", "bucket": "active"], after: draw(spec.duration)),
            ])
        case .exactAlarm:
            return made([step(["action": "revokeExactAlarm"]), step(["action": "grantExactAlarm"], after: draw(spec.duration))])
        case .serverFault:
            let fault = pick(spec.serverFaults, &rng)
            return made([
                step(["action": "setServerFault", "fault": .string(fault)]),
                step(["action": "setServerFault", "fault": "none"], after: draw(spec.duration)),
            ])
        case .zoneChange:
            let zones = spec.zones.isEmpty ? template.zones : spec.zones
            let target = pick(zones, &rng)
            var instant = at
            if rng.chance(UInt64(spec.nearTransitionPercent), in: 100) {
                var transitions: [SimInstant] = []
                var cursor = window.lowerBound
                while transitions.count < 16, let next = target.nextTransition(after: cursor), next <= window.upperBound {
                    transitions.append(next)
                    cursor = next
                }
                if !transitions.isEmpty {
                    instant = pick(transitions, &rng) + .minutes(rng.next(in: -90...90))
                    snap = .none
                }
            }
            return World.Episode(kind: .zoneChange, steps: [World.Step(at: instant, action: .step(["action": "setTimeZone", "zone": .string(target.identifier)]))])
        case .clockJump, .ntpJitter:
            let amount = SimDuration.milliseconds(rng.next(in: spec.shift.min.milliseconds...spec.shift.max.milliseconds))
            let signed = rng.chance(1, in: 2) ? amount : -amount
            // The user moves the clock from where it stands; a network correction sets it to
            // network time, off by its own error (WorldClockOffset).
            let action: World.Action = spec.kind == .clockJump ? .shiftClock(signed, source: "manual") : .syncClock(error: signed)
            return made([World.Step(at: at, action: action)])
        case .updateApp:
            return made([step(["action": "updateApp"])])
        case .reinstallApp, .cancelAll:
            var steps = [step(["action": spec.kind == .cancelAll ? "cancelAllNotifications" : "reinstallApp"])]
            if rng.chance(UInt64(spec.resetupPercent), in: 100) {
                steps.append(World.Step(at: at + max(draw(spec.resetupAfter), .seconds(1)), action: .resetup))
            }
            return made(steps)
        case .otherRequests:
            let count = rng.next(in: Int64(spec.count.lowerBound)...Int64(spec.count.upperBound))
            return made([step(["action": "addOtherRequests", "count": .integer(count)])])
        case .reschedule:
            let times = spec.times.isEmpty ? template.slotTimes : spec.times
            let slot = pick(world.slots, &rng)
            return made([World.Step(at: at, action: .reschedule(slot: slot.id, time: pick(times, &rng)))])
        case .clearDelivered:
            return made([step(["action": "clearDeliveredNotifications"])])
        case .settings:
            var body: JSONObject = ["action": "updateSettings"]
            let which = rng.next(below: 3)
            if which != 1 { body["prefetchLeadMinutes"] = .integer(rng.next(in: 0...120)) }
            if which != 0 { body["staleAction"] = rng.chance(1, in: 2) ? "skip" : "fallback" }
            return made([step(body)])
        }
    }

    private func pick<T>(_ list: [T], _ rng: inout Xoshiro256StarStar) -> T {
        list[Int(rng.next(below: UInt64(list.count)))]
    }

    /// Fisher–Yates with dnsim's own bounded draw (the standard library's may change).
    private func shuffle<T>(_ list: inout [T], _ rng: inout Xoshiro256StarStar) {
        guard list.count > 1 else { return }
        for index in stride(from: list.count - 1, to: 0, by: -1) {
            list.swapAt(index, Int(rng.next(below: UInt64(index + 1))))
        }
    }
}
