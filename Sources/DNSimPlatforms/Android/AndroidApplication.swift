/// The app as the Android model sees it: a manifest and the entry points the OS calls.
///
/// The OS creates a new instance every time it starts the app's process and drops it when the
/// process dies, so anything the app keeps in memory dies with the process. Persistent data must
/// live in ``AndroidContext/credentialStorage()`` (or device-protected storage).
public protocol AndroidApplication: AnyObject {
    /// The persistent data the app keeps in its private storage (its database and preferences).
    associatedtype Storage: Sendable
    /// What was compiled into the installed APK (its configuration and manifest).
    associatedtype Build: Sendable

    /// Creates the app's process-level object (the `Application` instance) for a new process.
    init(build: Build)

    /// What the installed build declares in its manifest.
    static func manifest(of build: Build) -> AndroidManifest

    /// A fresh, empty storage for a new install.
    static func emptyStorage() -> Storage

    /// `Application.onCreate` for a new process, with the OS at hand. It runs after the
    /// framework's own initialisers (content providers start first; WorkManager's re-creates
    /// the jobs its database still needs, A44) and before the entry point the process was
    /// started for, which sees whatever this changed.
    func onCreate(context: AndroidContext<Self>)

    /// The user opened the app's activity (a Capacitor plugin's `load()` runs here).
    func onLaunch(_ launch: AndroidLaunch, context: AndroidContext<Self>)

    /// A broadcast for one of the manifest's receiver actions, or an alarm's PendingIntent.
    func onReceive(_ intent: AndroidIntent, context: AndroidContext<Self>)

    /// WorkManager runs one of the app's workers (`Worker.doWork`).
    func doWork(_ work: AndroidWork, context: AndroidContext<Self>) -> AndroidWorkOutcome
}

extension AndroidApplication {
    /// Apps without process-start work do nothing.
    public func onCreate(context: AndroidContext<Self>) {}

    /// Apps without workers succeed at once.
    public func doWork(_ work: AndroidWork, context: AndroidContext<Self>) -> AndroidWorkOutcome {
        AndroidWorkOutcome(.success)
    }
}

/// How the app's activity came to the foreground.
public enum AndroidLaunch: String, Sendable {
    /// The process was not running and was started for this launch.
    case cold
    /// The process was running (in the background) and the activity resumed.
    case warm
}
