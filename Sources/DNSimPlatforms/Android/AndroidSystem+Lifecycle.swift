import DNSimCalendar
import DNSimCore

extension AndroidSystem {
    /// Starts the app's process if it is not running; returns whether it had to.
    @discardableResult
    func ensureProcess(reason: String, cause: Int32) -> Bool {
        if process != nil { return false }
        let startedByOS = reason != "launcher"
        trace("android.am", "process.start", rule: startedByOS ? .a2 : nil, cause: cause, [TraceDetail("reason", reason)])
        // `ApplicationStartInfo.wasForceStopped()` describes this start only (A28).
        processStartedAfterForceStop = wasForceStoppedSinceLastStart
        wasForceStoppedSinceLastStart = false
        process = App(build: build)
        // WorkManager initialises with the process: it opens its database (pruning old finished
        // work, A43) and re-creates the jobs the database still needs (A44).
        openWorkDatabase()
        rescheduleWorkFromDatabase(rule: .a44)
        process?.onCreate(context: context)
        return true
    }

    /// Kills the app's process; scheduled alarms and storage are untouched (A31).
    func killProcess(reason: String, rule: OSRule, exitReason: AndroidProcessExit.Reason = .other) {
        guard process != nil else { return }
        processExitReasons.append(AndroidProcessExit(time: sim.now, reason: exitReason))
        interruptRunningWork()  // force stop and reboot then drop the jobs as well
        trace("android.am", "process.killed", rule: rule, [TraceDetail("reason", reason)])
        process = nil
        isInForeground = false
    }

    /// Delivers an Intent to the app, honouring the stopped state (A27), the manifest, and the
    /// boot lock (A33). Alarm PendingIntents target the app explicitly.
    func deliver(_ intent: AndroidIntent, cause: Int32, fromAlarm: Bool = false) {
        // Built only for a record whose details are read.
        func details() -> [TraceDetail] { [TraceDetail("action", intent.action)] }
        guard isPoweredOn else { return }
        if isStopped {
            trace("android.broadcast", "broadcast.excluded", rule: .a27, cause: cause, details())
            return
        }
        if !isUnlockedSinceBoot && !manifest.directBootAware {
            trace("android.broadcast", "broadcast.notDeliveredBeforeUnlock", rule: .a33, cause: cause, details())
            return
        }
        if intent.hasAction(AndroidIntent.bootCompleted) && profile.autostartBlocksBootBroadcasts {
            trace("android.broadcast", "broadcast.blockedByAutostart", rule: .a30, cause: cause, details())
            return
        }
        if intent.hasAction(AndroidIntent.bootCompleted) && hasEnqueuedWorkWithoutJob {
            // WorkManager's own RescheduleReceiver (A43), independent of the app's receivers.
            rescheduleWorkFromDatabase(rule: .a43)
            ensureProcess(reason: "WorkManager RescheduleReceiver", cause: cause)
        }
        if intent.hasAction(AndroidIntent.timeSet) || intent.hasAction(AndroidIntent.timezoneChanged), hasEnqueuedWork {
            // The same receiver handles TIME_SET and TIMEZONE_CHANGED (A43, A34): jobs are
            // rescheduled from the wall-clock next run times.
            rescheduleWorkAfterTimeChange(action: intent.action)
            ensureProcess(reason: "WorkManager RescheduleReceiver", cause: cause)
        }
        if !fromAlarm && !manifest.receiverActions.contains(intent.action) {
            trace("android.broadcast", "broadcast.noReceiver", cause: cause, details())
            return
        }
        if fromAlarm && process == nil && failNextProcessStartForAlarm {
            failNextProcessStartForAlarm = false
            trace("android.am", "process.startFailed", rule: .a30, cause: cause, details())
            return
        }
        // A34: TIME_SET and TIMEZONE_CHANGED reach manifest receivers despite the implicit-broadcast
        // limits; A52: an alarm's receiver runs even when notifications are denied.
        let rule: OSRule? =
            intent.hasAction(AndroidIntent.timeSet) || intent.hasAction(AndroidIntent.timezoneChanged)
            ? .a34 : fromAlarm && !postNotificationsGranted ? .a52 : nil
        let record = trace("android.broadcast", "broadcast.delivered", rule: rule, cause: cause, details())
        ensureProcess(reason: fromAlarm ? "alarm" : "broadcast", cause: record)
        process?.onReceive(intent, context: context)
    }

