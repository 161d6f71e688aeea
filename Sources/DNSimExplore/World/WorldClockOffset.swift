import DNSimCore

/// How far a world's device clock is off true time (wall − true) as its clock steps leave it.
///
/// Two things move a clock, and they add up differently. A shift (the user sets the clock by
/// hand, ``World/Action/shiftClock(_:source:)``) moves it from wherever it stands, so shifts
/// accumulate. A network time correction (``World/Action/syncClock(error:)``) sets the clock to
/// network time, off by its own small error, so it replaces the error the previous correction
/// left rather than adding to it: two years of twice-weekly corrections leave the clock within
/// one correction's error of where the user's shifts put it, never a random walk away from it.
///
/// The offset is kept within ±``World/maximumClockOffset`` (the judge pairs each delivery with
/// its plan within 12 hours): a step that would go further moves the clock only to the bound.
struct WorldClockOffset {
    /// What the shifts built up (wall − true, before the network's error).
    private var shifted = SimDuration.zero
    /// The error the latest network correction left.
    private var networkError = SimDuration.zero

    /// The clock's offset now.
    var offset: SimDuration { shifted + networkError }

    /// Applies a clock step and returns how far the clock moves (zero when the step leaves it
    /// where it is); `nil` for an action that is not a clock step.
    mutating func apply(_ action: World.Action) -> SimDuration? {
        let bound = World.maximumClockOffset
        switch action {
        case .shiftClock(let amount, _):
            let target = min(max(offset + amount, -bound), bound)
            let move = target - offset
            shifted = shifted + move
            return move
        case .syncClock(let error):
            let target = min(max(shifted + error, -bound), bound)
            let move = target - offset
            networkError = target - shifted
            return move
        case .step, .reschedule, .resetup:
            return nil
        }
    }
}
