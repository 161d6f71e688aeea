import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// One simulated Android device with the daily-notification plugin installed, driven directly.
struct PluginDevice {
    typealias System = AndroidSystem<AndroidDailyNotificationPlugin>

    let sim: Simulator<DeviceEvent>
    let system: System
    let zone: Zone

    /// 2026-03-10 08:00 in Berlin (07:00Z), an hour before the 09:00 slot.
    static let defaultStart = at("2026-03-10T08:00:00+01:00")

    init(
        profile: PluginProfile,
        apiLevel: Int = 34,
        exactAlarm: Bool? = true,
        postNotifications: Bool = true,
        zoneID: String = "Europe/Berlin",
        start: SimInstant = PluginDevice.defaultStart,
        seed: UInt64 = 1,
        targetSdk: Int = 34,
        bootReceiver: Bool = true
    ) {
        sim = Simulator(start: start, seed: seed)
        var parameters = AndroidOSParameters()
        parameters.exactAlarmGranted = exactAlarm
        parameters.postNotificationsGranted = postNotifications
        zone = Zone(identifier: zoneID)!
        system = System(
            sim: sim, profile: .stock(apiLevel: apiLevel), parameters: parameters, zone: zone,
            build: AndroidPluginBuild(profile: profile, bootReceiver: bootReceiver, targetSdk: targetSdk))
    }

    /// Launches the app and schedules one daily slot through the TypeScript API.
    @discardableResult
    func launchAndSchedule(_ time: String = "09:00") -> PluginError? {
        system.launchApp()
        return schedule(time)
    }

    /// `scheduleDailyNotification` on the running process.
    func schedule(_ time: String = "09:00") -> PluginError? {
        system.process!.scheduleDailyNotification(
            DailySlotRequest(time: time, title: "t", body: "b"), context: system.context)
    }

    func run(until end: SimInstant) throws {
        let system = self.system
        try sim.run(until: end) { _, event in
            if case .android(let androidEvent) = event { system.handle(androidEvent) }
        }
    }

    func run(for duration: SimDuration) throws { try run(until: sim.now + duration) }

    /// The plugin database (readable only while unlocked).
    var store: PluginStore { try! system.context.withStorage { $0 } }

    /// Trace records of a kind.
    func records(_ kind: String) -> [TraceRecord] { sim.trace.records(kind: kind) }

    /// The plugin's own log lines of a kind.
    func pluginLog(_ kind: String) -> [TraceRecord] { records(kind).filter { $0.subsystem == "plugin" } }

    /// Notifications actually shown, as local wall times in the device zone.
    var shownLocalTimes: [LocalDateTime] {
        system.notificationLog.filter { $0.outcome == .shown }.map { zone.localDateTime(at: $0.time) }
    }

    /// How many alarms the build keeps armed per slot (its rolling window of days).
    var alarmsPerSlot: Int { system.build.rollingWindowDays }

    /// The occurrence dates (the `localDate` extra) of the held alarms, in trigger order.
    var armedDates: [String] {
        system.alarms.sorted { $0.triggerAtMillis < $1.triggerAtMillis }
            .compactMap { $0.operation.intent.extra(NotificationExtraKey.localDate) }
    }

    /// The consecutive local dates a slot whose next occurrence is on `first` should have armed.
    func expectedDates(from first: String) -> [String] {
        let date = LocalDate(parsing: first)!
        return (0..<alarmsPerSlot).map { date.adding(days: $0).description }
    }

    /// The earliest held alarm's trigger.
    var earliestTrigger: Int64? { system.alarms.map(\.triggerAtMillis).min() }

    /// The wall ms of `HH:mm` on a local date in the device zone.
    func wallMillis(_ date: String, _ time: String) -> Int64 {
        DailyOccurrence.instant(on: LocalDate(parsing: date)!, at: LocalTime(parsing: time)!, in: zone)!
            .millisecondsSinceEpoch
    }
}

/// An instant from ISO 8601 text; traps on a typo.
func at(_ text: String) -> SimInstant {
    guard let instant = ISO8601.parseInstant(text) else { preconditionFailure("bad instant \(text)") }
    return instant
}

/// A local date-time from text.
func local(_ text: String) -> LocalDateTime {
    guard let value = LocalDateTime(parsing: text) else { preconditionFailure("bad local time \(text)") }
    return value
}
