import DNSimCalendar
import DNSimCore
import DNSimPlatforms

/// One call the OS made into ``TestApp``.
struct AppCall: Equatable {
    /// Which entry point ran.
    enum Entry: Equatable {
        case launch(AndroidLaunch)
        case receive(AndroidIntent)
    }

    /// What ran.
    var entry: Entry
    /// The true simulation time of the call.
    var time: SimInstant
    /// `ApplicationStartInfo.wasForceStopped()` as the app saw it during the call.
    var wasForceStopped: Bool?
    /// Whether credential storage could be opened during the call (only probed when the build asks).
    var storageReadable: Bool?

    /// The action of a received Intent, or `nil` for a launch.
    var action: String? {
        if case .receive(let intent) = entry { return intent.action }
        return nil
    }

    /// The received Intent, or `nil` for a launch.
    var intent: AndroidIntent? {
        if case .receive(let intent) = entry { return intent }
        return nil
    }
}

/// Collects every call the OS makes into the app, across process deaths (each process is a new
/// ``TestApp`` instance, so the log must live outside it). One recorder per test.
final class CallRecorder: @unchecked Sendable {
    private(set) var calls: [AppCall] = []
    /// The simulator whose clock stamps the calls.
    weak var sim: Simulator<DeviceEvent>?
    /// The true simulation time now.
    var now: SimInstant { sim?.now ?? .epoch }

    func append(_ call: AppCall) { calls.append(call) }

    /// Received broadcasts and alarms, in order.
    var receives: [AppCall] { calls.filter { $0.action != nil } }
    /// Launches, in order.
    var launches: [AppCall] { calls.filter { $0.action == nil } }
    /// Received calls with the given action.
    func receives(_ action: String) -> [AppCall] { calls.filter { $0.action == action } }
}

/// A minimal app for pinning the OS model: it records every entry point the OS calls and,
/// when its build says so, posts a notification for every alarm and probes its storage.
final class TestApp: AndroidApplication {
    struct Storage: Sendable {
        var writes = 0
    }

    struct Build: Sendable {
        var manifest: AndroidManifest
        var recorder: CallRecorder
        /// Post a notification (id 1) for every received alarm.
        var notifyOnAlarm = false
        /// Try to open credential storage in every entry point.
        var probeStorage = false
        /// What `Application.onCreate` does in every new process (nothing by default).
        var onCreate: (@Sendable (AndroidContext<TestApp>) -> Void)? = nil
    }

    /// The action the test's alarms carry.
    static let alarmAction = "test.ALARM"

    let build: Build

    init(build: Build) { self.build = build }

    static func manifest(of build: Build) -> AndroidManifest { build.manifest }

    static func emptyStorage() -> Storage { Storage() }

    func onCreate(context: AndroidContext<TestApp>) { build.onCreate?(context) }

    func onLaunch(_ launch: AndroidLaunch, context: AndroidContext<TestApp>) {
        build.recorder.append(
            AppCall(
                entry: .launch(launch), time: build.recorder.now, wasForceStopped: context.wasForceStopped,
                storageReadable: probe(context)))
    }

    func onReceive(_ intent: AndroidIntent, context: AndroidContext<TestApp>) {
        build.recorder.append(
            AppCall(
                entry: .receive(intent), time: build.recorder.now, wasForceStopped: context.wasForceStopped,
                storageReadable: probe(context)))
        if build.notifyOnAlarm && intent.action == Self.alarmAction {
            context.notify(id: 1, title: "alarm", body: "fired", extras: intent.extras)
        }
    }

    private func probe(_ context: AndroidContext<TestApp>) -> Bool? {
        guard build.probeStorage else { return nil }
        do {
            try context.withStorage { $0.writes += 1 }
            return true
        } catch {
            return false
        }
    }

    /// A PendingIntent for a test alarm.
    static func operation(_ requestCode: Int, extras: [AndroidExtra] = []) -> AndroidPendingIntent {
        AndroidPendingIntent(requestCode: requestCode, intent: AndroidIntent(action: alarmAction, extras: extras))
    }
}

