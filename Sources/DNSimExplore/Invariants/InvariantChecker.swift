import DNSimCalendar
import DNSimCore
import DNSimPlugin
import DNSimScenario

/// Judges one run of a rendered world against every ``Invariant``.
///
/// How the judge settles the cases where its plan and a plugin's own rules could disagree:
///
/// - **Wall clock.** "Late", "early" and "local date" are read on the device's wall clock (true
///   time plus the offset the run's `clock.set` records left), in the zone in force then: a
///   plugin that fires at 08:00 on a clock the user set 2 h fast is on time, not 2 h early.
///   Generated worlds keep the offset within ±11 h, so each delivery still pairs with its plan.
/// - **A new schedule call for a slot** (a reschedule, or the re-set-up after a cancel or a
///   reinstall) starts a new intent on that local date: a second delivery of the slot on the date
///   of the call, or none for the new time, is accepted (seed 003: an update landing on a firing
///   slot shows the old and the new time on iOS under every profile).
/// - **Losses the app cannot see** are exempt from `loss-reported`: an iOS notification dropped
///   while the device was off (`notification.missedWhileOff`; S27, I9: a fired-and-cleared
///   notification looks the same), an iOS notification not shown while notifications were
///   denied when the app did not run during the denial (I6, I8: it receives nothing, and a
///   request gone after its time looks delivered), an iOS request evicted over the 64 limit (I1: no callback;
///   an eviction caused by the plugin's own add fails `ios-64-budget` instead), and occurrences
///   lost before a reinstall wiped the plugin's store. Likewise a slot shown once before a
///   reinstall and once after it on the same local date is no duplicate for
///   `one-per-slot-date`, nor an occurrence reported missed before and after it for
///   `missed-reported-once`: the reinstall wiped what the plugin knew. A report names the
///   occurrence's local date; while the clock is off or right after a zone change, a report for
///   the day before or after counts too.
/// - **The quiet phase** belongs to `liveness-stuck`: an occurrence lost or late after the heal
///   is reported there, not under `loss-reported` or `lateness-permitted`.
public struct InvariantChecker {
    /// The world as rendered.
    public let world: RenderedWorld
    /// Its run.
    public let result: RunResult

    /// Creates a checker.
    public init(world: RenderedWorld, result: RunResult) {
        self.world = world
        self.result = result
    }

    /// How late a delivery may be without an OS rule to permit it.
    public static let onTimeMillis: Int64 = OnTime.exactMillis

    /// How far from its time a delivery after the heal may be in `result` (the run's end
    /// decides: the heal restores what faults revoked): a minute, or ten on an Android device
    /// without SCHEDULE_EXACT_ALARM (``OnTime``, seed 004's "else ±10 m").
    public static func livenessOnTimeMillis(_ result: RunResult) -> Int64 {
        OnTime(result).toleranceMillis(at: result.scenario.endInstant)
    }

    /// The OS rules that permit a late delivery, per platform: (rule id, trace kind that must
    /// also appear, for rules that act in every run).
    public static func latenessPermits(_ platform: ScenarioPlatform) -> [(rule: String, kind: String?)] {
        switch platform {
        case .android:
            // A30 permits lateness only where the device profile treats a swipe as a force stop
            // (the OEM removes the app's alarms, like A26).
            // A60 (battery saver) and A62 (background restriction) hold alarms until they end.
            return ["A1", "A3", "A4", "A5", "A8", "A10", "A14", "A22", "A23", "A26", "A33", "A37", "A38", "A39", "A40", "A60", "A62"].map { ($0, nil) }
                + [("A30", "package.forceStopped")]
        case .ios:
            return ["I10", "I12", "I13", "I22"].map { ($0, nil) }
        case .electron:
            return [("E3", nil), ("E1", "process.ended"), ("E1", "clock.set"), ("E2", "user.login")]
        }
    }

