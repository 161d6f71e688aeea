import DNSimCalendar
import DNSimCore

/// The simulated desktop around one Electron app: the app's main process, its timers, the OS
/// notification display, login items, sleep and clocks.
///
/// Modelled:
/// - E1: `Notification.show()` displays at once and only from a running process; there is no
///   scheduling API; the app's own timers (`setTimeout`) live in the process and vanish when it
///   ends; nothing fires while the app is quit.
/// - E2: start on login through `setLoginItemSettings({openAtLogin})` on macOS and Windows, or
///   an autostart .desktop entry on Linux (a build choice of the app); after a reboot nothing
///   starts until the user logs in (the scenario decides when), and then the app starts with
///   `wasOpenedAtLogin`.
/// - E3: `powerMonitor` `suspend`/`resume`, on Linux only when ``ElectronParameters/resumeEventsOnLinux``;
///   no timer fires during sleep: one due then fires at resume, late, after the `resume` event.
/// - Files in userData survive quit and reboot. Timers measure elapsed time from when they were
///   set, so a later wall-clock or zone change does not move them. A network flag.
///
/// Not modelled: notification permission and Focus / Do Not Disturb, `lock-screen`,
/// `on-battery`, `shutdown`, the Windows Squirrel / macOS SMAppService registration details,
/// `second-instance`, renderer processes.
///
/// See <https://www.electronjs.org/docs/latest/tutorial/notifications>,
/// <https://www.electronjs.org/docs/latest/api/app>, <https://www.electronjs.org/docs/latest/api/power-monitor>.
public final class ElectronSystem<App: ElectronApplication> {
    /// A timer the running process set (top-level, so code handling it is not generic over `App`).
    typealias Timer = ElectronTimer<App.TimerTag>

    /// The engine.
    public let sim: Simulator<DeviceEvent>
    /// The desktop.
    public let profile: ElectronDeviceProfile
    /// Varying behaviour, printed in reports.
    public let parameters: ElectronParameters
    /// The packaged app.
    public let build: App.Build
    /// The machine's clocks.
    public internal(set) var clock: DeviceClock

    /// The app's main process, while it runs.
    public internal(set) var process: App?
    /// Whether the machine is on.
    public internal(set) var isPoweredOn = true
    /// Whether a user session is open (false from a reboot until the user logs in, E2).
    public internal(set) var isLoggedIn = true
    /// A login asked for while the machine slept at the login screen: it happens at the wake.
    var loginAwaitsWake = false
    /// Whether the machine is asleep (E3).
    public internal(set) var isAsleep = false
    /// Whether the OS login item for the app is registered (macOS, Windows; E2). An OS setting:
    /// it survives quit and reboot.
    public internal(set) var loginItemOpenAtLogin = false
    /// Whether the running process was started by the login (E2).
    public internal(set) var wasOpenedAtLogin = false
    /// Whether the machine has network.
    public internal(set) var isNetworkAvailable = true
    /// The plugin's content server, reached through ``ElectronContext/httpClient``.
    public var contentServer: ContentServer?
    /// Every notification shown (E1), since the last ``drainDeliveryLog(_:)``.
    public internal(set) var deliveryLog: [ElectronDeliveryRecord] = []

    /// The running process's timers, by id, in the order they were set.
    var timers = InsertionOrderedMap<Int32, Timer>()
    var nextTimerID: Int32 = 1
    /// When the machine went to sleep, while it sleeps.
    var asleepSince: SimInstant?
    var storage: App.Storage

    /// The app's userData now, for inspection by reports (not an app port).
    public var storageSnapshot: App.Storage { storage }

    /// Creates the desktop with the app installed, never launched, and the user logged in.
    public init(
        sim: Simulator<DeviceEvent>, profile: ElectronDeviceProfile, parameters: ElectronParameters, zone: Zone,
        build: App.Build
    ) {
        self.sim = sim
        self.profile = profile
        self.parameters = parameters
        self.build = build
        self.clock = DeviceClock(bootInstant: sim.now - .hours(1), zone: zone)
        storage = App.emptyStorage()
    }

    /// The context handed to the app.
    public var context: ElectronContext<App> { ElectronContext(system: self) }

    /// Whether the app process is running (not quit, not asleep).
    public var isAppRunning: Bool { process != nil && !isAsleep }

    /// The tags of the running process's timers, soonest first (ties in the order set).
    public var pendingTimers: [App.TimerTag] {
        timers.values.sorted { $0.due != $1.due ? $0.due < $1.due : $0.id < $1.id }.map(\.tag)
    }

    /// ``pendingTimers`` as the trace writes them.
    public var pendingTimerTags: [String] { pendingTimers.map(\.description) }

    /// Whether the login would start the app: the login item on macOS and Windows, the
    /// autostart entry on Linux (E2).
    public var startsAtLogin: Bool {
        profile.platform.supportsLoginItemSettings ? loginItemOpenAtLogin : App.linuxAutostartEntry(of: build)
    }

    /// Handles an event this model scheduled.
    public func handle(_ event: ElectronEvent) {
        switch event {
        case .timerDue(let id): fireTimer(id: id)
        case .bootFinished: finishBoot()
        case .userLogin: login()
        }
    }

    /// Every parameter that shaped the run.
    public var resolvedParameters: [(String, String)] {
        [
            ("electron.deviceProfile", profile.name), ("electron.platform", profile.platform.rawValue),
            ("electron.linuxAutostartEntry", String(App.linuxAutostartEntry(of: build))),
        ] + parameters.described
    }
}
