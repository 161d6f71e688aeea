import DNSimCore

extension AndroidSystem {
    /// The device goes idle now (like `dumpsys deviceidle force-idle`): deep Doze begins (A37)
    /// unless charging, whatever the screen shows. `false` leaves idle (motion); with the screen
    /// off on battery the count into Doze then starts again (A63).
    public func setDeviceIdle(_ idle: Bool) {
        if idle {
            guard !doze.isIdle else { return }
            if doze.isCharging {
                trace("android.power", "doze.notEntered", rule: .a10, [TraceDetail("why", "charging")])
                return
            }
            if let handle = doze.inactiveEvent { sim.cancel(handle) }
            enterIdle()
        } else {
            cancelIdleCountdown(why: "device active")
            exitIdle(reason: "device active")
            startIdleCountdownIfAppropriate()
        }
    }

    /// Plugging in lifts Doze and standby limits (A10, A39) and stops the count into Doze (A63);
    /// unplugging restores them, and with the screen off starts that count.
    public func setCharging(_ charging: Bool) {
        doze.isCharging = charging
        trace("android.power", charging ? "charging.started" : "charging.stopped", rule: .a39)
        if charging {
            cancelIdleCountdown(why: "charging")
            exitIdle(reason: "charging")
        } else {
            startIdleCountdownIfAppropriate()
        }
        requeueAllAlarms()
        requeueAllWork()
    }

    /// The app's standby bucket changes (A39, A40).
    public func setStandbyBucket(_ bucket: AndroidStandbyBucket) {
        standbyBucket = bucket
        trace("android.power", "standbyBucket.changed", rule: .a39, [TraceDetail("bucket", bucket.rawValue)])
        requeueAllAlarms()
        requeueAllWork()
    }

    /// Whether the network is usable; Doze suspends network access outside maintenance windows (A37).
    public func setNetworkAvailable(_ available: Bool) {
        isNetworkAvailable = available
        trace("android.network", available ? "network.up" : "network.down")
        requeueAllWork()
    }

    /// Whether the app can reach the network right now.
    public var hasUsableNetwork: Bool { isNetworkAvailable && !doze.isRestricting }

    /// Deep idle begins: forced (A37) or after the screen-off count (A63, with why and how long).
    func enterIdle(rule: OSRule = .a37, _ details: [TraceDetail] = []) {
        doze.isIdle = true
        doze.inMaintenanceWindow = false
        doze.windowsSinceIdle = 0
        doze.exactWhileIdleFires = []
        doze.lastInexactWhileIdleFire = nil
        doze.inactiveEvent = nil
        doze.idleAt = nil
        trace("android.power", "doze.entered", rule: rule, details)
        scheduleNextMaintenanceWindow(after: sim.now)
    }

    func exitIdle(reason: String, rule: OSRule = .a37) {
        guard doze.isIdle else { return }
        if let handle = doze.pendingEvent { sim.cancel(handle) }
        doze = AndroidDoze(isCharging: doze.isCharging)
        trace("android.power", "doze.exited", rule: rule, [TraceDetail("why", reason)])
        requeueAllAlarms()
        requeueAllWork()
    }

    private func scheduleNextMaintenanceWindow(after instant: SimInstant) {
        let spacings = parameters.doze.maintenanceSpacing
        guard let last = spacings.last else { return }
        let base = doze.windowsSinceIdle < spacings.count ? spacings[doze.windowsSinceIdle] : last
        let jitter = base.milliseconds * Int64(parameters.doze.maintenanceJitterPercent) / 100
        var rng = sim.randomStream("android.doze.window", Int64(doze.windowsSinceIdle), instant.millisecondsSinceEpoch)
        let gap = base.milliseconds + (jitter > 0 ? rng.next(in: -jitter...jitter) : 0)
        let start = instant + .milliseconds(gap)
        doze.nextWindowStart = start
        doze.pendingEvent = sim.schedule(.android(.maintenanceWindow(start: true)), at: start, priority: .system)
        trace(
            "android.power", "doze.windowPlanned", rule: .a38,
            [TraceDetail("index", doze.windowsSinceIdle), TraceDetail("gapMillis", gap)])
    }

    func maintenanceWindow(start: Bool) {
        guard doze.isIdle else { return }
        if start {
            doze.inMaintenanceWindow = true
            doze.nextWindowStart = nil
            trace("android.power", "doze.maintenanceWindow.open", rule: .a37)
            // A65: the window's wakeup ends the sleep that held non-wakeup alarms.
            if !screen.isOn { wake(reason: "maintenance window") }
            doze.pendingEvent = sim.schedule(
                .android(.maintenanceWindow(start: false)), after: parameters.doze.maintenanceWindowLength,
                priority: .system)
            requeueAllAlarms()
            requeueAllWork()
        } else {
            doze.inMaintenanceWindow = false
            doze.windowsSinceIdle += 1
            trace("android.power", "doze.maintenanceWindow.close", rule: .a37)
            scheduleNextMaintenanceWindow(after: sim.now)
        }
    }

