import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// Wires one iOS run together: the engine, the iOS model with the plugin installed, and the
/// scenario's steps as scripted input.
final class IOSWorld {
    typealias Plugin = IOSDailyNotificationPlugin

    let scenario: Scenario
    let driver: ScenarioDriver
    var sim: Simulator<DeviceEvent> { driver.sim }
    var ledger: RunLedger { driver.ledger }
    let system: IOSSystem<Plugin>
    private var otherRequestCount = 0

    init(scenario: Scenario, options: RunOptions = RunOptions()) {
        self.scenario = scenario
        driver = ScenarioDriver(scenario: scenario, options: options, removalKinds: Self.removalKinds)
        let sim = driver.sim
        var parameters = IOSParameters()
        let os = scenario.os
        if let value = os.keepPolicy.flatMap(IOSParameters.KeepPolicy.init(rawValue:)) { parameters.keepPolicy = value }
        if let value = os.missedWhileOff.flatMap(IOSParameters.MissedWhileOffPolicy.init(rawValue:)) {
            parameters.missedWhileOff = value
        }
        if let value = os.nonexistentTimePolicy.flatMap(GapPolicy.init(rawValue:)) { parameters.nonexistentTimePolicy = value }
        if let value = os.deliveryDriftMs { parameters.deliveryDriftMillis = value }
        if let value = os.refreshRunPercent { parameters.refreshRunPercent = value }
        let profile =
            IOSDeviceProfile.named(scenario.deviceProfile, osVersion: scenario.osVersion)
            ?? IOSDeviceProfile(osVersion: scenario.osVersion, name: "ios-default", lowPowerMode: false)
        let authorization = os.authorization.flatMap(IOSAuthorizationStatus.init(rawValue:)) ?? .authorized
        system = IOSSystem(
            sim: sim, profile: profile, parameters: parameters, zone: scenario.zone,
            build: {
                var build = IOSPluginBuild(policy: scenario.policy, freshness: scenario.freshness)
                build.taskIdentifierInInfoPlist = scenario.plugin.taskIdentifierInInfoPlist
                return build
            }(),
            authorization: authorization)
        system.contentServer = driver.server
    }

    /// Trace kinds that mean "the OS dropped an armed occurrence" (for missed reasons).
    static let removalKinds: Set<String> = ["request.removed", "request.droppedOverLimit", "request.lostByFaultInjection", "notification.missedWhileOff"]

    /// Runs the scenario to its end.
    func run() throws {
        try driver.run(apply: apply) { [system] event in
            if case .ios(let event) = event { system.handle(event) }
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
        case .backgroundApp: system.backgroundApp()
        case .swipeFromRecents: system.forceQuit()
        case .killProcess: system.terminateBySystem()
        case .reboot(let offFor, _): system.reboot(offFor: offFor)
        case .setClock, .setTimeZone:
            break  // applied by the driver
        case .setNotificationPermission(let granted): system.setAuthorization(granted ? .authorized : .denied)
        case .setAuthorization(let name):
            if let status = IOSAuthorizationStatus(rawValue: name) { system.setAuthorization(status) }
        case .setLowPowerMode(let on): system.setLowPowerMode(on)
        case .setBackgroundAppRefresh(let enabled): system.setBackgroundAppRefresh(enabled)
        case .clearDeliveredNotifications: system.clearDeliveredNotifications()
        case .tapNotification: system.tapNotification(identifier: nil)
        case .setNetwork(let available): system.setNetworkAvailable(available)
        case .updateApp: system.updateApp()
        case .addOtherRequests(let count): addOtherRequests(count)
        case .addRequest(let scripted): system.context.notificationCenter.add(scripted.request)
        case .submitTask(let task): submitScriptedTask(task)
        case .removePending(let id):
            system.context.notificationCenter.removePendingNotificationRequests(withIdentifiers: [ScriptedRequest.identifierPrefix + id])
        case .injectAlarmLoss(let slot):
            let lost = system.pendingRequests.filter { slot == nil || $0.info(NotificationExtraKey.slot) == slot }
            sim.trace.record(
                at: sim.now, subsystem: "ios.notifications", kind: "request.lostByFaultInjection", cause: sim.trace.lastID,
                details: [TraceDetail("count", lost.count)])
            system.context.notificationCenter.removePendingNotificationRequests(withIdentifiers: lost.map(\.identifier))
        case .forceStop, .unlock, .setDeviceIdle, .setCharging, .setStandbyBucket, .revokeExactAlarm, .grantExactAlarm,
            .setChannelBlocked:
            break  // Android actions; the decoder rejects them in iOS scenarios
        case .publishContent, .setServerFault:
            break  // applied to the environment by the driver
        case .scheduleDailyNotification, .cancelAllNotifications, .getNotificationStatus, .getLastNotification,
            .applySettings:
            break  // plugin API calls, performed above
        case .quitApp, .setSystemSleep, .login, .setLoginItem, .failNextBackgroundStart, .setAlarm, .cancelAlarm,
            .enqueueWork, .cancelWork, .setBatterySaver, .setPowerAllowlist,
            .setBackgroundRestricted, .setScreen:
            break  // Android and Electron actions; the decoder rejects them here
        case .reinstallApp:
            ledger.uninstalled(at: sim.now)
            system.reinstallApp()
        case .corruptStoredSlot(let slot): system.injectStorageFault { $0.core.corrupt(slot: slot) }
        }
    }

