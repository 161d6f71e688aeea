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
}