    /// The user opens the app from the launcher.
    public func launchApp() {
        guard isPoweredOn else {
            trace("android.am", "launch.ignored", [TraceDetail("reason", "device is off")])
            return
        }
        let record = trace("android.am", "user.launch")
        noteUserInteraction()
        // Opening the app from the launcher needs the screen on (A64, A65).
        if !screen.isOn { setScreen(on: true) }
        exitIdle(reason: "screen on")
        let wasStopped = isStopped
        if isStopped {
            isStopped = false
            trace("android.am", "package.unstopped", rule: .a27, cause: record)
        }
        let cold = ensureProcess(reason: "launcher", cause: record)
        isInForeground = true
        if isBatterySaverOn || isBackgroundRestricted {
            // A60, A62: a foreground app is not restricted; what they held may run now.
            recheckPowerRestrictions()
        }
        if wasStopped && profile.apiLevel >= 35 {
            // A28: on leaving the stopped state the system delivers BOOT_COMPLETED.
            let sent = trace("android.broadcast", "bootCompleted.sent", rule: .a28, cause: record, [TraceDetail("why", "left the stopped state")])
            deliver(AndroidIntent(action: AndroidIntent.bootCompleted), cause: sent)
        }
        process?.onLaunch(cold ? .cold : .warm, context: context)
    }

    /// The user leaves the app for the home screen (the process keeps running).
    public func moveAppToBackground() {
        guard isInForeground else { return }
        isInForeground = false
        trace("android.am", "app.background")
    }

    /// The user swipes the app away from recents (A30).
    public func swipeFromRecents() {
        trace("android.am", "user.swipe", rule: .a30, [TraceDetail("profile", profile.name)])
        if profile.swipeActsAsForceStop {
            forceStop(reasonKind: "swipe treated as force stop by the OEM profile", rule: .a30)
        } else {
            killProcess(reason: "task removed from recents", rule: .a30, exitReason: .userStopped)
        }
    }

    /// The system kills the process for memory (A31).
    public func killForMemory() {
        killProcess(reason: "low memory", rule: .a31, exitReason: .lowMemory)
    }

    /// Settings → Force stop (A26, A27, A28, A36). Hibernation (A58) and OEM restrictions (A30)
    /// stop the package the same way and pass their own rule.
    public func forceStop(reasonKind: String = "settings force stop", rule: OSRule = .a26) {
        let record = trace("android.am", "package.forceStopped", rule: rule, [TraceDetail("by", reasonKind)])
        killProcess(reason: "force stop", rule: rule, exitReason: .userRequested)
        isStopped = true
        wasForceStoppedSinceLastStart = true
        clearAllAlarms(kind: "alarm.removedByForceStop", rule: rule)
        dropAllJobs(rule: rule)
        if !shownNotificationIDs.isEmpty {
            trace("android.notification", "notifications.clearedByForceStop", rule: .a36, cause: record)
            shownNotificationIDs.removeAll()
        }
        if profile.apiLevel >= 35 {
            trace("android.am", "pendingIntents.cancelled", rule: .a28, cause: record)
            livePendingIntents.removeAll(keepingCapacity: true)
        } else if !parameters.pendingIntentsSurviveForceStop && !livePendingIntents.isEmpty {
            // A59: nothing holds them any more (alarms removed, process dead); the system's weak
            // references are collected, so FLAG_NO_CREATE finds none.
            trace(
                "android.am", "pendingIntents.collected", rule: .a59, cause: record,
                [TraceDetail("parameter", "android.pendingIntentsSurviveForceStop=false")])
            livePendingIntents.removeAll(keepingCapacity: true)
        }
    }

    /// Powers the device off now and on again after `offFor`; the user unlocks `unlockAfter`
    /// the boot (or never, until an explicit ``unlock()``).
    public func reboot(offFor: SimDuration, unlockAfter: SimDuration?) {
        let record = trace("android.power", "device.shutdown", rule: .a1)
        killProcess(reason: "shutdown", rule: .a1)
        clearAllAlarms(kind: "alarm.clearedByReboot", rule: .a1)
        dropAllJobs(rule: .a1)
        exitIdle(reason: "reboot")
        cancelIdleCountdown(why: "shutdown")
        screen.heldUntilAwake = []
        livePendingIntents.removeAll(keepingCapacity: true)
        shownNotificationIDs.removeAll()
        isPoweredOn = false
        isUnlockedSinceBoot = false
        pendingUnlockDelay = unlockAfter
        sim.schedule(.android(.bootFinished), after: offFor, priority: .system, cause: record)
    }

    func finishBoot() {
        isPoweredOn = true
        clock.boot(at: sim.now)
        let record = trace("android.power", "device.booted", rule: .a33)
        trace("android.clock", "elapsedRealtime.reset", rule: .t8, cause: record, [TraceDetail("elapsedRealtime", "0")])
        if !screen.isOn {
            // A booting phone shows its boot animation and then the lock screen.
            screen.isOn = true
            trace("android.power", "screen.on", cause: record, [TraceDetail("why", "boot")])
        }
        if manifest.directBootAware && manifest.receiverActions.contains(AndroidIntent.lockedBootCompleted) {
            deliver(AndroidIntent(action: AndroidIntent.lockedBootCompleted), cause: record)
        } else {
            trace("android.broadcast", "lockedBoot.notDelivered", rule: .a33, cause: record)
        }
        if let delay = pendingUnlockDelay {
            pendingUnlockDelay = nil
            sim.schedule(.android(.userUnlock), after: delay, priority: .system, cause: record)
        }
    }