    /// Other code in the app adds its own one-shot requests, a day apart at 12:00, so the
    /// plugin's share of the 64 must shrink.
    /// The scripted test app's `BGTaskScheduler.submit`: its launch handler is registered (and
    /// its identifier permitted) unless the step says it is not; a thrown error is in the trace.
    private func submitScriptedTask(_ task: ScriptedTask) {
        let outcome = IOSTaskOutcome(success: true, runTime: task.runTime)
        system.delegateTaskHandlers[StringKey(task.identifier)] = task.permitted ? { _ in outcome } : nil
        let wallNow = system.clock.wallMillis(at: sim.now)
        var earliest: SimInstant?
        switch task.earliestBegin {
        case nil: earliest = nil
        case .after(let delay)?: earliest = SimInstant(millisecondsSinceEpoch: wallNow + delay.milliseconds)
        case .at(let wall)?: earliest = system.clock.zone.resolve(wall).instant()
        }
        let request = IOSBackgroundTaskRequest(identifier: task.identifier, kind: task.kind, earliestBeginDate: earliest)
        // The error is a value the app would handle; the model traces it (submit.failed).
        _ = try? system.context.taskScheduler.submit(request)
    }

    private func addOtherRequests(_ count: Int) {
        let today = system.clock.localDateTime(at: sim.now).date
        for k in 0..<count {
            otherRequestCount += 1
            system.context.notificationCenter.add(
                IOSNotificationRequest(
                    identifier: "other-\(otherRequestCount)", title: "Other", body: "",
                    userInfo: [StringPair("owner", "other")],
                    trigger: .calendar(IOSDateComponents(date: today.adding(days: k + 1), hour: 12, minute: 0), timeZone: nil, repeats: false)))
        }
    }

    /// Calls the plugin's TypeScript API, which needs the app in the foreground: it is opened
    /// first when it is not.
    private func callAPI(_ name: String, _ body: (Plugin, IOSContext<Plugin>) -> PluginError?) {
        guard system.isPoweredOn else {
            ledger.ignored(call: name, reason: "device is off", at: sim.now)
            return
        }
        if system.process == nil || system.appState != .foreground { system.launchApp() }
        guard let plugin = system.process else { return }
        ledger.record(call: name, error: body(plugin, system.context), at: sim.now)
    }
}

extension IOSWorld {
    /// The run in platform-neutral terms.
    func outcome() -> WorldOutcome {
        // Sized up front: a device-year's posts are tens of thousands, held while the result is built.
        var posts: [WorldOutcome.Post] = []
        posts.reserveCapacity(system.deliveryLog.count)
        for record in system.deliveryLog {
            guard let slot = record.request.info(NotificationExtraKey.slot) else { continue }
            posts.append(
                WorldOutcome.Post(
                    time: record.time, slot: slot, pluginLocalDate: record.request.info(NotificationExtraKey.localDate),
                    title: record.request.title, body: record.request.body,
                    contentVersion: record.request.info(NotificationExtraKey.contentVersion).flatMap(DecimalDigits.int(parsing:)),
                    contentFetchedAt: record.request.info(NotificationExtraKey.contentFetchedAt).flatMap(DecimalDigits.int64(parsing:))
                        .map { ledger.trueInstant(forWallMillis: $0) },
                    suppressedBecause: record.presentation == .notShown ? "authorization \(system.authorization.rawValue) [I8]" : nil))
        }
        let store = system.storageSnapshot
        let armed = system.pendingRequests.compactMap { request -> String? in
            guard let slot = request.info(NotificationExtraKey.slot) else { return nil }
            return slot + "@" + (request.info(NotificationExtraKey.localDate) ?? "repeating")
        }
        // The plugin's iOS store advances only when the app runs, so any pending request of a slot counts.
        let expected = store.core.slots.map { "\($0.id)@*" }
        let parameters = driver.commonParameters + system.resolvedParameters.map { (key: $0.0, value: $0.1) }
        return WorldOutcome(
            scenario: scenario, parameters: parameters, posts: posts, planner: ledger.planner, zoneTimeline: ledger.zoneTimeline,
            errors: ledger.errors, statusSnapshots: ledger.statusSnapshots, trace: sim.trace, eventCount: sim.dispatchedCount,
            armedOccurrences: armed, expectedNext: expected, storedSlots: store.core.slots.map(\.id),
            index: driver.index, server: driver.server, freshness: scenario.freshness)
    }
}
