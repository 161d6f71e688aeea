import DNSimCore

extension Zone {
    /// Finds every instant at which this zone's clocks show `wall`.
    ///
    /// Let `L` be `wall` read as if it were UTC. The candidate offsets are those in force two
    /// days before and two days after `L` (taken as instants), plus the offsets in force at
    /// `L` minus each of them; a candidate `o` is valid when the offset in force at `L − o` is
    /// `o`. Two distinct valid instants make a fold, one is unique, none is a gap. The ±2 day
    /// window covers every real-world jump, including Pacific/Apia skipping all of
    /// 2011-12-30 (−10:00 → +14:00); it assumes at most one transition near the reading.
    ///
    /// For a gap the transition instant is found by bisection over whole seconds, so the
    /// answer does not rely on Foundation reporting it. Nothing here allocates: the (at most
    /// four) candidates are checked one by one, skipping repeats.
    public func resolve(_ wall: LocalDateTime) -> WallTimeResolution {
        let local = wall.millisecondsAsIfUTC
        let twoDays = 2 * CivilMath.millisecondsPerDay
        // Most readings are days from any transition: one offset `o` in force over the whole
        // window makes every candidate `o` and `L − o` (|o| < 2 days lies inside it) valid,
        // the unique answer the steps below would reach with four look-ups.
        if let offset = constantOffsetSeconds(
            from: SimInstant(millisecondsSinceEpoch: local - twoDays), through: SimInstant(millisecondsSinceEpoch: local + twoDays)),
            Int64(offset.magnitude) * 1000 < twoDays
        {
            return .unique(SimInstant(millisecondsSinceEpoch: local - Int64(offset) * 1000))
        }
        return resolveByCandidates(wall)
    }

    /// ``resolve(_:)`` without its shortcut for a window with one offset: each candidate
    /// offset looked up and checked.
    func resolveByCandidates(_ wall: LocalDateTime) -> WallTimeResolution {
        let local = wall.millisecondsAsIfUTC
        let twoDays = 2 * CivilMath.millisecondsPerDay
        let outerBefore = offsetMilliseconds(atMilliseconds: local - twoDays)
        let outerAfter = offsetMilliseconds(atMilliseconds: local + twoDays)
        let innerBefore = offsetMilliseconds(atMilliseconds: local - outerBefore)
        let innerAfter = outerAfter == outerBefore
            ? innerBefore : offsetMilliseconds(atMilliseconds: local - outerAfter)
        // The instants `L − o` of the valid candidates `o`, each offset checked once. An outer
        // offset's check is its inner offset, already known.
        var valid = ValidInstants()
        if innerBefore == outerBefore {
            valid.add(local - outerBefore)
        }
        if outerAfter != outerBefore, innerAfter == outerAfter {
            valid.add(local - outerAfter)
        }
        if innerBefore != outerBefore, innerBefore != outerAfter,
            offsetMilliseconds(atMilliseconds: local - innerBefore) == innerBefore
        {
            valid.add(local - innerBefore)
        }
        if innerAfter != outerBefore, innerAfter != outerAfter, innerAfter != innerBefore,
            offsetMilliseconds(atMilliseconds: local - innerAfter) == innerAfter
        {
            valid.add(local - innerAfter)
        }
        if let earlier = valid.earliest, let later = valid.latest {
            let earlierInstant = SimInstant(millisecondsSinceEpoch: earlier)
            return earlier == later
                ? .unique(earlierInstant)
                : .fold(earlier: earlierInstant, later: SimInstant(millisecondsSinceEpoch: later))
        }
        // No offset fits: the reading lies in a gap. Before the transition the clocks showed
        // less than `wall`, after it more; bisect between `L − max` and `L − min`.
        let largest = max(outerBefore, outerAfter, innerBefore, innerAfter)
        let smallest = min(outerBefore, outerAfter, innerBefore, innerAfter)
        let transition = firstChange(fromMilliseconds: local - largest, toMilliseconds: local - smallest)
        let before = offsetSeconds(at: transition - .seconds(1))
        let after = offsetSeconds(at: transition)
        return .gap(
            before: before,
            after: after,
            shiftedForward: SimInstant(millisecondsSinceEpoch: local - Int64(before) * 1000),
            transition: transition
        )
    }

    /// The instant at which this zone's clocks show `wall`, choosing by `gap` and `fold` when
    /// the reading does not exist or exists twice; `nil` only for a gap under ``GapPolicy/skip``.
    ///
    /// The defaults (``GapPolicy/shiftForward``, ``FoldPolicy/earlier``) match java.time
    /// `LocalDateTime.atZone` and Python zoneinfo with `fold=0`: New York 2026-03-08 02:30
    /// gives 03:30 EDT, 2026-11-01 01:30 gives 01:30 EDT.
    public func instant(
        for wall: LocalDateTime,
        gap: GapPolicy = .shiftForward,
        fold: FoldPolicy = .earlier
    ) -> SimInstant? {
        resolve(wall).instant(gap: gap, fold: fold)
    }

    private func offsetMilliseconds(atMilliseconds milliseconds: Int64) -> Int64 {
        Int64(offsetSeconds(at: SimInstant(millisecondsSinceEpoch: milliseconds))) * 1000
    }

    /// The first whole second in (`start`, `end`] whose offset differs from the offset at
    /// `start`, or the second containing `end` when none does.
    private func firstChange(fromMilliseconds start: Int64, toMilliseconds end: Int64) -> SimInstant {
        var low = CivilMath.floorDivide(start, by: 1000)
        var high = CivilMath.floorDivide(end, by: 1000)
        let initial = offsetSeconds(at: SimInstant(secondsSinceEpoch: low))
        guard offsetSeconds(at: SimInstant(secondsSinceEpoch: high)) != initial else {
            return SimInstant(secondsSinceEpoch: high)
        }
        // Invariant: offset(low) == initial, offset(high) != initial.
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if offsetSeconds(at: SimInstant(secondsSinceEpoch: middle)) == initial {
                low = middle
            } else {
                high = middle
            }
        }
        return SimInstant(secondsSinceEpoch: high)
    }
}

/// The earliest and latest of the valid instants found by ``Zone/resolve(_:)``, kept without
/// an array.
private struct ValidInstants {
    private(set) var earliest: Int64?
    private(set) var latest: Int64?

    /// Records `instant` as valid.
    mutating func add(_ instant: Int64) {
        earliest = min(earliest ?? instant, instant)
        latest = max(latest ?? instant, instant)
    }
}
