import DNSimCalendar
import DNSimCore
import DNSimPlugin
import DNSimScenario

/// A world written out as a scenario: its JSON (sorted keys when written), the decoded
/// ``Scenario``, and what the invariants need to know about its phases.
public struct RenderedWorld: Sendable {
    /// The scenario document.
    public var json: JSONValue
    /// The scenario, decoded from ``json`` by ``ScenarioDecoder``.
    public var scenario: Scenario
    /// When the world was healed (the fault phase's end).
    public var healAt: SimInstant
    /// When the liveness phase starts judging: a minute after the app's launch at the heal.
    public var quietFrom: SimInstant
    /// The user's intent as the steps express it, in time order: a schedule call for a slot at
    /// a time, or `nil` for a cancel or a reinstall (everything ends).
    public var intents: [(at: SimInstant, call: (slot: String, time: LocalTime)?)]
    /// The slots of the world, in order.
    public var slotIDs: [String]
    /// Instants of `reinstallApp` steps.
    public var reinstalls: [SimInstant]
    /// `scheduleDailyNotification` calls after the initial set-up: (instant, slot).
    public var laterSchedules: [(at: SimInstant, slot: String)]
    /// Steps in the scenario.
    public var stepCount: Int

    /// The scenario file's text: pretty JSON with sorted keys and a final newline.
    public var text: String { JSONWriter.string(json, style: .pretty) + "\n" }

    /// The same world under `profile`: what ``World/render(profile:checks:findings:expectedText:id:schemaPath:)``
    /// writes for it when nothing but the profile differs (no checks or findings per profile),
    /// without writing and decoding the file again. The document's `plugin.profile` and the
    /// scenario's policy (``Scenario/with(profile:seed:)``) are the only parts that change.
    public func with(profile: PluginProfile) -> RenderedWorld {
        var copy = self
        copy.scenario = scenario.with(profile: profile)
        if case .object(var root) = json, case .object(var plugin)? = root["plugin"] {
            plugin["profile"] = .string(profile.rawValue)
            root["plugin"] = .object(plugin)
            copy.json = .object(root)
        }
        return copy
    }
}

extension World {
    /// The largest wall-clock offset a rendered world lets its clock steps build up: the judge
    /// pairs deliveries with their plan within 12 hours.
    static let maximumClockOffset = SimDuration.hours(11)

