import DNSimCore

/// How a scenario is run: what the caller will read afterwards, and the guard against runaway runs.
public struct RunOptions: Sendable, Hashable {
    /// How much of a ``RunResult`` the caller reads.
    public enum Scope: Sendable, Hashable {
        /// Everything a result holds.
        case full
        /// What a population count reads (``RunResult/deliveries``, ``RunResult/missed``,
        /// ``RunResult/skipped``, ``RunResult/suppressed``, ``RunResult/freshness``, the
        /// plugin's missed reports and the counts by rule and kind), for runs by the thousand
        /// (`dnsim fleet`). The run is the same; what is left out is what only a single run's
        /// reader asks for: the trace digest is not computed (``RunResult/traceDigest`` is
        /// empty), missed occurrences carry no reason (the OS's decisions about each
        /// occurrence are not indexed) and the scenario's checks are not evaluated
        /// (``RunResult/expectations`` is empty, and so are ``RunResult/unarmedAtEnd`` and
        /// ``RunResult/strayArmedAtEnd``, which only checks read).
        case deliveries
    }

    /// The default event budget: room for a 400-day run with 200 daily slots at 25 engine events
    /// per occurrence (a busy run needs about 3–10), i.e. 2 000 000 events.
    public static let defaultMaxEvents = 400 * 200 * 25

    /// Whether the run keeps every trace record in memory (for `--trace`, Markdown reports and
    /// timelines). Without it the run keeps only what the result needs; the trace digest and every
    /// other figure of the result are the same either way.
    public var keepTrace: Bool
    /// The most engine events the run may dispatch before it stops with an error.
    public var maxEvents: Int
    /// How much of the result is built (``Scope/full`` unless the caller reads less).
    public var scope: Scope

    /// Creates options; the defaults keep the trace, use ``defaultMaxEvents`` and build the
    /// full result.
    public init(keepTrace: Bool = true, maxEvents: Int = RunOptions.defaultMaxEvents, scope: Scope = .full) {
        self.keepTrace = keepTrace
        self.maxEvents = maxEvents
        self.scope = scope
    }
}
