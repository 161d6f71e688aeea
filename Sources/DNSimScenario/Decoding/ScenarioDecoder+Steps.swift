import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

extension ScenarioDecoder {
    /// The steps, and what the checks need to know of them.
    struct StepsOutcome {
        /// The steps decoded, in order.
        var steps: [ScenarioStep] = []
        /// Whether ``createdSlots`` is known to be every slot the steps create: no step failed
        /// that is, or may be, a `scheduleDailyNotification` (slot references are checked only then).
        var slotsKnown = true
        /// The slot ids the `scheduleDailyNotification` steps create, in step order, once each.
        var createdSlots: [String] = []
        /// The slots steps name (`injectAlarmLoss`, `corruptStoredSlot`), with their pointers.
        var slotReferences: [(slot: String, pointer: JSONPointer)] = []
        /// Whether ``scriptedIDs`` is known to be every id the scripted test app's steps create: no
        /// step failed that is, or may be, one that creates one.
        var scriptedKnown = true
        /// The ids the scripted test app's steps create, by kind, in step order, once each.
        var scriptedIDs: [ScriptedReference.Kind: [String]] = [:]
    }

    /// Decodes every step, recording the problems of each and carrying on with the next. Without
    /// a `timeline` (the zone, start or end is wrong) step times are checked for shape only.
    ///
    /// With `timedSteps` the steps are those bodies at those instants (``decode(_:timedSteps:)``),
    /// not the document's `steps`.
    func decodeSteps(
        _ root: inout JSONObjectReader, platform: ScenarioPlatform?, timeline: Timeline?,
        timedSteps: [(at: SimInstant, body: JSONObject)]? = nil
    ) -> StepsOutcome {
        var outcome = StepsOutcome()
        let elements: [(value: JSONValue, pointer: JSONPointer)]
        if let timedSteps {
            let stepsPointer = root.pointer.appending("steps")
            elements = timedSteps.indices.map { (.object(timedSteps[$0].body), stepsPointer.appending($0)) }
        } else if let read = attempt({ try root.array("steps") }) {
            elements = read
        } else {
            outcome.slotsKnown = false
            return outcome
        }
        outcome.steps.reserveCapacity(elements.count)
        // The previous step's time, once known; `nil` after a step whose time is unknown.
        var previous = timeline?.start
        // The device's zone and wall-clock offset as the steps leave them, to check where each
        // setClock step sets the clock (only setClock moves it; only setTimeZone changes the zone);
        // `nil` once a step makes it unknown.
        var clock = timeline.map {
            DeviceClockBounds(
                zone: $0.zone, earliest: max(.epoch, $0.start - Self.clockMargin), latest: $0.end + Self.clockMargin)
        }
        for (position, (value, pointer)) in elements.enumerated() {
            guard var reader = attempt({ try JSONObjectReader(value, at: pointer, expected: "a step object") }) else {
                outcome.slotsKnown = false
                previous = nil
                continue
            }
            let time: SimInstant?
            if let timedSteps {
                time = checkStepTime(timedSteps[position].at, at: pointer, timeline: timeline, previous: &previous)
            } else {
                time = decodeStepTime(&reader, step: pointer, timeline: timeline, previous: &previous)
            }
            let action = attempt { try decodeAction(&reader, platform: platform) }
            // A step whose action could not be read is checked for fields no action has.
            reportUnknownFields(reader, knownKeys: action == nil ? Self.stepFields : [])
            guard let action else {
                clock = nil
                // A step that failed creates no slot unless it is (or may be) a schedule call.
                var name: String?
                if case .string(let text)? = reader.object["action"] { name = text }
                if name == nil || name == "scheduleDailyNotification" { outcome.slotsKnown = false }
                if name == nil || ScriptedReference.Kind.allCases.contains(where: { $0.creatingAction == name }) {
                    outcome.scriptedKnown = false
                }
                continue
            }
            if let created = ScriptedReference(creatingStep: action), !(outcome.scriptedIDs[created.kind] ?? []).contains(created.id) {
                outcome.scriptedIDs[created.kind, default: []].append(created.id)
            }
            switch action {
            case .setClock(let change, _):
                if let time, var bounds = clock, attempt({ try checkClockChange(change, at: time, step: pointer, clock: &bounds) }) != nil {
                    clock = bounds
                } else {
                    clock = nil
                }
            case .setTimeZone(let zone): clock?.zone = zone
            case .scheduleDailyNotification(let request):
                if !outcome.createdSlots.contains(request.resolvedID) { outcome.createdSlots.append(request.resolvedID) }
            case .injectAlarmLoss(let slot?): outcome.slotReferences.append((slot, pointer.appending("slot")))
            case .corruptStoredSlot(let slot): outcome.slotReferences.append((slot, pointer.appending("slot")))
            default: break
            }
            guard let time else { continue }
            outcome.steps.append(ScenarioStep(at: time, action: action, pointer: pointer))
        }
        return outcome
    }

