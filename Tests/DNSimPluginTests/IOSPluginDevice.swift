import DNSimCalendar
import DNSimCore
import DNSimPlatforms
@testable import DNSimPlugin

/// One simulated iPhone with the daily-notification plugin installed, driven directly.
struct IOSPluginDevice {
    typealias System = IOSSystem<IOSDailyNotificationPlugin>

    let sim: Simulator<DeviceEvent>
    let system: System
    let zone: Zone

    /// 2026-03-10 08:00 in Berlin (07:00Z), an hour before the 09:00 slot.
    static let defaultStart = at("2026-03-10T08:00:00+01:00")

    init(
        profile: PluginProfile,
        parameters: IOSParameters = IOSParameters(),
        authorization: IOSAuthorizationStatus = .authorized,
        zoneID: String = "Europe/Berlin",
        start: SimInstant = IOSPluginDevice.defaultStart,
        seed: UInt64 = 1,
        remembersPasses: Bool = true
    ) {
        sim = Simulator(start: start, seed: seed, limits: SimulationLimits(maxEvents: 500_000))
        zone = Zone(identifier: zoneID)!
        var build = IOSPluginBuild(profile: profile)
        build.remembersPasses = remembersPasses
        system = System(
            sim: sim, profile: IOSDeviceProfile.named("ios-default", osVersion: 17)!, parameters: parameters, zone: zone,
            build: build, authorization: authorization)
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
            if case .ios(let iosEvent) = event { system.handle(iosEvent) }
        }
    }

    func run(for duration: SimDuration) throws { try run(until: sim.now + duration) }

    /// The plugin's sandbox data.
    var store: IOSPluginStore { system.storageSnapshot }

    /// Identifiers of every pending request, in the order they were added.
    var pendingIDs: [String] { system.pendingRequests.map(\.identifier) }

    /// Identifiers of the plugin's pending requests, sorted.
    var ownPendingIDs: [String] { pendingIDs.filter { $0.hasPrefix(IOSPluginBuild.requestPrefix) }.sorted() }

    /// Trace records of a kind.
    func records(_ kind: String) -> [TraceRecord] { sim.trace.records(kind: kind) }

    /// The plugin's own log lines of a kind.
    func pluginLog(_ kind: String) -> [TraceRecord] { records(kind).filter { $0.subsystem == "plugin" } }

    /// Deliveries of the plugin's requests that were shown, as local wall times in the device zone.
    var shownLocalTimes: [String] {
        system.deliveryLog.filter { $0.presentation != .notShown && $0.request.identifier.hasPrefix(IOSPluginBuild.requestPrefix) }
            .map { zone.localDateTime(at: $0.time).description }
    }

    /// The dated request identifiers of slot `slot` for `days` consecutive days from `first`.
    static func dated(_ slot: String = "daily-0900", from first: String, days: Int) -> [String] {
        let date = LocalDate(parsing: first)!
        return (0..<days).map { IOSPluginBuild.requestPrefix + slot + "-" + date.adding(days: $0).description }
    }

    /// Adds a request that is not the plugin's (another part of the app), far in the future.
    func addOther(_ index: Int) {
        system.context.notificationCenter.add(
            IOSNotificationRequest(
                identifier: "other-\(index)", title: "o", body: "o", userInfo: [],
                trigger: .calendar(
                    IOSDateComponents(date: LocalDate(parsing: "2026-12-01")!.adding(days: index), hour: 12, minute: 0),
                    timeZone: nil, repeats: false)))
    }
}

extension IOSParameters {
    /// The defaults with changes applied.
    static func with(_ change: (inout IOSParameters) -> Void) -> IOSParameters {
        var parameters = IOSParameters()
        change(&parameters)
        return parameters
    }

    /// No background refresh ever runs, so only launches change the plugin's state.
    static let noRefresh = IOSParameters.with {
        $0.refreshRunPercent = 0
        $0.unusedAppRefreshRunPercent = 0
    }
}
