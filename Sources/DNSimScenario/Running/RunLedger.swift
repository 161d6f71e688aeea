import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// What a world records about a run as it goes, the same on every platform: the plugin API's
/// errors and status answers, the user's intent (the plan's input) and the device zone over time.
final class RunLedger {
    /// Errors the plugin API returned.
    private(set) var errors: [RunResult.APIError] = []
    /// The user's accepted requests.
    private(set) var planner = OccurrencePlanner()
    /// The device zone over time: (from, zone), first entry at the start.
    private(set) var zoneTimeline: [(from: SimInstant, zone: Zone)]
    /// The device's wall-clock offset over time: (from, wall − true), first entry at the start.
    private(set) var clockOffsets: [(from: SimInstant, offset: SimDuration)]
    /// Each `getNotificationStatus` answer.
    private(set) var statusSnapshots: [(at: SimInstant, fields: [(String, String)])] = []
    private let trace: TraceRecorder
    /// The end of the run: the planner's horizon.
    private let end: SimInstant

    init(scenario: Scenario, trace: TraceRecorder) {
        zoneTimeline = [(scenario.startInstant, scenario.zone)]
        clockOffsets = [(scenario.startInstant, .zero)]
        self.trace = trace
        end = scenario.endInstant
    }

    /// A `scheduleDailyNotification` call returned `error` (or succeeded) at `instant`.
    func scheduled(_ request: DailySlotRequest, error: PluginError?, at instant: SimInstant) -> PluginError? {
        if error == nil, let time = LocalTime(parsing: request.time) {
            planner.accept(slot: request.resolvedID, time: time, at: instant)
            traceResolutions(slot: request.resolvedID, time: time, from: instant, zone: zoneTimeline[zoneTimeline.count - 1].zone)
        }
        return error
    }

    /// Writes, for each planned occurrence from `from` to the end whose wall time the zone skips
    /// or repeats, how the planner resolved it: shifted forward by the gap, or the earlier
    /// offset in a fold, as java.time `atZone` does (T6). The record is written when the
    /// planner decides (the call, or a zone change), and names the occurrence's local date.
    private func traceResolutions(slot: String, time: LocalTime, from: SimInstant, zone: Zone) {
        var date = zone.localDateTime(at: from).date
        let last = zone.localDateTime(at: end).date
        while date <= last {
            // A date whose reading lies days from every offset change resolves uniquely and is
            // written nothing: such dates are passed over four weeks at a time (a reading is
            // resolved by the offsets within two days of it).
            let reading = SimInstant(millisecondsSinceEpoch: LocalDateTime(date: date, time: time).millisecondsAsIfUTC)
            if !zone.changesOffset(after: reading - .days(3), through: reading + .days(Self.quietStride + 3)) {
                date = date.adding(days: Int(Self.quietStride))
                continue
            }
            let resolution = zone.resolve(LocalDateTime(date: date, time: time))
            let how: String?
            switch resolution {
            case .unique: how = nil
            case .gap(let before, let after, _, _): how = "gap of \(after - before) s: shifted forward"
            case .fold(_, _): how = "fold: earlier offset"
            }
            if let how, let at = resolution.instant(), at > from, at <= end {
                let merged = DailyOccurrence.isMergedWithNextDate(date, at: time, in: zone)
                trace.record(
                    at: from, subsystem: "plan", kind: "plan.wallTimeResolved", rule: OSRule.t6.id,
                    cause: trace.lastID,
                    details: [
                        TraceDetail("slot", slot), TraceDetail("localDate", date.description),
                        TraceDetail("resolution", how), TraceDetail("plannedAt", ISO8601.format(at, in: zone)),
                    ] + (merged ? [TraceDetail("oneOccurrenceWith", date.adding(days: 1).description)] : []))
            }
            date = date.adding(days: 1)
        }
    }

    /// How many dates ``traceResolutions(slot:time:from:zone:)`` passes over at once when the
    /// zone's offset does not change around them.
    private static var quietStride: Int64 { 28 }

    /// A `cancelAllNotifications` call returned `error` (or succeeded) at `instant`.
    func cancelledAll(error: PluginError?, at instant: SimInstant) -> PluginError? {
        if error == nil { planner.cancelAll(at: instant) }
        return error
    }

    /// The app was uninstalled: the user's earlier requests end with it.
    func uninstalled(at instant: SimInstant) { planner.cancelAll(at: instant) }

    /// A `getNotificationStatus` answer.
    func status(_ fields: [(String, String)], at instant: SimInstant) -> PluginError? {
        statusSnapshots.append((instant, fields))
        return nil
    }

    /// The device's wall clock was set; `offset` is wall − true from now on.
    func clockChanged(offset: SimDuration, at instant: SimInstant) { clockOffsets.append((instant, offset)) }

    /// The true instant at which the device's wall clock read `wallMillis` (the plugin stores
    /// wall-clock times). When the clock was set back the same reading occurs twice; the latest
    /// segment in which it occurred wins.
    func trueInstant(forWallMillis wallMillis: Int64) -> SimInstant {
        for (index, segment) in clockOffsets.enumerated().reversed() {
            let candidate = SimInstant(millisecondsSinceEpoch: wallMillis) - segment.offset
            let end = index + 1 < clockOffsets.count ? clockOffsets[index + 1].from : SimInstant(millisecondsSinceEpoch: .max)
            if candidate >= segment.from && candidate < end { return candidate }
        }
        return SimInstant(millisecondsSinceEpoch: wallMillis) - (clockOffsets.last?.offset ?? .zero)
    }

    /// The device moved to another zone.
    func zoneChanged(to zone: Zone, at instant: SimInstant) {
        zoneTimeline.append((instant, zone))
        for intent in planner.intents where intent.until == nil {
            traceResolutions(slot: intent.slot, time: intent.time, from: instant, zone: zone)
        }
    }

    /// Records an API call's error, if any, in the result and the trace.
    func record(call name: String, error: PluginError?, at instant: SimInstant) {
        guard let error else { return }
        errors.append(RunResult.APIError(at: instant, call: name, code: error.code, message: error.message))
        trace.record(
            at: instant, subsystem: "plugin", kind: "api.error", cause: trace.lastID,
            details: [TraceDetail("call", name), TraceDetail("code", error.code)])
    }

    /// Records that an API call could not be made.
    func ignored(call name: String, reason: String, at instant: SimInstant) {
        trace.record(
            at: instant, subsystem: "scenario", kind: "api.ignored", cause: trace.lastID,
            details: [TraceDetail("call", name), TraceDetail("reason", reason)])
    }
}
