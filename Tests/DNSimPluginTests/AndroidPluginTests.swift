import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin
import Testing

/// The plugin's Android side under each profile, driven directly on the OS model.
struct AndroidPluginTests {
    // MARK: - Input validation and permission

    @Test(
        "invalid_time_format for times that are not HH:mm",
        arguments: PluginProfile.allCases, ["9:00", "25:00", "09:60", "0900", "09:00:00"])
    func invalidTimeFormat(profile: PluginProfile, time: String) {
        let device = PluginDevice(profile: profile)
        let error = device.launchAndSchedule(time)
        #expect(error?.code == "invalid_time_format")
        #expect(device.system.alarms.isEmpty)
        #expect(device.store.slots.isEmpty)
    }

    @Test("A well-formed HH:mm is accepted and armed", arguments: PluginProfile.allCases)
    func validTimeAccepted(profile: PluginProfile) {
        let device = PluginDevice(profile: profile)
        #expect(device.launchAndSchedule("09:00") == nil)
        #expect(device.store.slots.map(\.id) == ["daily-0900"])
        #expect(device.armedDates == device.expectedDates(from: "2026-03-10"))
        #expect(device.earliestTrigger == device.wallMillis("2026-03-10", "09:00"))
    }

    @Test(
        "A49: notifications_denied on API 33+ when POST_NOTIFICATIONS is denied; nothing stored or armed",
        arguments: PluginProfile.allCases, [33, 34, 35])
    func notificationsDenied(profile: PluginProfile, apiLevel: Int) {
        let device = PluginDevice(profile: profile, apiLevel: apiLevel, postNotifications: false)
        let error = device.launchAndSchedule()
        #expect(error == .notificationsDenied)
        #expect(device.store.slots.isEmpty)
        #expect(device.system.alarms.isEmpty)
        #expect(device.system.pendingIntents.isEmpty)
        #expect(device.pluginLog("schedule.rejected").count == 1)
    }

    @Test("A49: below API 33 a denied POST_NOTIFICATIONS setting is ignored and the slot is armed")
    func notificationsIgnoredBelow33() {
        let device = PluginDevice(profile: .corrected, apiLevel: 32, postNotifications: false)
        #expect(device.launchAndSchedule() == nil)
        #expect(device.armedDates == device.expectedDates(from: "2026-03-10"))
    }

    // MARK: - Idempotent arming

