import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import Testing

/// Pins the AlarmManager rules of the Android model (fact sheet §1).
struct AlarmManagerTests {
    @Test("A1: a reboot clears every alarm and every PendingIntent")
    func a1RebootClearsAlarmsAndPendingIntents() throws {
        let device = Device()
        let alarms = device.alarmManager
        try alarms.setExact(.rtcWakeup, device.wallNow + 3_600_000, TestApp.operation(1))
        alarms.set(.elapsedRealtimeWakeup, device.context.elapsedRealtime() + 7_200_000, TestApp.operation(2))
        #expect(device.system.alarms.count == 2)
        #expect(device.system.pendingIntents.count == 2)

        device.system.reboot(offFor: .minutes(5), unlockAfter: .minutes(1))

        #expect(device.system.alarms.isEmpty)
        #expect(device.system.pendingIntents.isEmpty)
        #expect(device.rules("device.shutdown") == ["A1"])
        #expect(device.rules("alarm.clearedByReboot") == ["A1", "A1"])
        try device.run(for: .hours(4))
        #expect(device.recorder.receives(TestApp.alarmAction).isEmpty)
        #expect(device.records("alarm.fired").isEmpty)
        #expect(!alarms.pendingIntentExists(TestApp.operation(1)))
    }

    @Test("A2: a due alarm starts a dead process and delivers its Intent")
    func a2DueAlarmStartsProcessAndDelivers() throws {
        let device = Device()
        device.system.killForMemory()
        #expect(device.system.process == nil)
        let trigger = device.wallNow + 60_000
        try device.alarmManager.setExact(.rtcWakeup, trigger, TestApp.operation(1, extras: [AndroidExtra("k", "v")]))

        try device.run(for: .minutes(2))

        let received = device.recorder.receives(TestApp.alarmAction)
        try #require(received.count == 1)
        #expect(received[0].time == Device.defaultStart + .minutes(1))
        #expect(received[0].intent?.extra("k") == "v")
        #expect(device.system.process != nil)
        #expect(device.rules("alarm.fired") == ["A2"])
        let starts = device.records("process.start").filter { $0.detail("reason") == "alarm" }
        #expect(starts.count == 1)
        #expect(starts.first?.rule == "A2")
        #expect(device.system.alarms.isEmpty, "a one-shot alarm is gone once delivered")
    }

    @Test(
        "A4/A3: inexact set() is never early and is deferred at most 75% of the delay",
        arguments: [Int64(600_000), 3_600_000, 10_000], 1...12 as ClosedRange<UInt64>)
    func a4InexactDeferralBound(delay: Int64, seed: UInt64) throws {
        let device = Device(seed: seed)
        let trigger = device.wallNow + delay
        device.alarmManager.set(.rtcWakeup, trigger, TestApp.operation(1))

        try device.run(for: .milliseconds(delay * 2))

        let received = device.recorder.receives(TestApp.alarmAction)
        try #require(received.count == 1)
        let lateness = received[0].time.millisecondsSinceEpoch - trigger
        #expect(lateness >= 0, "A3: never delivered before the trigger")
        #expect(lateness <= delay * 3 / 4, "A4: deferred at most 75% of \(delay) ms")
        let set = try #require(device.records("alarm.set").last)
        #expect(set.rule == "A3")
        #expect(set.detail("deferralMillis") == String(lateness))
        #expect(device.records("alarm.fired").last?.detail("latenessMillis") == String(lateness))
    }

    @Test("A4: inexact alarms are really deferred, by varying amounts across seeds")
    func a4DeferralIsUsed() throws {
        var deferrals: [Int64] = []
        for seed in UInt64(1)...20 {
            let device = Device(seed: seed)
            device.alarmManager.set(.rtcWakeup, device.wallNow + 3_600_000, TestApp.operation(1))
            deferrals.append(device.system.alarms[0].deferralMillis)
        }
        #expect(deferrals.allSatisfy { (0...2_700_000).contains($0) })
        #expect(Set(deferrals).count > 10)
        #expect(deferrals.max()! > 1_350_000, "the upper half of the 75% allowance is reachable")
    }

