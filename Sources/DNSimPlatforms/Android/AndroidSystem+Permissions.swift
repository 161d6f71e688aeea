import DNSimCore

extension AndroidSystem {
    /// The broadcast sent when SCHEDULE_EXACT_ALARM is granted (A24).
    public static var exactAlarmPermissionStateChanged: String {
        "android.app.action.SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED"
    }

    /// The user revokes SCHEDULE_EXACT_ALARM: exact alarms deleted, process killed, no broadcast (A23).
    public func revokeExactAlarmPermission() {
        exactAlarmGranted = false
        let record = trace("android.permission", "exactAlarm.revoked", rule: .a23)
        guard !canScheduleExactAlarms else {
            // USE_EXACT_ALARM (A21) or an old target (A19) keeps exact alarms.
            let byUseExactAlarm = manifest.declaresUseExactAlarm && profile.apiLevel >= 33 && manifest.targetSdk >= 33
            trace(
                "android.permission", "exactAlarm.stillAllowed", rule: byUseExactAlarm ? .a21 : .a19, cause: record,
                [TraceDetail("by", byUseExactAlarm ? "USE_EXACT_ALARM" : "targetSdk < 31")])
            return
        }
        for alarm in alarmTable.removeAll(where: { $0.method.needsExactPermission }) {
            if let handle = alarm.dueEvent { sim.cancel(handle) }
            trace("android.alarm", "alarm.removedByRevoke", rule: .a23, cause: alarm.setRecord, about: alarm.operation)
        }
        killProcess(reason: "exact-alarm permission revoked", rule: .a23, exitReason: .permissionChange)
        _ = record
    }

    /// The user grants SCHEDULE_EXACT_ALARM: the state-changed broadcast is sent (A24).
    public func grantExactAlarmPermission() {
        exactAlarmGranted = true
        let record = trace("android.permission", "exactAlarm.granted", rule: .a24)
        deliver(AndroidIntent(action: Self.exactAlarmPermissionStateChanged), cause: record)
    }

    /// The user blocks or unblocks the app's notification channel (A51).
    public func setChannelBlocked(_ blocked: Bool) {
        isChannelBlocked = blocked
        trace("android.notification", "channel.changed", rule: .a51, [TraceDetail("blocked", String(blocked))])
    }

    /// The app is updated in place: the process dies, alarms stay (A17) unless the contested
    /// `updateClearsAlarms` option says otherwise, and MY_PACKAGE_REPLACED is sent (A35).
    public func updateApp() {
        let record = trace("android.pm", "package.replaced", rule: .a17)
        killProcess(reason: "package update", rule: .a17)
        if parameters.updateClearsAlarms {
            // The contested claim, not AOSP (A17 says updates keep alarms): a named parameter.
            clearAllAlarms(kind: "alarm.clearedByUpdate", rule: nil, details: [TraceDetail("parameter", "android.updateClearsAlarms")])
        }
        let sent = trace("android.broadcast", "myPackageReplaced.sent", rule: .a35, cause: record)
        deliver(AndroidIntent(action: AndroidIntent.myPackageReplaced), cause: sent)
    }

    /// Fault injection: the alarms whose PendingIntent matches silently disappear (no OS rule;
    /// used to test the plugin's detection of lost alarms).
    public func injectAlarmLoss(where matches: (AndroidPendingIntent) -> Bool) {
        for alarm in alarmTable.removeAll(where: { matches($0.operation) }) {
            if let handle = alarm.dueEvent { sim.cancel(handle) }
            trace("android.alarm", "alarm.lostByFaultInjection", cause: alarm.setRecord, about: alarm.operation)
        }
    }

    /// The user uninstalls and reinstalls the app: every OS-side schedule of the package is gone
    /// (alarms, PendingIntents, jobs, notifications), its storage is wiped, and the new install
    /// starts in the stopped state (A27) with new-install permission defaults (A22, A49).
    public func reinstallApp() {
        let record = trace("android.pm", "package.reinstalled", rule: .a27)
        killProcess(reason: "uninstall", rule: .a27)
        for alarm in alarmTable.alarms {
            if let handle = alarm.dueEvent { sim.cancel(handle) }
        }
        alarmTable.removeAll()
        livePendingIntents.removeAll()
        for work in workDatabase.works { if let handle = work.dueEvent { sim.cancel(handle) } }
        workDatabase.removeAll()
        shownNotificationIDs.removeAll()
        storage = App.emptyStorage()
        deviceProtectedStorage = App.emptyStorage()
        isStopped = true
        exactAlarmGranted = parameters.exactAlarmGranted ?? !(profile.apiLevel >= 34 && manifest.targetSdk >= 33)
        postNotificationsGranted = profile.apiLevel < 33
        _ = record
    }

    /// Fault injection: the next time the OS must start the app's process for an alarm, the
    /// start fails (an OEM autostart block or a crash at start), so the broadcast is lost.
    public func failNextBackgroundStart() {
        failNextProcessStartForAlarm = true
        trace("android.am", "fault.nextBackgroundStartFails")
    }

    /// Fault injection on the app's stored data (a corrupt database record): the OS model only
    /// hands the closure the storage; what "corrupt" means is the app's business.
    public func injectStorageFault(_ body: (inout App.Storage) -> Void) {
        body(&storage)
        trace("android.storage", "fault.storageCorrupted")
    }

    /// Notes a user interaction and (re)starts the unused-app clock.
    func noteUserInteraction() {
        lastUserInteraction = sim.now
        if unusedRestriction != nil {
            trace("android.am", "unusedRestriction.lifted", [TraceDetail("was", unusedRestriction ?? "")])
            unusedRestriction = nil
        }
        if let handle = unusedCheckEvent { sim.cancel(handle) }
        let limits = [profile.sleepingAfterUnused, profile.hibernationAfterUnused].compactMap { $0 }
        if let first = limits.min() {
            unusedCheckEvent = sim.schedule(.android(.unusedAppCheck), after: first, priority: .system)
        }
    }

    func checkUnusedApp() {
        unusedCheckEvent = nil
        guard let last = lastUserInteraction else { return }
        let unused = sim.now - last
        if let limit = profile.hibernationAfterUnused, unused >= limit, profile.apiLevel >= 31 {
            trace("android.am", "app.hibernated", rule: .a58, [TraceDetail("unusedFor", unused.description)])
            forceStop(reasonKind: "app hibernation", rule: .a58)
            postNotificationsGranted = profile.apiLevel < 33
            unusedRestriction = "hibernated"
            return
        }
        if let limit = profile.sleepingAfterUnused, unused >= limit, unusedRestriction == nil {
            trace("android.am", "app.sleeping", rule: .a30, [TraceDetail("unusedFor", unused.description)])
            forceStop(reasonKind: "sleeping apps", rule: .a30)
            unusedRestriction = "sleeping"
            if let hibernate = profile.hibernationAfterUnused {
                unusedCheckEvent = sim.schedule(.android(.unusedAppCheck), at: last + hibernate, priority: .system)
            }
        }
    }
}
