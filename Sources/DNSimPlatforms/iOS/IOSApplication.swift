/// The app as the iOS model sees it: the entry points UIKit, UserNotifications and
/// BackgroundTasks call.
///
/// A new instance is created for every process launch; the instance dies with the process.
/// Persistent data lives in ``IOSContext/withStorage(_:)`` (its sandbox).
public protocol IOSApplication: AnyObject {
    /// The app's sandbox data (Core Data, UserDefaults).
    associatedtype Storage: Sendable
    /// What was compiled into the app (configuration, Info.plist).
    associatedtype Build: Sendable

    /// Creates the app delegate for a new process.
    init(build: Build)
    /// Empty sandbox data for a new install.
    static func emptyStorage() -> Storage
    /// BGTaskSchedulerPermittedIdentifiers (with the `fetch`/`processing` background modes).
    static func permittedTaskIdentifiers(of build: Build) -> [String]

    /// `application(_:didFinishLaunchingWithOptions:)`.
    func didFinishLaunching(_ reason: IOSLaunchReason, context: IOSContext<Self>)
    /// `sceneWillEnterForeground` / `applicationWillEnterForeground` (a warm resume).
    func willEnterForeground(context: IOSContext<Self>)
    /// A background task's launch handler.
    func handleBackgroundTask(_ request: IOSBackgroundTaskRequest, context: IOSContext<Self>) -> IOSTaskOutcome
    /// `userNotificationCenter(_:willPresent:)`: a delivery while the app is in the foreground (I6).
    func willPresent(_ request: IOSNotificationRequest, context: IOSContext<Self>)
    /// `userNotificationCenter(_:didReceive:)`: the user tapped a notification (I6).
    func didReceive(_ request: IOSNotificationRequest, context: IOSContext<Self>)
    /// A clock, zone or significant-time change reached the running app (I13).
    func timeChanged(_ change: IOSTimeChange, context: IOSContext<Self>)
}

/// Why the process was launched.
public enum IOSLaunchReason: String, Sendable {
    /// The user opened the app.
    case user
    /// The system launched it in the background for a task.
    case backgroundTask
    /// The user tapped one of its notifications.
    case notificationTap
}

/// The time notifications of I13.
public enum IOSTimeChange: String, Sendable {
    /// `NSSystemClockDidChange`.
    case clock
    /// `NSSystemTimeZoneDidChange`.
    case timeZone
    /// `significantTimeChangeNotification`.
    case significant
}
