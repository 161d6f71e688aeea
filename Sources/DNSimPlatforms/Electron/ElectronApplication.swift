/// The Electron app's main process as the model sees it: the entry points `app`, `powerMonitor`
/// and the app's own timers call.
///
/// A new instance is created for every process start; the instance, and every timer it set,
/// dies with the process (E1). Persistent data lives in ``ElectronContext/withStorage(_:)``
/// (files in `app.getPath('userData')`), which survives quit and reboot.
public protocol ElectronApplication: AnyObject {
    /// The app's files in userData.
    associatedtype Storage: Sendable
    /// What was packaged with the app.
    associatedtype Build: Sendable
    /// What one of the app's timer callbacks captures (the closure passed to `setTimeout`):
    /// handed back to ``timerFired(tag:context:)`` as it was given, and written into the trace
    /// as its `description`, which is built only when a record's details are read. A `String`
    /// unless the app says otherwise.
    associatedtype TimerTag: CustomStringConvertible & Sendable = String

    /// Creates the main process's app object.
    init(build: Build)
    /// Empty userData for a new install.
    static func emptyStorage() -> Storage
    /// Whether the package installs an autostart .desktop entry (`~/.config/autostart`), the only
    /// way to start on login on Linux (E2). Ignored on macOS and Windows.
    static func linuxAutostartEntry(of build: Build) -> Bool

    /// `app.whenReady()`: the process has started and can use every API.
    func didFinishLaunching(_ reason: ElectronLaunchReason, context: ElectronContext<Self>)
    /// A timer the app set with ``ElectronContext/setTimeout(at:tag:)`` fired.
    func timerFired(tag: TimerTag, context: ElectronContext<Self>)
    /// A `powerMonitor` event reached the running app (E3).
    func powerEvent(_ event: ElectronPowerEvent, context: ElectronContext<Self>)
}

/// Why the process started.
public enum ElectronLaunchReason: String, Sendable {
    /// The user opened the app.
    case user
    /// The login item or autostart entry started it when the user logged in (E2).
    case login
}

/// The `powerMonitor` events the model emits (E3).
public enum ElectronPowerEvent: String, Sendable {
    /// `suspend`: the system is going to sleep.
    case suspend
    /// `resume`: the system woke up.
    case resume
}
