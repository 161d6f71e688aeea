import DNSimCore

/// The instant of a daily wall-clock occurrence ("every day at 09:00 in Europe/Berlin").
///
/// Every occurrence is computed afresh from its own local date and the wall time, never by
/// chaining from the previous fire. Chaining with a fixed 24 h (`SimDuration.days(1)`, or
/// Foundation `Calendar.date(byAdding: .hour, value: 24, to:)`, which adds 86 400 absolute
/// seconds) drifts by the DST delta after every transition: 09:00 becomes 10:00 after
/// spring-forward and 08:00 after fall-back, and stays wrong. Chaining calendar days is also
/// fragile: once a gap has shifted one fire to 03:30, the next one would inherit 03:30.
/// Resolving "local date D at HH:mm" for each D cannot drift.
public enum DailyOccurrence {
    /// The instant at which `zone`'s clocks show `time` on `date`, resolved with the given
    /// gap and fold policies; `nil` only when the reading is in a gap and `gap` is
    /// ``GapPolicy/skip``.
    ///
    /// With the defaults, New York 02:30 on 2026-03-08 (nonexistent) gives 03:30 EDT and
    /// 01:30 on 2026-11-01 (twice) gives the first, 01:30 EDT. Across Pacific/Apia's skipped
    /// 2011-12-30, the occurrences of 2011-12-30 and 2011-12-31 are the same instant.
    public static func instant(
        on date: LocalDate,
        at time: LocalTime,
        in zone: Zone,
        gap: GapPolicy = .shiftForward,
        fold: FoldPolicy = .earlier
    ) -> SimInstant? {
        zone.instant(for: LocalDateTime(date: date, time: time), gap: gap, fold: fold)
    }

    /// Whether the occurrence of `date` is the same instant as the occurrence of the next local
    /// date, so the two are **one occurrence** (labelled with the later date, the one the
    /// zone's clocks show at that instant).
    ///
    /// This happens only when a zone skips a whole local date: Pacific/Apia went from
    /// 2011-12-29 23:59:59 −10:00 to 2011-12-31 00:00 +14:00, so 2011-12-30 09:00 (nonexistent,
    /// shifted forward by the 24 h gap) and 2011-12-31 09:00 are the same instant. A DST gap or
    /// fold never merges two dates.
    public static func isMergedWithNextDate(
        _ date: LocalDate, at time: LocalTime, in zone: Zone, gap: GapPolicy = .shiftForward,
        fold: FoldPolicy = .earlier
    ) -> Bool {
        guard let this = instant(on: date, at: time, in: zone, gap: gap, fold: fold),
            let next = instant(on: date.adding(days: 1), at: time, in: zone, gap: gap, fold: fold)
        else { return false }
        return this == next
    }

    /// The instant of `date`'s occurrence when it is an occurrence of its own: ``instant(on:at:in:gap:fold:)``
    /// unless the date is merged with the next one (``isMergedWithNextDate(_:at:in:gap:fold:)``),
    /// then `nil`, as those two calls answer. When the offset stays put from three days before
    /// the date's reading to four after (the reading and the next date's are unique and a day
    /// apart), the answer is the reading less that offset: one table search and one offset
    /// instead of three resolutions (planning a device-year resolves every occurrence).
    public static func ownInstant(
        on date: LocalDate, at time: LocalTime, in zone: Zone, gap: GapPolicy = .shiftForward,
        fold: FoldPolicy = .earlier
    ) -> SimInstant? {
        let reading = SimInstant(millisecondsSinceEpoch: LocalDateTime(date: date, time: time).millisecondsAsIfUTC)
        if !zone.changesOffset(after: reading - .days(3), through: reading + .days(4)) {
            return reading - .seconds(Int64(zone.offsetSeconds(at: reading)))
        }
        guard let at = instant(on: date, at: time, in: zone, gap: gap, fold: fold),
            !isMergedWithNextDate(date, at: time, in: zone, gap: gap, fold: fold)
        else { return nil }
        return at
    }

    /// The local date after `date` whose occurrence is an instant of its own: the next date,
    /// unless that date merges with the one after it (``isMergedWithNextDate(_:at:in:gap:fold:)``).
    /// Every side that steps a daily slot from one occurrence to the next uses this, so no two
    /// local dates ever yield two notifications at one instant.
    public static func nextDate(
        after date: LocalDate, at time: LocalTime, in zone: Zone, gap: GapPolicy = .shiftForward,
        fold: FoldPolicy = .earlier
    ) -> LocalDate {
        var next = date.adding(days: 1)
        // Resolving a reading asks for offsets within two days and one offset of it. When the
        // offset stays put from three days before `next`'s reading to three after the following
        // date's, both readings are unique and a day apart: `next` is not merged. (The common
        // case, answered with one table search instead of two resolutions.)
        let reading = SimInstant(millisecondsSinceEpoch: LocalDateTime(date: next, time: time).millisecondsAsIfUTC)
        if !zone.changesOffset(after: reading - .days(3), through: reading + .days(4)) { return next }
        // A zone skips at most one whole date at a time; the bound only guards the loop.
        for _ in 0..<3 where isMergedWithNextDate(next, at: time, in: zone, gap: gap, fold: fold) {
            next = next.adding(days: 1)
        }
        return next
    }
}
