import DNSimCalendar
import DNSimCore
import DNSimScenario

/// The user's intent read on the device's own clock: the judge's plan.
///
/// "Daily at 08:00" means: each local date, the true instant at which the device's wall clock
/// (true time plus the offset its clock changes left) shows 08:00 in the zone then in force —
/// once per date per schedule call, from the call until a cancel, a new call for the slot or the
/// end. The scenario runner's own plan reads honest time instead; the two agree until someone
/// sets the clock, and the judge uses this one so that a plugin following the device's clock is
/// never called early or late for it.
///
/// When the wall clock or a zone change jumps forward over the slot's time, the occurrence of
/// that date is *optional*: due at the jump, fine to show (late) or to report missed. So is an
/// occurrence dated before the local date of the call that asked for it, or dated that day at a
/// wall time already passed at the call (travel west or a clock set back after a call can bring
/// such a date back): the user asked from the next occurrence on.
struct WallPlan {
    /// One schedule call the plugin accepted, with when it stopped counting.
    struct Intent {
        var slot: String
        var time: LocalTime
        var from: SimInstant
        var until: SimInstant?
    }

    /// A stretch of the run with one zone and one clock offset.
    struct Segment {
        var from: SimInstant
        var zone: Zone
        var offset: SimDuration
    }

    /// One planned occurrence.
    struct Occurrence {
        var slot: String
        var date: LocalDate
        /// The true instant it is due.
        var at: SimInstant
        /// Jumped over by the wall clock or a zone change: showing it or not is fine.
        var optional: Bool
    }

    /// The segments of a run: one per zone or clock change, in the order they happened. Changes
    /// in one millisecond each keep their segment (of no length): a clock set forward over a
    /// slot's time and back in the same millisecond still jumped over it on the device, which
    /// told the app of each change.
    static func segments(of result: RunResult) -> [Segment] {
        var segments = [Segment(from: result.scenario.startInstant, zone: result.scenario.zone, offset: .zero)]
        var zones = result.zoneTimeline[...]
        var clocks = result.clockOffsets[...]
        // A merge of the two change lists (each in time order); a zone change goes first in a tie.
        while !zones.isEmpty || !clocks.isEmpty {
            var next = segments[segments.count - 1]
            if let zone = zones.first, clocks.first.map({ zone.from <= $0.from }) ?? true {
                next.from = zone.from
                next.zone = zone.zone
                zones = zones.dropFirst()
            } else if let clock = clocks.first {
                next.from = clock.from
                next.offset = clock.offset
                clocks = clocks.dropFirst()
            }
            let last = segments[segments.count - 1]
            if next.zone.identifier == last.zone.identifier && next.offset == last.offset { continue }
            if next.from == last.from && segments.count == 1 {
                segments[0] = next  // a change at the very start replaces the start's state
            } else {
                segments.append(next)
            }
        }
        return segments
    }

    /// Every occurrence due after its intent began and at or before `end`, in time order.
    ///
    /// A segment owns the instants after its start up to and including its end: an occurrence
    /// due in the very millisecond of a zone or clock change fires before it (OS events come
    /// before scenario steps in a millisecond), in the old segment.
    ///
    /// An occurrence due within `earlySlack` after its intent stopped counting (a cancel or a new
    /// call) is optional too: a timer that counts elapsed time, set before a clock correction,
    /// can fire that much before its wall time (Electron, E1), so before the stop.
    static func plan(_ intents: [Intent], segments: [Segment], end: SimInstant, earlySlack: SimDuration = .zero) -> [Occurrence] {
        var result: [Occurrence] = []
        for intent in intents {
            let first = result.count
            let stop = min(intent.until ?? end, end)
            let reach = intent.until.map { min($0 + earlySlack, end) } ?? stop
            // Dates already due once (a later reading of the date, after travel west or a clock
            // set back, is optional), and dates a jump skipped (their later reading is optional).
            var seen: Set<LocalDate> = []
            var jumpedDates: Set<LocalDate> = []
            let callSegment = segments.last { $0.from <= intent.from } ?? segments[0]
            let callReading = callSegment.zone.localDateTime(at: intent.from + callSegment.offset)
            let callDate = callReading.date
            // The call's own date, when its wall time had passed at the call: the user asked from
            // the next date on, so if travel west or a clock set back brings it back, showing it
            // or not is fine.
            let passedAtCall = intent.time <= callReading.time
            for (index, segment) in segments.enumerated() {
                let segmentEnd = index + 1 < segments.count ? segments[index + 1].from : SimInstant(millisecondsSinceEpoch: .max)
                let lower = max(segment.from, intent.from)
                let upper = min(segmentEnd, reach) + .milliseconds(1)
                if lower >= upper { continue }
                var date = segment.zone.localDateTime(at: lower + segment.offset).date.adding(days: -1)
                let lastDate = segment.zone.localDateTime(at: upper + segment.offset).date.adding(days: 1)
                // The wall readings either side of this segment's start, to see what a jump skipped.
                let before = index > 0 ? segments[index - 1].zone.localDateTime(at: segment.from + segments[index - 1].offset) : nil
                let after = segment.zone.localDateTime(at: segment.from + segment.offset)
                let owns: (SimInstant) -> Bool = { at in
                    (index == 0 ? at >= segment.from : at > segment.from) && at <= segmentEnd && at > intent.from && at <= reach
                }
                while date <= lastDate {
                    defer { date = date.adding(days: 1) }
                    guard let wall = DailyOccurrence.instant(on: date, at: intent.time, in: segment.zone) else { continue }
                    let at = wall - segment.offset
                    // The wall reading the occurrence is due at: the slot's time, or on a date
                    // whose time falls in a gap the later reading the zone moves it to.
                    let reading = segment.zone.localDateTime(at: wall)
                    if owns(at) {
                        let optional =
                            date < callDate || (date == callDate && passedAtCall) || seen.contains(date) || jumpedDates.contains(date)
                            || at > stop
                        seen.insert(date)
                        result.append(Occurrence(slot: intent.slot, date: date, at: at, optional: optional))
                    } else if let before, before < reading, reading <= after, segment.from >= intent.from, segment.from <= stop {
                        // Jumped over (or landed on) by the clock or a zone change at this
                        // segment's start: due at the jump, optional either way. A date already
                        // due once is too: landed on, the wall clock reads it again; jumped over,
                        // a plugin that hears of the change may show it late (its earlier reading
                        // may have been lost, to a reboot, say), and showing it twice is what
                        // one-per-slot-date judges. (A change in the very millisecond of the call
                        // may come after it.)
                        jumpedDates.insert(date)
                        result.append(Occurrence(slot: intent.slot, date: date, at: segment.from, optional: true))
                    }
                }
            }
            // A date that travel west or a clock set back brought back, still ahead when the user
            // cancelled or moved the slot: the plugin may rightly have armed its later reading,
            // and the user's call forwent it, so its earlier reading's loss is optional too.
            if let until = intent.until, until < end, let last = segments.last(where: { $0.from <= stop }) {
                for index in first..<result.count where !result[index].optional {
                    let date = result[index].date
                    if let wall = DailyOccurrence.instant(on: date, at: intent.time, in: last.zone), wall - last.offset > stop {
                        result[index].optional = true
                    }
                }
            }
        }
        return result.sorted { ($0.at, $0.slot, $0.date) < ($1.at, $1.slot, $1.date) }
    }
}

