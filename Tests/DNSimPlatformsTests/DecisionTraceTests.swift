import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import Testing

/// Pins the trace records that name the rule deciding an outcome, for the decisions that used
/// to go unrecorded or under a wrong id.
struct DecisionTraceTests {
    @Test("A16: a DST transition is traced with no broadcast, and the RTC alarm keeps its UTC instant")
    func a16DSTTransitionNoBroadcast() throws {
        let berlin = zone("Europe/Berlin")
        let device = Device(zone: berlin, start: at("2026-03-28T12:00:00+01:00"))
        let trigger = at("2026-03-29T09:00:00+01:00").millisecondsSinceEpoch  // 10:00 CEST after the change
        try device.alarmManager.setExact(.rtcWakeup, trigger, TestApp.operation(1))
        try device.run(until: at("2026-03-29T12:00:00+02:00"))
        let transition = try #require(device.records("dst.transition").first)
        #expect(transition.rule == "A16")
        #expect(transition.time == at("2026-03-29T01:00:00Z"))
        #expect(transition.detail("broadcast") == "none")
        #expect(device.deliveredBroadcasts.isEmpty, "no TIME_SET or TIMEZONE_CHANGED at a DST change")
        #expect(device.fires(of: TestApp.operation(1)) == [SimInstant(millisecondsSinceEpoch: trigger)])
    }

    @Test("A13: a wall-clock change re-evaluates RTC alarms; an ELAPSED alarm stays, and says so")
    func a13ElapsedAlarmKept() throws {
        let device = Device()
        device.alarmManager.set(.elapsedRealtimeWakeup, device.context.elapsedRealtime() + 3_600_000, TestApp.operation(1))
        device.system.setWallClock(toWallMillis: device.wallNow + 86_400_000, source: "manual")
        #expect(device.rules("alarm.keptOnElapsedClock") == ["A13"])
        try device.run(for: .minutes(30))
        #expect(device.records("alarm.fired").isEmpty, "the elapsed alarm is not due because the wall clock jumped")
    }

    @Test("A21: with USE_EXACT_ALARM (API 33+, targetSdk 33+) a revoke of SCHEDULE_EXACT_ALARM keeps exact alarms")
    func a21UseExactAlarmKeepsExact() throws {
        let device = Device(manifest: Device.manifest(scheduleExact: false, useExact: true))
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 600_000, TestApp.operation(1))
        device.system.revokeExactAlarmPermission()
        #expect(device.rules("exactAlarm.stillAllowed") == ["A21"])
        #expect(device.system.alarms.count == 1)
    }

    @Test("A22: Android 14 denies SCHEDULE_EXACT_ALARM by default for a new install targeting 33+, and says so")
    func a22DeniedByDefault() throws {
        let device = Device(apiLevel: 34, parameters: .with(exactAlarm: nil))
        #expect(device.rules("exactAlarm.deniedByDefault") == ["A22"])
        #expect(!device.alarmManager.canScheduleExactAlarms())
        let granted = Device(apiLevel: 33, parameters: .with(exactAlarm: nil))
        #expect(granted.records("exactAlarm.deniedByDefault").isEmpty)
    }

    @Test("A28: leaving the stopped state on API 35 sends BOOT_COMPLETED, traced as A28")
    func a28BootCompletedOnUnstop() throws {
        let device = Device(apiLevel: 35)  // its first launch already left the new-install stopped state
        device.system.forceStop()
        device.system.launchApp()
        #expect(device.rules("bootCompleted.sent") == ["A28", "A28"])
        #expect(device.recorder.receives(AndroidIntent.bootCompleted).count == 2)
    }

    @Test("A29: getHistoricalProcessExitReasons shows the force stop as REASON_USER_REQUESTED")
    func a29ExitReasons() throws {
        let device = Device(apiLevel: 34)
        device.system.forceStop()
        let exits = try #require(device.context.historicalProcessExitReasons())
        #expect(exits.map(\.reason) == [.userRequested])
        #expect(device.rules("exitReasons.queried") == ["A29"])
        let old = Device(apiLevel: 29)
        #expect(old.context.historicalProcessExitReasons() == nil)
    }

    @Test("A34: TIME_SET and TIMEZONE_CHANGED reach the manifest receiver (exempt from implicit-broadcast limits)")
    func a34TimeBroadcastsExempt() throws {
        let device = Device()
        device.system.setWallClock(toWallMillis: device.wallNow + 60_000, source: "manual")
        device.system.setTimeZone(zone("Asia/Tokyo"))
        #expect(device.rules("broadcast.delivered") == ["A34", "A34"])
    }

    @Test("A52: an alarm's receiver runs with notifications denied; only the post is dropped")
    func a52AlarmRunsWithoutNotificationPermission() throws {
        let device = Device(apiLevel: 34, parameters: .with(postNotifications: false), notifyOnAlarm: true)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.run(for: .minutes(2))
        #expect(device.recorder.receives(TestApp.alarmAction).count == 1)
        #expect(device.rules("broadcast.delivered") == ["A52"])
        #expect(device.rules("notification.suppressed") == ["A49"])
    }

    @Test("T8: elapsedRealtime restarts at zero at boot; the reset is traced")
    func t8ElapsedResetAtBoot() throws {
        let device = Device()
        device.system.reboot(offFor: .minutes(1), unlockAfter: .minutes(1))
        try device.run(for: .minutes(5))
        #expect(device.rules("elapsedRealtime.reset") == ["T8"])
        #expect(device.context.elapsedRealtime() == SimDuration.minutes(4).milliseconds)
    }

    @Test("I13: a significant time change is generated at local midnight and at a DST transition")
    func i13SignificantTimeChange() throws {
        let berlin = zone("Europe/Berlin")
        let device = IOSDevice(zone: berlin, start: at("2026-03-28T12:00:00+01:00"))
        try device.run(until: at("2026-03-29T12:00:00+02:00"))
        let changes = device.records("timeChange.queued")
        #expect(changes.map(\.rule) == ["I13", "I13"])
        #expect(changes.map { $0.detail("why") } == ["midnight", "DST transition"])
        #expect(changes.map(\.time) == [at("2026-03-29T00:00:00+01:00"), at("2026-03-29T01:00:00Z")])
        device.system.launchApp()
        #expect(device.recorder.timeChanges == [.significant], "queued while suspended, delivered once on resume")
    }

    @Test("T3/T4: a floating calendar trigger in a gap resolves as Foundation's matching policy, in a fold as its repeated-time policy")
    func t3t4TriggerResolution() throws {
        let berlin = zone("Europe/Berlin")
        let gap = IOSDevice(zone: berlin, start: at("2026-03-28T12:00:00+01:00"))
        gap.add(.calendar("gap", date: "2026-03-29", hour: 2, minute: 30, repeats: false))
        let gapRecord = try #require(gap.records("trigger.wallTimeResolved").first)
        #expect(gapRecord.rule == "T3")
        #expect(gapRecord.detail("policy") == "nextTimePreservingSmallerComponents")
        #expect(gapRecord.detail("resolvedTo") == "2026-03-29T03:30:00+02:00")
        let fold = IOSDevice(zone: berlin, start: at("2026-10-24T12:00:00+02:00"))
        fold.add(.calendar("fold", date: "2026-10-25", hour: 2, minute: 30, repeats: false))
        let foldRecord = try #require(fold.records("trigger.wallTimeResolved").first)
        #expect(foldRecord.rule == "T4")
        #expect(foldRecord.detail("policy") == "first")
        #expect(foldRecord.detail("resolvedTo") == "2026-10-25T02:30:00+02:00")
    }
}

