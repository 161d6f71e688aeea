import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

extension ScenarioDecoder {
    func decodeSteps(
        _ root: inout JSONObjectReader, platform: ScenarioPlatform, zone: Zone, start: SimInstant, end: SimInstant
    ) throws
        -> [ScenarioStep]
    {
        var steps: [ScenarioStep] = []
        var previous = start
        // The device's zone and wall-clock offset as the steps leave them, to check where each
        // setClock step sets the clock (only setClock moves it; only setTimeZone changes the zone).
        var clock = DeviceClockBounds(
            zone: zone, earliest: max(.epoch, start - Self.clockMargin), latest: end + Self.clockMargin)
        for (value, pointer) in try root.array("steps") {
            var reader = try JSONObjectReader(value, at: pointer, expected: "a step object")
            let hasAt = reader.has("at")
            let hasAfter = reader.has("after")
            // Known fields whichever is used, so an unknown-field message lists both.
            _ = reader.optionalValue("at")
            _ = reader.optionalValue("after")
            if hasAt == hasAfter {
                // A misspelt "at"/"after" explains "neither" better than the rule does.
                if let unknown = reader.object.keys.first(where: { !Self.stepFields.contains($0) }) {
                    throw invalid(
                        pointer.appending(unknown), "one of the step fields: " + Self.stepFields.joined(separator: ", "),
                        "an unknown field \"\(unknown)\"")
                }
                throw invalid(
                    pointer, "exactly one of \"at\" (a local date-time) or \"after\" (a duration since the previous step)",
                    hasAt ? "both" : "neither")
            }
            let time: SimInstant
            let timePointer: JSONPointer
            if hasAt {
                let (local, at) = try decodeLocalDateTime(&reader, "at")
                guard let instant = zone.instant(for: local, gap: .skip) else {
                    throw invalid(at, "a local time that exists in \(zone.identifier)", "\"\(local)\"")
                }
                time = instant
                timePointer = at
            } else {
                let (delay, at) = try decodeDuration(&reader, "after")
                time = previous + delay
                timePointer = at
            }
            if time < start {
                throw invalid(
                    timePointer, "a time at or after the start (\(ISO8601.format(start, in: zone)))",
                    ISO8601.format(time, in: zone))
            }
            if time < previous {
                throw invalid(
                    timePointer, "a time at or after the previous step (\(ISO8601.format(previous, in: zone)))",
                    ISO8601.format(time, in: zone))
            }
            if time > end {
                throw invalid(
                    timePointer, "a time at or before the end (\(ISO8601.format(end, in: zone)))",
                    ISO8601.format(time, in: zone))
            }
            let action = try decodeAction(&reader, platform: platform)
            try reader.finish()
            switch action {
            case .setClock(let change, _): try checkClockChange(change, at: time, step: pointer, clock: &clock)
            case .setTimeZone(let zone): clock.zone = zone
            default: break
            }
            steps.append(ScenarioStep(at: time, action: action, pointer: pointer))
            previous = time
        }
        return steps
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
        let field: JSONPointer
        let noun: String
        let found: String
        let zone = clock.zone
        switch change {
        case .to(let local):
            wall = zone.instant(for: local) ?? time + clock.offset
            field = step.appending("to")
            noun = "a local date-time"
            found = "\"\(local)\", which is \(ISO8601.formatUTC(wall))"
        case .shift(let amount):
            wall = time + clock.offset + amount
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

    /// Every field a step of any action may have.
    static let stepFields = [
        "at", "after", "action", "offFor", "unlockAfter", "to", "shiftBy", "zone", "granted", "time", "title", "body", "id",
        "idle", "charging", "bucket", "available", "blocked", "slot", "on", "enabled", "status", "count", "fault",
        "asleep", "openAtLogin", "source", "ttlSeconds", "staleAction", "prefetchLeadMinutes",
    ]

    private func decodeAction(_ reader: inout JSONObjectReader, platform: ScenarioPlatform) throws -> ScenarioAction {
        let known = ScenarioAction.allNames.filter { ScenarioAction.platforms(of: $0).contains(platform) }
        let expected = "one of the \(platform.rawValue) actions: " + known.joined(separator: ", ")
        let name = try reader.string("action", expected: expected)
        if ScenarioAction.allNames.contains(name) && !known.contains(name) {
            throw invalid(reader.pointer.appending("action"), expected, "\"\(name)\", which does not exist on \(platform.rawValue)")
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
        case "setNetwork": return .setNetwork(available: try reader.bool("available"))
        case "setChannelBlocked": return .setChannelBlocked(try reader.bool("blocked"))
        case "injectAlarmLoss": return .injectAlarmLoss(slot: try reader.optionalString("slot"))
        case "setLowPowerMode": return .setLowPowerMode(try reader.bool("on"))
        case "publishContent": return .publishContent
        case "quitApp": return .quitApp
        case "reinstallApp": return .reinstallApp
        case "failNextBackgroundStart": return .failNextBackgroundStart
        case "corruptStoredSlot": return .corruptStoredSlot(try reader.string("slot", expected: "a slot id"))
        case "login": return .login
        case "setSystemSleep": return .setSystemSleep(try reader.bool("asleep"))
        case "setLoginItem": return .setLoginItem(openAtLogin: try reader.bool("openAtLogin"))
        case "setServerFault":
            let faults = ContentServer.Fault.allCases.map(\.rawValue)
            let fault = try reader.string("fault", expected: "one of: " + faults.joined(separator: ", "))
            guard faults.contains(fault) else {
                throw invalid(reader.pointer.appending("fault"), "one of: " + faults.joined(separator: ", "), "\"\(fault)\"")
            }
            return .setServerFault(fault)
        case "setBackgroundAppRefresh": return .setBackgroundAppRefresh(try reader.bool("enabled"))
        case "clearDeliveredNotifications": return .clearDeliveredNotifications
        case "tapNotification": return .tapNotification
        case "setAuthorization":
            let names = IOSAuthorizationStatus.allCases.map(\.rawValue)
            let status = try reader.string("status", expected: "one of: " + names.joined(separator: ", "))
            guard names.contains(status) else {
                throw invalid(reader.pointer.appending("status"), "one of: " + names.joined(separator: ", "), "\"\(status)\"")
            }
            return .setAuthorization(status)
        case "addOtherRequests":
            let count = try reader.int64("count", expected: "a count from 1 to 200")
            guard (1...200).contains(count) else {
                throw invalid(reader.pointer.appending("count"), "a count from 1 to 200", "\(count)")
            }
            return .addOtherRequests(count: Int(count))
        case "setStandbyBucket":
            let buckets = AndroidStandbyBucket.allCases.map(\.rawValue)
            let bucket = try reader.string("bucket", expected: "one of: " + buckets.joined(separator: ", "))
            guard buckets.contains(bucket) else {
                throw invalid(reader.pointer.appending("bucket"), "one of: " + buckets.joined(separator: ", "), "\"\(bucket)\"")
            }
            return .setStandbyBucket(bucket)
        case "reboot":
            _ = reader.optionalValue("offFor")
            _ = reader.optionalValue("unlockAfter")
            let offFor = reader.has("offFor") ? try decodeDuration(&reader, "offFor").0 : .minutes(1)
            let unlockAfter = reader.has("unlockAfter") ? try decodeDuration(&reader, "unlockAfter").0 : nil
            return .reboot(offFor: offFor, unlockAfter: unlockAfter)
        case "setClock":
            _ = reader.optionalValue("to")
            _ = reader.optionalValue("shiftBy")
            if reader.has("to") == reader.has("shiftBy") {
                throw invalid(
                    reader.pointer, "exactly one of \"to\" (a local date-time) or \"shiftBy\" (a signed duration)",
                    reader.has("to") ? "both" : "neither")
            }
            let sources = ["manual", "network"]
            let source = try reader.optionalString("source", expected: "manual or network") ?? "manual"
            guard sources.contains(source) else {
                throw invalid(reader.pointer.appending("source"), "manual or network", "\"\(source)\"")
            }
            if reader.has("to") { return .setClock(.to(try decodeLocalDateTime(&reader, "to").0), source: source) }
            return .setClock(.shift(try decodeDuration(&reader, "shiftBy", allowNegative: true).0), source: source)
        case "setTimeZone":
            return .setTimeZone(try decodeZone(&reader, "zone"))
        case "setNotificationPermission":
            return .setNotificationPermission(granted: try reader.bool("granted"))
        case "scheduleDailyNotification":
            // The time is passed to the plugin as written: rejecting a bad one is the plugin's job.
            let time = try reader.string("time", expected: "a wall time \"HH:mm\"")
            let title = try reader.optionalString("title") ?? "Daily notification"
            let body = try reader.optionalString("body") ?? ""
            let id = try reader.optionalString("id")
            return .scheduleDailyNotification(DailySlotRequest(id: id, time: time, title: title, body: body))
        default:
            throw invalid(reader.pointer.appending("action"), expected, "\"\(name)\"")
        }
    }
}
