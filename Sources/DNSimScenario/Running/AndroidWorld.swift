import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// Wires one Android run together: the engine, the OS model with the plugin installed, and the
/// scenario's steps as scripted input.
final class AndroidWorld {
    typealias Plugin = AndroidDailyNotificationPlugin

    let scenario: Scenario
    let driver: ScenarioDriver
    var sim: Simulator<DeviceEvent> { driver.sim }
    var ledger: RunLedger { driver.ledger }
    let system: AndroidSystem<Plugin>
    /// The notifications posted so far, taken from the OS's log after each event (``collectPosts()``).
    private var postLog = PostLog()

    init(scenario: Scenario, options: RunOptions = RunOptions()) {
        self.scenario = scenario
        driver = ScenarioDriver(scenario: scenario, options: options, removalKinds: Self.removalKinds)
        let sim = driver.sim
        var parameters = AndroidOSParameters()
        if let granted = scenario.os.exactAlarmGranted { parameters.exactAlarmGranted = granted }
        if let granted = scenario.os.postNotificationsGranted { parameters.postNotificationsGranted = granted }
        if let percent = scenario.os.inexactDeferralPercent { parameters.inexactDeferralPercent = percent }
        if let clears = scenario.os.updateClearsAlarms { parameters.updateClearsAlarms = clears }
        if let survive = scenario.os.pendingIntentsSurviveForceStop { parameters.pendingIntentsSurviveForceStop = survive }
        let profile =
            AndroidDeviceProfile.named(scenario.deviceProfile, apiLevel: scenario.osVersion)
            ?? .stock(apiLevel: scenario.osVersion)
        var build = AndroidPluginBuild(
            policy: scenario.policy, bootReceiver: scenario.plugin.bootReceiver,
            directBootAware: scenario.plugin.directBootAware, targetSdk: scenario.plugin.targetSdk,
            freshness: scenario.freshness)
        build.declaresScheduleExactAlarm = scenario.plugin.scheduleExactAlarm
        build.declaresUseExactAlarm = scenario.plugin.useExactAlarm
        system = AndroidSystem(sim: sim, profile: profile, parameters: parameters, zone: scenario.zone, build: build)
        system.contentServer = driver.server
        // The scripted test app's worker, created by class name like any delegate factory's.
        system.delegateWorkers[StringKey(ScriptedWork.workerClass)] = ScriptedWork.doWork
    }

    /// Trace kinds that mean "the OS dropped an armed occurrence" (for missed reasons).
    static let removalKinds: Set<String> = ["alarm.clearedByReboot", "alarm.removedByForceStop", "alarm.removedByRevoke", "alarm.clearedByUpdate"]

    /// Runs the scenario to its end.
    func run() throws {
        try driver.run(apply: apply) { event in
            if case .android(let event) = event {
                system.handle(event)
                collectPosts()
            }
        }
    }

    /// Turns the posts in the OS's notification log into the run's posts and empties the log.
    private func collectPosts() {
        system.drainNotificationLog { post in
            postLog.append(
                WorldOutcome.Post(
                    time: post.time, slot: post.extra(NotificationExtraKey.slot) ?? "?",
                    pluginLocalDate: post.extra(NotificationExtraKey.localDate), title: post.title, body: post.body,
                    contentVersion: post.extra(NotificationExtraKey.contentVersion).flatMap(DecimalDigits.int(parsing:)),
                    contentFetchedAt: nil,
                    suppressedBecause: post.outcome == .shown
                        ? nil
                        : post.outcome == .suppressedPermissionDenied
                            ? "POST_NOTIFICATIONS denied [A49]" : "notification channel blocked [A51]"),
                contentFetchedAtWallMillis: post.extra(NotificationExtraKey.contentFetchedAt).flatMap(DecimalDigits.int64(parsing:)))
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
        case .launchApp:
            unlockIfNeededToLaunch()
            system.launchApp()
        case .backgroundApp: system.moveAppToBackground()
        case .swipeFromRecents: system.swipeFromRecents()
        case .forceStop: system.forceStop()
        case .killProcess: system.killForMemory()
        case .reboot(let offFor, let unlockAfter): system.reboot(offFor: offFor, unlockAfter: unlockAfter)
        case .unlock: system.unlock()
        case .setClock, .setTimeZone:
            break  // applied by the driver
        case .setNotificationPermission(let granted): system.setPostNotificationsGranted(granted)
        case .setDeviceIdle(let idle): system.setDeviceIdle(idle)
        case .setCharging(let charging): system.setCharging(charging)
        case .setScreen(let on): system.setScreen(on: on)
        case .setBatterySaver(let on): system.setBatterySaver(on)
        case .setPowerAllowlist(let allowlisted): system.setPowerAllowlisted(allowlisted)
        case .setBackgroundRestricted(let restricted): system.setBackgroundRestricted(restricted)
        case .setStandbyBucket(let name):
            if let bucket = AndroidStandbyBucket(rawValue: name) { system.setStandbyBucket(bucket) }
        case .setNetwork(let available): system.setNetworkAvailable(available)
        case .revokeExactAlarm: system.revokeExactAlarmPermission()
        case .grantExactAlarm: system.grantExactAlarmPermission()
        case .setChannelBlocked(let blocked): system.setChannelBlocked(blocked)
        case .updateApp: system.updateApp()
        case .setAlarm(let alarm): setScriptedAlarm(alarm)
        case .cancelAlarm(let id): system.context.alarmManager.cancel(ScriptedAlarm.pendingIntent(id: id))
        case .enqueueWork(let work): enqueueScriptedWork(work)
        case .cancelWork(let id): system.context.workManager.cancelUniqueWork(ScriptedWork.uniqueName(id))
        case .injectAlarmLoss(let slot):
            system.injectAlarmLoss { slot == nil || $0.intent.extra(NotificationExtraKey.slot) == slot }
        case .setAuthorization, .setLowPowerMode, .setBackgroundAppRefresh, .clearDeliveredNotifications,
            .tapNotification, .addOtherRequests, .addRequest, .removePending, .submitTask:
            break  // iOS actions; the decoder rejects them in Android scenarios
        case .publishContent, .setServerFault:
            break  // applied to the environment by the driver
        case .scheduleDailyNotification, .cancelAllNotifications, .getNotificationStatus, .getLastNotification,
            .applySettings:
            break  // plugin API calls, performed above
        case .quitApp, .setSystemSleep, .login, .setLoginItem:
            break  // Electron actions; the decoder rejects them here
        case .reinstallApp:
            ledger.uninstalled(at: sim.now)
            system.reinstallApp()
        case .failNextBackgroundStart: system.failNextBackgroundStart()
        case .corruptStoredSlot(let slot): system.injectStorageFault { $0.corrupt(slot: slot) }
        }
    }

