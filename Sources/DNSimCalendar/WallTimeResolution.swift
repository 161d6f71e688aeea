import DNSimCore

/// How a wall-clock reading maps onto the timeline of one ``Zone``; see ``Zone/resolve(_:)``.
public enum WallTimeResolution: Hashable, Sendable {
    /// The reading occurs exactly once, at this instant.
    case unique(SimInstant)
    /// The reading does not exist: the clocks jumped from `before` to `after` (UTC offsets in
    /// seconds) at `transition`, skipping it. `shiftedForward` is the reading taken with the
    /// `before` offset, which lands after the transition, later on the wall clock by the gap
    /// length (``GapPolicy/shiftForward``); `transition` is ``GapPolicy/nextValidInstant``.
    case gap(before: Int, after: Int, shiftedForward: SimInstant, transition: SimInstant)
    /// The reading occurs twice: first at `earlier` (pre-transition offset), then at `later`.
    case fold(earlier: SimInstant, later: SimInstant)

    /// The single instant chosen by the policies, or `nil` for a gap under ``GapPolicy/skip``.
    public func instant(gap: GapPolicy = .shiftForward, fold: FoldPolicy = .earlier) -> SimInstant? {
        switch self {
        case .unique(let instant):
            return instant
        case .gap(_, _, let shiftedForward, let transition):
            switch gap {
            case .shiftForward: return shiftedForward
            case .nextValidInstant: return transition
            case .skip: return nil
            }
        case .fold(let earlier, let later):
            return fold == .earlier ? earlier : later
        }
    }
}