    /// The schedule calls the plugin accepted (no API error at that instant), each ending the
    /// slot's earlier intent; a cancel or a reinstall ends every intent.
    func acceptedIntents() -> [WallPlan.Intent] {
        let failedCalls = Set(result.errors.filter { $0.call == "scheduleDailyNotification" }.map(\.at))
        var intents: [WallPlan.Intent] = []
        for event in world.intents {
            if let call = event.call {
                guard !failedCalls.contains(event.at) else { continue }
                for index in intents.indices where intents[index].slot == call.slot && intents[index].until == nil {
                    intents[index].until = event.at
                }
                intents.append(WallPlan.Intent(slot: call.slot, time: call.time, from: event.at, until: nil))
            } else {
                for index in intents.indices where intents[index].until == nil { intents[index].until = event.at }
            }
        }
        return intents
    }

    /// Slots the user wants at the end: scheduled by an accepted call, not cancelled since.
    public var activeSlotsAtEnd: [String] {
        let intents = acceptedIntents()
        return world.slotIDs.filter { slot in intents.contains { $0.slot == slot && $0.until == nil } }
    }

    /// One delivery paired with its planned occurrence (if any).
    struct Paired {
        var delivery: RunResult.Delivery
        var occurrence: WallPlan.Occurrence?
        /// Delivered minus due, in ms, when paired.
        var lateness: Int64? { occurrence.map { (delivery.deliveredAt - $0.at).milliseconds } }
    }

    /// How early a delivery may be: iOS's delivery drift parameter (I12, default 0); on Electron
    /// the largest clock change of the run, since timers count elapsed time and the app hears of
    /// no clock change (E1), so a correction moves a pending timer's fire on the wall clock.
    var earlySlack: Int64 {
        switch world.scenario.platform {
        case .ios:
            return result.parameters.first { $0.key == "ios.deliveryDriftMillis" }.flatMap { Int64($0.value) } ?? 0
        case .electron:
            var previous = SimDuration.zero
            var largest: Int64 = 0
            for change in result.clockOffsets {
                largest = max(largest, abs((change.offset - previous).milliseconds))
                previous = change.offset
            }
            return largest
        case .android:
            return 0
        }
    }