    @Test("A4: no deferral below 10 s", arguments: 1...10 as ClosedRange<UInt64>)
    func a4NoDeferralBelowTenSeconds(seed: UInt64) throws {
        let device = Device(seed: seed)
        let trigger = device.wallNow + 9_999
        device.alarmManager.set(.rtcWakeup, trigger, TestApp.operation(1))
        #expect(device.system.alarms[0].deferralMillis == 0)
        try device.run(for: .minutes(1))
        #expect(device.recorder.receives(TestApp.alarmAction).map(\.time.millisecondsSinceEpoch) == [trigger])
    }

    @Test("A4: the same seed gives the same deferral", arguments: [AndroidAlarm.ClockType.rtcWakeup, .elapsedRealtime])
    func a4SameSeedSameDeferral(type: AndroidAlarm.ClockType) throws {
        func deferral(seed: UInt64) throws -> (Int64, SimInstant?) {
            let device = Device(seed: seed)
            let now = type.isWallClock ? device.wallNow : device.context.elapsedRealtime()
            device.alarmManager.set(type, now + 3_600_000, TestApp.operation(5))
            let chosen = device.system.alarms[0].deferralMillis
            try device.run(for: .hours(2))
            return (chosen, device.recorder.receives(TestApp.alarmAction).first?.time)
        }
        let first = try deferral(seed: 42)
        let again = try deferral(seed: 42)
        #expect(first.0 == again.0)
        #expect(first.1 == again.1)
        #expect(first.1 != nil)
        let others = try (43...48).map { try deferral(seed: $0).0 }
        #expect(others.contains { $0 != first.0 }, "the deferral does depend on the seed")
    }

    @Test("A4: the deferral is written by the batching window's rule, not by set()'s A3")
    func a4DeferralTracedAsA4() throws {
        let device = Device(apiLevel: 30)
        device.alarmManager.set(.rtcWakeup, device.wallNow + 3_600_000, TestApp.operation(1))
        #expect(device.rules("alarm.set") == ["A3"])
        let window = try #require(device.records("alarm.batchingWindow").first)
        #expect(window.rule == "A4")
        #expect(window.detail("allowanceMillis") == "2700000")
    }

    @Test(
        "A54: on API 31+ a 24 h set() is delivered at most one hour late, for every seed",
        arguments: [31, 34, 35])
    func a54InexactWindowCappedAtOneHour(apiLevel: Int) throws {
        for seed in UInt64(1)...20 {
            let device = Device(apiLevel: apiLevel, seed: seed)
            let trigger = device.wallNow + 86_400_000
            device.alarmManager.set(.rtcWakeup, trigger, TestApp.operation(1))
            #expect(device.rules("alarm.batchingWindow") == ["A54"])
            try device.run(for: .days(2))
            let fired = try #require(device.recorder.receives(TestApp.alarmAction).first).time.millisecondsSinceEpoch
            #expect((trigger...(trigger + 3_600_000)).contains(fired), "seed \(seed): within one hour of the trigger")
        }
    }

    @Test("A54: below API 31 the 75% window is not capped (a 24 h set() may land up to 18 h late)")
    func a54NoCapBelowAPI31() throws {
        var deferrals: [Int64] = []
        for seed in UInt64(1)...20 {
            let device = Device(apiLevel: 30, seed: seed)
            device.alarmManager.set(.rtcWakeup, device.wallNow + 86_400_000, TestApp.operation(1))
            #expect(device.rules("alarm.batchingWindow") == ["A4"])
            deferrals.append(device.system.alarms[0].deferralMillis)
        }
        #expect(deferrals.allSatisfy { (0...64_800_000).contains($0) })
        #expect(deferrals.contains { $0 > 3_600_000 })
    }

    @Test("A54: setAndAllowWhileIdle shares the one-hour cap on API 31+")
    func a54AllowWhileIdleCapped() throws {
        for seed in UInt64(1)...10 {
            let device = Device(apiLevel: 34, seed: seed)
            device.alarmManager.setAndAllowWhileIdle(.rtcWakeup, device.wallNow + 43_200_000, TestApp.operation(1))
            #expect(device.system.alarms[0].deferralMillis <= 3_600_000)
            #expect(device.rules("alarm.set") == ["A8"])
        }
    }

