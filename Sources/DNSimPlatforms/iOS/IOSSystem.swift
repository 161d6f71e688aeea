import DNSimCalendar
import DNSimCore

/// The simulated iOS around one app: UNUserNotificationCenter, BGTaskScheduler, the app's
/// process lifecycle, power and clocks.
///
/// Modelled: the 64-pending limit with a keep policy (I1); calendar triggers, floating or
/// zoned, with a named policy for nonexistent and repeated times (I3–I5); time-interval
/// triggers (I2); authorization states (I8); pending and user-clearable delivered lists (I9);
/// persistence across termination and reboot (I10); no app code at delivery unless foreground
/// or tap (I6); an optional delivery drift (I12, S6); time-change notifications to running or
/// suspended apps only (I13); BGTaskScheduler limits, errors and a seeded discretion model
/// (I14–I17, I20); force-quit and Low Power Mode blocking background launches (I18, I21);
/// system termination (I19); no boot hook (I22).
///
/// Significant time changes (I13) are generated at every local midnight and DST transition.
///
/// Not modelled: Focus and Scheduled Summary (I11), service extensions (I7), silent pushes.
public final class IOSSystem<App: IOSApplication> {
    /// The process states UIKit reports.
    public enum AppState: String, Sendable {
        /// No process.
        case notRunning
        /// In the foreground.
        case foreground
        /// Running a background task.
        case background
        /// In memory, not running code.
        case suspended
    }

    // The model's records are top-level types, not nested in this generic class: a type nested
    // here is generic over `App` too, and code handling it in this module could not be
    // specialised (every access would look up its generic metadata at run time).
    typealias Pending = IOSPendingEntry
    typealias TaskRequest = IOSTaskEntry
    typealias PendingTable = IOSPendingTable

    /// The engine.
    public let sim: Simulator<DeviceEvent>
    /// The device.
    public let profile: IOSDeviceProfile
    /// Varying behaviour, printed in reports.
    public let parameters: IOSParameters
    /// The installed build.
    public let build: App.Build
    /// The device clocks.
    public internal(set) var clock: DeviceClock

    /// The app process, when running or suspended.
    public internal(set) var process: App?
    /// The app's state.
    public internal(set) var appState: AppState = .notRunning
    /// Whether the user force-quit the app since they last opened it (I18).
    public internal(set) var userForceQuit = false
    /// Whether the device is on.
    public internal(set) var isPoweredOn = true
    /// Notification authorization (I8).
    public internal(set) var authorization: IOSAuthorizationStatus
    /// Low Power Mode (I21).
    public internal(set) var lowPowerMode: Bool
    /// The Background App Refresh switch (I20).
    public internal(set) var backgroundAppRefreshEnabled = true
    /// Whether the device has network.
    public internal(set) var isNetworkAvailable = true
    /// The plugin's content server, reached through ``IOSContext/httpClient``.
    public var contentServer: ContentServer?
    /// When the user last opened the app.
    public internal(set) var lastUserLaunch: SimInstant?

    /// The pending requests, by identifier, in the order they were added.
    var pending = PendingTable()
    var nextSerial: Int32 = 0
    var addCounter = 0
    /// Every delivery, shown or not.
    public internal(set) var deliveryLog: [IOSDeliveryRecord] = []
    /// Identifiers of delivered notifications still in Notification Center, oldest first.
    public var deliveredIdentifiers: [(identifier: String, request: IOSNotificationRequest, time: SimInstant)] {
        delivered.entries
    }
    /// The delivered notifications still in Notification Center, indexed by identifier.
    var delivered = IOSDeliveredList()
    /// The submitted background task requests, by serial, in the order they were submitted.
    var taskRequests = InsertionOrderedMap<Int32, TaskRequest>()
    /// Launch handlers registered (`BGTaskScheduler.register(forTaskWithIdentifier:using:launchHandler:)`)
    /// by code of the app other than its ``IOSApplication/handleBackgroundTask(_:context:)``, by
    /// task identifier — a scenario's scripted test app registers its tasks here. Their
    /// identifiers count as listed in BGTaskSchedulerPermittedIdentifiers; the tasks run in the
    /// app's process under the same rules. The OS model does not know who registered them.
    /// Keyed by the identifier's bytes (``StringKey``), as `NSString`s compare.
    public var delegateTaskHandlers: [StringKey: (IOSBackgroundTaskRequest) -> IOSTaskOutcome] = [:]
    /// When the device went off, while it is off.
    var offSince: SimInstant?
    /// Time changes queued for a suspended app (I13).
    var queuedTimeChanges: [IOSTimeChange] = []
    /// The queued next local midnight or DST transition (I13).
    var significantTimeChangeEvent: EventHandle?
    var storage: App.Storage

    /// The app's sandbox data now, for inspection by reports (not an app port).
    public var storageSnapshot: App.Storage { storage }

    /// Creates the OS with the app installed, never launched.
    public init(
        sim: Simulator<DeviceEvent>, profile: IOSDeviceProfile, parameters: IOSParameters, zone: Zone,
        build: App.Build, authorization: IOSAuthorizationStatus
    ) {
        self.sim = sim
        self.profile = profile
        self.parameters = parameters
        self.build = build
        self.clock = DeviceClock(bootInstant: sim.now - .hours(1), zone: zone)
        self.authorization = authorization
        self.lowPowerMode = profile.lowPowerMode
        storage = App.emptyStorage()
        scheduleSignificantTimeChange()
    }

    /// The context handed to the app.
    public var context: IOSContext<App> { IOSContext(system: self) }

    /// Handles an event this model scheduled.
    public func handle(_ event: IOSEvent) {
        switch event {
        case .notificationDue(let serial): fire(serial: serial)
        case .taskLaunch(let serial): launchTask(serial: serial)
        case .taskEnd(let serial): endTask(serial: serial)
        case .bootFinished: finishBoot()
        case .significantTimeChange: significantTimeChange()
        }
    }

    /// Pending requests in the order they were added.
    public var pendingRequests: [IOSNotificationRequest] { pending.requests() }

    /// Every parameter that shaped the run.
    public var resolvedParameters: [(String, String)] {
        [
            ("ios.osVersion", String(profile.osVersion)), ("ios.deviceProfile", profile.name),
            ("ios.authorization", authorization.rawValue), ("ios.lowPowerMode", String(lowPowerMode)),
        ] + parameters.described
    }
}
