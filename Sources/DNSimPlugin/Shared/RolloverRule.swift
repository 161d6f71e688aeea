import DNSimCalendar
import DNSimCore
import DNSimPlatforms

/// How the plugin computes a slot's next occurrence after one fires.
public enum RolloverRule: String, Sendable, CaseIterable {
    /// Resolve the slot's wall time on the next local date (gap: shift forward; fold: earlier).
    /// Keeps 09:00 at 09:00 across DST (T2, T6).
    case calendarDay
    /// Add 86 400 000 ms to the previous trigger, as seed 003 prescribes (S1). Drifts by the DST
    /// delta after each transition (T1).
    case add24Hours

    /// The next trigger in wall-clock ms after an occurrence on `date` armed for `previousWallMillis`.
    public func next(after date: LocalDate, previousWallMillis: Int64, time: LocalTime, zone: Zone) -> Int64 {
        trigger(on: nextLocalDate(after: date, time: time, zone: zone), previousWallMillis: previousWallMillis, time: time, zone: zone)
    }

    /// The trigger of the occurrence on `nextDate`, the date after that of an occurrence armed
    /// for `previousWallMillis` (``nextLocalDate(after:time:zone:)``).
    private func trigger(on nextDate: LocalDate, previousWallMillis: Int64, time: LocalTime, zone: Zone) -> Int64 {
        switch self {
        case .add24Hours:
            return previousWallMillis + 86_400_000
        case .calendarDay:
            return DailyOccurrence.instant(on: nextDate, at: time, in: zone)?.millisecondsSinceEpoch ?? previousWallMillis + 86_400_000
        }
    }

    /// Moves `slot` on to its next occurrence: ``nextLocalDate(after:time:zone:)`` and
    /// ``next(after:previousWallMillis:time:zone:)`` of its current one, the date found once, in
    /// place (a slot is a large value, and every delivery moves one on).
    public func advance(_ slot: inout PluginStore.Slot, in zone: Zone) {
        let date = nextLocalDate(after: slot.nextLocalDate, time: slot.time, zone: zone)
        slot.nextRunAt = trigger(on: date, previousWallMillis: slot.nextRunAt, time: slot.time, zone: zone)
        slot.nextLocalDate = date
    }

    /// ``advance(_:in:)``, with the next date and its instant from `memo` (the same answers).
    public func advance(_ slot: inout PluginStore.Slot, in zone: Zone, memo: DailyOccurrence.Memo) {
        let (date, nextRunAt) = nextOccurrence(after: slot.nextLocalDate, previousWallMillis: slot.nextRunAt, time: slot.time, zone: zone, memo: memo)
        slot.nextRunAt = nextRunAt
        slot.nextLocalDate = date
    }

    /// The date and trigger of the occurrence after one on `date` armed for
    /// `previousWallMillis`: ``nextLocalDate(after:time:zone:)`` and
    /// ``next(after:previousWallMillis:time:zone:)``, with ``calendarDay``'s date and instant
    /// from `memo`.
    public func nextOccurrence(
        after date: LocalDate, previousWallMillis: Int64, time: LocalTime, zone: Zone, memo: DailyOccurrence.Memo
    ) -> (LocalDate, Int64) {
        switch self {
        case .add24Hours:
            return (date.adding(days: 1), previousWallMillis + 86_400_000)
        case .calendarDay:
            let (next, instant) = memo.next(after: date, at: time, in: zone)
            return (next, instant?.millisecondsSinceEpoch ?? previousWallMillis + 86_400_000)
        }
    }

    /// The local date of the occurrence after the one on `date`: the next calendar date, except
    /// that ``calendarDay`` skips a date the zone merges with the following one (one occurrence
    /// per instant, ``DailyOccurrence/nextDate(after:at:in:gap:fold:)``).
    public func nextLocalDate(after date: LocalDate, time: LocalTime, zone: Zone) -> LocalDate {
        switch self {
        case .add24Hours: return date.adding(days: 1)
        case .calendarDay: return DailyOccurrence.nextDate(after: date, at: time, in: zone)
        }
    }

    /// The time-library fact that decides the instants this rule computes on Android (java.time):
    /// millisecond arithmetic runs on the instant time-line (T7); a local date's wall time goes
    /// through `atZone`, shifted forward in a gap and earlier in an overlap (T6).
    public var javaTimeFact: OSRule { self == .add24Hours ? .t7 : .t6 }

    /// The first occurrence strictly after `wallMillis`: today's if still ahead, else a later day's.
    public static func firstOccurrence(after wallMillis: Int64, time: LocalTime, zone: Zone) -> (LocalDate, Int64) {
        var date = zone.localDateTime(at: SimInstant(millisecondsSinceEpoch: wallMillis)).date
        while true {
            if let instant = DailyOccurrence.ownInstant(on: date, at: time, in: zone), instant.millisecondsSinceEpoch > wallMillis {
                return (date, instant.millisecondsSinceEpoch)
            }
            date = date.adding(days: 1)
        }
    }
}
