import DNSimCore
import DNSimPlatforms
import Testing

/// Pins Doze, the while-idle quotas, App Standby Buckets and the unused-app profiles
/// (fact sheet §1 A7–A10, §4 A37–A40).
struct DozeAndStandbyTests {
    // MARK: A37 — standard alarms and jobs wait for a maintenance window

    @Test(
        "A37: in deep Doze setExact, setWindow and WorkManager jobs wait for the next maintenance window",
        arguments: 1...4 as ClosedRange<UInt64>)
    func a37StandardAlarmsAndJobsWaitForWindow(seed: UInt64) throws {
        let device = Device(seed: seed)
        device.system.setDeviceIdle(true)
        #expect(device.rules("doze.entered") == ["A37"])
        #expect(device.system.doze.isRestricting)
        let window = try #require(device.system.doze.nextWindowStart)
        let start = device.wallNow
        try device.alarmManager.setExact(.rtcWakeup, start + 600_000, TestApp.operation(1))
        device.alarmManager.setWindow(.rtcWakeup, start + 600_000, 600_000, TestApp.operation(2))
        device.workManager.enqueueUniqueWork("sync", .replace, TestApp.oneTimeWork(delay: .minutes(10)))

        try device.run(until: window - .milliseconds(1))
        #expect(device.records("alarm.fired").isEmpty, "both alarms were due at +10…20 min")
        #expect(device.workStarts.isEmpty)
        #expect(device.rules("alarm.deferred") == ["A37", "A37"])
        #expect(device.rules("job.deferred") == ["A37"])
        #expect(device.recorder.receives(TestApp.alarmAction).isEmpty)

        try device.run(until: window)
        #expect(device.windowOpens == [window])
        #expect(device.rules("doze.maintenanceWindow.open") == ["A37"])
        #expect(device.records("alarm.fired").map(\.time) == [window, window])
        #expect(device.rules("alarm.fired") == ["A2", "A2"])
        #expect(device.workStarts == [window])
        #expect(device.recorder.receives(TestApp.alarmAction).count == 2)
    }

    @Test("A37: leaving idle (setDeviceIdle(false)) releases held alarms and jobs at once")
    func a37LeavingIdleReleasesAtOnce() throws {
        let device = Device()
        device.system.setDeviceIdle(true)
        let start = device.wallNow
        try device.alarmManager.setExact(.rtcWakeup, start + 600_000, TestApp.operation(1))
        device.alarmManager.setWindow(.rtcWakeup, start + 600_000, 600_000, TestApp.operation(2))
        device.workManager.enqueueUniqueWork("sync", .replace, TestApp.oneTimeWork(delay: .minutes(10)))
        try device.run(for: .minutes(30))
        #expect(device.records("alarm.fired").isEmpty)
        #expect(device.workStarts.isEmpty)

        device.system.setDeviceIdle(false)
        let released = device.now
        try device.run(until: released)

        let exited = try #require(device.records("doze.exited").first)
        #expect(exited.rule == "A37")
        #expect(exited.detail("why") == "device active")
        #expect(!device.system.doze.isIdle)
        #expect(device.records("alarm.fired").map(\.time) == [released, released])
        #expect(device.workStarts == [released])
        try device.run(for: .hours(3))
        #expect(device.windowOpens.isEmpty, "the planned maintenance window was cancelled")
    }

    @Test("A37: Doze suspends the network outside maintenance windows")
    func a37DozeSuspendsNetwork() throws {
        let device = Device(parameters: .doze(spacing: [.hours(1)], jitterPercent: 0))
        #expect(device.context.hasUsableNetwork)
        device.system.setDeviceIdle(true)
        #expect(!device.context.hasUsableNetwork)
        try device.run(for: .hours(1))
        #expect(device.system.doze.inMaintenanceWindow)
        #expect(device.context.hasUsableNetwork)
        try device.run(for: .minutes(5))
        #expect(!device.system.doze.inMaintenanceWindow)
        #expect(!device.context.hasUsableNetwork)
    }

    // MARK: A38 — maintenance window spacing

