import DNSimCore

/// A `BGAppRefreshTaskRequest` or `BGProcessingTaskRequest`.
public struct IOSBackgroundTaskRequest: Sendable, Hashable {
    /// Refresh or processing.
    public enum Kind: String, Sendable, CaseIterable {
        /// `BGAppRefreshTaskRequest` (at most 1 pending, I14).
        case appRefresh
        /// `BGProcessingTaskRequest` (at most 10 pending, I14).
        case processing
    }

    /// The task identifier (must be in BGTaskSchedulerPermittedIdentifiers).
    public var identifier: String
    /// The kind.
    public var kind: Kind
    /// The earliest begin date as a wall-clock instant; only a lower bound (I15).
    public var earliestBeginDate: SimInstant?

    /// Creates a request.
    public init(identifier: String, kind: Kind, earliestBeginDate: SimInstant?) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBeginDate = earliestBeginDate
    }
}

/// `BGTaskScheduler.Error.Code` (I14, I20).
public enum IOSBackgroundTaskError: String, Error, Sendable, CaseIterable {
    /// Background App Refresh is off, or the device cannot schedule.
    case unavailable
    /// Too many pending requests of this kind.
    case tooManyPendingTaskRequests
    /// The identifier is not in BGTaskSchedulerPermittedIdentifiers.
    case notPermitted
}

/// What a launch handler did with a task (`setTaskCompleted(success:)` and how long it took).
public struct IOSTaskOutcome: Sendable, Hashable {
    /// The success flag passed to `setTaskCompleted`.
    public var success: Bool
    /// How long the work took.
    public var runTime: SimDuration

    /// Creates an outcome.
    public init(success: Bool, runTime: SimDuration = .seconds(2)) {
        self.success = success
        self.runTime = runTime
    }
}
