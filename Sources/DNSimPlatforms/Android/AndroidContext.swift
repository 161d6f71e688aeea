import DNSimCalendar
import DNSimCore

/// The app's view of the OS: the calls it could make on a phone, and nothing else.
///
/// Shaped after `android.content.Context` and the services it hands out (`AlarmManager`,
/// `NotificationManager`, `PendingIntent`, `SystemClock`), so plugin code written against it
/// reads like the Kotlin it models.
public struct AndroidContext<App: AndroidApplication> {
    /// The system, unowned and unchecked: a context and its ports are handed to app code for
    /// the length of one call and never outlive the system that made them (it owns the app),
    /// and `unowned(unsafe)` spares every OS call the run-time check of a safe unowned
    /// reference (Android device-year -2.5 % instructions, iOS -1.2 %).
    unowned(unsafe) let system: AndroidSystem<App>

    init(system: AndroidSystem<App>) { self.system = system }

    /// Calls `body` with the system, borrowed for the call: an `unowned(unsafe)` reference read
    /// for a call is retained and released around it, and app code makes OS calls on every
    /// event.
    @inline(__always)
    func withSystem<R>(_ body: (AndroidSystem<App>) throws -> R) rethrows -> R {
        try Unmanaged.passUnretained(system)._withUnsafeGuaranteedRef(body)
    }

    /// `Build.VERSION.SDK_INT`.
    public var sdkInt: Int { withSystem { system in system.profile.apiLevel } }
    /// `System.currentTimeMillis()`: the wall clock (T8).
    public func currentTimeMillis() -> Int64 { withSystem { system in system.clock.wallMillis(at: system.sim.now) } }
    /// `SystemClock.elapsedRealtime()`: ms since boot (T8).
    public func elapsedRealtime() -> Int64 { withSystem { system in system.clock.elapsedRealtime(at: system.sim.now) } }
    /// `ZoneId.systemDefault()`.
    public var timeZone: Zone { withSystem { system in system.clock.zone } }
    /// The AlarmManager service.
    public var alarmManager: AndroidAlarmManagerPort<App> { AndroidAlarmManagerPort(system: system) }
    /// `ApplicationStartInfo.wasForceStopped()` for the current process start (API 35+, A28);
    /// `nil` below API 35 where the call does not exist.
    public var wasForceStopped: Bool? { withSystem { system in sdkInt >= 35 ? system.processStartedAfterForceStop : nil } }

    /// `ActivityManager.getHistoricalProcessExitReasons(...)` (API 30+, A29); `nil` below 30.
    public func historicalProcessExitReasons() -> [AndroidProcessExit]? {
        guard sdkInt >= 30 else { return nil }
        let exits = system.processExitReasons
        system.trace(
            "android.am", "exitReasons.queried", rule: .a29,
            [
                TraceDetail("count", exits.count),
                TraceDetail("userRequested", exits.filter { $0.reason == .userRequested }.count),
            ])
        return exits
    }

    /// The HTTP client, through the device's network (none in Doze outside a window, A37).
    public var httpClient: HTTPClientPort {
        withSystem { system in
            HTTPClientPort(
                server: system.contentServer, now: system.sim.now, online: system.hasUsableNetwork, trace: system.sim.trace,
                streams: system.sim.random, cause: system.sim.trace.lastID)
        }
    }

    /// The WorkManager instance.
    public var workManager: AndroidWorkManagerPort<App> { AndroidWorkManagerPort(system: system) }

    /// Whether `ConnectivityManager` reports a usable network (Doze suspends it, A37).
    public var hasUsableNetwork: Bool { withSystem { system in system.hasUsableNetwork } }

    /// `NotificationManager.notify(id, notification)`.
    public func notify(id: Int, title: String, body: String, extras: [AndroidExtra]) {
        withSystem { system in system.notify(id: id, title: title, body: body, extras: extras) }
    }

    /// `NotificationManagerCompat.areNotificationsEnabled()`.
    public var areNotificationsEnabled: Bool { withSystem { system in system.postNotificationsGranted } }