    /// The judgement.
    public func judge() -> Judgement {
        var violations: [Violation] = []
        var exercised: [Invariant] = []
        let touched = touchedOccurrences()
        let quietFrom = world.quietFrom
        let intents = acceptedIntents()
        let activeSlotsAtEnd = self.activeSlotsAtEnd
        let plan = WallPlan.plan(
            intents, segments: WallPlan.segments(of: result), end: result.scenario.endInstant,
            earlySlack: world.scenario.platform == .electron ? .milliseconds(earlySlack) : .zero)
        var matcher = WallMatcher(plan)
        // What the plugin skipped or the OS did not show used its occurrence up too.
        for occurrence in result.skipped {
            _ = matcher.take(slot: occurrence.slot, at: occurrence.happenedAt ?? occurrence.plannedAt, preferPast: true)
        }
        // Suppressed posts, with the occurrence of the judge's plan each one used up.
        let suppressed = result.suppressed.map { ($0, matcher.take(slot: $0.slot, at: $0.happenedAt ?? $0.plannedAt, preferPast: true)) }
        // Deliveries on time (within 2 min) pair first, so a stray delivery never takes the
        // occurrence a punctual one is for, and with an owed occurrence before an optional one
        // (a stopped intent's last reading within the Electron slack, a later reading); the rest
        // pair within 12 h.
        var paired = result.deliveries.map {
            Paired(delivery: $0, occurrence: matcher.take(slot: $0.slot, at: $0.deliveredAt, within: .minutes(2), preferOwed: true))
        }
        for index in paired.indices where paired[index].occurrence == nil {
            paired[index].occurrence = matcher.take(slot: paired[index].delivery.slot, at: paired[index].delivery.deliveredAt, preferPast: true)
        }
        // A date is done once any of its occurrences was shown, posted and suppressed by the OS,
        // or skipped by the plugin (as the result dates it: the plugin decided not to show it and
        // said so), whichever of the date's readings it came at (travel west can offer it twice).
        let settledDates = Set(
            paired.compactMap { $0.occurrence.map { $0.slot + "@" + $0.date.description } }
                + suppressed.compactMap { $0.1.map { $0.slot + "@" + $0.date.description } }
                + result.skipped.map { $0.slot + "@" + $0.localDate })
        // An occurrence whose on-time tolerance reaches past the run's end is not missed: the
        // OS may still show it, on time, after the end (a windowed alarm due 5 min before it).
        let onTime = OnTime(result)
        let end = result.scenario.endInstant
        let missed = matcher.unmatched.filter {
            let key = $0.slot + "@" + $0.date.description
            return !$0.optional && !settledDates.contains(key)
                && $0.at + .milliseconds(onTime.toleranceMillis(at: $0.at)) <= end
        }
        // A delivery's date: its occurrence's, when paired; else the device's wall-clock date.
        func key(_ item: Paired) -> String {
            item.delivery.slot + "@" + (item.occurrence?.date ?? wallDate(beforeSteps: item.delivery.deliveredAt)).description
        }

        // one-per-slot-date and delivery-planned
        var bySlotDate: [String: [Paired]] = [:]
        var keys: [String] = []
        for item in paired {
            if bySlotDate[key(item)] == nil { keys.append(key(item)) }
            bySlotDate[key(item), default: []].append(item)
        }
        if !paired.isEmpty { exercised += [.onePerSlotDate, .deliveryPlanned] }
        let duplicates = keys.filter { bySlotDate[$0]!.count > 1 && !touched.contains($0) && !isReinstallRepeat(bySlotDate[$0]!) }
        if let first = duplicates.first {
            let shown = bySlotDate[first]!.map { result.iso($0.delivery.deliveredAt) }.joined(separator: " and ")
            let (slot, date) = split(first)
            violations.append(
                Violation(invariant: .onePerSlotDate, count: duplicates.count, detail: "\(slot) shown twice on \(date): \(shown)", slot: slot, localDate: date))
        }
        let unplanned = paired.filter { $0.occurrence == nil && !touched.contains(key($0)) && bySlotDate[key($0)]!.count == 1 }
        if let first = unplanned.first {
            violations.append(
                Violation(
                    invariant: .deliveryPlanned, count: unplanned.count,
                    detail: "\(first.delivery.slot) shown at \(result.iso(first.delivery.deliveredAt)) with no planned occurrence within 12 h",
                    slot: first.delivery.slot, localDate: wallDate(beforeSteps: first.delivery.deliveredAt).description))
        }

        // not-early and lateness-permitted (before the quiet phase; after it, liveness judges)
        let judged = paired.filter { item in
            guard let occurrence = item.occurrence, !occurrence.optional, occurrence.at < quietFrom else { return false }
            return !touched.contains(key(item))
        }
        if !judged.isEmpty { exercised.append(.notEarly) }
        let early = judged.filter { $0.lateness! < -earlySlack }
        if let first = early.first, let occurrence = first.occurrence {
            violations.append(
                Violation(
                    invariant: .notEarly, count: early.count,
                    detail: "\(first.delivery.slot) \(occurrence.date) shown \(-first.lateness!) ms early at \(result.iso(first.delivery.deliveredAt))",
                    slot: first.delivery.slot, localDate: occurrence.date.description))
        }
        let late = judged.filter { $0.lateness! > Self.onTimeMillis }
        if !late.isEmpty { exercised.append(.latenessPermitted) }
        let permits = Self.latenessPermits(world.scenario.platform).filter { permit in
            (result.ruleCounts[permit.rule] ?? 0) > 0 && permit.kind.map { (result.kindCounts[$0] ?? 0) > 0 } ?? true
        }
        if let first = late.first, let occurrence = first.occurrence, permits.isEmpty {
            violations.append(
                Violation(
                    invariant: .latenessPermitted, count: late.count,
                    detail: "\(first.delivery.slot) \(occurrence.date) shown \(first.lateness!) ms late at \(result.iso(first.delivery.deliveredAt)) "
                        + "and no rule that permits lateness acted",
                    slot: first.delivery.slot, localDate: occurrence.date.description))
        }

        // ios-64-budget
        if world.scenario.platform == .ios {
            let others = world.scenario.steps.contains { if case .addOtherRequests = $0.action { return true } else { return false } }
            if others || (result.kindCounts["request.droppedOverLimit"] ?? 0) > 0 { exercised.append(.iosPendingBudget) }
            if result.overLimitDropsAfterPluginAdd > 0 {
                violations.append(
                    Violation(
                        invariant: .iosPendingBudget, count: result.overLimitDropsAfterPluginAdd,
                        detail: "\(result.overLimitDropsAfterPluginAdd) requests dropped over the 64 limit (I1) right after the plugin added one"))
            }
        }

        // ttl-respected
        if result.freshness.deliveriesFresh + result.freshness.deliveriesCached > 0 { exercised.append(.ttlRespected) }
        // Content age on the device's clock (what the plugin can see): true age plus the clock
        // change between the fetch and the delivery.
        let ttl = world.scenario.freshness.ttlSeconds * 1000
        let stale = result.deliveries.filter { delivery in
            guard let fetched = delivery.contentFetchedAt else { return false }
            let age = (delivery.deliveredAt - fetched).milliseconds
                + (result.clockOffset(at: delivery.deliveredAt) - result.clockOffset(at: fetched)).milliseconds
            return age > ttl
        }
        if Self.enforcesTTL(world.scenario), let first = stale.first, let fetched = first.contentFetchedAt {
            violations.append(
                Violation(
                    invariant: .ttlRespected, count: stale.count,
                    detail: "\(first.slot) shown at \(result.iso(first.deliveredAt)) with content fetched at \(result.iso(fetched)), "
                        + "older than the TTL (\(ttl / 1000) s)",
                    slot: first.slot, localDate: wallDate(first.deliveredAt).description))
        }

        // store-matches-os
        if !activeSlotsAtEnd.isEmpty || result.armedAtEnd > 0 { exercised.append(.storeMatchesOS) }
        if !result.unarmedAtEnd.isEmpty || !result.strayArmedAtEnd.isEmpty {
            var parts: [String] = []
            if !result.unarmedAtEnd.isEmpty { parts.append("the store expects \(result.unarmedAtEnd.joined(separator: ", ")) armed but the OS does not hold it") }
            if !result.strayArmedAtEnd.isEmpty { parts.append("the OS holds \(result.strayArmedAtEnd.joined(separator: ", ")) for slots the store does not know") }
            violations.append(
                Violation(
                    invariant: .storeMatchesOS, count: result.unarmedAtEnd.count + result.strayArmedAtEnd.count,
                    detail: parts.joined(separator: "; "), slot: (result.unarmedAtEnd.first ?? result.strayArmedAtEnd.first).map { split($0).0 }))
        }

        // missed-reported-once
        if result.pluginReportedMissed > 0 { exercised.append(.missedReportedOnce) }
        // A reinstall wipes the plugin's store: a report after it does not repeat one before.
        let repeated = result.repeatedMissedReports.filter { _, times in
            zip(times, times.dropFirst()).contains { earlier, later in !world.reinstalls.contains { earlier <= $0 && $0 <= later } }
        }.map(\.key).sorted()
        if let first = repeated.first {
            let (slot, date) = split(first)
            violations.append(
                Violation(
                    invariant: .missedReportedOnce, count: repeated.count,
                    detail: "\(first) reported missed \(result.missedReports[first]!) times", slot: slot, localDate: date))
        }

        // loss-reported
        let losses = missed.filter { $0.at < quietFrom }
        if !losses.isEmpty { exercised.append(.lossReported) }
        let unreported = losses.filter { !isExempt($0, touched: touched) && !isReported($0) }
        if let first = unreported.first {
            violations.append(
                Violation(
                    invariant: .lossReported, count: unreported.count,
                    detail: "\(first.slot) \(first.date) (due \(result.iso(first.at))) never shown and never reported: \(reason(first))",
                    slot: first.slot, localDate: first.date.description))
        }

        // liveness-stuck
        if !activeSlotsAtEnd.isEmpty { exercised.append(.stuck) }
        var stuck: [(slot: String, date: String?, why: String)] = []
        // Electron: a timer set before a clock correction fires off by that correction (E1).
        let liveSlack = world.scenario.platform == .electron ? earlySlack : 0
        // Android without the exact-alarm permission: a window, not a minute (seed 004).
        let liveOnTime = onTime.toleranceMillis(at: end)
        for slot in activeSlotsAtEnd {
            for occurrence in missed where occurrence.slot == slot && occurrence.at >= quietFrom
                && !touched.contains(occurrence.slot + "@" + occurrence.date.description)
                && !isEvictedByOthersBeforeHeal(occurrence, quietFrom: quietFrom)
            {
                stuck.append((slot, occurrence.date.description, "\(slot) \(occurrence.date) not shown after the heal: \(reason(occurrence))"))
            }
            for (post, _) in suppressed where post.slot == slot && (post.happenedAt ?? post.plannedAt) >= quietFrom {
                stuck.append((slot, post.localDate, "\(slot) \(post.localDate) posted after the heal but not shown: \(post.reason)"))
            }
            for item in paired where item.delivery.slot == slot {
                guard let occurrence = item.occurrence, occurrence.at >= quietFrom, let lateness = item.lateness,
                    abs(lateness) > liveOnTime + liveSlack, !touched.contains(key(item))
                else { continue }
                stuck.append((slot, occurrence.date.description, "\(slot) \(occurrence.date) shown \(lateness) ms off its time after the heal"))
            }
            if !result.armedOccurrencesAtEnd.contains(where: { $0.hasPrefix(slot + "@") }) {
                stuck.append((slot, nil, "\(slot) is not armed at the end"))
            }
        }
        if let first = stuck.first {
            violations.append(Violation(invariant: .stuck, count: stuck.count, detail: first.why, slot: first.slot, localDate: first.date))
        }
        violations.sort { $0.invariant < $1.invariant }
        return Judgement(violations: violations, exercised: exercised.sorted())
    }