/// Pairs what happened with the plan, each occurrence at most once.
struct WallMatcher {
    private let plan: [WallPlan.Occurrence]
    private var matched: [Bool]
    private let positions: [String: [Int]]

    init(_ plan: [WallPlan.Occurrence]) {
        self.plan = plan
        matched = Array(repeating: false, count: plan.count)
        var positions: [String: [Int]] = [:]
        for (index, occurrence) in plan.enumerated() { positions[occurrence.slot, default: []].append(index) }
        self.positions = positions
    }

    /// Takes an unmatched occurrence of `slot` for something that happened at `time`: the nearest
    /// within `window` (the earlier on a tie, and of dates due at one instant the latest; with
    /// `preferOwed`, an owed occurrence before an optional one, however near); with `preferPast`,
    /// first the latest one due at or before `time` within 24 h (OS alarms are never early, A3, so a late delivery is far likelier than
    /// an early one).
    mutating func take(
        slot: String, at time: SimInstant, within window: SimDuration = .hours(12), preferPast: Bool = false, preferOwed: Bool = false
    ) -> WallPlan.Occurrence? {
        guard let list = positions[slot] else { return nil }
        if preferPast {
            // Back from the last occurrence due at or before `time` (the list is in time order).
            var cursor = firstPosition(in: list, after: time) - 1
            while cursor >= 0, time - plan[list[cursor]].at <= .hours(24) {
                let index = list[cursor]
                if !matched[index] {
                    matched[index] = true
                    return plan[index]
                }
                cursor -= 1
            }
        }
        var best: (index: Int, rank: Int, distance: Int64)?
        for cursor in firstPosition(in: list, after: time - window - .milliseconds(1))..<list.count {
            let index = list[cursor]
            if plan[index].at > time + window { break }
            guard !matched[index] else { continue }
            // Owed before optional when asked (rank 0 before 1), then the nearest.
            let candidate = (index: index, rank: preferOwed && plan[index].optional ? 1 : 0, distance: abs((plan[index].at - time).milliseconds))
            if let current = best, (current.rank, current.distance) > (candidate.rank, candidate.distance) {
                best = candidate
            } else if let current = best, (current.rank, current.distance) == (candidate.rank, candidate.distance),
                plan[current.index].at == plan[index].at, plan[current.index].date < plan[index].date
            {
                // Dates due at one instant (a jump passed them all): the latest, which a plugin
                // that hears of the jump shows as just passed.
                best = candidate
            } else if best == nil {
                best = candidate
            }
        }
        guard let best else { return nil }
        matched[best.index] = true
        return plan[best.index]
    }

    /// The first position in `list` (plan indices in time order) whose occurrence is due after `time`.
    private func firstPosition(in list: [Int], after time: SimInstant) -> Int {
        list.partitioningIndex { plan[$0].at > time }
    }

    /// The occurrences nothing matched, in plan order.
    var unmatched: [WallPlan.Occurrence] { plan.indices.filter { !matched[$0] }.map { plan[$0] } }
}