    /// Reads and writes the app's credential-encrypted storage (its database), which is
    /// unreadable between a boot and the first unlock (A33).
    public func withStorage<R>(_ body: (inout App.Storage) throws -> R) throws -> R {
        try withSystem { system in
            guard system.isUnlockedSinceBoot else {
                system.trace("android.storage", "storage.locked", rule: .a33)
                throw AndroidStorageError.credentialStorageLocked
            }
            return try body(&system.storage)
        }
    }

    /// Reads and writes the app's device-protected storage
    /// (`createDeviceProtectedStorageContext()`), readable before the first unlock (A33).
    public func withDeviceProtectedStorage<R>(_ body: (inout App.Storage) throws -> R) rethrows -> R {
        try withSystem { system in try body(&system.deviceProtectedStorage) }
    }

    /// Whether credential-encrypted storage is unlocked (`UserManager.isUserUnlocked()`).
    public var isUserUnlocked: Bool { withSystem { system in system.isUnlockedSinceBoot } }

    /// Writes a line to the trace as the app (`Log.i`), for the app's own decisions.
    @discardableResult
    public func log(_ kind: String, _ details: @autoclosure () -> [TraceDetail] = []) -> Int32 {
        // A plugin line has no extras to stand for it: its summary is the whole line.
        withSystem { system in system.trace("plugin", kind, details(), summary: details()) }
    }

    /// Writes a line to the trace as the app, with the few of its `details` that the run's
    /// indexes read (in the same order, with the same values): a run that keeps no trace
    /// builds only those. `tag` is one of those values that the line may be counted by (a
    /// telemetry event's name): a run that only counts it builds none.
    @discardableResult
    public func log(
        _ kind: String, _ details: @autoclosure () -> [TraceDetail], summary: @autoclosure () -> [TraceDetail], tag: String? = nil
    ) -> Int32 {
        withSystem { system in system.trace("plugin", kind, details(), summary: summary(), tag: tag) }
    }

    /// Writes a line to the trace as the app, naming the time-library fact (`T1`…`T8`) whose
    /// arithmetic decided the instants the app just computed.
    @discardableResult
    public func log(_ kind: String, decidedBy rule: OSRule?, _ details: @autoclosure () -> [TraceDetail] = []) -> Int32 {
        withSystem { system in system.trace("plugin", kind, rule: rule, details(), summary: details()) }
    }
}

/// Why storage could not be opened.
public enum AndroidStorageError: Error, Equatable, Sendable {
    /// Credential-encrypted storage before the first unlock after boot (A33).
    case credentialStorageLocked
}

/// The AlarmManager calls available to the app.
public struct AndroidAlarmManagerPort<App: AndroidApplication> {
    /// The system (unowned and unchecked, as in the context).
    unowned(unsafe) let system: AndroidSystem<App>

    /// Calls `body` with the system, borrowed for the call: an `unowned(unsafe)` reference read
    /// for a call is retained and released around it, and app code makes OS calls on every
    /// event.
    @inline(__always)
    func withSystem<R>(_ body: (AndroidSystem<App>) throws -> R) rethrows -> R {
        try Unmanaged.passUnretained(system)._withUnsafeGuaranteedRef(body)
    }

    /// `canScheduleExactAlarms()` (A19).
    public func canScheduleExactAlarms() -> Bool { withSystem { system in system.canScheduleExactAlarms } }

    /// `setExactAndAllowWhileIdle(type, triggerAtMillis, operation)` (A7).
    public func setExactAndAllowWhileIdle(
        _ type: AndroidAlarm.ClockType, _ triggerAtMillis: Int64, _ operation: AndroidPendingIntent
    ) throws {
        try withSystem { system in
            try system.setAlarm(
                method: .setExactAndAllowWhileIdle, type: type, triggerAtMillis: triggerAtMillis, windowLength: 0,
                operation: operation)
        }
    }

    /// `setAlarmClock(AlarmClockInfo(triggerAtMillis, showIntent), operation)` (A9): always
    /// RTC_WAKEUP.
    public func setAlarmClock(_ triggerAtMillis: Int64, _ operation: AndroidPendingIntent) throws {
        try withSystem { system in
            try system.setAlarm(
                method: .setAlarmClock, type: .rtcWakeup, triggerAtMillis: triggerAtMillis, windowLength: 0,
                operation: operation)
        }
    }