    /// The step's instant from `at` or `after`, checked against the start, the previous step and
    /// the end; `nil` (and `previous` unknown from here on) when it cannot be known.
    private func decodeStepTime(
        _ reader: inout JSONObjectReader, step pointer: JSONPointer, timeline: Timeline?, previous: inout SimInstant?
    ) -> SimInstant? {
        // Known fields whichever is used, so an unknown-field message lists both.
        let hasAt = reader.markKnown("at")
        let hasAfter = reader.markKnown("after")
        if hasAt == hasAfter {
            // A misspelt "at"/"after" is the likely cause of "neither": name it.
            let near = hasAt ? nil : reader.object.keys.first { Suggestion.closest(to: $0, among: ["at", "after"]) != nil }
            let hint = near.map { "; is \"\(JSONWriter.escapedContents($0))\" a typo for one of them?" } ?? ""
            record(
                invalid(
                    pointer, "exactly one of \"at\" (a local date-time) or \"after\" (a duration since the previous step)",
                    (hasAt ? "both" : "neither") + hint))
            previous = nil
            return nil
        }
        var time: SimInstant?
        if hasAt {
            if let local = attempt({ try decodeLocalDateTime(&reader, "at") }), let timeline {
                time = timeline.zone.instant(for: local, gap: .skip)
                if time == nil {
                    record(invalid(pointer.appending("at"), "a local time that exists in \(timeline.zone.identifier)", "\"\(local)\""))
                }
            }
        } else if let delay = attempt({ try decodeDuration(&reader, "after") }), let before = previous {
            time = before + delay
        }
        guard let time else {
            previous = nil
            return nil
        }
        return checkStepTime(time, at: pointer.appending(hasAt ? "at" : "after"), timeline: timeline, previous: &previous)
    }

    /// The step time `time` once checked against the start, the previous step and the end
    /// (a time out of place is recorded at `timePointer`); `nil` (and `previous` unknown from
    /// here on) without a `timeline`.
    private func checkStepTime(
        _ time: SimInstant, at timePointer: @autoclosure () -> JSONPointer, timeline: Timeline?, previous: inout SimInstant?
    ) -> SimInstant? {
        guard let timeline else {
            previous = nil
            return nil
        }
        let zone = timeline.zone
        if time < timeline.start {
            record(
                invalid(
                    timePointer(), "a time at or after the start (\(ISO8601.format(timeline.start, in: zone)))",
                    ISO8601.format(time, in: zone)))
        } else if let before = previous, time < before {
            record(
                invalid(
                    timePointer(), "a time at or after the previous step (\(ISO8601.format(before, in: zone)))",
                    ISO8601.format(time, in: zone)))
        } else if time > timeline.end {
            record(
                invalid(
                    timePointer(), "a time at or before the end (\(ISO8601.format(timeline.end, in: zone)))",
                    ISO8601.format(time, in: zone)))
        }
        previous = time
        return time
    }