    @Test("A38: maintenance windows follow maintenanceSpacing within ± jitter", arguments: 1...6 as ClosedRange<UInt64>)
    func a38WindowSpacingWithinJitter(seed: UInt64) throws {
        let device = Device(seed: seed)
        let idleStart = device.now
        device.system.setDeviceIdle(true)
        try device.run(for: .hours(40))

        let opens = device.windowOpens
        let closes = device.windowCloses
        #expect(opens.count >= 6)
        #expect(device.rules("doze.windowPlanned").allSatisfy { $0 == "A38" })
        let spacing = AndroidDozeParameters().maintenanceSpacing
        #expect(spacing == [.hours(1), .hours(2), .hours(4), .hours(6)])
        for (index, open) in opens.enumerated() {
            // The first window counts from idle entry, each later one from the previous window's close.
            let from = index == 0 ? idleStart : closes[index - 1]
            let base = spacing[min(index, spacing.count - 1)].milliseconds
            let gap = (open - from).milliseconds
            #expect((base * 9 / 10...base * 11 / 10).contains(gap), "window \(index): gap \(gap) ms, base \(base) ms")
            if index < closes.count { #expect(closes[index] - open == .minutes(5)) }
        }
        let planned = device.records("doze.windowPlanned").compactMap { $0.detail("gapMillis").flatMap(Int64.init) }
        #expect(Array(planned.prefix(opens.count)) == opens.enumerated().map { index, open in
            (open - (index == 0 ? idleStart : closes[index - 1])).milliseconds
        })
    }

    @Test("A38: without jitter the windows sit exactly on the configured spacing")
    func a38ConfiguredSpacingWithoutJitter() throws {
        let device = Device(parameters: .doze(spacing: [.minutes(30), .minutes(90)], jitterPercent: 0, windowLength: .minutes(2)))
        let idleStart = device.now
        device.system.setDeviceIdle(true)
        try device.run(for: .hours(4))
        #expect(device.windowOpens == [
            idleStart + .minutes(30), idleStart + .minutes(122), idleStart + .minutes(214),
        ])
        #expect(device.windowCloses == [
            idleStart + .minutes(32), idleStart + .minutes(124), idleStart + .minutes(216),
        ])
    }

    @Test("A38: the same seed gives the same windows; the windows depend on the seed")
    func a38SameSeedSameWindows() throws {
        func windows(seed: UInt64) throws -> [SimInstant] {
            let device = Device(seed: seed)
            device.system.setDeviceIdle(true)
            try device.run(for: .hours(30))
            return device.windowOpens
        }
        let first = try windows(seed: 11)
        #expect(first.count >= 5)
        #expect(try windows(seed: 11) == first)
        let others = try (12...16).map { try windows(seed: $0) }
        #expect(others.contains { $0 != first })
    }

    @Test("A38: the maintenance window parameters are printed in resolvedParameters")
    func a38WindowsPrinted() throws {
        let defaults = Device().system.resolvedParameters
        #expect(value(of: "android.doze.maintenanceSpacing", in: defaults) == "1h,2h,4h,6h")
        #expect(value(of: "android.doze.maintenanceJitterPercent", in: defaults) == "10")
        #expect(value(of: "android.doze.maintenanceWindowLength", in: defaults) == "5m")
        #expect(value(of: "android.doze.exactWhileIdlePerHour", in: defaults) == "72")
        #expect(value(of: "android.doze.inexactWhileIdleGap", in: defaults) == "9m")

        let custom = Device(
            parameters: .doze(spacing: [.minutes(30), .minutes(90)], jitterPercent: 0, windowLength: .minutes(2))
        ).system.resolvedParameters
        #expect(value(of: "android.doze.maintenanceSpacing", in: custom) == "30m,1h30m")
        #expect(value(of: "android.doze.maintenanceJitterPercent", in: custom) == "0")
        #expect(value(of: "android.doze.maintenanceWindowLength", in: custom) == "2m")
    }

    // MARK: A7/A10 — exact while-idle

    @Test("A7/A10: setExactAndAllowWhileIdle fires on time in Doze, without leaving idle")
    func a7ExactWhileIdleFiresOnTimeInDoze() throws {
        let device = Device()
        device.system.setDeviceIdle(true)
        let window = try #require(device.system.doze.nextWindowStart)
        let trigger = device.wallNow + 17 * 60_000 + 123
        try device.alarmManager.setExactAndAllowWhileIdle(.rtcWakeup, trigger, TestApp.operation(1))
        #expect(device.rules("alarm.set") == ["A7"])

        try device.run(for: .minutes(20))
        let fired = try #require(device.records("alarm.fired").first)
        #expect(fired.time.millisecondsSinceEpoch == trigger)
        #expect(fired.time < window)
        #expect(fired.detail("latenessMillis") == "0")
        #expect(device.records("alarm.deferred").isEmpty)
        #expect(device.records("doze.exited").isEmpty)
        #expect(device.system.doze.isRestricting)
        #expect(device.recorder.receives(TestApp.alarmAction).count == 1)
    }

    @Test("A10: in Doze more than 72 exact while-idle alarms in an hour are held until the hour frees up")
    func a10ExactWhileIdleQuota() throws {
        // One maintenance window after ~6 h, so none opens during the test.
        let device = Device(parameters: .doze(spacing: [.hours(6)]))
        device.system.setDeviceIdle(true)
        let trigger = device.wallNow + 600_000
        for code in 1...73 {
            try device.alarmManager.setExactAndAllowWhileIdle(.rtcWakeup, trigger, TestApp.operation(code))
        }
        let due = device.now + .minutes(10)

        try device.run(for: .minutes(30))
        #expect(device.records("alarm.fired").count == 72)
        #expect(device.records("alarm.fired").allSatisfy { $0.time == due })
        let deferred = device.records("alarm.deferred")
        #expect(deferred.map(\.rule) == ["A10"])
        #expect(deferred.first?.detail("why") == "exact while-idle quota used up")

        try device.run(for: .hours(1))
        #expect(device.records("alarm.fired").count == 73)
        #expect(device.records("alarm.fired").last?.time == due + .hours(1))
        #expect(Set(device.firedRequestCodes) == Set(1...73))
    }

    @Test("A10: exactly 72 exact while-idle alarms in an hour all fire on time")
    func a10SeventyTwoFireOnTime() throws {
        let device = Device(parameters: .doze(spacing: [.hours(6)]))
        device.system.setDeviceIdle(true)
        for code in 1...72 {
            try device.alarmManager.setExactAndAllowWhileIdle(
                .rtcWakeup, device.wallNow + Int64(code) * 30_000, TestApp.operation(code))
        }
        try device.run(for: .hours(1))
        #expect(device.records("alarm.fired").count == 72)
        #expect(device.records("alarm.deferred").isEmpty)
    }

    // MARK: A8/A10 — inexact while-idle

    @Test("A8/A10: setAndAllowWhileIdle fires in Doze at most once per 9 minutes, without the exact permission")
    func a8InexactWhileIdleOncePerNineMinutes() throws {
        var parameters = AndroidOSParameters.doze(spacing: [.hours(6)])
        parameters.exactAlarmGranted = nil  // denied by default on API 34 (A22): A8 needs no exact permission
        let device = Device(apiLevel: 34, parameters: parameters)
        #expect(!device.alarmManager.canScheduleExactAlarms())
        device.system.setDeviceIdle(true)
        let start = device.now
        // Under 10 s ahead: no batching deferral (A4), so the times are exact.
        device.alarmManager.setAndAllowWhileIdle(.rtcWakeup, device.wallNow + 5_000, TestApp.operation(1))
        try device.run(for: .minutes(1))
        #expect(device.fires(of: TestApp.operation(1)) == [start + .seconds(5)])

        device.alarmManager.setAndAllowWhileIdle(.rtcWakeup, device.wallNow + 5_000, TestApp.operation(2))
        try device.run(for: .minutes(5))
        #expect(device.fires(of: TestApp.operation(2)).isEmpty)
        let deferred = try #require(device.records("alarm.deferred").first)
        #expect(deferred.rule == "A10")
        #expect(deferred.detail("why") == "inexact while-idle quota used up")

        try device.run(for: .minutes(10))
        #expect(device.fires(of: TestApp.operation(2)) == [start + .seconds(5) + .minutes(9)])
        #expect(device.rules("alarm.deferred") == ["A10"])
        #expect(device.records("doze.exited").isEmpty)
    }

    @Test("A8: outside Doze setAndAllowWhileIdle has no 9-minute gap")
    func a8NoGapOutsideDoze() throws {
        let device = Device()
        device.alarmManager.setAndAllowWhileIdle(.rtcWakeup, device.wallNow + 5_000, TestApp.operation(1))
        try device.run(for: .minutes(1))
        device.alarmManager.setAndAllowWhileIdle(.rtcWakeup, device.wallNow + 5_000, TestApp.operation(2))
        try device.run(for: .minutes(1))
        #expect(device.fires(of: TestApp.operation(2)) == [Device.defaultStart + .minutes(1) + .seconds(5)])
        #expect(device.records("alarm.deferred").isEmpty)
    }

    @Test("A8: the set record of setAndAllowWhileIdle cites A8")
    func a8SetRecordCitesA8() throws {
        let device = Device()
        device.alarmManager.setAndAllowWhileIdle(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(1))
        #expect(device.rules("alarm.set") == ["A8"])
    
    }

    // MARK: A10/A39 — charging

    @Test("A10/A39: charging lifts Doze: held alarms are released and idle is not entered while plugged in")
    func a10ChargingLiftsDoze() throws {
        let device = Device()
        device.system.setDeviceIdle(true)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 600_000, TestApp.operation(1))
        try device.run(for: .minutes(20))
        #expect(device.rules("alarm.deferred") == ["A37"])

        device.system.setCharging(true)
        let plugged = device.now
        try device.run(until: plugged)
        #expect(device.rules("charging.started") == ["A39"])
        let exited = try #require(device.records("doze.exited").first)
        #expect(exited.rule == "A37")
        #expect(exited.detail("why") == "charging")
        #expect(device.fires(of: TestApp.operation(1)) == [plugged])

        device.system.setDeviceIdle(true)
        #expect(device.rules("doze.notEntered") == ["A10"])
        #expect(!device.system.doze.isIdle)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 600_000, TestApp.operation(2))
        try device.run(for: .minutes(15))
        #expect(device.fires(of: TestApp.operation(2)) == [plugged + .minutes(10)])
        #expect(device.rules("alarm.deferred") == ["A37"], "no new deferral while charging")
    }

    @Test("A39: charging lifts the standby bucket limits for alarms and jobs; unplugging restores them")
    func a39ChargingLiftsBucketLimits() throws {
        let device = Device()
        device.system.setStandbyBucket(.rare)
        device.system.setCharging(true)
        let start = device.now
        for code in 1...3 {
            try device.alarmManager.setExact(.rtcWakeup, device.wallNow + Int64(code) * 600_000, TestApp.operation(code))
        }
        device.workManager.enqueueUniqueWork("a", .replace, TestApp.oneTimeWork())
        device.workManager.enqueueUniqueWork("b", .replace, TestApp.oneTimeWork(delay: .minutes(1)))
        try device.run(for: .minutes(35))
        #expect(device.records("alarm.fired").map(\.time) == [
            start + .minutes(10), start + .minutes(20), start + .minutes(30),
        ])
        #expect(device.workStarts == [start, start + .minutes(1)])
        #expect(device.records("alarm.deferred").isEmpty)
        #expect(device.records("job.deferred").isEmpty)

        device.system.setCharging(false)
        #expect(device.rules("charging.stopped") == ["A39"])
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(4))
        device.workManager.enqueueUniqueWork("c", .replace, TestApp.oneTimeWork())
        try device.run(for: .minutes(5))
        #expect(device.fires(of: TestApp.operation(4)).isEmpty)
        #expect(device.rules("alarm.deferred") == ["A40"])
        #expect(device.rules("job.deferred") == ["A40"])
    }

    // MARK: A9 — setAlarmClock

    @Test("A9: setAlarmClock fires on time in Doze and the device leaves idle")
    func a9AlarmClockLeavesIdle() throws {
        let device = Device()
        device.system.setDeviceIdle(true)
        let window = try #require(device.system.doze.nextWindowStart)
        let trigger = device.wallNow + 20 * 60_000
        try device.setAlarmClock(trigger, TestApp.operation(1))

        try device.run(for: .minutes(30))
        let fired = try #require(device.records("alarm.fired").first)
        #expect(fired.time.millisecondsSinceEpoch == trigger)
        #expect(fired.time < window)
        #expect(fired.detail("latenessMillis") == "0")
        let exited = try #require(device.records("doze.exited").first)
        #expect(exited.time == fired.time)
        #expect(exited.detail("why") == "alarm clock")
        #expect(exited.rule == "A9", "the system leaves idle because of the alarm clock (A9)")
        #expect(!device.system.doze.isIdle)
        #expect(device.records("alarm.deferred").isEmpty)
        #expect(device.recorder.receives(TestApp.alarmAction).count == 1)
        #expect(device.rules("alarm.set") == ["A9"])
    
    }

    @Test("A9: setAlarmClock is exempt from the standby bucket alarm quota")
    func a9AlarmClockExemptFromBucketQuota() throws {
        let device = Device()
        device.system.setStandbyBucket(.restricted)
        try device.setAlarmClock(device.wallNow + 600_000, TestApp.operation(1))
        try device.setAlarmClock(device.wallNow + 1_200_000, TestApp.operation(2))
        try device.run(for: .minutes(30))
        #expect(device.records("alarm.fired").map(\.time) == [
            Device.defaultStart + .minutes(10), Device.defaultStart + .minutes(20),
        ])
    }

    // MARK: A53 — standby exemption of alarm clocks and allow-while-idle alarms

    @Test(
        "A53: FLAG_ALLOW_WHILE_IDLE alarms are exempt from the standby bucket quota (restricted, 09:00 and 09:30)",
        arguments: [AndroidAlarm.Method.setExactAndAllowWhileIdle, .setAndAllowWhileIdle, .setAlarmClock])
    func a53AllowWhileIdleExemptFromBucketQuota(_ method: AndroidAlarm.Method) throws {
        let device = Device()
        device.system.setStandbyBucket(.restricted)
        for (code, minutes) in [(1, 10), (2, 40)] {
            let trigger = device.wallNow + Int64(minutes) * 60_000
            switch method {
            case .setAlarmClock: try device.alarmManager.setAlarmClock(trigger, TestApp.operation(code))
            case .setAndAllowWhileIdle: device.alarmManager.setAndAllowWhileIdle(.rtcWakeup, trigger, TestApp.operation(code))
            default: try device.alarmManager.setExactAndAllowWhileIdle(.rtcWakeup, trigger, TestApp.operation(code))
            }
        }
        try device.run(for: .hours(3))
        #expect(device.fires(of: TestApp.operation(1)).count == 1)
        #expect(device.fires(of: TestApp.operation(2)).count == 1)
        #expect(device.fires(of: TestApp.operation(2))[0] <= Device.defaultStart + .minutes(40) + .hours(1))
        #expect(device.records("alarm.deferred").isEmpty, "no A40 deferral for an exempt alarm")
    }

    @Test("A53: exempt alarms do not use up the bucket quota for a later plain setExact")
    func a53ExemptAlarmsDoNotCount() throws {
        let device = Device()
        device.system.setStandbyBucket(.restricted)
        try device.alarmManager.setExactAndAllowWhileIdle(.rtcWakeup, device.wallNow + 600_000, TestApp.operation(1))
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 1_200_000, TestApp.operation(2))
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 1_800_000, TestApp.operation(3))
        try device.run(for: .hours(2))
        #expect(device.fires(of: TestApp.operation(1)) == [Device.defaultStart + .minutes(10)])
        #expect(device.fires(of: TestApp.operation(2)) == [Device.defaultStart + .minutes(20)], "the quota's one alarm")
        #expect(device.fires(of: TestApp.operation(3)).isEmpty)
        #expect(device.rules("alarm.deferred") == ["A40"])
    }

    @Test("A53: the exemption is traced when the quota would have held the alarm")
    func a53ExemptionTraced() throws {
        let device = Device()
        device.system.setStandbyBucket(.restricted)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 600_000, TestApp.operation(1))
        try device.alarmManager.setExactAndAllowWhileIdle(.rtcWakeup, device.wallNow + 1_200_000, TestApp.operation(2))
        try device.run(for: .hours(1))
        #expect(device.fires(of: TestApp.operation(2)) == [Device.defaultStart + .minutes(20)])
        #expect(device.rules("alarm.standbyExempt") == ["A53"])
    }

    // MARK: A40 — standby bucket quotas

    struct BucketAlarmCase: Sendable, CustomTestStringConvertible {
        var bucket: AndroidStandbyBucket
        /// When the second of two alarms (due at +10 min and +20 min) fires, after the start.
        var secondFiresAfter: SimDuration
        var deferred: [String?]
        var testDescription: String { "\(bucket.rawValue): second alarm at +\(secondFiresAfter)" }
    }

    @Test(
        "A40: bucket alarm quotas: rare 1 per hour, restricted 1 per day, active unlimited",
        arguments: [
            BucketAlarmCase(bucket: .rare, secondFiresAfter: .minutes(70), deferred: ["A40"]),
            BucketAlarmCase(bucket: .restricted, secondFiresAfter: .days(1) + .minutes(10), deferred: ["A40"]),
            BucketAlarmCase(bucket: .frequent, secondFiresAfter: .minutes(20), deferred: []),
            BucketAlarmCase(bucket: .workingSet, secondFiresAfter: .minutes(20), deferred: []),
            BucketAlarmCase(bucket: .active, secondFiresAfter: .minutes(20), deferred: []),
        ])
    func a40BucketAlarmQuota(_ c: BucketAlarmCase) throws {
        let device = Device()
        device.system.setStandbyBucket(c.bucket)
        #expect(device.rules("standbyBucket.changed") == ["A39"])
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 600_000, TestApp.operation(1))
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 1_200_000, TestApp.operation(2))

        try device.run(for: .days(2))
        #expect(device.fires(of: TestApp.operation(1)) == [Device.defaultStart + .minutes(10)])
        #expect(device.fires(of: TestApp.operation(2)) == [Device.defaultStart + c.secondFiresAfter])
        #expect(device.rules("alarm.deferred") == c.deferred)
    }

    @Test("A40: in the active bucket alarms are unlimited")
    func a40ActiveUnlimited() throws {
        let device = Device()
        #expect(device.system.standbyBucket == .active)
        for code in 1...30 {
            try device.alarmManager.setExact(.rtcWakeup, device.wallNow + Int64(code) * 60_000, TestApp.operation(code))
        }
        try device.run(for: .hours(1))
        #expect(device.records("alarm.fired").count == 30)
        #expect(device.records("alarm.fired").allSatisfy { $0.detail("latenessMillis") == "0" })
        #expect(device.records("alarm.deferred").isEmpty)
    }

    @Test("A40: the restricted quota counts inexact alarms too (one alarm per day, exact or inexact)")
    func a40RestrictedCountsInexact() throws {
        let device = Device()
        device.system.setStandbyBucket(.restricted)
        device.alarmManager.set(.rtcWakeup, device.wallNow + 5_000, TestApp.operation(1))
        try device.run(for: .minutes(1))
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 60_000, TestApp.operation(2))
        try device.run(for: .hours(12))
        #expect(device.fires(of: TestApp.operation(2)).isEmpty)
        #expect(device.rules("alarm.deferred") == ["A40"])
    }

    struct BucketJobCase: Sendable, CustomTestStringConvertible {
        var bucket: AndroidStandbyBucket
        var wait: SimDuration
        var testDescription: String { "\(bucket.rawValue): next job after \(wait)" }
    }

    @Test(
        "A40: jobs wait after the app's previous job: rare 24 h, frequent 8 h, working set 2 h, active none",
        arguments: [
            BucketJobCase(bucket: .rare, wait: .hours(24)),
            BucketJobCase(bucket: .restricted, wait: .hours(24)),
            BucketJobCase(bucket: .frequent, wait: .hours(8)),
            BucketJobCase(bucket: .workingSet, wait: .hours(2)),
            BucketJobCase(bucket: .active, wait: .zero),
        ])
    func a40BucketJobSpacing(_ c: BucketJobCase) throws {
        let device = Device()
        device.system.setStandbyBucket(c.bucket)
        let start = device.now
        device.workManager.enqueueUniqueWork("first", .replace, TestApp.oneTimeWork())
        try device.run(for: .minutes(1))
        device.workManager.enqueueUniqueWork("second", .replace, TestApp.oneTimeWork())
        try device.run(for: .hours(30))

        let second = start + .minutes(1)
        #expect(device.workStarts == [start, max(second, start + c.wait)])
        #expect(device.rules("job.deferred") == (c.wait > .minutes(1) ? ["A40"] : []))
        #expect(device.workManager.workStates("second") == [.succeeded])
    }

    // MARK: Unused-app profiles

    @Test("Samsung sleeping apps: after 3 days unused the app is stopped like a force stop until launched")
    func samsungSleepingApps() throws {
        let device = Device(profile: .samsung(apiLevel: 34))
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 5 * 86_400_000, TestApp.operation(1))
        try device.run(for: .days(3) - .minutes(1))
        #expect(device.system.unusedRestriction == nil)
        #expect(!device.system.isStopped)

        try device.run(for: .minutes(2))
        let sleeping = try #require(device.records("app.sleeping").first)
        #expect(sleeping.time == Device.defaultStart + .days(3))
        #expect(device.system.unusedRestriction == "sleeping")
        #expect(device.system.isStopped)
        #expect(device.system.alarms.isEmpty)
        // Was A26: the OEM's sleeping-apps behaviour (A30) decides this stop, not a user force stop.
        #expect(device.rules("app.sleeping") == ["A30"])
        #expect(device.rules("package.forceStopped") == ["A30"])
        #expect(device.rules("alarm.removedByForceStop") == ["A30"])

        device.system.setWallClock(toWallMillis: device.wallNow + 1_000, source: "user")
        device.system.reboot(offFor: .minutes(1), unlockAfter: .minutes(1))
        try device.run(for: .days(3))
        #expect(device.recorder.receives.isEmpty, "no broadcasts and no alarm while sleeping")
        #expect(device.rules("broadcast.excluded") == ["A27", "A27"])

        device.system.launchApp()
        #expect(device.system.unusedRestriction == nil)
        #expect(!device.system.isStopped)
        #expect(device.records("unusedRestriction.lifted").count == 1)
    }

    @Test("Samsung sleeping apps: each launch restarts the 3-day clock")
    func samsungLaunchRestartsClock() throws {
        let device = Device(profile: .samsung(apiLevel: 34))
        try device.run(for: .days(2))
        device.system.launchApp()
        try device.run(for: .days(2))
        #expect(device.records("app.sleeping").isEmpty)
        try device.run(for: .days(1) + .minutes(1))
        #expect(device.records("app.sleeping").map(\.time) == [Device.defaultStart + .days(5)])
    }

    @Test("Stock profile: an unused app is never put to sleep")
    func stockNeverSleeps() throws {
        let device = Device(apiLevel: 34)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 100 * 86_400_000, TestApp.operation(1))
        try device.run(for: .days(101))
        #expect(device.system.unusedRestriction == nil)
        #expect(device.records("app.sleeping").isEmpty)
        #expect(device.records("app.hibernated").isEmpty)
        #expect(device.recorder.receives(TestApp.alarmAction).count == 1)
    }

    struct HibernationCase: Sendable, CustomTestStringConvertible {
        var apiLevel: Int
        var hibernates: Bool
        var notificationsAfter: Bool
        var testDescription: String { "API \(apiLevel)" }
    }

    @Test(
        "Hibernation: after 90 days unused on API 31+ the app is stopped; on 33+ POST_NOTIFICATIONS is reset",
        arguments: [
            HibernationCase(apiLevel: 30, hibernates: false, notificationsAfter: true),
            HibernationCase(apiLevel: 31, hibernates: true, notificationsAfter: true),
            HibernationCase(apiLevel: 32, hibernates: true, notificationsAfter: true),
            HibernationCase(apiLevel: 33, hibernates: true, notificationsAfter: false),
            HibernationCase(apiLevel: 34, hibernates: true, notificationsAfter: false),
            HibernationCase(apiLevel: 35, hibernates: true, notificationsAfter: false),
        ])
    func hibernationAfterNinetyDays(_ c: HibernationCase) throws {
        let device = Device(profile: .hibernation(apiLevel: c.apiLevel))
        #expect(device.context.areNotificationsEnabled)
        try device.alarmManager.setExact(.rtcWakeup, device.wallNow + 95 * 86_400_000, TestApp.operation(1))
        try device.run(for: .days(90) - .minutes(1))
        #expect(device.records("app.hibernated").isEmpty)

        try device.run(for: .days(10))
        if c.hibernates {
            #expect(device.records("app.hibernated").map(\.time) == [Device.defaultStart + .days(90)])
            #expect(device.system.unusedRestriction == "hibernated")
            #expect(device.system.isStopped)
            // Was A26: hibernation (A58) decides this stop, not a user force stop.
            #expect(device.rules("app.hibernated") == ["A58"])
            #expect(device.rules("package.forceStopped") == ["A58"])
            #expect(device.rules("alarm.removedByForceStop") == ["A58"])
            #expect(device.recorder.receives(TestApp.alarmAction).isEmpty)
        } else {
            #expect(device.records("app.hibernated").isEmpty)
            #expect(device.system.unusedRestriction == nil)
            #expect(device.recorder.receives(TestApp.alarmAction).count == 1)
        }
        #expect(device.context.areNotificationsEnabled == c.notificationsAfter)

        device.system.launchApp()
        #expect(device.system.unusedRestriction == nil)
        #expect(!device.system.isStopped)
        #expect(device.context.areNotificationsEnabled == c.notificationsAfter, "the user must grant again")
    }
}