    /// The local date on the device's wall clock at `instant`, in the zone in force then.
    func wallDate(_ instant: SimInstant) -> LocalDate {
        result.zone(at: instant).localDateTime(at: instant + result.clockOffset(at: instant)).date
    }

    /// The wall-clock date of an OS event at `instant`: OS events come before the scenario steps
    /// of their millisecond, so a zone or clock step in the same millisecond has not happened yet.
    func wallDate(beforeSteps instant: SimInstant) -> LocalDate {
        let just = instant - .milliseconds(1)
        return result.zone(at: just).localDateTime(at: instant + result.clockOffset(at: just)).date
    }

    /// `slot@date` of every schedule call after the set-up, dated on the wall clock: a new intent.
    private func touchedOccurrences() -> Set<String> {
        Set(world.laterSchedules.map { $0.slot + "@" + wallDate($0.at).description })
    }

    /// Why the run's own plan says an occurrence was lost, when it has the same one.
    private func runnerMissed(_ occurrence: WallPlan.Occurrence) -> RunResult.Occurrence? {
        result.missed.first { $0.slot == occurrence.slot && $0.localDate == occurrence.date.description }
            ?? result.missed.first { $0.slot == occurrence.slot && abs(($0.plannedAt - occurrence.at).milliseconds) <= SimDuration.hours(12).milliseconds }
    }