    /// What the decoder knows of the device clock between steps.
    struct DeviceClockBounds {
        /// The device's zone, in which a `to` is read.
        var zone: Zone
        /// Wall clock minus true time.
        var offset = SimDuration.zero
        /// The earliest reading a setClock step may set: start − ``clockMargin``, not before 1970.
        let earliest: SimInstant
        /// The latest reading a setClock step may set: end + ``clockMargin``.
        let latest: SimInstant
    }

    /// Checks that a setClock step at `time` sets the clock no earlier than 1970 and within
    /// ``clockMargin`` of the scenario's span, as the run will apply it (a `to` in the device's
    /// current zone, by the default gap and fold policies); then records the new offset.
    private func checkClockChange(
        _ change: ScenarioAction.ClockChange, at time: SimInstant, step: JSONPointer, clock: inout DeviceClockBounds
    ) throws {
        let wall: SimInstant
        let zone = clock.zone
        switch change {
        case .to(let local): wall = zone.instant(for: local) ?? time + clock.offset
        case .shift(let amount): wall = time + clock.offset + amount
        }
        guard wall < .epoch || wall < clock.earliest || wall > clock.latest else {
            clock.offset = wall - time
            return
        }
        // The clock is set out of bounds: say where and what.
        let field: JSONPointer
        let noun: String
        let found: String
        switch change {
        case .to(let local):
            field = step.appending("to")
            noun = "a local date-time"
            found = "\"\(local)\", which is \(ISO8601.formatUTC(wall))"
        case .shift(let amount):
            field = step.appending("shiftBy")
            noun = "a shift that sets the clock"
            found = "a shift by \(amount) to \(ISO8601.format(wall, in: zone))"
        }
        if wall < .epoch {
            throw invalid(
                field,
                "\(noun) at or after 1970-01-01T00:00:00Z (\(ISO8601.format(.epoch, in: zone)) in \(zone.identifier)): "
                    + Self.epochReason,
                found)
        }
        if wall < clock.earliest || wall > clock.latest {
            throw invalid(
                field,
                "\(noun) from \(ISO8601.format(clock.earliest, in: zone)) to \(ISO8601.format(clock.latest, in: zone)) "
                    + "in \(zone.identifier) (the scenario's span ± \(Self.clockMargin), not before 1970)",
                found)
        }
        clock.offset = wall - time
    }

    /// What a slot id is expected to be, as an error message says it.
    private static let slotIDExpectation = "a slot id: 1 to \(SafeName.maximumBytes) bytes, no control characters"

    /// What a scripted test app's alarm, work, request or task id is expected to be.
    private static let scriptedIDExpectation = "an id: 1 to \(SafeName.maximumBytes) bytes, no control characters"

    /// The string member `key` as a slot id (non-empty, no control characters, at most
    /// ``SafeName/maximumBytes`` bytes), or `nil` when absent.
    private func optionalSlotID(_ reader: inout JSONObjectReader, _ key: String) throws -> String? {
        let expected = Self.slotIDExpectation
        guard let slot = try reader.optionalString(key, expected: expected) else { return nil }
        if let problem = SafeName.problemAsLabel(slot) {
            throw invalid(reader.pointer.appending(key), expected, SafeName.quoted(slot) + ", " + problem)
        }
        return slot
    }

    /// Marks `first` and `second` as read and requires exactly one of them.
    private func requireExactlyOne(
        _ reader: inout JSONObjectReader, _ first: String, _ second: String, _ firstIs: String, _ secondIs: String
    ) throws {
        reader.markKnown(first)
        reader.markKnown(second)
        if reader.has(first) == reader.has(second) {
            throw invalid(
                reader.pointer, "exactly one of \"\(first)\" (\(firstIs)) or \"\(second)\" (\(secondIs))",
                reader.has(first) ? "both" : "neither")
        }
    }