    @Test(
        "A5/A54: a near setWindow is stretched only to 75% of the time to its start (AOSP getMinimumAllowedWindow)",
        arguments: [(Int64(240_000), Int64(180_000)), (800_000, 600_000), (4_000, 3_000)])
    func a5MinimumWindowNearTrigger(futurity: Int64, effective: Int64) throws {
        let device = Device(apiLevel: 34)
        device.alarmManager.setWindow(.rtcWakeup, device.wallNow + futurity, 60_000, TestApp.operation(1))
        #expect(device.records("alarm.set").last?.detail("windowMillis") == String(max(60_000, effective)))
    }

    struct WindowCase: Sendable, CustomTestStringConvertible {
        var apiLevel: Int
        var targetSdk: Int
        var requested: Int64
        var effective: Int64
        var testDescription: String { "API \(apiLevel), targetSdk \(targetSdk), \(requested) ms → \(effective) ms" }
    }

    @Test(
        "A5: setWindow is stretched to 10 min on API 31+ for targetSdk ≥ 31, not below",
        arguments: [
            WindowCase(apiLevel: 31, targetSdk: 31, requested: 120_000, effective: 600_000),
            WindowCase(apiLevel: 34, targetSdk: 34, requested: 120_000, effective: 600_000),
            WindowCase(apiLevel: 35, targetSdk: 34, requested: 0, effective: 600_000),
            WindowCase(apiLevel: 34, targetSdk: 34, requested: 1_800_000, effective: 1_800_000),
            WindowCase(apiLevel: 30, targetSdk: 34, requested: 120_000, effective: 120_000),
            WindowCase(apiLevel: 34, targetSdk: 30, requested: 120_000, effective: 120_000),
        ])
    func a5SetWindowStretch(_ window: WindowCase) throws {
        for seed in UInt64(1)...8 {
            let device = Device(
                apiLevel: window.apiLevel, manifest: Device.manifest(targetSdk: window.targetSdk), seed: seed)
            let start = device.wallNow + 3_600_000
            device.alarmManager.setWindow(.rtcWakeup, start, window.requested, TestApp.operation(1))

            let set = try #require(device.records("alarm.set").last)
            #expect(set.rule == "A5")
            #expect(set.detail("windowMillis") == String(window.effective))
            #expect(device.system.alarms.first?.windowLengthMillis == window.effective)

            try device.run(for: .hours(3))
            let fired = try #require(device.recorder.receives(TestApp.alarmAction).first).time.millisecondsSinceEpoch
            #expect((start...(start + window.effective)).contains(fired), "one-sided window [start, start+length]")
        }
    }

    @Test(
        "A6/A7: exact alarms fire at the trigger, to the millisecond",
        arguments: [AndroidAlarm.Method.setExact, .setExactAndAllowWhileIdle], 1...5 as ClosedRange<UInt64>)
    func a6a7ExactFiresAtTrigger(method: AndroidAlarm.Method, seed: UInt64) throws {
        let device = Device(seed: seed)
        let trigger = device.wallNow + 5 * 3_600_000 + 123
        if method == .setExact {
            try device.alarmManager.setExact(.rtcWakeup, trigger, TestApp.operation(1))
        } else {
            try device.alarmManager.setExactAndAllowWhileIdle(.rtcWakeup, trigger, TestApp.operation(1))
        }
        let set = try #require(device.records("alarm.set").last)
        #expect(set.rule == (method == .setExact ? "A6" : "A7"))
        #expect(set.detail("deferralMillis") == "0")

        try device.run(for: .hours(6))
        #expect(device.recorder.receives(TestApp.alarmAction).map(\.time.millisecondsSinceEpoch) == [trigger])
        #expect(device.records("alarm.fired").first?.detail("latenessMillis") == "0")
    }

