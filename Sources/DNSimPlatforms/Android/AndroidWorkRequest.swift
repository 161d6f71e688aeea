import DNSimCore

/// A WorkManager request as the app builds it (`OneTimeWorkRequestBuilder`,
/// `PeriodicWorkRequestBuilder`).
public struct AndroidWorkRequest: Sendable, Hashable {
    /// One-time or periodic.
    public enum Kind: Sendable, Hashable {
        /// Runs once, not before `initialDelay`.
        case oneTime(initialDelay: SimDuration)
        /// Runs once per `interval`, inside the last `flex` of each period (A45: ≥ 15 min, ≥ 5 min).
        /// A `nil` flex is the one-argument builder's: the flex is the (raised) interval, so the
        /// first run is due at once. `initialDelay` (`setInitialDelay`) delays the first period
        /// only (A57).
        case periodic(interval: SimDuration, flex: SimDuration?, initialDelay: SimDuration = .zero)
    }

    /// Retry backoff policy (A46).
    public enum BackoffPolicy: String, Sendable, Hashable, CaseIterable {
        /// delay × 2^(attempt−1).
        case exponential
        /// delay × attempt.
        case linear
    }

    /// Which worker runs: the app dispatches on it.
    public var worker: String
    /// One-time or periodic.
    public var kind: Kind
    /// `NetworkType.CONNECTED` required (A48).
    public var requiresNetwork: Bool
    /// The backoff policy.
    public var backoffPolicy: BackoffPolicy
    /// The backoff base delay; clamped to [10 s, 5 h] (A46).
    public var backoffDelay: SimDuration
    /// Input data.
    public var inputData: [AndroidExtra]

    /// Creates a request with WorkManager's defaults (exponential, 30 s).
    public init(
        worker: String, kind: Kind, requiresNetwork: Bool = false, backoffPolicy: BackoffPolicy = .exponential,
        backoffDelay: SimDuration = .seconds(30), inputData: [AndroidExtra] = []
    ) {
        self.worker = worker
        self.kind = kind
        self.requiresNetwork = requiresNetwork
        self.backoffPolicy = backoffPolicy
        self.backoffDelay = backoffDelay
        self.inputData = inputData
    }
}

/// What a worker returns (`ListenableWorker.Result`) and how long it ran.
public struct AndroidWorkOutcome: Sendable, Hashable {
    /// `success()`, `failure()` or `retry()`.
    public enum Result: String, Sendable, Hashable, CaseIterable {
        /// Done.
        case success
        /// Failed for good.
        case failure
        /// Try again after the backoff.
        case retry
    }

    /// The result.
    public var result: Result
    /// How long `doWork` took (a run longer than 10 minutes is stopped, A47).
    public var runTime: SimDuration

    /// Creates an outcome.
    public init(_ result: Result, runTime: SimDuration = .zero) {
        self.result = result
        self.runTime = runTime
    }
}

/// The state of a unique work item as `WorkManager.getWorkInfosForUniqueWork` reports it.
public enum AndroidWorkState: String, Sendable {
    /// Waiting to run.
    case enqueued
    /// Running now.
    case running
    /// Finished successfully (one-time work).
    case succeeded
    /// Finished with failure.
    case failed
    /// Cancelled.
    case cancelled
}

/// One work item in WorkManager's database.
public struct AndroidWork: Sendable {
    /// A serial number unique within a run.
    public var serial: Int32
    /// The unique work name.
    public var name: String
    /// The request.
    public var request: AndroidWorkRequest
    /// Its state.
    public var state: AndroidWorkState
    /// Runs that ended in retry.
    public var runAttemptCount: Int
    /// WorkManager's `last_enqueue_time`, on the wall clock: when the work was enqueued, or
    /// enqueued again after a retry or a finished period. Finished work last enqueued more than a
    /// day ago is pruned when the database opens (A43, `CleanupCallback`).
    public var lastEnqueueWallMillis: Int64
    /// WorkManager's next run time for the work, on the wall clock (`WorkSpec.calculateNextRunTime`:
    /// the last enqueue time — the end of the last run for periodic work — plus the interval, the
    /// initial delay or the backoff). WorkManager turns it into a job delay from the wall clock
    /// whenever it schedules the job.
    public var nextRunWallMillis: Int64
    /// When the job WorkManager scheduled is due (true time): JobScheduler's minimum latency,
    /// which a later wall-clock change does not move until WorkManager reschedules (A43, A57).
    public var earliestRun: SimInstant
    /// Whether the OS currently holds a job for it (force stop and reboot remove jobs).
    public var jobScheduled: Bool
    /// The queued due event.
    var dueEvent: EventHandle?
    /// The outcome of the run in progress, applied when it finishes.
    var pendingOutcome: AndroidWorkOutcome?
}

/// `ExistingWorkPolicy` for unique work.
public enum AndroidExistingWorkPolicy: String, Sendable, CaseIterable {
    /// Cancel and replace the existing work.
    case replace
    /// Keep the existing work if it is enqueued or running.
    case keep
}