    /// A scripted test-app alarm's id (`alarm`).
    private func alarmID(_ reader: inout JSONObjectReader) throws -> String { try scriptedID(&reader, "alarm") }

    /// The id of a scripted test-app alarm or request (member `key`).
    private func scriptedID(_ reader: inout JSONObjectReader, _ key: String) throws -> String {
        let expected = Self.scriptedIDExpectation
        let id = try reader.string(key, expected: expected)
        if let problem = SafeName.problemAsLabel(id) {
            throw invalid(reader.pointer.appending(key), expected, SafeName.quoted(id) + ", " + problem)
        }
        return id
    }

    /// An `enqueueWork` step's work: one-time or periodic (`interval`, `flex`), with an `initialDelay`,
    /// its constraint, backoff, scripted results and run time.
    private func decodeScriptedWork(_ reader: inout JSONObjectReader) throws -> ScriptedWork {
        let id = try scriptedID(&reader, "work")
        let kindName = try choice(&reader, "kind", ["oneTime", "periodic"])
        // Read every kind-specific field, so a field of the other kind is named, not "unknown".
        reader.markKnown("initialDelay")
        reader.markKnown("interval")
        reader.markKnown("flex")
        let kind: AndroidWorkRequest.Kind
        if kindName == "oneTime" {
            for key in ["interval", "flex"] where reader.has(key) {
                throw invalid(reader.pointer.appending(key), "no \"\(key)\" for oneTime work (only periodic work has one)", "one")
            }
            kind = .oneTime(initialDelay: reader.has("initialDelay") ? try decodeDuration(&reader, "initialDelay") : .zero)
        } else {
            guard reader.has("interval") else {
                throw invalid(reader.pointer.appending("interval"), "a repeat interval for periodic work (e.g. \"15m\")", "none")
            }
            let interval = try decodeDuration(&reader, "interval")
            let flex = reader.has("flex") ? try decodeDuration(&reader, "flex") : nil
            let initialDelay = reader.has("initialDelay") ? try decodeDuration(&reader, "initialDelay") : .zero
            kind = .periodic(interval: interval, flex: flex, initialDelay: initialDelay)
        }
        var work = ScriptedWork(id: id, kind: kind)
        work.requiresNetwork = try reader.optionalBool("requiresNetwork") ?? false
        work.backoffPolicy = try reader.optionalEnumeration("backoffPolicy", as: AndroidWorkRequest.BackoffPolicy.self) ?? .exponential
        reader.markKnown("backoffDelay")
        if reader.has("backoffDelay") { work.backoffDelay = try decodeDuration(&reader, "backoffDelay") }
        reader.markKnown("runTime")
        if reader.has("runTime") { work.runTime = try decodeDuration(&reader, "runTime") }
        work.existingWorkPolicy = try reader.optionalEnumeration("existingWorkPolicy", as: AndroidExistingWorkPolicy.self) ?? .replace
        let resultNames = AndroidWorkOutcome.Result.allCases.map(\.rawValue)
        let expected = "a non-empty array of worker results, each one of: " + resultNames.joined(separator: ", ")
        if let elements = try reader.optionalArray("results", expected: expected) {
            guard !elements.isEmpty else { throw invalid(reader.pointer.appending("results"), expected, "an empty array") }
            work.results = try elements.map { element in
                guard case .string(let name) = element.value, let result = AndroidWorkOutcome.Result(rawValue: name) else {
                    let found = element.value.describeForError
                    throw invalid(
                        element.pointer, "one of: " + resultNames.joined(separator: ", "),
                        found + (element.value.stringValue.map { Suggestion.didYouMean($0, among: resultNames) } ?? ""))
                }
                return result
            }
        }
        return work
    }