    private func reason(_ occurrence: WallPlan.Occurrence) -> String {
        runnerMissed(occurrence)?.reason ?? "nothing was shown for it"
    }

    private func isExempt(_ occurrence: WallPlan.Occurrence, touched: Set<String>) -> Bool {
        let why = reason(occurrence)
        if why.hasPrefix("notification.missedWhileOff") { return true }
        // Evicted over the 64 limit (I1): the app is told nothing, and after its time the
        // request's absence looks like a delivered-and-cleared notification (I9). An eviction
        // the plugin's own add caused is `ios-64-budget`'s to judge.
        if why.hasPrefix("request.droppedOverLimit")
            || result.lastOSDecision(slot: occurrence.slot, localDate: occurrence.date.description)?.kind == "request.droppedOverLimit"
        {
            return true
        }
        if world.reinstalls.contains(where: { $0 >= occurrence.at }) { return true }
        if let notShownAt = result.notShown[occurrence.slot + "@" + occurrence.date.description], isUnseenDenial(at: notShownAt) {
            return true
        }
        return touched.contains(occurrence.slot + "@" + occurrence.date.description)
    }

    /// iOS: whether the occurrence's own request was dropped over the 64 limit (I1) before the
    /// liveness phase, by someone else's add. The app is told nothing, and a floating request gone
    /// from the pending list cannot be told from one delivered and cleared (I9), after travel as
    /// well as after its time; re-adding it risks a second delivery that date. So the plugin
    /// cannot be held to show it.
    private func isEvictedByOthersBeforeHeal(_ occurrence: WallPlan.Occurrence, quietFrom: SimInstant) -> Bool {
        guard let decision = result.lastOSDecision(slot: occurrence.slot, localDate: occurrence.date.description) else { return false }
        return decision.kind == "request.droppedOverLimit" && decision.at < quietFrom && result.overLimitDropsAfterPluginAdd == 0
    }

