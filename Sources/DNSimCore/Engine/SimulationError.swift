/// Why a simulation run stopped before its end.
public enum SimulationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// More events were dispatched than ``SimulationLimits/maxEvents`` allows.
    case eventLimitExceeded(limit: Int, at: SimInstant)
    /// A run was asked to go beyond ``SimulationLimits/horizon``.
    case horizonExceeded(horizon: SimInstant, requested: SimInstant)
    /// An event was scheduled before the current virtual time.
    case scheduledInThePast(now: SimInstant, requested: SimInstant)

    public var description: String {
        switch self {
        case .eventLimitExceeded(let limit, let at):
            return "the run dispatched more than \(limit) events (stopped at \(at.millisecondsSinceEpoch) ms); "
                + "a scenario step or model is probably rescheduling itself without end"
        case .horizonExceeded(let horizon, let requested):
            return "the run was asked to reach \(requested.millisecondsSinceEpoch) ms, past the horizon "
                + "\(horizon.millisecondsSinceEpoch) ms"
        case .scheduledInThePast(let now, let requested):
            return "an event was scheduled at \(requested.millisecondsSinceEpoch) ms, before the current time "
                + "\(now.millisecondsSinceEpoch) ms"
        }
    }
}
