import DNSimCalendar
import DNSimCore
import DNSimPlatforms

/// A `BGTaskScheduler.submit` made by the scripted test app (a `submitTask` step): a
/// `BGAppRefreshTaskRequest` or `BGProcessingTaskRequest` of its own, with a launch handler that
/// completes successfully after a run time, to check the iOS model against Apple's documented
/// BackgroundTasks behaviour without the plugin.
public struct ScriptedTask: Sendable, Equatable {
    /// When the task may begin at the earliest (`earliestBeginDate`).
    public enum EarliestBegin: Sendable, Equatable {
        /// A wall time in the device's zone, on the device clock.
        case at(LocalDateTime)
        /// This long after the step, on the device clock.
        case after(SimDuration)
    }

    /// The task's id in the scenario (its identifier is `testapp.<id>`).
    public var id: String
    /// Refresh or processing.
    public var kind: IOSBackgroundTaskRequest.Kind
    /// The earliest begin date; `nil`: none (as soon as the system chooses).
    public var earliestBegin: EarliestBegin?
    /// Whether the identifier is in the app's BGTaskSchedulerPermittedIdentifiers and has a
    /// registered launch handler (without it `submit` fails with `notPermitted`, I20).
    public var permitted: Bool
    /// How long the launch handler works before `setTaskCompleted(success: true)`.
    public var runTime: SimDuration

    /// Creates a scripted task request.
    public init(
        id: String, kind: IOSBackgroundTaskRequest.Kind, earliestBegin: EarliestBegin? = nil, permitted: Bool = true,
        runTime: SimDuration = .seconds(2)
    ) {
        self.id = id
        self.kind = kind
        self.earliestBegin = earliestBegin
        self.permitted = permitted
        self.runTime = runTime
    }

    /// The identifier prefix of the test app's task requests.
    public static let identifierPrefix = "testapp."

    /// The task identifier.
    public var identifier: String { Self.identifierPrefix + id }
}