/// Pins the contested defaults chosen by the strongest evidence (I1, I24) and their alternatives.
struct ContestedDefaultTests {
    @Test("I1: by default the last 64 added are kept: 70 one-shots a minute apart leave 7…70 pending (flutter_local_notifications #2275)")
    func i1DefaultKeepsLastAdded() throws {
        let device = IOSDevice()
        #expect(IOSParameters().keepPolicy == .lastAdded)
        for minute in 1...70 {
            device.add(.interval("n\(minute)", seconds: Int64(minute) * 60))
        }
        #expect(device.pendingIDs == (7...70).map { "n\($0)" })
        #expect(device.rules("request.droppedOverLimit") == Array(repeating: "I1", count: 6))
    }

    @Test("I1 noneFire: while more than 64 requests are pending none fires; once back at 64 they fire again")
    func i1NoneFire() throws {
        let device = IOSDevice(parameters: .with { $0.keepPolicy = .noneFire })
        for minute in 1...65 {
            device.add(.interval("n\(minute)", seconds: Int64(minute) * 60))
        }
        #expect(device.pendingIDs.count == 65, "nothing is dropped")
        try device.run(for: .minutes(1))
        #expect(device.system.deliveryLog.isEmpty)
        #expect(device.rules("notification.notFiredOverLimit") == ["I1"])
        try device.run(for: .minutes(2))
        #expect(device.deliveryTimes("n3").count == 1, "64 left after the first was consumed: the next fires")
    }

    @Test("I24: by default a request due while the device was off is shown right after boot")
    func i24DeliverAtBootByDefault() throws {
        let device = IOSDevice()  // 08:00Z
        #expect(IOSParameters().missedWhileOff == .deliverAtBoot)
        device.add(.calendar("once", date: "2026-03-10", hour: 9, minute: 0, repeats: false))
        try device.run(until: at("2026-03-10T08:50:00Z"))
        device.system.reboot(offFor: .minutes(30))
        try device.run(until: at("2026-03-10T12:00:00Z"))
        #expect(device.deliveryTimes("once") == [at("2026-03-10T09:20:00Z")])
        #expect(device.rules("notification.dueWhileOff") == ["I24"])
    }
}
