import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// Wires one Electron run together: the engine, the desktop model with the plugin installed,
/// and the scenario's steps as scripted input.
final class ElectronWorld {
    typealias Plugin = ElectronDailyNotificationPlugin

    let scenario: Scenario
    let driver: ScenarioDriver
    var sim: Simulator<DeviceEvent> { driver.sim }
    var ledger: RunLedger { driver.ledger }
    let system: ElectronSystem<Plugin>
    /// The notifications posted so far, taken from the OS's log after each event (``collectPosts()``).
    private var postLog = PostLog()

    init(scenario: Scenario, options: RunOptions = RunOptions()) {
        self.scenario = scenario
        driver = ScenarioDriver(scenario: scenario, options: options, removalKinds: Self.removalKinds)
        let profile =
            ElectronDeviceProfile.named(scenario.deviceProfile) ?? ElectronDeviceProfile(name: "electron-macos", platform: .macOS)
        let build = ElectronPluginBuild(
            policy: scenario.policy, openAtLogin: scenario.plugin.openAtLogin,
            linuxAutostartEntry: scenario.plugin.linuxAutostartEntry, freshness: scenario.freshness)
        var parameters = ElectronParameters()
        if let pause = scenario.os.timersPauseDuringSleep { parameters.timersPauseDuringSleep = pause }
        system = ElectronSystem(sim: driver.sim, profile: profile, parameters: parameters, zone: scenario.zone, build: build)
        system.contentServer = driver.server
    }

    /// Trace kinds that mean "the OS dropped an armed occurrence" (for missed reasons).
    static let removalKinds: Set<String> = ["process.ended", "device.shutdown"]

    /// Runs the scenario to its end.
    func run() throws {
        try driver.run(apply: apply) { event in
            if case .electron(let event) = event {
                system.handle(event)
                collectPosts()
            }
        }
    }

    /// Turns the plugin's notifications in the OS's delivery log into the run's posts and
    /// empties the log.
    private func collectPosts() {
        system.drainDeliveryLog { record in
            guard let slot = record.info(NotificationExtraKey.slot) else { return }
            postLog.append(
                WorldOutcome.Post(
                    time: record.time, slot: slot, pluginLocalDate: record.info(NotificationExtraKey.localDate),
                    title: record.title, body: record.body,
                    contentVersion: record.info(NotificationExtraKey.contentVersion).flatMap(DecimalDigits.int(parsing:)),
                    contentFetchedAt: nil, suppressedBecause: nil),
                contentFetchedAtWallMillis: record.info(NotificationExtraKey.contentFetchedAt).flatMap(DecimalDigits.int64(parsing:)))
        }
    }

    private func apply(_ step: ScenarioStep) {
        if driver.applyEnvironmentStep(step.action) || driver.applyTimeStep(step.action, on: system) { return }
        if PluginAPICall.isAPICall(step.action) {
            callAPI(step.action.name) { plugin, context in
                PluginAPICall.perform(step.action, on: plugin, context: context, ledger: ledger, at: sim.now)
            }
            return
        }
        switch step.action {
        case .launchApp: system.launchApp()
        case .quitApp: system.quitApp()
        case .setSystemSleep(let asleep): if asleep { system.sleep() } else { system.wake() }
        case .reboot(let offFor, let loginAfter): system.reboot(offFor: offFor, loginAfter: loginAfter)
        case .login: system.login()
        case .setLoginItem(let openAtLogin): system.setLoginItemByUser(openAtLogin: openAtLogin)
        case .setClock, .setTimeZone:
            break  // applied by the driver
        case .setNetwork(let available): system.setNetworkAvailable(available)
        case .publishContent, .setServerFault:
            break  // applied to the environment by the driver
        default:
            break  // Android and iOS actions; the decoder rejects them in Electron scenarios
        }
    }

    /// Calls the plugin's TypeScript API, which needs the app running: it is launched first.
    private func callAPI(_ name: String, _ body: (Plugin, ElectronContext<Plugin>) -> PluginError?) {
        if !system.isAppRunning { system.launchApp() }
        guard system.isAppRunning, let plugin = system.process else {
            ledger.ignored(call: name, reason: "the app is not running", at: sim.now)
            return
        }
        ledger.record(call: name, error: body(plugin, system.context), at: sim.now)
    }
}

extension ElectronWorld {
    /// The run in platform-neutral terms.
    func outcome() -> WorldOutcome {
        collectPosts()
        let posts = postLog.posts(reading: ledger)
        let armed = system.pendingTimers.compactMap { tag -> String? in
            guard case .notify(let slot, let date, _) = tag else { return nil }
            return slot + "@" + date.description
        }
        let slots = system.storageSnapshot.slots
        return WorldOutcome(
            scenario: scenario, parameters: driver.commonParameters + system.resolvedParameters.map { (key: $0.0, value: $0.1) },
            posts: posts, planner: ledger.planner, zoneTimeline: ledger.zoneTimeline, errors: ledger.errors, statusSnapshots: ledger.statusSnapshots,
            trace: sim.trace, eventCount: sim.dispatchedCount, armedOccurrences: armed,
            expectedNext: slots.map { "\($0.id)@*" }, storedSlots: slots.map(\.id),
            index: driver.index, server: driver.server, freshness: scenario.freshness)
    }
}