/// One simulated device with ``TestApp`` installed.
struct Device {
    let sim: Simulator<DeviceEvent>
    let system: AndroidSystem<TestApp>
    let recorder: CallRecorder

    /// 2026-03-10T08:00:00Z, a Tuesday well away from DST.
    static let defaultStart = SimInstant(millisecondsSinceEpoch: 1_773_129_600_000)

    init(
        apiLevel: Int = 34,
        profile: AndroidDeviceProfile? = nil,
        manifest: AndroidManifest = Device.manifest(),
        parameters: AndroidOSParameters = .with(),
        zone: Zone = .utc,
        start: SimInstant = Device.defaultStart,
        seed: UInt64 = 1,
        notifyOnAlarm: Bool = false,
        probeStorage: Bool = false,
        onCreate: (@Sendable (AndroidContext<TestApp>) -> Void)? = nil,
        launched: Bool = true
    ) {
        sim = Simulator(start: start, seed: seed)
        recorder = CallRecorder()
        recorder.sim = sim
        system = AndroidSystem(
            sim: sim, profile: profile ?? .stock(apiLevel: apiLevel), parameters: parameters, zone: zone,
            build: TestApp.Build(
                manifest: manifest, recorder: recorder, notifyOnAlarm: notifyOnAlarm, probeStorage: probeStorage,
                onCreate: onCreate))
        // The user has opened the app once, so it is not in the never-launched stopped state (A27).
        if launched { system.launchApp() }
    }

    /// A manifest with the given receivers (BOOT_COMPLETED, TIME_SET, TIMEZONE_CHANGED by default).
    static func manifest(
        receivers: Set<String> = [AndroidIntent.bootCompleted, AndroidIntent.timeSet, AndroidIntent.timezoneChanged],
        directBootAware: Bool = false, scheduleExact: Bool = true, useExact: Bool = false, targetSdk: Int = 34
    ) -> AndroidManifest {
        AndroidManifest(
            receiverActions: receivers, directBootAware: directBootAware, declaresScheduleExactAlarm: scheduleExact,
            declaresUseExactAlarm: useExact, targetSdk: targetSdk)
    }

    var context: AndroidContext<TestApp> { system.context }
    var alarmManager: AndroidAlarmManagerPort<TestApp> { system.context.alarmManager }
    var now: SimInstant { sim.now }
    var wallNow: Int64 { system.context.currentTimeMillis() }

    /// Runs the device until `end`.
    func run(until end: SimInstant) throws {
        let system = self.system
        try sim.run(until: end) { _, event in
            if case .android(let androidEvent) = event { system.handle(androidEvent) }
        }
    }

    /// Runs the device for `duration`.
    func run(for duration: SimDuration) throws { try run(until: sim.now + duration) }

    /// Trace records of a kind.
    func records(_ kind: String) -> [TraceRecord] { sim.trace.records(kind: kind) }

    /// The rule ids of the trace records of a kind.
    func rules(_ kind: String) -> [String?] { records(kind).map(\.rule) }

    /// Every broadcast action the OS actually delivered (not alarms).
    var deliveredBroadcasts: [String] {
        records("broadcast.delivered").compactMap { $0.detail("action") }.filter { $0 != TestApp.alarmAction }
    }
}

extension AndroidOSParameters {
    /// Parameters with the exact-alarm permission and POST_NOTIFICATIONS set explicitly.
    /// `exactAlarm: nil` keeps the API level's install default (A20, A22).
    static func with(exactAlarm: Bool? = true, postNotifications: Bool = true) -> AndroidOSParameters {
        var parameters = AndroidOSParameters()
        parameters.exactAlarmGranted = exactAlarm
        parameters.postNotificationsGranted = postNotifications
        return parameters
    }
}

/// An instant from ISO 8601 text; traps on a typo.
func at(_ text: String) -> SimInstant {
    guard let instant = ISO8601.parseInstant(text) else { preconditionFailure("bad instant \(text)") }
    return instant
}

/// A zone by IANA id; traps on a typo.
func zone(_ identifier: String) -> Zone {
    guard let zone = Zone(identifier: identifier) else { preconditionFailure("unknown zone \(identifier)") }
    return zone
}