    /// Writes the world as a scenario for `profile` and decodes it.
    ///
    /// - Parameters:
    ///   - checks: checks for `expected.checks` (none for an exploration run).
    ///   - findings: `expected.findings` (profile → check ids).
    ///   - expectedText: `expected.os` and `expected.plugin` texts, when not the defaults.
    ///   - id: the scenario id (default `<template id>/seed-<seed>`).
    /// - Throws: ``ScenarioError`` if the scenario decoder rejects the file (a generator bug).
    public func render(
        profile: PluginProfile, checks: [JSONValue] = [], findings: JSONObject? = nil,
        expectedText: (os: String, plugin: String)? = nil, id: String? = nil, schemaPath: String? = nil
    ) throws(ScenarioError) -> RenderedWorld {
        var draft = draft(profile: profile, checks: checks, findings: findings, expectedText: expectedText, id: id, schemaPath: schemaPath)
        let steps = draft.timeline.rendered()
        draft.root["steps"] = .array(steps)
        draft.root["expected"] = .object(draft.expected)
        let json = JSONValue.object(draft.root)
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder(file: draft.file).decode(json)
        } catch {
            throw error.first
        }
        return RenderedWorld(
            json: json, scenario: scenario, healAt: draft.healAt, quietFrom: draft.quietFrom, intents: draft.intents,
            slotIDs: draft.slotIDs, reinstalls: draft.reinstalls, laterSchedules: draft.laterSchedules, stepCount: steps.count)
    }

    /// The scenario of the world under `profile`: the ``RenderedWorld/scenario`` of
    /// ``render(profile:checks:findings:expectedText:id:schemaPath:)``, decoded without writing
    /// each step's time as text and reading it back (``ScenarioDecoder/decode(_:timedSteps:)``):
    /// for a run that needs the scenario alone (a fleet device).
    ///
    /// - Throws: what ``render(profile:checks:findings:expectedText:id:schemaPath:)`` throws, if
    ///   the decoder rejects the world (the error of the scenario file itself).
    public func scenario(profile: PluginProfile) throws(ScenarioError) -> Scenario {
        var draft = draft(profile: profile)
        draft.root["expected"] = .object(draft.expected)
        let steps = draft.timeline.takeOrdered()
        do {
            return try ScenarioDecoder(file: draft.file).decode(.object(draft.root), timedSteps: steps)
        } catch {
            // The file's own error, with its pointer into the file.
            return try render(profile: profile).scenario
        }
    }

    /// A world being written as a scenario: the document but its `steps` and `expected`, the
    /// steps, and what ``RenderedWorld`` tells of them.
    private struct Draft {
        /// The file name of the decoder's messages.
        var file: String
        /// The document's members but `steps` and `expected`, in the file's order.
        var root: JSONObject
        /// The `expected` member.
        var expected: JSONObject
        /// The steps.
        var timeline: Timeline
        var healAt: SimInstant
        var quietFrom: SimInstant
        var intents: [(at: SimInstant, call: (slot: String, time: LocalTime)?)]
        var slotIDs: [String]
        var reinstalls: [SimInstant]
        var laterSchedules: [(at: SimInstant, slot: String)]
    }

    /// The scenario of ``render(profile:checks:findings:expectedText:id:schemaPath:)``, not yet written out.
    private func draft(
        profile: PluginProfile, checks: [JSONValue] = [], findings: JSONObject? = nil,
        expectedText: (os: String, plugin: String)? = nil, id: String? = nil, schemaPath: String? = nil
    ) -> Draft {
        var timeline = Timeline(zone: zone)
        let slotIDs = slots.map(\.id)
        // Set-up: open the app, then schedule every slot.
        timeline.add(startInstant, ["action": "launchApp"])
        for (index, slot) in slots.enumerated() {
            timeline.add(startInstant + .minutes(1) + .seconds(Int64(index)), schedule(slot.id, slot.time))
        }
        // The user leaves the app once the slots are set up (``ExploreTemplate/appSession``).
        if let setupSession {
            timeline.add(startInstant + .minutes(1) + .seconds(Int64(slots.count)) + setupSession, ["action": "backgroundApp"])
        }
        // Episodes of the switched-on kinds, clamped into the fault phase, in time order.
        let faultStart = startInstant + .minutes(2)
        // Each with its scenario action's name, looked up once.
        var pending: [(at: SimInstant, order: Int, kind: FaultKind, action: Action, name: String?)] = []
        for episode in episodes where enabledKinds.contains(episode.kind) {
            for step in episode.steps {
                if case .reschedule(let slot, _) = step.action, !slotIDs.contains(slot) { continue }
                let at = min(max(step.at, faultStart), faultEnd)
                pending.append((at, pending.count, episode.kind, step.action, Self.actionName(step.action)))
            }
        }
        Self.sortByTime(&pending) { ($0.at, $0.order) }
        // Nobody uses the app while the device is off, locked after a reboot, or asleep: a user
        // step that falls in such a stretch happens just after it.
        // Only reboots and sleep make such stretches.
        let offSteps = pending.filter { $0.name == "reboot" || $0.name == "setSystemSleep" }
        let unavailable = Self.unavailableStretches(offSteps.map { ($0.at, $0.name, $0.action) }, until: faultEnd)
        if !unavailable.isEmpty {
            for index in pending.indices where Self.isUserStep(pending[index].action, name: pending[index].name) {
                var at = pending[index].at
                var moved = true
                while moved {
                    moved = false
                    for stretch in unavailable where stretch.from <= at && at < stretch.to {
                        at = stretch.to + .seconds(1)
                        moved = true
                    }
                }
                pending[index].at = min(at, faultEnd)
            }
            Self.sortByTime(&pending) { ($0.at, $0.order) }
        }
        var current = Dictionary(uniqueKeysWithValues: slots.map { ($0.id, $0.time) })
        var intents: [(at: SimInstant, call: (slot: String, time: LocalTime)?)] = slots.indices.map {
            (startInstant + .minutes(1) + .seconds(Int64($0)), (slots[$0].id, slots[$0].time))
        }
        var reinstalls: [SimInstant] = []
        var laterSchedules: [(at: SimInstant, slot: String)] = []
        var clock = WorldClockOffset()
        // A few kinds at most: a list is cheaper than hashing their names.
        var kindsPresent: [FaultKind] = []
        for item in pending {
            if !kindsPresent.contains(item.kind) { kindsPresent.append(item.kind) }
            switch item.action {
            case .step(let body):
                timeline.add(item.at, body)
                switch item.name {
                case "cancelAllNotifications": intents.append((item.at, nil))
                case "reinstallApp":
                    intents.append((item.at, nil))
                    reinstalls.append(item.at)
                default: break
                }
            case .reschedule(let slot, let time):
                current[slot] = time
                intents.append((item.at, (slot, time)))
                laterSchedules.append((item.at, slot))
                timeline.add(item.at, schedule(slot, time))
            case .resetup:
                if platform == .ios {
                    // A reinstalled app asks for authorization again; the user allows it.
                    timeline.add(item.at, ["action": "setNotificationPermission", "granted": true])
                }
                for slot in slots {
                    intents.append((item.at, (slot.id, current[slot.id] ?? slot.time)))
                    laterSchedules.append((item.at, slot.id))
                    timeline.add(item.at, schedule(slot.id, current[slot.id] ?? slot.time))
                }
            case .shiftClock(_, let source):
                // The offset stays within the judge's pairing window (WorldClockOffset).
                guard let shift = clock.apply(item.action), shift != .zero else { continue }
                timeline.add(item.at, ["action": "setClock", "shiftBy": .string(shift.description), "source": .string(source)])
            case .syncClock:
                guard let shift = clock.apply(item.action), shift != .zero else { continue }
                timeline.add(item.at, ["action": "setClock", "shiftBy": .string(shift.description), "source": "network"])
            }
        }
        // The heal: everything switched off comes back, the clock is corrected, the app opens.
        let heal = faultEnd
        if clock.offset != .zero {
            timeline.add(heal, ["action": "setClock", "shiftBy": .string((-clock.offset).description), "source": "network"])
        }
        for kind in FaultKind.allCases where kindsPresent.contains(kind) {
            if let body = Self.healStep(kind, platform: platform) { timeline.add(heal, body) }
        }
        // The app is opened once; on Electron from scratch (quit first), since a running Electron
        // app hears of no clock or zone change (E1) and "opening" it would only focus it.
        if platform == .electron { timeline.add(heal, ["action": "quitApp"]) }
        timeline.add(heal + .seconds(1), ["action": "launchApp"])
        if let healSession { timeline.add(heal + .seconds(1) + healSession, ["action": "backgroundApp"]) }
        let quietFrom = heal + .seconds(1) + .minutes(1)

        var plugin = self.plugin
        plugin["profile"] = .string(profile.rawValue)
        var expected = JSONObject()
        expected["os"] = .string(expectedText?.os ?? "Whatever the OS models decide; the exploration judges the run by its invariants.")
        expected["plugin"] = .string(
            expectedText?.plugin ?? "The invariants of docs/explore.md hold; after the heal every slot is armed and delivered on time.")
        expected["checks"] = .array(checks)
        if let findings, !findings.isEmpty { expected["findings"] = .object(findings) }
        var root = JSONObject()
        if let schemaPath { root["$schema"] = .string(schemaPath) }
        root["id"] = .string(id ?? "\(templateID)/seed-\(seed)")
        root["title"] = .string("Exploration world \(seed) of \(templateID)")
        root["description"] = .string(describe())
        root["row"] = "Exploration"
        root["platform"] = .string(platform.rawValue)
        var device = JSONObject()
        device["profile"] = .string(deviceProfile)
        device[Self.versionKey(platform)] = .integer(Int64(osVersion))
        root["device"] = .object(device)
        root["timeZone"] = .string(zone.identifier)
        root["start"] = .string(start.description)
        if let endText = timeline.localText(end) {
            root["end"] = .string(endText)
        } else {
            root["duration"] = .string((end - startInstant).description)
        }
        root["seed"] = .integer(Int64(bitPattern: seed & 0x7FFF_FFFF_FFFF_FFFF))
        root["plugin"] = .object(plugin)
        if let os { root["os"] = .object(os) }
        if let server { root["server"] = .object(server) }
        return Draft(
            file: "<\(templateID) seed \(seed)>", root: root, expected: expected, timeline: timeline, healAt: heal,
            quietFrom: quietFrom, intents: intents, slotIDs: slotIDs, reinstalls: reinstalls, laterSchedules: laterSchedules)
    }

    /// Sorts `items` by their keys (a time and a number no two items share, so the order is
    /// total): the keys are sorted first, then the items are moved into place along the
    /// permutation's cycles, so each item moves once and none is copied (a world's steps are
    /// JSON objects), and none moves when the items are in order already.
    static func sortByTime<Item>(_ items: inout [Item], by key: (borrowing Item) -> (SimInstant, Int)) {
        // Each key read from the item in place (a step is a JSON object: no copy of it).
        var keys: [(SimInstant, Int)] = []
        keys.reserveCapacity(items.count)
        for index in items.indices { keys.append(key(items[index])) }
        guard !zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) else { return }
        // The item at `order[k]` goes to position k.
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        var placed = [Bool](repeating: false, count: order.count)
        // Moved, not swapped: `swapAt` copies an item into a temporary (a retain of each of its
        // strings and objects, and a release after). A cycle's first item is held out while the
        // rest move up one place each, then it fills the last place.
        items.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in order.indices where !placed[start] {
                placed[start] = true
                guard order[start] != start else { continue }
                let held = (base + start).move()
                var position = start
                while true {
                    let source = order[position]
                    if source == start {
                        (base + position).initialize(to: held)
                        break
                    }
                    (base + position).moveInitialize(from: base + source, count: 1)
                    placed[source] = true
                    position = source
                }
            }
        }
    }

    /// The `action` of a scenario step (`nil` for the other kinds of world action).
    static func actionName(_ action: Action) -> String? {
        guard case .step(let body) = action else { return nil }
        return body["action"]?.stringValue
    }

    /// Whether a step (whose ``actionName(_:)`` is `name`) is something the user does with the
    /// app (it needs the device on and awake).
    static func isUserStep(_ action: Action, name: String?) -> Bool {
        switch action {
        case .reschedule, .resetup: return true
        case .shiftClock, .syncClock: return false
        case .step:
            switch name {
            case "launchApp", "backgroundApp", "scheduleDailyNotification", "cancelAllNotifications", "updateSettings", "configure":
                return true
            default: return false
            }
        }
    }

    /// Stretches in which the device is off or locked after a reboot (`offFor` + `unlockAfter`),
    /// or asleep (Electron), from steps in time order (each with its ``actionName(_:)``).
    static func unavailableStretches(
        _ steps: [(at: SimInstant, name: String?, action: Action)], until end: SimInstant
    ) -> [(from: SimInstant, to: SimInstant)] {
        var stretches: [(from: SimInstant, to: SimInstant)] = []
        var asleepSince: SimInstant?
        for step in steps {
            guard case .step(let body) = step.action else { continue }
            switch step.name {
            case "reboot":
                let off = body["offFor"]?.stringValue.flatMap(SimDuration.init(parsing:)) ?? .minutes(1)
                let unlock = body["unlockAfter"]?.stringValue.flatMap(SimDuration.init(parsing:)) ?? .zero
                stretches.append((step.at, step.at + off + unlock))
            case "setSystemSleep":
                if body["asleep"]?.boolValue == true {
                    if asleepSince == nil { asleepSince = step.at }
                } else if let since = asleepSince {
                    stretches.append((since, step.at))
                    asleepSince = nil
                }
            default:
                break
            }
        }
        if let since = asleepSince { stretches.append((since, end)) }
        return stretches
    }

    /// The scenario's `description`: where the world came from, so seed + template digest +
    /// version replay it, and which fault kinds the swarm switched on.
    func describe() -> String {
        var text =
            "Generated by dnsim explore (dnsim \(version)) from template \(templateID) (digest \(templateDigest)), seed \(seed). "
            + "Swarm on: \(enabledKinds.isEmpty ? "nothing" : enabledKinds.map(\.rawValue).joined(separator: ", ")); "
            + "off: \(disabledKinds.isEmpty ? "nothing" : disabledKinds.map(\.rawValue).joined(separator: ", ")). "
            + "Faults for \(faultDays) d, then the world is healed, the app opened, and \(quietDays) quiet days follow (liveness)."
        if let shrinkNote { text += " " + shrinkNote }
        return text
    }

    static func versionKey(_ platform: ScenarioPlatform) -> String {
        switch platform {
        case .android: return "apiLevel"
        case .ios: return "osVersion"
        case .electron: return "electronVersion"
        }
    }

    private func schedule(_ slot: String, _ time: LocalTime) -> JSONObject {
        ["action": "scheduleDailyNotification", "id": .string(slot), "time": .string(time.description), "title": .string(slot)]
    }

    /// The step that undoes what a kind leaves switched off, if anything.
    static func healStep(_ kind: FaultKind, platform: ScenarioPlatform) -> JSONObject? {
        if let toggle = kind.toggle { return ["action": .string(toggle.action), toggle.field: .bool(toggle.after)] }
        switch kind {
        case .reinstallApp where platform == .ios: return ["action": "setNotificationPermission", "granted": true]
        case .standbyBucket: return ["action": "setStandbyBucket", "bucket": "active"]
        case .exactAlarm: return ["action": "grantExactAlarm"]
        case .serverFault: return ["action": "setServerFault", "fault": "none"]
        case .settings: return ["action": "configure"]
        default: return nil
        }
    }
}