    @Test("A12: a trigger in the past fires at once", arguments: [AndroidAlarm.Method.setExact, .set])
    func a12PastTriggerFiresImmediately(method: AndroidAlarm.Method) throws {
        let device = Device()
        let past = device.wallNow - 3_600_000
        if method == .setExact {
            try device.alarmManager.setExact(.rtcWakeup, past, TestApp.operation(1))
        } else {
            device.alarmManager.set(.rtcWakeup, past, TestApp.operation(1))
        }
        try device.run(until: device.now)
        #expect(device.recorder.receives(TestApp.alarmAction).map(\.time) == [Device.defaultStart])
        #expect(device.records("alarm.fired").first?.detail("latenessMillis") == "3600000")
    }

    @Test("A12: a negative trigger time is clamped to 0")
    func a12NegativeTriggerClamped() throws {
        let device = Device()
        try device.alarmManager.setExact(.rtc, -5_000, TestApp.operation(1))
        #expect(device.records("alarm.set").last?.detail("triggerAtMillis") == "0")
        try device.run(until: device.now)
        #expect(device.recorder.receives(TestApp.alarmAction).count == 1)
    }

    @Test("A12: an equal PendingIntent (same request code and action, other extras) replaces the alarm")
    func a12EqualPendingIntentReplaces() throws {
        let device = Device()
        let alarms = device.alarmManager
        let start = device.wallNow
        try alarms.setExact(.rtcWakeup, start + 3_600_000, TestApp.operation(7, extras: [AndroidExtra("v", "1")]))
        try alarms.setExact(.rtcWakeup, start + 7_200_000, TestApp.operation(7, extras: [AndroidExtra("v", "2")]))

        #expect(device.system.alarms.count == 1)
        #expect(device.system.pendingIntents.count == 1)
        #expect(device.rules("alarm.replaced") == ["A12"])
        try device.run(for: .hours(3))
        let received = device.recorder.receives(TestApp.alarmAction)
        #expect(received.map(\.time) == [Device.defaultStart + .hours(2)])
        #expect(received.first?.intent?.extra("v") == "2")
    }

    @Test("A12: a different request code or action is a different PendingIntent and does not replace")
    func a12DifferentPendingIntentsCoexist() throws {
        let device = Device()
        let alarms = device.alarmManager
        let trigger = device.wallNow + 3_600_000
        try alarms.setExact(.rtcWakeup, trigger, TestApp.operation(7))
        try alarms.setExact(.rtcWakeup, trigger, TestApp.operation(8))
        try alarms.setExact(
            .rtcWakeup, trigger, AndroidPendingIntent(requestCode: 7, intent: AndroidIntent(action: "test.OTHER")))
        #expect(device.system.alarms.count == 3)
        #expect(device.records("alarm.replaced").isEmpty)
    }

    @Test("A13: ELAPSED alarms ignore a wall-clock change; RTC alarms follow it")
    func a13ClockTypes() throws {
        let device = Device()
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 7_200_000, TestApp.operation(1))
        try device.alarmManager.setExact(
            .elapsedRealtimeWakeup, device.context.elapsedRealtime() + 7_200_000, TestApp.operation(2))

        device.system.setWallClock(toWallMillis: device.wallNow + 3_600_000, source: "user")
        try device.run(for: .hours(3))

