import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// Runs scenarios and turns each run into a ``RunResult``.
public enum ScenarioRunner {
    /// Runs `scenario` (with its own profile and seed) and evaluates its checks.
    ///
    /// - Throws: ``SimulationError`` when a guard stops a runaway run.
    public static func run(_ scenario: Scenario) throws -> RunResult {
        let world = AndroidWorld(scenario: scenario)
        try world.run()
        return AndroidResultBuilder(world: world).build()
    }
}

/// Reads an Android run's OS state and trace into a ``RunResult``.
struct AndroidResultBuilder {
    let world: AndroidWorld

    func build() -> RunResult {
        let system = world.system
        let scenario = world.scenario
        let planned = world.planner.plan(zoneTimeline: world.zoneTimeline, end: scenario.endInstant)
        var unmatched = planned
        var deliveries: [RunResult.Delivery] = []
        var suppressed: [RunResult.Occurrence] = []

        for post in system.notificationLog {
            let slot = post.extra(NotificationExtraKey.slot) ?? "?"
            let match = nearest(slot: slot, at: post.time, in: unmatched)
            if let match { unmatched.removeAll { $0 == match } }
            switch post.outcome {
            case .shown:
                deliveries.append(
                    RunResult.Delivery(
                        slot: slot,
                        localDate: match?.localDate.description ?? post.extra(NotificationExtraKey.localDate) ?? "?",
                        plannedAt: match?.at, deliveredAt: post.time,
                        latenessMs: match.map { (post.time - $0.at).milliseconds }, title: post.title, body: post.body))
            case .suppressedPermissionDenied, .suppressedChannelBlocked:
                if let match {
                    let why =
                        post.outcome == .suppressedPermissionDenied
                        ? "POST_NOTIFICATIONS denied [A49]" : "notification channel blocked [A51]"
                    suppressed.append(
                        RunResult.Occurrence(
                            slot: slot, localDate: match.localDate.description, plannedAt: match.at,
                            reason: "notification posted but not shown: \(why)"))
                }
            }
        }
        let missed = unmatched.map { occurrence in
            RunResult.Occurrence(
                slot: occurrence.slot, localDate: occurrence.localDate.description, plannedAt: occurrence.at,
                reason: reason(for: occurrence))
        }
        var result = RunResult(
            scenario: scenario, parameters: parameters(), deliveries: deliveries, missed: missed, skipped: [],
            suppressed: suppressed, errors: world.errors, expectations: [], trace: world.sim.trace.records,
            traceDigest: world.sim.trace.digestHex, zoneTimeline: world.zoneTimeline, armedAtEnd: system.alarms.count,
            pluginReportedMissed: pluginReportedMissed(), eventCount: world.sim.dispatchedCount)
        result.statusSnapshots = world.statusSnapshots
        result.armedOccurrencesAtEnd = system.alarms.map {
            ($0.operation.intent.extra(NotificationExtraKey.slot) ?? "?") + "@"
                + ($0.operation.intent.extra(NotificationExtraKey.localDate) ?? "?")
        }
        let slots = system.storageSnapshot.slots
        result.unarmedAtEnd = slots.map { "\($0.id)@\($0.nextLocalDate)" }.filter { !result.armedOccurrencesAtEnd.contains($0) }
        result.strayArmedAtEnd = result.armedOccurrencesAtEnd.filter { occurrence in
            !slots.contains { occurrence.hasPrefix($0.id + "@") }
        }
        result.expectations = ExpectationEvaluator(result: result).evaluate()
        return result
    }

    /// The planned occurrence of `slot` nearest to `time`, within 12 hours.
    private func nearest(slot: String, at time: SimInstant, in planned: [OccurrencePlanner.Planned])
        -> OccurrencePlanner.Planned?
    {
        let window = SimDuration.hours(12).milliseconds
        return planned.filter { $0.slot == slot && abs(($0.at - time).milliseconds) <= window }
            .min { abs(($0.at - time).milliseconds) < abs(($1.at - time).milliseconds) }
    }

    /// Why an occurrence never reached the user: the last OS record about it, else what the
    /// device or plugin was doing at the time.
    private func reason(for occurrence: OccurrencePlanner.Planned) -> String {
        let date = occurrence.localDate.description
        let records = world.sim.trace.records.filter {
            $0.detail("extra.slot") == occurrence.slot && $0.detail("extra.localDate") == date
                && $0.subsystem.hasPrefix("android.") && $0.kind != "alarm.set"
        }
        if let last = records.last {
            return describe(last)
        }
        let removal = world.sim.trace.records.last {
            $0.time <= occurrence.at && $0.detail("extra.slot") == occurrence.slot
                && ["alarm.clearedByReboot", "alarm.removedByForceStop"].contains($0.kind)
        }
        if let removal {
            return "not re-armed since \(describe(removal))"
        }
        return "no alarm was armed for this occurrence"
    }

    private func describe(_ record: TraceRecord) -> String {
        let rule = record.rule.map { " [\($0)]" } ?? ""
        return "\(record.kind)\(rule) at \(ISO8601.format(record.time, in: world.zoneTimeline.last { $0.from <= record.time }?.zone ?? world.scenario.zone))"
    }

    private func pluginReportedMissed() -> Int {
        world.sim.trace.records(kind: "missed.reported").reduce(0) { $0 + (Int($1.detail("count") ?? "0") ?? 0) }
    }

    private func parameters() -> [(key: String, value: String)] {
        let scenario = world.scenario
        var list: [(key: String, value: String)] = [
            ("seed", String(scenario.seed)),
            ("platform", scenario.platform.rawValue),
            ("pluginProfile", scenario.profile.rawValue),
            ("timeZone", scenario.zone.identifier),
            ("gapPolicy", GapPolicy.shiftForward.rawValue),
            ("foldPolicy", FoldPolicy.earlier.rawValue),
            ("plugin.bootReceiver", String(scenario.plugin.bootReceiver)),
            ("plugin.directBootAware", String(scenario.plugin.directBootAware)),
            ("plugin.targetSdk", String(scenario.plugin.targetSdk)),
        ]
        list += world.system.resolvedParameters.map { (key: $0.0, value: $0.1) }
        return list
    }
}