    /// The user has to unlock the phone to reach the launcher.
    private func unlockIfNeededToLaunch() {
        if system.isPoweredOn && !system.isUnlockedSinceBoot { system.unlock() }
    }

    /// Calls the plugin's TypeScript API, which needs the app's WebView in the foreground: the
    /// app is launched first when it is not.
    private func callAPI(_ name: String, _ body: (Plugin, AndroidContext<Plugin>) -> PluginError?) {
        guard system.isPoweredOn else {
            ledger.ignored(call: name, reason: "device is off", at: sim.now)
            return
        }
        if system.process == nil || !system.isInForeground {
            unlockIfNeededToLaunch()
            system.launchApp()
        }
        guard let plugin = system.process else { return }
        ledger.record(call: name, error: body(plugin, system.context), at: sim.now)
    }
}

extension AndroidWorld {
    /// The run in platform-neutral terms.
    /// The scripted test app's AlarmManager call; a SecurityException (A19) is noted for checks.
    private func setScriptedAlarm(_ alarm: ScriptedAlarm) {
        let context = system.context
        let operation = ScriptedAlarm.pendingIntent(id: alarm.id)
        let type: AndroidAlarm.ClockType = alarm.method == .setAlarmClock ? .rtcWakeup : alarm.type
        let wallNow = context.currentTimeMillis()
        let offset: Int64
        switch alarm.trigger {
        case .after(let duration): offset = duration.milliseconds
        case .at(let wall):
            let instant = system.clock.zone.resolve(wall).instant() ?? SimInstant(millisecondsSinceEpoch: wallNow)
            offset = instant.millisecondsSinceEpoch - wallNow
        }
        let trigger = (type.isWallClock ? wallNow : context.elapsedRealtime()) + offset
        let manager = context.alarmManager
        do {
            switch alarm.method {
            case .setExact: try manager.setExact(type, trigger, operation)
            case .setExactAndAllowWhileIdle: try manager.setExactAndAllowWhileIdle(type, trigger, operation)
            case .setAlarmClock: try manager.setAlarmClock(trigger, operation)
            case .set: manager.set(type, trigger, operation)
            case .setAndAllowWhileIdle: manager.setAndAllowWhileIdle(type, trigger, operation)
            case .setWindow: manager.setWindow(type, trigger, alarm.window.milliseconds, operation)
            }
        } catch {
            driver.index.noteScriptedRejection(alarm.id)
        }
    }

    /// The scripted test app's `enqueueUniqueWork`. The app is running when it enqueues: a
    /// package still in the stopped state (never opened, or force-stopped) is launched first.
    private func enqueueScriptedWork(_ work: ScriptedWork) {
        guard system.isPoweredOn else {
            ledger.ignored(call: "enqueueWork", reason: "device is off", at: sim.now)
            return
        }
        if system.isStopped {
            unlockIfNeededToLaunch()
            system.launchApp()
        }
        system.context.workManager.enqueueUniqueWork(ScriptedWork.uniqueName(work.id), work.existingWorkPolicy, work.request)
    }

    func outcome() -> WorldOutcome {
        collectPosts()
        let posts = postLog.posts(reading: ledger)
        let slots = system.storageSnapshot.slots
        return WorldOutcome(
            scenario: scenario, parameters: parameters(), posts: posts, planner: ledger.planner, zoneTimeline: ledger.zoneTimeline,
            errors: ledger.errors, statusSnapshots: ledger.statusSnapshots, trace: sim.trace, eventCount: sim.dispatchedCount,
            armedOccurrences: system.alarms.map {
                ($0.operation.intent.extra(NotificationExtraKey.slot) ?? "?") + "@"
                    + ($0.operation.intent.extra(NotificationExtraKey.localDate) ?? "?")
            },
            expectedNext: slots.map { "\($0.id)@\($0.nextLocalDate)" }, storedSlots: slots.map(\.id),
            index: driver.index, server: driver.server, freshness: scenario.freshness)
    }

    private func parameters() -> [(key: String, value: String)] {
        var list = driver.commonParameters + [
            ("plugin.bootReceiver", String(scenario.plugin.bootReceiver)),
            ("plugin.directBootAware", String(scenario.plugin.directBootAware)),
            ("plugin.targetSdk", String(scenario.plugin.targetSdk)),
            ("plugin.scheduleExactAlarm", String(scenario.plugin.scheduleExactAlarm)),
            ("plugin.useExactAlarm", String(scenario.plugin.useExactAlarm)),
        ]
        list += system.resolvedParameters.map { (key: $0.0, value: $0.1) }
        return list
    }
}