/// The steps of a scenario being written, with the rule for their times: `at` (a local
/// date-time in the start zone) when the instant is a unique local reading there, otherwise
/// `after` (the exact distance from the previous step), so every instant survives the round trip.
private struct Timeline {
    let zone: Zone
    private var items: [(at: SimInstant, body: JSONObject)] = []

    init(zone: Zone) { self.zone = zone }

    mutating func add(_ at: SimInstant, _ body: JSONObject) { items.append((at, body)) }

    /// The local text of `instant` when it reads back to the same instant.
    func localText(_ instant: SimInstant) -> String? {
        let local = zone.localDateTime(at: instant)
        guard case .unique = zone.resolve(local) else { return nil }
        return local.description
    }

    /// The steps in time order (stable: in the order added at the same time); leaves the
    /// timeline empty.
    mutating func takeOrdered() -> [(at: SimInstant, body: JSONObject)] {
        var ordered: [(at: SimInstant, body: JSONObject)] = []
        swap(&ordered, &items)
        // The steps are usually added in time order already.
        if !zip(ordered, ordered.dropFirst()).allSatisfy({ $0.at <= $1.at }) {
            ordered = ordered.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        }
        return ordered
    }

    /// The step objects in time order, each with its `at` or `after`; leaves the timeline empty.
    mutating func rendered() -> [JSONValue] {
        var ordered = takeOrdered()
        var previous: SimInstant?
        var steps: [JSONValue] = []
        steps.reserveCapacity(ordered.count)
        for index in ordered.indices {
            let at = ordered[index].at
            // Moved out, not copied, so adding its time does not copy its members.
            var body = JSONObject()
            swap(&body, &ordered[index].body)
            if let text = localText(at) {
                body["at"] = .string(text)
            } else {
                body["after"] = .string((at - (previous ?? at)).description)
            }
            previous = at
            steps.append(.object(body))
        }
        return steps
    }
}