    /// When Doze lets deferred jobs run: now when not restricting, else the next window.
    public func nextJobOpportunity() -> SimInstant? {
        doze.isRestricting ? doze.nextWindowStart : sim.now
    }

    /// Whether Doze or the standby quota holds a due alarm, and until when (A9, A10, A37, A40, A53).
    func hold(_ alarm: AndroidAlarm) -> (SimInstant?, OSRule, String)? {
        if doze.isRestricting {
            switch alarm.method {
            case .setAlarmClock:
                // A9: the system leaves idle shortly before an alarm clock; with the screen
                // still off on battery it counts towards Doze again (A63).
                exitIdle(reason: "alarm clock", rule: .a9)
                startIdleCountdownIfAppropriate()
            case .setExactAndAllowWhileIdle, .setAndAllowWhileIdle:
                if let held = whileIdleQuotaHold(alarm, rule: .a10, context: nil) { return held }
            case .set, .setExact, .setWindow:
                if let window = doze.nextWindowStart {
                    return (window, .a37, "device in Doze; waits for the next maintenance window")
                }
            }
        }
        if let held = batterySaverHold(alarm) { return held }
        if let held = backgroundRestrictionHold(alarm) { return held }
        if !doze.isCharging, let quota = standbyBucket.alarmQuota {
            if alarm.method.isExemptFromAppStandby {
                // A53: alarm clocks and FLAG_ALLOW_WHILE_IDLE alarms ignore the bucket quota.
                trace(
                    "android.alarm", "alarm.standbyExempt", rule: .a53, cause: alarm.setRecord,
                    [
                        TraceDetail("operation", alarm.operation.description),
                        TraceDetail("method", alarm.method.rawValue), TraceDetail("bucket", standbyBucket.rawValue),
                    ])
                return nil
            }
            let since = sim.now - quota.window
            let recent = bucketAlarmFires.filter { $0 > since }
            if recent.count >= quota.count, let oldest = recent.first {
                return (oldest + quota.window, .a40, "standby bucket \(standbyBucket.rawValue) alarm quota used up")
            }
        }
        return nil
    }

    /// The while-idle quota (A10) for a FLAG_ALLOW_WHILE_IDLE alarm: until when it holds the
    /// alarm, or `nil` when the alarm may fire. Doze and battery saver (A60) share it.
    func whileIdleQuotaHold(_ alarm: AndroidAlarm, rule: OSRule, context: String?) -> (SimInstant?, OSRule, String)? {
        let prefix = context.map { "\($0): " } ?? ""
        switch alarm.method {
        case .setExactAndAllowWhileIdle:
            let hourAgo = sim.now - .hours(1)
            // Fires are appended in time order and `now` only moves on, so one older than
            // an hour will never count again: drop it, and the rest are the recent ones.
            let expired = doze.exactWhileIdleFires.prefix { $0 <= hourAgo }.count
            doze.exactWhileIdleFires.removeFirst(expired)
            let recent = doze.exactWhileIdleFires
            if recent.count >= parameters.doze.exactWhileIdlePerHour, let oldest = recent.first {
                return (oldest + .hours(1), rule, prefix + "exact while-idle quota used up")
            }
        case .setAndAllowWhileIdle:
            if let last = doze.lastInexactWhileIdleFire, sim.now < last + parameters.doze.inexactWhileIdleGap {
                return (last + parameters.doze.inexactWhileIdleGap, rule, prefix + "inexact while-idle quota used up")
            }
        default:
            break
        }
        return nil
    }

    /// Counts a fire against the while-idle and bucket quotas.
    func recordFire(of alarm: AndroidAlarm) {
        if doze.isRestricting || batterySaverRestricts().restricts {
            if alarm.method == .setExactAndAllowWhileIdle { doze.exactWhileIdleFires.append(sim.now) }
            if alarm.method == .setAndAllowWhileIdle { doze.lastInexactWhileIdleFire = sim.now }
        }
        // A53: only alarms the bucket can hold count against its quota (AOSP records a wakeup
        // in the app's standby history only for alarms that are not exempt).
        guard !alarm.method.isExemptFromAppStandby else { return }
        bucketAlarmFires.append(sim.now)
        if bucketAlarmFires.count > 64 { bucketAlarmFires.removeFirst(bucketAlarmFires.count - 64) }
    }
}
