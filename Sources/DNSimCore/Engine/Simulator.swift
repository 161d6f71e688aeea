/// The discrete-event engine: a virtual clock, the future-event set, the trace and the seeded
/// random streams of one run.
///
/// The simulator knows nothing about operating systems. It pops the earliest event, advances
/// ``now`` to its time and hands its payload to the caller's handler, which may schedule more
/// events. Everything is single-threaded and ordered by `(time, priority, sequence)`, so the same
/// inputs always give the same run.
///
/// ```swift
/// let sim = Simulator<Int>(start: .epoch, seed: 42)
/// sim.schedule(1, after: .seconds(5))
/// try sim.run(until: .epoch + .minutes(1)) { sim, value in
///     print(sim.now, value)
/// }
/// ```
public final class Simulator<Payload> {
    // The mutable state below is `@exclusivity(unchecked)`: the inlined run loop and `schedule`
    // touch it several times per event from the caller's module, where the compiler cannot prove
    // the accesses disjoint and would otherwise call the runtime's dynamic exclusivity checks
    // (about a third of the hold-model time). No access is held across a call to user code:
    // each `queue` mutation ends before the handler runs. (The one way to overlap would be a
    // payload whose deinit re-enters the simulator when a cancelled event is dropped; the checked
    // build trapped on that, this one does not detect it. Payloads must not do that.)
    /// The current virtual time: the time of the event being dispatched, or of the last one.
    @inlinable public var now: SimInstant { _now }
    @usableFromInline @exclusivity(unchecked) var _now: SimInstant
    /// The future-event set.
    @usableFromInline @exclusivity(unchecked) var queue: EventQueue<Payload>
    /// The run's trace.
    public let trace: TraceRecorder
    /// Seeded, named random streams.
    public let random: RandomStreams
    /// The guards against runaway runs.
    public let limits: SimulationLimits
    /// How many events have been dispatched so far.
    @inlinable public var dispatchedCount: Int { _dispatchedCount }
    @usableFromInline @exclusivity(unchecked) var _dispatchedCount: Int = 0
    /// Events not queued because they fell past the horizon.
    @inlinable public var eventsBeyondHorizon: Int { _eventsBeyondHorizon }
    @usableFromInline var _eventsBeyondHorizon = 0
    /// The trace record that caused the event being dispatched, or -1.
    @inlinable public var currentCause: Int32 { _currentCause }
    @usableFromInline @exclusivity(unchecked) var _currentCause: Int32 = -1
    /// The first limit violation found while scheduling; ``run(until:_:)`` throws it.
    @usableFromInline @exclusivity(unchecked) var pendingError: SimulationError?

    /// Creates a simulator starting at `start`, with every random stream derived from `seed`.
    /// `traceEnabled` and `traceDigest` are the trace's ``TraceRecorder/isEnabled`` and
    /// ``TraceRecorder/computesDigest``.
    public init(
        start: SimInstant, seed: UInt64, limits: SimulationLimits = SimulationLimits(), traceEnabled: Bool = true,
        traceDigest: Bool = true
    ) {
        self._now = start
        self.queue = EventQueue(reservingCapacity: 64)
        self.trace = TraceRecorder(enabled: traceEnabled, seed: seed, computesDigest: traceDigest)
        self.random = RandomStreams(seed: seed)
        self.limits = limits
    }

    /// The number of live events still queued.
    public var pendingCount: Int { queue.count }

    /// Live queued events in the order they would run.
    public func pendingEvents() -> [EventQueue<Payload>.Entry] { queue.orderedEntries() }

    /// Schedules `payload` at `time`. A time before ``now`` is recorded as an error that the next
    /// ``run(until:_:)`` call throws. An event past the horizon could never run, so it is not
    /// queued (``eventsBeyondHorizon`` counts them) and `nil` is returned.
    ///
    /// - Parameter cause: the trace record that caused the event; defaults to the most recent one.
    @inlinable
    @discardableResult
    public func schedule(
        _ payload: Payload, at time: SimInstant, priority: EventPriority = .normal, cause: Int32? = nil
    ) -> EventHandle? {
        if time < now {
            pendingError = pendingError ?? .scheduledInThePast(now: now, requested: time)
            return nil
        }
        if time > limits.horizon {
            _eventsBeyondHorizon &+= 1
            return nil
        }
        return queue.insert(payload, at: time, priority: priority, cause: cause ?? trace.lastID)
    }

    /// Schedules `payload` `delay` after ``now``.
    @inlinable
    @discardableResult
    public func schedule(
        _ payload: Payload, after delay: SimDuration, priority: EventPriority = .normal, cause: Int32? = nil
    ) -> EventHandle? {
        schedule(payload, at: now + delay, priority: priority, cause: cause)
    }

    /// Cancels a scheduled event; returns whether it was still queued.
    @discardableResult
    public func cancel(_ handle: EventHandle) -> Bool { queue.cancel(handle, nonePoppedAfter: now) }

    /// A random stream for `subsystem`, derived from the run seed and the name only.
    public func randomStream(_ subsystem: String) -> Xoshiro256StarStar { random.stream(named: subsystem) }

    /// The random stream `<prefix>.<number>` (``RandomStreams/stream(named:_:)``).
    public func randomStream(_ prefix: String, _ number: Int64) -> Xoshiro256StarStar {
        random.stream(named: prefix, number)
    }

    /// The random stream `<prefix>.<first>.<second>` (``RandomStreams/stream(named:_:_:)``).
    public func randomStream(_ prefix: String, _ first: Int64, _ second: Int64) -> Xoshiro256StarStar {
        random.stream(named: prefix, first, second)
    }

    /// Dispatches events in order until the queue is empty or the next event is after `end`;
    /// then sets ``now`` to `end` (when later than the last event).
    ///
    /// - Throws: ``SimulationError`` when a guard trips (including `end` past the horizon), or
    ///   whatever `handler` throws.
    @inlinable
    public func run(until end: SimInstant, _ handler: (Simulator, Payload) throws -> Void) throws {
        if end > limits.horizon { throw SimulationError.horizonExceeded(horizon: limits.horizon, requested: end) }
        while let entry = queue.peekMin(), entry.time <= end {
            // The same entry popMin() would return: peekMin() has already dropped cancelled tops.
            queue.removePeekedMin()
            _now = entry.time
            _currentCause = entry.cause
            _dispatchedCount &+= 1
            if _dispatchedCount > limits.maxEvents {
                throw SimulationError.eventLimitExceeded(limit: limits.maxEvents, at: now)
            }
            try handler(self, entry.payload)
            if let error = pendingError { throw error }
        }
        if let error = pendingError { throw error }
        if end > _now { _now = end }
        _currentCause = -1
    }
}