    /// `setExact(type, triggerAtMillis, operation)` (A6).
    public func setExact(_ type: AndroidAlarm.ClockType, _ triggerAtMillis: Int64, _ operation: AndroidPendingIntent)
        throws
    {
        try withSystem { system in
            try system.setAlarm(
                method: .setExact, type: type, triggerAtMillis: triggerAtMillis, windowLength: 0, operation: operation)
        }
    }

    /// `set(type, triggerAtMillis, operation)`: inexact (A3, A4).
    public func set(_ type: AndroidAlarm.ClockType, _ triggerAtMillis: Int64, _ operation: AndroidPendingIntent) {
        try? withSystem { system in
            try system.setAlarm(
                method: .set, type: type, triggerAtMillis: triggerAtMillis, windowLength: 0, operation: operation)
        }
    }

    /// `setAndAllowWhileIdle(type, triggerAtMillis, operation)`: inexact (A8).
    public func setAndAllowWhileIdle(
        _ type: AndroidAlarm.ClockType, _ triggerAtMillis: Int64, _ operation: AndroidPendingIntent
    ) {
        try? withSystem { system in
            try system.setAlarm(
                method: .setAndAllowWhileIdle, type: type, triggerAtMillis: triggerAtMillis, windowLength: 0,
                operation: operation)
        }
    }

    /// `setWindow(type, windowStartMillis, windowLengthMillis, operation)` (A5).
    public func setWindow(
        _ type: AndroidAlarm.ClockType, _ windowStartMillis: Int64, _ windowLengthMillis: Int64,
        _ operation: AndroidPendingIntent
    ) {
        try? withSystem { system in
            try system.setAlarm(
                method: .setWindow, type: type, triggerAtMillis: windowStartMillis, windowLength: windowLengthMillis,
                operation: operation)
        }
    }

    /// `cancel(operation)`.
    public func cancel(_ operation: AndroidPendingIntent) { withSystem { system in system.cancelAlarm(operation) } }

    /// `PendingIntent.cancel()`: removes the PendingIntent itself (and so any alarm using it).
    public func cancelPendingIntent(_ operation: AndroidPendingIntent) {
        withSystem { system in
            system.cancelAlarm(operation)
            system.livePendingIntents.removeValue(forKey: operation.identity)
        }
    }

    /// `PendingIntent.getBroadcast(..., FLAG_NO_CREATE) != null` (A18): whether a PendingIntent
    /// equal to `operation` still exists. It outlives its alarm (fired or cancelled) while the app
    /// holds it; a force stop leaves none (A28 on API 35+; A59 below, unless the
    /// `pendingIntentsSurviveForceStop` parameter says otherwise); a reboot clears it.
    public func pendingIntentExists(_ operation: AndroidPendingIntent) -> Bool {
        let exists = system.livePendingIntents.contains(operation.identity)
        system.trace(
            "android.alarm", "pendingIntent.probe", rule: .a18,
            [TraceDetail("operation", operation.description), TraceDetail("exists", String(exists))])
        return exists
    }
}

/// The WorkManager calls available to the app.
public struct AndroidWorkManagerPort<App: AndroidApplication> {
    /// The system (unowned and unchecked, as in the context).
    unowned(unsafe) let system: AndroidSystem<App>

    /// Calls `body` with the system, borrowed for the call: an `unowned(unsafe)` reference read
    /// for a call is retained and released around it, and app code makes OS calls on every
    /// event.
    @inline(__always)
    func withSystem<R>(_ body: (AndroidSystem<App>) throws -> R) rethrows -> R {
        try Unmanaged.passUnretained(system)._withUnsafeGuaranteedRef(body)
    }

    /// `enqueueUniqueWork(name, policy, request)`.
    public func enqueueUniqueWork(_ name: String, _ policy: AndroidExistingWorkPolicy, _ request: AndroidWorkRequest) {
        withSystem { system in system.enqueueUniqueWork(name, policy: policy, request: request) }
    }

    /// `cancelUniqueWork(name)`.
    public func cancelUniqueWork(_ name: String) { withSystem { system in system.cancelUniqueWork(name) } }

    /// The states of the unique work `name` (`getWorkInfosForUniqueWork`).
    public func workStates(_ name: String) -> [AndroidWorkState] {
        withSystem { system in system.workDatabase.states(named: name) }
    }
}