    @Test(
        "One alarm per slot occurrence, no duplicates, after re-scheduling, warm and cold launches and a boot",
        arguments: PluginProfile.allCases)
    func oneAlarmPerSlotOccurrence(profile: PluginProfile) throws {
        let device = PluginDevice(profile: profile)
        let slotID = "daily-0900"
        func expectArmed(from date: String, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(device.armedDates == device.expectedDates(from: date), "\(step)", sourceLocation: sourceLocation)
            #expect(
                device.system.alarms.count == device.alarmsPerSlot, "\(step)", sourceLocation: sourceLocation)
            #expect(
                device.system.alarms.allSatisfy { $0.operation.intent.extra(NotificationExtraKey.slot) == slotID },
                "\(step): every alarm belongs to the slot", sourceLocation: sourceLocation)
            #expect(
                Set(device.system.alarms.map(\.operation.requestCode)).count == device.alarmsPerSlot,
                "\(step): one request code per armed day", sourceLocation: sourceLocation)
            #expect(
                device.earliestTrigger == device.wallMillis(date, "09:00"), "\(step)", sourceLocation: sourceLocation)
        }

        #expect(device.alarmsPerSlot >= 1)
        #expect(device.launchAndSchedule() == nil)
        expectArmed(from: "2026-03-10", "first schedule")
        #expect(device.schedule() == nil)
        expectArmed(from: "2026-03-10", "same slot scheduled again")
        #expect(device.store.slots.count == 1)

        device.system.moveAppToBackground()
        device.system.launchApp()
        expectArmed(from: "2026-03-10", "warm launch")
        device.system.killForMemory()
        device.system.launchApp()
        expectArmed(from: "2026-03-10", "cold launch")
        device.system.launchApp()
        expectArmed(from: "2026-03-10", "launch while in foreground")

        try device.run(for: .minutes(10))
        device.system.reboot(offFor: .minutes(1), unlockAfter: .minutes(2))
        try device.run(for: .minutes(5))
        expectArmed(from: "2026-03-10", "boot")
        device.system.launchApp()
        expectArmed(from: "2026-03-10", "launch after boot")
        #expect(Set(device.pluginLog("load").compactMap { $0.detail("launch") }) == ["cold", "warm"])

        try device.run(until: at("2026-03-10T09:05:00+01:00"))
        #expect(device.shownLocalTimes == [local("2026-03-10T09:00")])
        expectArmed(from: "2026-03-11", "re-armed after firing")
        device.system.killForMemory()
        device.system.launchApp()
        expectArmed(from: "2026-03-11", "cold launch after firing")
        try device.run(until: at("2026-03-12T12:00:00+01:00"))
        #expect(device.shownLocalTimes == [local("2026-03-10T09:00"), local("2026-03-11T09:00"), local("2026-03-12T09:00")])
        expectArmed(from: "2026-03-13", "after three days")
    }

    // MARK: - Rollover across DST (S1)

    @Test("S1/T1/T2: RolloverRule.calendarDay keeps 09:00 across the Berlin DST change; add24Hours moves it to 10:00")
    func rolloverRuleAcrossDST() {
        let berlin = Zone(identifier: "Europe/Berlin")!
        let date = LocalDate(year: 2026, month: 3, day: 28)!
        let nine = LocalTime(hour: 9, minute: 0)!
        let previous = at("2026-03-28T09:00:00+01:00").millisecondsSinceEpoch
        let calendarDay = RolloverRule.calendarDay.next(
            after: date, previousWallMillis: previous, time: nine, zone: berlin)
        let add24 = RolloverRule.add24Hours.next(after: date, previousWallMillis: previous, time: nine, zone: berlin)
        #expect(calendarDay == at("2026-03-29T09:00:00+02:00").millisecondsSinceEpoch)
        #expect(add24 == at("2026-03-29T10:00:00+02:00").millisecondsSinceEpoch)
    }

    @Test(
        "S1: notifications across the 2026-03-29 Berlin DST change, per profile's rollover (seed 003's +24 h is the iOS plan; no preset adds it on Android)",
        arguments: [
            (PluginProfile.corrected, ["09:00", "09:00", "09:00", "09:00", "09:00"]),
            (PluginProfile.asFound, ["09:00", "09:00", "09:00", "09:00", "09:00"]),
            (PluginProfile.directive, ["09:00", "09:00", "09:00", "09:00", "09:00"]),
        ])
    func rolloverAcrossDSTEndToEnd(profile: PluginProfile, expected: [String]) throws {
        let device = PluginDevice(profile: profile, start: at("2026-03-27T08:00:00+01:00"))
        #expect(device.launchAndSchedule() == nil)
        try device.run(until: at("2026-03-31T12:00:00+02:00"))
        let shown = device.shownLocalTimes
        #expect(shown.map(\.date.description) == ["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"])
        #expect(shown.map(\.time.description) == expected)
        #expect(device.records("clock.set").isEmpty && device.records("timezone.changed").isEmpty, "A16: no broadcast")
    }

    // MARK: - Force stop

    @Test(
        "corrected re-arms after a force stop at the next launch and reports the missed occurrence once",
        arguments: [34, 35])
    func correctedRecoversAfterForceStop(apiLevel: Int) throws {
        let device = PluginDevice(profile: .corrected, apiLevel: apiLevel)
        #expect(device.launchAndSchedule() == nil)
        try device.run(until: at("2026-03-10T08:30:00+01:00"))
        device.system.forceStop()
        #expect(device.records("alarm.removedByForceStop").map(\.rule) == Array(repeating: "A26", count: device.alarmsPerSlot))
        #expect(device.system.alarms.isEmpty)
        try device.run(until: at("2026-03-10T10:00:00+01:00"))
        #expect(device.shownLocalTimes.isEmpty)

        device.system.launchApp()
        #expect(device.armedDates == device.expectedDates(from: "2026-03-11"))
        #expect(device.earliestTrigger == device.wallMillis("2026-03-11", "09:00"))

        device.system.moveAppToBackground()
        device.system.launchApp()
        device.system.killForMemory()
        device.system.launchApp()
        device.system.moveAppToBackground()
        device.system.launchApp()

        let reports = device.pluginLog("missed.reported")
        #expect(reports.count == 1)
        #expect(reports.first?.detail("count") == "1")
        #expect(reports.first?.detail("occurrence") == "daily-0900@2026-03-10")
        #expect(device.store.history.filter { $0.status == .missed }.count == 1)
        #expect(device.armedDates == device.expectedDates(from: "2026-03-11"))

        try device.run(until: at("2026-03-11T09:05:00+01:00"))
        #expect(device.shownLocalTimes == [local("2026-03-11T09:00")])
    }

    @Test("A28: corrected on API 35 detects the force stop through wasForceStopped, once")
    func correctedDetectsForceStopOnce() throws {
        let device = PluginDevice(profile: .corrected, apiLevel: 35)
        #expect(device.launchAndSchedule() == nil)
        device.system.forceStop()
        try device.run(for: .minutes(5))
        device.system.launchApp()
        #expect(device.pluginLog("forceStop.detected").first?.detail("via") == "ApplicationStartInfo.wasForceStopped")
        device.system.killForMemory()
        device.system.launchApp()
        #expect(device.pluginLog("forceStop.detected").count == 1)
    }

    @Test("as-found does not recover on launch after a force stop (API 34)")
    func asFoundNoRecoveryAfterForceStop() throws {
        let device = PluginDevice(profile: .asFound, apiLevel: 34)
        #expect(device.launchAndSchedule() == nil)
        try device.run(until: at("2026-03-10T08:30:00+01:00"))
        device.system.forceStop()
        try device.run(for: .minutes(10))
        device.system.launchApp()
        #expect(device.system.alarms.isEmpty)
        #expect(device.store.slots.count == 1, "the slot is still in the database")
        try device.run(until: at("2026-03-13T12:00:00+01:00"))
        #expect(device.shownLocalTimes.isEmpty)
    }

    @Test("A28: on API 35 the un-stop BOOT_COMPLETED lets as-found re-arm a slot still ahead")
    func asFoundApi35UnstopBootRearms() throws {
        let device = PluginDevice(profile: .asFound, apiLevel: 35)
        #expect(device.launchAndSchedule() == nil)
        try device.run(until: at("2026-03-10T08:30:00+01:00"))
        device.system.forceStop()
        try device.run(for: .minutes(10))
        device.system.launchApp()
        #expect(device.armedDates == device.expectedDates(from: "2026-03-10"))
        try device.run(until: at("2026-03-10T09:05:00+01:00"))
        #expect(device.shownLocalTimes == [local("2026-03-10T09:00")])
    }

    // MARK: - Reboot with a late unlock

    @Test("as-found boot receiver drops a slot whose nextRunAt passed before the unlock")
    func asFoundBootDropsPassedSlot() throws {
        let device = PluginDevice(profile: .asFound)
        #expect(device.launchAndSchedule() == nil)
        try device.run(until: at("2026-03-10T08:50:00+01:00"))
        device.system.reboot(offFor: .minutes(2), unlockAfter: .minutes(38))
        try device.run(until: at("2026-03-13T12:00:00+01:00"))

        #expect(device.records("user.unlock").map(\.time) == [at("2026-03-10T09:30:00+01:00")])
        #expect(device.pluginLog("recovery.skippedPast").count == 1)
        #expect(device.system.alarms.isEmpty)
        #expect(device.shownLocalTimes.isEmpty)
    }

    @Test("corrected boot receiver reports the occurrence missed while off and re-arms the next day")
    func correctedBootReportsMissedAndRearms() throws {
        let device = PluginDevice(profile: .corrected)
        #expect(device.launchAndSchedule() == nil)
        try device.run(until: at("2026-03-10T08:50:00+01:00"))
        device.system.reboot(offFor: .minutes(2), unlockAfter: .minutes(38))
        try device.run(until: at("2026-03-10T09:31:00+01:00"))

        let reports = device.pluginLog("missed.reported")
        #expect(reports.count == 1)
        #expect(reports.first?.detail("reason") == "boot")
        #expect(reports.first?.detail("occurrence") == "daily-0900@2026-03-10")
        #expect(device.armedDates == device.expectedDates(from: "2026-03-11"))
        #expect(device.earliestTrigger == device.wallMillis("2026-03-11", "09:00"))

        try device.run(until: at("2026-03-12T12:00:00+01:00"))
        #expect(device.shownLocalTimes == [local("2026-03-11T09:00"), local("2026-03-12T09:00")])
    }

    // MARK: - Alarms the OS held (android.lateAlarm)

    @Test(
        "A62: alarms held by a background restriction are released together; corrected posts the one before the midpoint to its next occurrence and reports the older one missed, as-found posts both",
        arguments: [PluginProfile.asFound, .corrected])
    func heldAlarmsReleasedTogether(profile: PluginProfile) throws {
        let device = PluginDevice(profile: profile)
        #expect(device.launchAndSchedule() == nil)
        device.system.moveAppToBackground()
        try device.run(until: at("2026-03-10T08:30:00+01:00"))
        device.system.setBackgroundRestricted(true)
        // 03-10 09:00 and 03-11 09:00 are held; lifted at 15:00 on 03-11, 30 h and 6 h late.
        try device.run(until: at("2026-03-11T15:00:00+01:00"))
        device.system.setBackgroundRestricted(false)
        try device.run(until: at("2026-03-11T15:01:00+01:00"))

        let reports = device.pluginLog("missed.reported")
        switch profile {
        case .corrected:
            #expect(device.shownLocalTimes == [local("2026-03-11T15:00")])
            #expect(reports.count == 1)
            #expect(reports.first?.detail("reason") == "late")
            #expect(reports.first?.detail("occurrence") == "daily-0900@2026-03-10")
        default:
            #expect(device.shownLocalTimes == [local("2026-03-11T15:00"), local("2026-03-11T15:00")])
            #expect(reports.isEmpty)
        }
        // Either way the slot goes on from 03-12.
        #expect(device.armedDates == device.expectedDates(from: "2026-03-12"))
    }

    // MARK: - Directive force-stop detection (S11)

    @Test(
        "S11: directive's cold-start probe detects a force stop on API 34 (PendingIntents collected, A59); on API 35 the un-stop BOOT_COMPLETED (A28) re-arms first and the probe finds the alarm",
        arguments: [34, 35])
    // Was "not on API 34": that pinned the former assumption that PendingIntents survive a force
    // stop below API 35; the model now follows AOSP and androidx (A59).
    func directiveProbeDetection(apiLevel: Int) throws {
        let device = PluginDevice(profile: .directive, apiLevel: apiLevel)
        #expect(device.launchAndSchedule() == nil)
        let probesBefore = device.records("pendingIntent.probe").count
        device.system.forceStop()
        try device.run(for: .minutes(5))
        device.system.launchApp()

        let probe = try #require(device.records("pendingIntent.probe").dropFirst(probesBefore).first)
        #expect(probe.rule == "A18")
        #expect(probe.detail("exists") == (apiLevel == 35 ? "true" : "false"))
        #expect(device.pluginLog("forceStop.detected").count == (apiLevel == 35 ? 0 : 1))
        #expect(device.armedDates == device.expectedDates(from: "2026-03-10"), "the launch re-arms either way")
    }

    @Test("S11: without a boot receiver, directive's cold-start probe mistakes a reboot for a force stop (it cannot tell them apart)")
    func directiveRebootLooksLikeForceStop() throws {
        let device = PluginDevice(profile: .directive, apiLevel: 34, bootReceiver: false)
        #expect(device.launchAndSchedule() == nil)
        device.system.reboot(offFor: .minutes(1), unlockAfter: .minutes(1))
        try device.run(for: .minutes(5))
        // WorkManager's boot receiver (A43) started the process; it is reclaimed before the user
        // opens the app, so the launch is a cold start and the probe runs.
        device.system.killForMemory()
        device.system.launchApp()
        #expect(device.pluginLog("forceStop.detected").count == 1)
    }

    // MARK: - Exact permission denied fallback (A25, S8)

    @Test(
        "A5/A25: corrected falls back to a one-sided setWindow starting at T, never early",
        arguments: 1...10 as ClosedRange<UInt64>)
    func correctedWindowFallback(seed: UInt64) throws {
        let device = PluginDevice(profile: .corrected, apiLevel: 34, exactAlarm: nil, seed: seed)
        #expect(device.launchAndSchedule() == nil)
        let target = device.wallMillis("2026-03-10", "09:00")
        let alarm = try #require(device.system.alarms.min { $0.triggerAtMillis < $1.triggerAtMillis })
        #expect(device.system.alarms.allSatisfy { $0.method == .setWindow })
        #expect(alarm.operation.intent.extra(NotificationExtraKey.localDate) == "2026-03-10")
        #expect(alarm.triggerAtMillis == target)
        #expect(alarm.windowLengthMillis == 600_000)
        #expect(device.records("alarm.set").last?.rule == "A5")
        #expect(device.records("alarm.rejected").isEmpty)

        try device.run(until: at("2026-03-10T09:30:00+01:00"))
        let posted = try #require(device.system.notificationLog.first).time.millisecondsSinceEpoch
        #expect(posted >= target)
        #expect(posted <= target + 600_000)
    }

    @Test("S8: directive arms T − 10 min with a 20-min window, so it may fire early")
    func directiveWindowFallbackMayFireEarly() throws {
        var posted: [Int64] = []
        var target: Int64 = 0
        for seed in UInt64(1)...20 {
            let device = PluginDevice(profile: .directive, apiLevel: 34, exactAlarm: nil, seed: seed)
            #expect(device.launchAndSchedule() == nil)
            target = device.wallMillis("2026-03-10", "09:00")
            let alarm = try #require(device.system.alarms.min { $0.triggerAtMillis < $1.triggerAtMillis })
            #expect(device.system.alarms.allSatisfy { $0.method == .setWindow })
            #expect(alarm.operation.intent.extra(NotificationExtraKey.localDate) == "2026-03-10")
            #expect(alarm.triggerAtMillis == target - 600_000)
            #expect(alarm.windowLengthMillis == 1_200_000)
            try device.run(until: at("2026-03-10T09:30:00+01:00"))
            posted.append(try #require(device.system.notificationLog.first).time.millisecondsSinceEpoch)
        }
        #expect(posted.allSatisfy { ((target - 600_000)...(target + 600_000)).contains($0) })
        #expect(posted.contains { $0 < target }, "some seed delivers before 09:00")
    }

    // MARK: - Request codes

    @Test("PluginStore.requestCode(for:lane:) is the request code of \"<slot>#<lane>\"", arguments: [0, 1, 9, 10, 13, 123, -4])
    func laneRequestCodeIsTheCodeOfTheSpelledOutName(lane: Int) {
        #expect(PluginStore.requestCode(for: "daily-0900", lane: lane) == PluginStore.requestCode(for: "daily-0900#\(lane)"))
        #expect(PluginStore.requestCode(for: "Müsli ☕︎", lane: lane) == PluginStore.requestCode(for: "Müsli ☕︎#\(lane)"))
    }

    @Test("PluginStore.requestCode(for:) is 32-bit FNV-1a of the id's UTF-8 bytes, folded to 31 bits, at every length")
    func requestCodeIsFNVOfTheBytes() {
        for length in 0...20 {
            for id in [String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) }), String(repeating: "\u{E9}", count: length / 2)] {
                var hash: UInt32 = 2_166_136_261
                for byte in id.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
                #expect(PluginStore.requestCode(for: id) == Int(hash & 0x7fff_ffff), "\(id.debugDescription)")
            }
        }
    }

    @Test("PluginStore.requestCode(for:) is a stable FNV-1a value")
    func requestCodeIsStable() {
        #expect(PluginStore.requestCode(for: "daily-0900") == 1_548_339_350)
        #expect(PluginStore.requestCode(for: "morning") == 2_084_536_623)
        #expect(PluginStore.requestCode(for: "daily-0930") != PluginStore.requestCode(for: "daily-0900"))
        #expect(DailySlotRequest(time: "09:00", title: "t", body: "b").resolvedID == "daily-0900")
    }
}