        // The wall clock now reads one hour ahead, so the RTC alarm is due one true hour earlier.
        let fired = device.records("alarm.fired").map { ($0.detail("operation") ?? "", $0.time) }
        #expect(fired.map(\.0) == [TestApp.operation(1).description, TestApp.operation(2).description])
        #expect(fired.map(\.1) == [Device.defaultStart + .hours(1), Device.defaultStart + .hours(2)])
        #expect(device.recorder.receives(TestApp.alarmAction).count == 2)
    }

    @Test("A14: a wall clock set forward past an RTC trigger fires it at once and sends TIME_SET")
    func a14ClockForwardFiresAtOnce() throws {
        let device = Device()
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 1_800_000, TestApp.operation(1))

        device.system.setWallClock(toWallMillis: device.wallNow + 3_600_000, source: "user")
        try device.run(until: device.now)

        #expect(device.rules("clock.set") == ["A14"])
        #expect(device.records("alarm.fired").map(\.time) == [Device.defaultStart])
        #expect(device.recorder.receives(AndroidIntent.timeSet).count == 1)
    }

    @Test("A14: a wall clock set back delays an RTC alarm by the same amount")
    func a14ClockBackDelays() throws {
        let device = Device()
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 1_800_000, TestApp.operation(1))

        device.system.setWallClock(toWallMillis: device.wallNow - 3_600_000, source: "network")
        try device.run(for: .hours(1))
        #expect(device.records("alarm.fired").isEmpty)
        try device.run(for: .hours(1))
        #expect(device.records("alarm.fired").map(\.time) == [Device.defaultStart + .minutes(90)])
        #expect(device.recorder.receives(AndroidIntent.timeSet).map(\.time) == [Device.defaultStart])
    }

    @Test("A14/A34: TIME_SET reaches a manifest receiver only if one is declared")
    func a14TimeSetNeedsReceiver() throws {
        let device = Device(manifest: Device.manifest(receivers: [AndroidIntent.bootCompleted]))
        device.system.setWallClock(toWallMillis: device.wallNow + 60_000, source: "user")
        #expect(device.recorder.receives(AndroidIntent.timeSet).isEmpty)
        #expect(device.records("broadcast.noReceiver").compactMap { $0.detail("action") } == [AndroidIntent.timeSet])
    }

    @Test("A15: a zone change does not move an RTC alarm; TIMEZONE_CHANGED carries the zone id")
    func a15ZoneChange() throws {
        let device = Device(zone: zone("Europe/Berlin"))
        let trigger = device.wallNow + 7_200_000
        try device.alarmManager.setExact(.rtcWakeup, trigger, TestApp.operation(1))
        let wallBefore = device.wallNow

        device.system.setTimeZone(zone("America/New_York"))

        #expect(device.wallNow == wallBefore, "the wall clock is UTC and does not move")
        #expect(device.context.timeZone.identifier == "America/New_York")
        #expect(device.system.alarms.first?.triggerAtMillis == trigger)
        #expect(device.rules("timezone.changed") == ["A15"])
        let changes = device.recorder.receives(AndroidIntent.timezoneChanged)
        #expect(changes.count == 1)
        #expect(changes.first?.intent?.extra("time-zone") == "America/New_York")
        try device.run(for: .hours(3))
        #expect(device.records("alarm.fired").map(\.time) == [Device.defaultStart + .hours(2)])
    }

    @Test("A16: a DST transition sends no broadcast and the RTC alarm keeps its UTC instant")
    func a16DSTSendsNoBroadcast() throws {
        let berlin = zone("Europe/Berlin")
        // 2026-03-28 09:00 CET; the clocks go forward at 2026-03-29 02:00.
        let device = Device(zone: berlin, start: at("2026-03-28T09:00:00+01:00"))
        let trigger = device.wallNow + 86_400_000
        try device.alarmManager.setExact(.rtcWakeup, trigger, TestApp.operation(1))

        try device.run(for: .hours(48))

        #expect(device.deliveredBroadcasts.isEmpty, "no TIME_SET or TIMEZONE_CHANGED at a DST change")
        #expect(device.records("clock.set").isEmpty)
        #expect(device.records("timezone.changed").isEmpty)
        #expect(device.recorder.receives.map(\.action) == [TestApp.alarmAction])
        let fired = try #require(device.records("alarm.fired").first).time
        #expect(fired.millisecondsSinceEpoch == trigger)
        let local = berlin.localDateTime(at: fired)
        #expect(local.time.hour == 10, "09:00 + 24 h is 10:00 after spring-forward")
    }

    @Test("A18: FLAG_NO_CREATE finds the PendingIntent after its alarm fired")
    func a18ProbeAfterFire() throws {
        let device = Device()
        #expect(!device.alarmManager.pendingIntentExists(TestApp.operation(1)))
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.run(for: .minutes(2))
        #expect(device.system.alarms.isEmpty)
        #expect(device.alarmManager.pendingIntentExists(TestApp.operation(1)))
        #expect(device.rules("pendingIntent.probe") == ["A18", "A18"])
        #expect(device.records("pendingIntent.probe").map { $0.detail("exists") } == ["false", "true"])
    }

    // Was "survives on API 34": the default now follows AOSP's weak PendingIntent records and
    // androidx ForceStopRunnable (A59); the old assumption is the parameter below.
    @Test("A18/A28/A59: after a force stop a FLAG_NO_CREATE probe finds no PendingIntent, on API 34 (collected) and 35 (cancelled)", arguments: [34, 35])
    func a18ProbeAfterForceStop(apiLevel: Int) throws {
        let device = Device(apiLevel: apiLevel)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 3_600_000, TestApp.operation(1))
        device.system.forceStop()
        #expect(!device.alarmManager.pendingIntentExists(TestApp.operation(1)))
        #expect(device.rules("pendingIntents.cancelled") == (apiLevel >= 35 ? ["A28"] : []))
        #expect(device.rules("pendingIntents.collected") == (apiLevel >= 35 ? [] : ["A59"]))
    }

    @Test("A59: with pendingIntentsSurviveForceStop the PendingIntent survives a force stop below API 35, not on 35")
    func a59SurviveParameter() throws {
        for apiLevel in [34, 35] {
            var parameters = AndroidOSParameters.with()
            parameters.pendingIntentsSurviveForceStop = true
            let device = Device(apiLevel: apiLevel, parameters: parameters)
            try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 3_600_000, TestApp.operation(1))
            device.system.forceStop()
            #expect(device.alarmManager.pendingIntentExists(TestApp.operation(1)) == (apiLevel < 35))
            #expect(value(of: "android.pendingIntentsSurviveForceStop", in: device.system.resolvedParameters) == "true")
        }
    }

    @Test("A18/A1: after a reboot the PendingIntent is gone")
    func a18ProbeAfterReboot() throws {
        let device = Device()
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        try device.run(for: .minutes(2))
        device.system.reboot(offFor: .minutes(1), unlockAfter: .minutes(1))
        try device.run(for: .minutes(5))
        #expect(!device.alarmManager.pendingIntentExists(TestApp.operation(1)))
    }

    @Test("A18: PendingIntent.cancel() removes the PendingIntent and its alarm")
    func a18CancelPendingIntent() throws {
        let device = Device()
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        device.alarmManager.cancelPendingIntent(TestApp.operation(1))
        #expect(device.system.alarms.isEmpty)
        #expect(!device.alarmManager.pendingIntentExists(TestApp.operation(1)))
        try device.run(for: .minutes(2))
        #expect(device.records("alarm.fired").isEmpty)
    }
}

