/// Guards that stop a runaway simulation with a clear error instead of spinning forever.
public struct SimulationLimits: Hashable, Sendable {
    /// The most events one run may dispatch.
    public var maxEvents: Int
    /// The latest instant a run may reach; events scheduled later are never queued.
    public var horizon: SimInstant

    /// Creates limits.
    public init(maxEvents: Int = 5_000_000, horizon: SimInstant = SimInstant(millisecondsSinceEpoch: .max)) {
        self.maxEvents = maxEvents
        self.horizon = horizon
    }
}
