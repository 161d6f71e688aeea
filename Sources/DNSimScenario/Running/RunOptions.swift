import DNSimCore

/// How a scenario is run: what the caller will read afterwards, and the guard against runaway runs.
public struct RunOptions: Sendable, Hashable {
    /// The default event budget: room for a 400-day run with 200 daily slots at 25 engine events
    /// per occurrence (a busy run needs about 3–10), i.e. 2 000 000 events.
    public static let defaultMaxEvents = 400 * 200 * 25

    /// Whether the run keeps every trace record in memory (for `--trace`, Markdown reports and
    /// timelines). Without it the run keeps only what the result needs; the trace digest and every
    /// other figure of the result are the same either way.
    public var keepTrace: Bool
    /// The most engine events the run may dispatch before it stops with an error.
    public var maxEvents: Int

    /// Creates options; the defaults keep the trace and use ``defaultMaxEvents``.
    public init(keepTrace: Bool = true, maxEvents: Int = RunOptions.defaultMaxEvents) {
        self.keepTrace = keepTrace
        self.maxEvents = maxEvents
    }
}
