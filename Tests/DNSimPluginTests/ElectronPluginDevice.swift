import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// One simulated desktop with the daily-notification plugin installed in an Electron app,
/// driven directly.
struct ElectronPluginDevice {
    typealias System = ElectronSystem<ElectronDailyNotificationPlugin>

    let sim: Simulator<DeviceEvent>
    let system: System
    let zone: Zone

    /// 2026-03-10 08:00 in Berlin (07:00Z), an hour before the 09:00 slot.
    static let defaultStart = at("2026-03-10T08:00:00+01:00")

    init(
        profile: PluginProfile,
        device: String = "electron-macos",
        build change: (inout ElectronPluginBuild) -> Void = { _ in },
        parameters: ElectronParameters = ElectronParameters(),
        zoneID: String = "Europe/Berlin",
        start: SimInstant = ElectronPluginDevice.defaultStart
    ) {
        sim = Simulator(start: start, seed: 1, limits: SimulationLimits(maxEvents: 200_000))
        zone = Zone(identifier: zoneID)!
        var build = ElectronPluginBuild(profile: profile)
        change(&build)
        system = System(
            sim: sim, profile: ElectronDeviceProfile.named(device)!, parameters: parameters, zone: zone, build: build)
    }

    /// Launches the app and schedules one daily slot through the TypeScript API.
    @discardableResult
    func launchAndSchedule(_ time: String = "09:00", id: String? = nil) -> PluginError? {
        system.launchApp()
        return schedule(time, id: id)
    }

    /// `scheduleDailyNotification` on the running process.
    func schedule(_ time: String = "09:00", id: String? = nil) -> PluginError? {
        system.process!.scheduleDailyNotification(
            DailySlotRequest(id: id, time: time, title: "t", body: "b"), context: system.context)
    }

    func run(until end: SimInstant) throws {
        let system = self.system
        try sim.run(until: end) { _, event in
            if case .electron(let electronEvent) = event { system.handle(electronEvent) }
        }
    }

    func run(for duration: SimDuration) throws { try run(until: sim.now + duration) }

    /// The plugin's userData.
    var store: PluginStore { system.storageSnapshot }

    /// Trace records of a kind.
    func records(_ kind: String) -> [TraceRecord] { sim.trace.records(kind: kind) }

    /// The plugin's own log lines of a kind.
    func pluginLog(_ kind: String) -> [TraceRecord] { records(kind).filter { $0.subsystem == "plugin" } }

    /// Shown notifications as local wall times in the device zone.
    var shownLocalTimes: [String] { system.deliveryLog.map { zone.localDateTime(at: $0.time).description } }

    /// Shown notifications as `slot@localDate`, from their userInfo.
    var shownOccurrences: [String] {
        system.deliveryLog.map { "\($0.info(NotificationExtraKey.slot) ?? "?")@\($0.info(NotificationExtraKey.localDate) ?? "?")" }
    }

    /// The occurrences named by the `missed.reported` log lines, in order.
    var reportedMissed: [String] {
        pluginLog("missed.reported").flatMap { record in record.details.filter { $0.key == "occurrence" }.map(\.value) }
    }

    /// The status the TypeScript API reports, as a lookup.
    func status(_ key: String) -> String? {
        system.process?.getNotificationStatus(context: system.context).first { $0.0 == key }?.1
    }
}