    /// Every field a step of any action may have.
    static let stepFields = [
        "at", "after", "action", "offFor", "unlockAfter", "to", "shiftBy", "zone", "granted", "time", "title", "body", "id",
        "idle", "charging", "bucket", "available", "blocked", "slot", "on", "enabled", "status", "count", "fault",
        "asleep", "openAtLogin", "source", "ttlSeconds", "staleAction", "prefetchLeadMinutes", "alarm", "method", "type",
        "triggerAt", "triggerIn", "window", "request", "trigger", "date", "repeats", "seconds", "work", "kind",
        "initialDelay", "interval", "flex", "requiresNetwork", "backoffPolicy", "backoffDelay", "results", "runTime",
        "existingWorkPolicy", "task", "earliestBeginAt", "earliestBeginIn", "permitted", "allowlisted", "restricted",
    ]

    private func decodeAction(_ reader: inout JSONObjectReader, platform: ScenarioPlatform?) throws -> ScenarioAction {
        let vocabulary = ScenarioAction.Vocabulary.of(platform)
        let known = vocabulary.names
        let expected = vocabulary.expected
        let name = try reader.string("action", expected: expected)
        let isKnown = vocabulary.nameSet.contains(name)
        if let platform, !isKnown && ScenarioAction.allNames.contains(name) {
            throw invalid(reader.pointer.appending("action"), expected, "\"\(name)\", which does not exist on \(platform.rawValue)")
        }
        if !isKnown, let near = Suggestion.closest(to: name, among: known) {
            // A near miss: name the action meant rather than list all of them.
            let platformName = platform.map { "\($0.rawValue) " } ?? ""
            throw invalid(
                reader.pointer.appending("action"), "one of the \(known.count) \(platformName)actions",
                "\"\(JSONWriter.escapedContents(name))\", did you mean \"\(near)\"?")
        }
        switch name {
        case "launchApp": return .launchApp
        case "backgroundApp": return .backgroundApp
        case "swipeFromRecents": return .swipeFromRecents
        case "forceStop": return .forceStop
        case "killProcess": return .killProcess
        case "unlock": return .unlock
        case "cancelAllNotifications": return .cancelAllNotifications
        case "getNotificationStatus": return .getNotificationStatus
        case "getLastNotification": return .getLastNotification
        case "configure", "updateSettings":
            var settings = PluginSettings()
            if let ttl = try reader.optionalInt64("ttlSeconds", expected: "seconds from 60 to 2592000") {
                guard (60...2_592_000).contains(ttl) else {
                    throw invalid(reader.pointer.appending("ttlSeconds"), "seconds from 60 to 2592000", "\(ttl)")
                }
                settings.ttlSeconds = ttl
            }
            settings.staleAction = try reader.optionalEnumeration("staleAction", as: FreshnessPolicy.StaleAction.self)
            if let lead = try reader.optionalInt64("prefetchLeadMinutes", expected: "minutes from 0 to 720") {
                guard (0...720).contains(lead) else {
                    throw invalid(reader.pointer.appending("prefetchLeadMinutes"), "minutes from 0 to 720", "\(lead)")
                }
                settings.prefetchLeadMinutes = Int(lead)
            }
            return .applySettings(settings, replace: name == "configure")
        case "revokeExactAlarm": return .revokeExactAlarm
        case "grantExactAlarm": return .grantExactAlarm
        case "updateApp": return .updateApp
        case "setDeviceIdle": return .setDeviceIdle(try reader.bool("idle"))
        case "setCharging": return .setCharging(try reader.bool("charging"))
        case "setScreen": return .setScreen(on: try reader.bool("on"))
        case "setBatterySaver": return .setBatterySaver(try reader.bool("on"))
        case "setPowerAllowlist": return .setPowerAllowlist(try reader.bool("allowlisted"))
        case "setBackgroundRestricted": return .setBackgroundRestricted(try reader.bool("restricted"))
        case "setNetwork": return .setNetwork(available: try reader.bool("available"))
        case "setChannelBlocked": return .setChannelBlocked(try reader.bool("blocked"))
        case "injectAlarmLoss": return .injectAlarmLoss(slot: try optionalSlotID(&reader, "slot"))
        case "setLowPowerMode": return .setLowPowerMode(try reader.bool("on"))
        case "publishContent": return .publishContent
        case "quitApp": return .quitApp
        case "reinstallApp": return .reinstallApp
        case "failNextBackgroundStart": return .failNextBackgroundStart
        case "corruptStoredSlot":
            _ = try reader.string("slot", expected: "a slot id")
            return .corruptStoredSlot(try optionalSlotID(&reader, "slot") ?? "")
        case "login": return .login
        case "setSystemSleep": return .setSystemSleep(try reader.bool("asleep"))
        case "setLoginItem": return .setLoginItem(openAtLogin: try reader.bool("openAtLogin"))
        case "setServerFault":
            return .setServerFault(try choice(&reader, "fault", ContentServer.Fault.allCases.map(\.rawValue)))
        case "setBackgroundAppRefresh": return .setBackgroundAppRefresh(try reader.bool("enabled"))
        case "clearDeliveredNotifications": return .clearDeliveredNotifications
        case "tapNotification": return .tapNotification
        case "setAuthorization":
            return .setAuthorization(try choice(&reader, "status", IOSAuthorizationStatus.allCases.map(\.rawValue)))
        case "addOtherRequests":
            let count = try reader.int64("count", expected: "a count from 1 to 200")
            guard (1...200).contains(count) else {
                throw invalid(reader.pointer.appending("count"), "a count from 1 to 200", "\(count)")
            }
            return .addOtherRequests(count: Int(count))
        case "setAlarm":
            let id = try alarmID(&reader)
            let method = try reader.enumeration("method", as: AndroidAlarm.Method.self)
            let type = try reader.optionalEnumeration("type", as: AndroidAlarm.ClockType.self) ?? .rtcWakeup
            try requireExactlyOne(&reader, "triggerAt", "triggerIn", "a local date-time", "a signed duration from the step")
            let trigger: ScriptedAlarm.Trigger =
                reader.has("triggerAt")
                ? .at(try decodeLocalDateTime(&reader, "triggerAt")) : .after(try decodeDuration(&reader, "triggerIn", allowNegative: true))
            reader.markKnown("window")
            let window = reader.has("window") ? try decodeDuration(&reader, "window") : SimDuration.zero
            if method == .setWindow && !reader.has("window") {
                throw invalid(reader.pointer.appending("window"), "a window length for setWindow (e.g. \"15m\")", "none")
            }
            return .setAlarm(ScriptedAlarm(id: id, method: method, type: type, trigger: trigger, window: window))
        case "cancelAlarm":
            return .cancelAlarm(try alarmID(&reader))
        case "enqueueWork":
            return .enqueueWork(try decodeScriptedWork(&reader))
        case "cancelWork":
            return .cancelWork(try scriptedID(&reader, "work"))
        case "addRequest":
            let id = try scriptedID(&reader, "request")
            let kind = try choice(&reader, "trigger", ["calendar", "interval"])
            let repeats = try reader.optionalBool("repeats") ?? false
            if kind == "interval" {
                let seconds = try reader.int64("seconds", expected: "a number of seconds")
                return .addRequest(ScriptedRequest(id: id, trigger: .timeInterval(seconds: seconds, repeats: repeats)))
            }
            let text = try reader.string("time", expected: "a wall time \"HH:mm\"")
            guard let time = LocalTime(parsing: text) else {
                throw invalid(reader.pointer.appending("time"), "a wall time \"HH:mm\"", "\"\(text)\"")
            }
            var date: LocalDate?
            if let dateText = try reader.optionalString("date", expected: "a local date \"YYYY-MM-DD\"") {
                guard let parsed = LocalDate(parsing: dateText) else {
                    throw invalid(reader.pointer.appending("date"), "a local date \"YYYY-MM-DD\"", "\"\(dateText)\"")
                }
                date = parsed
            }
            let zone = reader.has("zone") ? try decodeZone(&reader, "zone") : nil
            return .addRequest(
                ScriptedRequest(
                    id: id, trigger: .calendar(IOSDateComponents(date: date, hour: time.hour, minute: time.minute), timeZone: zone, repeats: repeats)))
        case "removePending":
            return .removePending(try scriptedID(&reader, "request"))
        case "submitTask":
            let id = try scriptedID(&reader, "task")
            let kind = try reader.enumeration("kind", as: IOSBackgroundTaskRequest.Kind.self)
            reader.markKnown("earliestBeginAt")
            reader.markKnown("earliestBeginIn")
            if reader.has("earliestBeginAt") && reader.has("earliestBeginIn") {
                throw invalid(
                    reader.pointer,
                    "at most one of \"earliestBeginAt\" (a local date-time) or \"earliestBeginIn\" (a duration from the step)", "both")
            }
            var earliest: ScriptedTask.EarliestBegin?
            if reader.has("earliestBeginAt") { earliest = .at(try decodeLocalDateTime(&reader, "earliestBeginAt")) }
            if reader.has("earliestBeginIn") { earliest = .after(try decodeDuration(&reader, "earliestBeginIn")) }
            let permitted = try reader.optionalBool("permitted") ?? true
            reader.markKnown("runTime")
            let runTime = reader.has("runTime") ? try decodeDuration(&reader, "runTime") : .seconds(2)
            return .submitTask(ScriptedTask(id: id, kind: kind, earliestBegin: earliest, permitted: permitted, runTime: runTime))
        case "setStandbyBucket":
            return .setStandbyBucket(try choice(&reader, "bucket", AndroidStandbyBucket.allCases.map(\.rawValue)))
        case "reboot":
            reader.markKnown("offFor")
            reader.markKnown("unlockAfter")
            let offFor = reader.has("offFor") ? try decodeDuration(&reader, "offFor") : .minutes(1)
            let unlockAfter = reader.has("unlockAfter") ? try decodeDuration(&reader, "unlockAfter") : nil
            return .reboot(offFor: offFor, unlockAfter: unlockAfter)
        case "setClock":
            try requireExactlyOne(&reader, "to", "shiftBy", "a local date-time", "a signed duration")
            let source = try optionalChoice(&reader, "source", ["manual", "network"]) ?? "manual"
            if reader.has("to") { return .setClock(.to(try decodeLocalDateTime(&reader, "to")), source: source) }
            return .setClock(.shift(try decodeDuration(&reader, "shiftBy", allowNegative: true)), source: source)
        case "setTimeZone":
            return .setTimeZone(try decodeZone(&reader, "zone"))
        case "setNotificationPermission":
            return .setNotificationPermission(granted: try reader.bool("granted"))
        case "scheduleDailyNotification":
            // The plugin rejects any other time (invalid_time_format): a scenario is checked the
            // same way before it runs, so a typo such as "7:30" is an input error, not a finding.
            let timeExpected = "a wall time \"HH:mm\" (24-hour, two digits each, as the plugin accepts)"
            let time = try reader.string("time", expected: timeExpected)
            guard DailySlotRequest.wallTime(time) != nil else {
                throw invalid(reader.pointer.appending("time"), timeExpected, "\"\(JSONWriter.escapedContents(time))\"")
            }
            let title = try reader.optionalString("title") ?? "Daily notification"
            let body = try reader.optionalString("body") ?? ""
            let id = try optionalSlotID(&reader, "id")
            return .scheduleDailyNotification(DailySlotRequest(id: id, time: time, title: title, body: body))
        default:
            throw invalid(reader.pointer.appending("action"), expected, "\"\(JSONWriter.escapedContents(name))\"")
        }
    }
}
