import DNSimCalendar
import DNSimCore

/// Works out, from the user's intent alone, when each daily occurrence should reach the user:
/// the oracle that deliveries are matched against.
///
/// The intent of "daily at 09:00" is 09:00 on the clock of wherever the device is, each local
/// date, from the moment the call succeeded until it was cancelled or the run ended. Each
/// occurrence is resolved from its own local date (gap: shifted forward; fold: earlier), in the
/// zone in force at that instant, on true time — never from what the plugin or the OS computed.
/// Two local dates that resolve to one instant (a date the zone skips) are one occurrence,
/// labelled with the later date.
struct OccurrencePlanner {
    /// One accepted `scheduleDailyNotification` call.
    struct Intent {
        var slot: String
        var time: LocalTime
        var from: SimInstant
        var until: SimInstant?
    }

    /// One planned occurrence.
    struct Planned: Equatable {
        var slot: String
        var localDate: LocalDate
        var at: SimInstant
    }

    var intents: [Intent] = []

    /// An accepted `scheduleDailyNotification`: a new intent for the slot replaces its open one.
    mutating func accept(slot: String, time: LocalTime, at instant: SimInstant) {
        for index in intents.indices where intents[index].slot == slot && intents[index].until == nil {
            intents[index].until = instant
        }
        intents.append(Intent(slot: slot, time: time, from: instant, until: nil))
    }

    /// An accepted `cancelAllNotifications`: every open intent ends.
    mutating func cancelAll(at instant: SimInstant) {
        for index in intents.indices where intents[index].until == nil { intents[index].until = instant }
    }

    /// Every occurrence due after its intent began and at or before `end`, in time order.
    func plan(zoneTimeline: [(from: SimInstant, zone: Zone)], end: SimInstant) -> [Planned] {
        var result: [Planned] = []
        for intent in intents {
            let stop = min(intent.until ?? end, end)
            // Segments' date ranges overlap by a day or two, so a date can come up twice; within
            // one segment each date comes up once, so a single-zone run keeps no set.
            let mayRepeat = zoneTimeline.count > 1
            var seen: Set<LocalDate> = []
            for (index, segment) in zoneTimeline.enumerated() {
                let segmentEnd = index + 1 < zoneTimeline.count ? zoneTimeline[index + 1].from : SimInstant(millisecondsSinceEpoch: .max)
                let lower = max(segment.from, intent.from)
                let upper = min(segmentEnd, SimInstant(millisecondsSinceEpoch: stop.millisecondsSinceEpoch + 1))
                if lower >= upper { continue }
                var date = segment.zone.localDateTime(at: lower).date.adding(days: -1)
                let lastDate = segment.zone.localDateTime(at: upper).date.adding(days: 1)
                while date <= lastDate {
                    // One occurrence per instant: a date the zone skips entirely resolves to the
                    // next date's instant and is that occurrence, not a second one.
                    if let at = DailyOccurrence.ownInstant(on: date, at: intent.time, in: segment.zone),
                        at > intent.from, at >= segment.from, at < segmentEnd, at <= stop, !mayRepeat || seen.insert(date).inserted
                    {
                        result.append(Planned(slot: intent.slot, localDate: date, at: at))
                    }
                    date = date.adding(days: 1)
                }
            }
        }
        return result.sorted { ($0.at, $0.slot) < ($1.at, $1.slot) }
    }
}