/// Pins how a PendingIntent is written in the trace and how its identity compares.
struct PendingIntentTextTests {
    @Test("A PendingIntent reads PendingIntent(<action>#<request code>)", arguments: [0, 7, 10, 111_204_348, -42, Int.max, Int.min])
    func descriptionSpellsActionAndRequestCode(code: Int) {
        let operation = AndroidPendingIntent(requestCode: code, intent: AndroidIntent(action: "com.example.NOTIFY"))
        #expect(operation.description == "PendingIntent(com.example.NOTIFY#\(code))")
        let accented = AndroidPendingIntent(requestCode: code, intent: AndroidIntent(action: "é.NOTIFY"))
        #expect(accented.description == "PendingIntent(é.NOTIFY#\(code))")
    }

    @Test("Identities are equal exactly when request code and action are (A12)")
    func identitiesCompareActionsInFull() {
        func identity(_ code: Int, _ action: String) -> AndroidPendingIntent.Identity {
            AndroidPendingIntent(requestCode: code, intent: AndroidIntent(action: action)).identity
        }
        let a = identity(5, "x.A")
        #expect(a == identity(5, "x.A"))
        #expect(a != identity(5, "x.B"))
        #expect(a != identity(6, "x.A"))
        let table: Set = [a, identity(5, "x.B")]
        #expect(table.count == 2)
    }
}