    /// iOS: whether a notification not shown at `instant` because notifications were denied (I8)
    /// fell in a denial the app never saw: no app code runs at a delivery (I6) and a denied app
    /// receives nothing (I8), so the app learns of a denial only by running while it lasts. An
    /// app that ran during the denial (launched or resumed, started, told of a time change, or
    /// given a background task) could have seen it, and its plugin must report the loss.
    private func isUnseenDenial(at instant: SimInstant) -> Bool {
        guard world.scenario.platform == .ios else { return false }
        let changes = result.authorizationChanges
        guard let deniedIndex = changes.lastIndex(where: { $0.at <= instant && !$0.presents }) else { return false }
        let deniedAt = changes[deniedIndex].at
        let grantedAt = changes[(deniedIndex + 1)...].first(where: \.presents)?.at ?? SimInstant(millisecondsSinceEpoch: .max)
        return !result.iosAppRuns.contains { $0 >= deniedAt && $0 < grantedAt }
    }

    /// Whether a slot's deliveries on one local date are one before a reinstall and one after
    /// it: the reinstall wiped the plugin's store and its delivered notifications, so the
    /// plugin set up again cannot know the date was shown.
    private func isReinstallRepeat(_ items: [Paired]) -> Bool {
        guard items.count == 2 else { return false }
        let first = items[0].delivery.deliveredAt, second = items[1].delivery.deliveredAt
        // A reinstall in the very millisecond of the first delivery comes after it (the OS's
        // events of a millisecond run before the scenario's steps).
        return world.reinstalls.contains { first <= $0 && $0 <= second }
    }

    private func isReported(_ occurrence: WallPlan.Occurrence) -> Bool {
        if result.missedReports[occurrence.slot + "@" + occurrence.date.description] != nil { return true }
        let shifted = result.clockOffset(at: occurrence.at) != .zero
            || result.zoneTimeline.dropFirst().contains { abs(($0.from - occurrence.at).milliseconds) <= SimDuration.days(1).milliseconds }
        guard shifted else { return false }
        return [-1, 1].contains { result.missedReports[occurrence.slot + "@" + occurrence.date.adding(days: $0).description] != nil }
    }

    private func split(_ key: String) -> (String, String) {
        guard let at = key.lastIndex(of: "@") else { return (key, "") }
        return (String(key[..<at]), String(key[key.index(after: at)...]))
    }

    /// Whether the run's policy keeps stale content from the user on its platform (not `none`).
    static func enforcesTTL(_ scenario: Scenario) -> Bool {
        switch scenario.platform {
        case .android: return scenario.policy.android.ttl != .none
        case .ios: return scenario.policy.ios.ttl != .none
        case .electron: return scenario.policy.electron.ttl != .none
        }
    }
}