    /// The user unlocks the device; the first unlock after boot sends BOOT_COMPLETED (A32).
    public func unlock() {
        guard isPoweredOn else { return }
        // Unlocking needs the screen on (A64, A65).
        if !screen.isOn { setScreen(on: true) }
        let first = !isUnlockedSinceBoot
        isUnlockedSinceBoot = true
        let record = trace("android.power", "user.unlock", [TraceDetail("firstSinceBoot", String(first))])
        if first {
            let sent = trace("android.broadcast", "bootCompleted.sent", rule: .a32, cause: record)
            deliver(AndroidIntent(action: AndroidIntent.bootCompleted), cause: sent)
        }
    }

    /// The user or the network sets the wall clock (A14).
    public func setWallClock(toWallMillis wallMillis: Int64, source: String) {
        clock.setWallClock(to: wallMillis, at: sim.now)
        let record = trace(
            "android.clock", "clock.set", rule: .a14,
            [TraceDetail("source", source), TraceDetail("wallMillis", wallMillis)])
        rebatchWallClockAlarms()
        deliver(AndroidIntent(action: AndroidIntent.timeSet), cause: record)
    }

    /// The device's time zone changes (A15): RTC alarms stay at their UTC instants.
    public func setTimeZone(_ zone: Zone) {
        clock.setZone(zone)
        scheduleZoneTransition()
        let record = trace("android.clock", "timezone.changed", rule: .a15, [TraceDetail("zone", zone.identifier)])
        deliver(
            AndroidIntent(action: AndroidIntent.timezoneChanged, extras: [AndroidExtra("time-zone", zone.identifier)]),
            cause: record)
    }

    /// The user grants or denies POST_NOTIFICATIONS (A49).
    public func setPostNotificationsGranted(_ granted: Bool) {
        postNotificationsGranted = profile.apiLevel < 33 ? true : granted
        trace("android.permission", "postNotifications.changed", rule: .a49, [TraceDetail("granted", String(granted))])
    }

    /// Posts a notification for the app (`NotificationManager.notify`).
    func notify(id: Int, title: String, body: String, extras: [AndroidExtra]) {
        let outcome: AndroidNotificationRecord.Outcome =
            !postNotificationsGranted ? .suppressedPermissionDenied : isChannelBlocked ? .suppressedChannelBlocked : .shown
        let rule: OSRule? = outcome == .shown ? nil : outcome == .suppressedPermissionDenied ? .a49 : .a51
        let record = trace(
            "android.notification", outcome == .shown ? "notification.shown" : "notification.suppressed",
            rule: rule, [TraceDetail("id", id), TraceDetail("title", title)], extras: extras)
        if outcome == .shown && !shownNotificationIDs.contains(id) { shownNotificationIDs.append(id) }
        notificationLog.append(
            AndroidNotificationRecord(
                time: sim.now, id: id, title: title, body: body, extras: extras, outcome: outcome, record: record))
    }

    /// Hands each notification posted since the last call to `body`, in order, and forgets it:
    /// a run that turns posts into its result as they come does not hold a device-year of
    /// posts and their extras (``notificationLog`` keeps them until this is called).
    public func drainNotificationLog(_ body: (AndroidNotificationRecord) -> Void) {
        notificationLog.drain(body)
    }

    /// Queues the next UTC-offset change of the device zone (A16).
    func scheduleZoneTransition() {
        if let handle = zoneTransitionEvent { sim.cancel(handle) }
        zoneTransitionEvent = nil
        if let next = clock.zone.nextTransition(after: sim.now) {
            zoneTransitionEvent = sim.schedule(.android(.zoneTransition), at: next, priority: .system)
        }
    }

    /// The zone's offset changed (DST): no broadcast is sent and RTC alarms keep their UTC
    /// instants (A16), so an alarm computed before the change for a local time after it is off
    /// by the change unless the app recomputes.
    func zoneTransition() {
        zoneTransitionEvent = nil
        let before = clock.zone.offsetSeconds(at: sim.now - .seconds(1))
        let after = clock.zone.offsetSeconds(at: sim.now)
        trace(
            "android.clock", "dst.transition", rule: .a16,
            [
                TraceDetail("zone", clock.zone.identifier), TraceDetail("offsetBefore", before),
                TraceDetail("offsetAfter", after), TraceDetail("broadcast", "none"),
            ])
        scheduleZoneTransition()
    }
}
