import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import Testing

/// Pins UNUserNotificationCenter (fact sheet §7: I1–I6, I8, I9, I12).
struct IOSNotificationCenterTests {
    // MARK: - I1: the 64-pending limit

    @Test(
        "I1: past 64 pending the soonest (or last-added) 64 are kept and the rest dropped silently",
        arguments: [
            (IOSParameters.KeepPolicy.soonest, false, "r64"),
            (.soonest, true, "r64"),
            (.lastAdded, false, "r0"),
            (.lastAdded, true, "r64"),
        ])
    func i1KeepPolicy(policy: IOSParameters.KeepPolicy, addLatestFirst: Bool, victim: String) throws {
        let device = IOSDevice(parameters: .with { $0.keepPolicy = policy })
        // r<k> fires k+1 hours from now; r0 is the soonest, r64 the latest.
        let order = addLatestFirst ? Array((0...64).reversed()) : Array(0...64)
        var errors: [String] = []
        for k in order {
            if let error = device.add(.interval("r\(k)", seconds: 3600 * Int64(k + 1))) { errors.append(error) }
        }

        #expect(errors.isEmpty, "the drop is silent: add reports no error")
        #expect(device.pendingIDs.count == 64)
        #expect(!device.pendingIDs.contains(victim))
        #expect(device.identifiers("request.droppedOverLimit") == [victim])
        #expect(device.rules("request.droppedOverLimit") == ["I1"])

        try device.run(for: .hours(70))
        #expect(device.system.deliveryLog.count == 64)
        #expect(device.deliveryTimes(victim).isEmpty)
    }

    @Test("I1: a repeating request counts once toward the 64, however often it fires")
    func i1RepeatingCountsOnce() throws {
        let device = IOSDevice(parameters: .with { $0.keepPolicy = .soonest })
        #expect(device.add(.calendar("daily", hour: 9, minute: 0, repeats: true)) == nil)
        for k in 0..<63 {
            device.add(.interval("far\(k)", seconds: 86_400 * 30 + Int64(k)))
        }
        #expect(device.pendingIDs.count == 64)
        #expect(device.records("request.droppedOverLimit").isEmpty)

        try device.run(for: .days(3))
        #expect(device.deliveryTimes("daily").count == 3)
        #expect(device.pendingIDs.count == 64, "the repeating request stays one pending entry")
        #expect(device.records("request.droppedOverLimit").isEmpty)

        device.add(.interval("extra", seconds: 86_400 * 100))
        #expect(device.pendingIDs.count == 64)
        #expect(device.identifiers("request.droppedOverLimit") == ["extra"])
        #expect(device.rules("request.droppedOverLimit") == ["I1"])
    }

    // MARK: - I2: time-interval triggers

    @Test(
        "I2: an interval <= 0, or < 60 s when repeating, is rejected",
        arguments: [(Int64(0), false), (-5, false), (0, true), (-60, true), (1, true), (59, true)])
    func i2Rejected(seconds: Int64, repeats: Bool) throws {
        let device = IOSDevice()
        let error = device.add(.interval("bad", seconds: seconds, repeats: repeats))
        #expect(error != nil)
        #expect(device.pendingIDs.isEmpty)
        #expect(device.identifiers("request.rejected") == ["bad"])
        #expect(device.rules("request.rejected") == ["I2"])
        try device.run(for: .hours(1))
        #expect(device.system.deliveryLog.isEmpty)
    }

    @Test(
        "I2: a positive interval, or >= 60 s when repeating, is accepted",
        arguments: [(Int64(1), false), (59, false), (60, true), (3600, true)])
    func i2Accepted(seconds: Int64, repeats: Bool) throws {
        let device = IOSDevice()
        #expect(device.add(.interval("ok", seconds: seconds, repeats: repeats)) == nil)
        #expect(device.pendingIDs == ["ok"])
        #expect(device.records("request.rejected").isEmpty)
        try device.run(for: .seconds(seconds))
        #expect(device.deliveryTimes("ok") == [IOSDevice.defaultStart + .seconds(seconds)])
        #expect(device.pendingIDs == (repeats ? ["ok"] : []))
    }

    @Test("I2: an interval counts elapsed time and ignores a wall-clock or zone change")
    func i2ElapsedTime() throws {
        let device = IOSDevice()
        let start = device.now
        device.add(.interval("once", seconds: 3600))
        device.add(.interval("every", seconds: 60, repeats: true))
        // The user sets the clock two hours ahead and travels to Tokyo.
        device.system.setWallClock(toWallMillis: device.context.now().millisecondsSinceEpoch + 7_200_000)
        device.system.setTimeZone(zone("Asia/Tokyo"))
        try device.run(for: .minutes(30))
        // …and back by three hours.
        device.system.setWallClock(toWallMillis: device.context.now().millisecondsSinceEpoch - 10_800_000)
        try device.run(until: start + .hours(2))

        #expect(device.deliveryTimes("once") == [start + .hours(1)])
        let every = device.deliveryTimes("every")
        #expect(every.count == 120)
        #expect(every.enumerated().allSatisfy { $0.element == start + .seconds(60 * Int64($0.offset + 1)) })
    }

    // MARK: - I3: calendar triggers

    @Test("I3: a repeating calendar trigger fires at the matching local time every day and stays pending")
    func i3RepeatingCalendar() throws {
        let berlin = zone("Europe/Berlin")
        let device = IOSDevice(zone: berlin)  // starts 09:00 CET
        #expect(device.add(.calendar("daily", hour: 8, minute: 30, repeats: true)) == nil)
        let added = device.records("request.added")
        #expect(added.map(\.rule) == ["I3"])
        #expect(added.first?.detail("nextFire") == "2026-03-11T08:30:00+01:00")

        try device.run(until: at("2026-03-13T23:00:00Z"))
        #expect(device.deliveryLocalTimes("daily", in: berlin) == ["2026-03-11T08:30", "2026-03-12T08:30", "2026-03-13T08:30"])
        #expect(device.pendingIDs == ["daily"])
        #expect(device.rules("notification.delivered") == ["I6", "I6", "I6"])
    }

    @Test("I3/I9: a non-repeating calendar trigger fires once on its date and then leaves the pending list")
    func i3NonRepeatingCalendar() throws {
        let berlin = zone("Europe/Berlin")
        let device = IOSDevice(zone: berlin)
        device.add(.calendar("once", date: "2026-03-12", hour: 10, minute: 15, repeats: false))
        try device.run(until: at("2026-03-12T09:00:00Z"))  // 10:00 local
        #expect(device.pendingIDs == ["once"])
        #expect(device.system.deliveryLog.isEmpty)

        try device.run(until: at("2026-03-20T00:00:00Z"))
        #expect(device.deliveryLocalTimes("once", in: berlin) == ["2026-03-12T10:15"])
        #expect(device.pendingIDs.isEmpty)
        #expect(device.deliveredIDs == ["once"])
    }

    // MARK: - I4: floating vs zoned

    @Test("I4: a floating trigger keeps 09:00 local after Berlin → Tokyo; a fixed-zone trigger keeps its instant")
    func i4FloatingAndFixed() throws {
        let berlin = zone("Europe/Berlin")
        let tokyo = zone("Asia/Tokyo")
        let device = IOSDevice(zone: berlin, start: at("2026-03-10T07:00:00+01:00"))
        device.add(.calendar("floating", hour: 9, minute: 0, repeats: true))
        device.add(.calendar("fixed", hour: 9, minute: 0, timeZone: berlin, repeats: true))

        device.system.setTimeZone(tokyo)  // 15:00 in Tokyo
        #expect(device.rules("timezone.changed") == ["I4"])
        try device.run(until: at("2026-03-12T12:00:00Z"))

        #expect(device.deliveryLocalTimes("floating", in: tokyo) == ["2026-03-11T09:00", "2026-03-12T09:00"])
        #expect(
            device.deliveryTimes("fixed") == [
                at("2026-03-10T08:00:00Z"), at("2026-03-11T08:00:00Z"), at("2026-03-12T08:00:00Z"),
            ])
        #expect(device.deliveryLocalTimes("fixed", in: tokyo).allSatisfy { $0.hasSuffix("T17:00") })
    }

    @Test("A zone change moves when requests fire, not the requests: the pending list reads as the same array")
    func zoneChangeKeepsThePendingList() throws {
        let device = IOSDevice(zone: zone("Europe/Berlin"), start: at("2026-03-10T07:00:00+01:00"))
        device.add(.calendar("floating", hour: 9, minute: 0, repeats: true))
        device.add(.calendar("dated", hour: 21, minute: 30, repeats: false))
        let before = device.system.pendingRequests
        device.system.setTimeZone(zone("Asia/Tokyo"))
        let after = device.system.pendingRequests
        #expect(after == before)
        let address = { (list: [IOSNotificationRequest]) in list.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        #expect(address(after) == address(before), "kept, not built again")
        try device.run(until: at("2026-03-11T12:00:00Z"))
        #expect(device.deliveryLocalTimes("floating", in: zone("Asia/Tokyo")) == ["2026-03-11T09:00"])
    }

    // MARK: - I5: nonexistent local time

    @Test(
        "I5: Berlin 2026-03-29 02:30 does not exist; it resolves per nonexistentTimePolicy",
        arguments: [
            (GapPolicy.shiftForward, ["2026-03-29T03:30", "2026-03-30T02:30"]),
            (.nextValidInstant, ["2026-03-29T03:00", "2026-03-30T02:30"]),
            (.skip, ["2026-03-30T02:30", "2026-03-31T02:30"]),
        ])
    func i5NonexistentTime(policy: GapPolicy, expected: [String]) throws {
        let berlin = zone("Europe/Berlin")
        let device = IOSDevice(
            parameters: .with { $0.nonexistentTimePolicy = policy }, zone: berlin, start: at("2026-03-28T12:00:00+01:00"))
        device.add(.calendar("night", hour: 2, minute: 30, repeats: true))
        try device.run(until: at("2026-03-31T12:00:00+02:00"))
        #expect(Array(device.deliveryLocalTimes("night", in: berlin).prefix(2)) == expected)
    }

    @Test("I5: the resolution of a nonexistent local time is traced with rule I5")
    func i5Traced() throws {
        let berlin = zone("Europe/Berlin")
        let device = IOSDevice(zone: berlin, start: at("2026-03-28T12:00:00+01:00"))
        device.add(.calendar("night", hour: 2, minute: 30, repeats: true))
        try device.run(until: at("2026-03-29T12:00:00+02:00"))
        #expect(device.deliveryLocalTimes("night", in: berlin) == ["2026-03-29T03:30"])
        #expect(device.sim.trace.records.contains { $0.rule == "I5" })
    
    }

    // MARK: - I6: no app code at delivery

    @Test(
        "I6: no app code runs at delivery unless the app is in the foreground (willPresent)",
        arguments: [IOSSystem<IOSTestApp>.AppState.notRunning, .suspended, .foreground])
    func i6DeliveryByState(state: IOSSystem<IOSTestApp>.AppState) throws {
        let device = IOSDevice()
        switch state {
        case .notRunning: device.system.terminateBySystem()
        case .foreground: device.system.launchApp()
        default: break
        }
        #expect(device.system.appState == state)
        let callsBefore = device.recorder.calls.count
        device.add(.interval("n", seconds: 60))
        try device.run(for: .minutes(2))

        #expect(device.system.deliveryLog.map(\.presentation) == [.alert])
        #expect(device.rules("notification.delivered") == ["I6"])
        let calls = Array(device.recorder.entries.dropFirst(callsBefore))
        #expect(calls == (state == .foreground ? [.willPresent("n")] : []))
        #expect(device.system.appState == state, "delivery does not launch or wake the app")
    }

    @Test("I6: a tap launches a terminated app and calls didReceive")
    func i6TapLaunches() throws {
        let device = IOSDevice()
        device.system.terminateBySystem()
        device.add(.interval("n", seconds: 60))
        try device.run(for: .minutes(2))
        #expect(device.recorder.launches == [.user])

        device.system.tapNotification(identifier: "n")
        #expect(device.recorder.launches == [.user, .notificationTap])
        #expect(device.recorder.entries.last == .didReceive("n"))
        #expect(device.rules("notification.tapped") == ["I6"])
        #expect(device.deliveredIDs.isEmpty, "a tapped notification leaves Notification Center")
    }

    // MARK: - I8: authorization

    @Test(
        "I8: requests are accepted in every authorization state; denied/notDetermined are not shown, provisional is quiet",
        arguments: [
            (IOSAuthorizationStatus.notDetermined, IOSDeliveryRecord.Presentation.notShown),
            (.denied, .notShown), (.authorized, .alert), (.provisional, .quiet), (.ephemeral, .alert),
        ])
    func i8Authorization(status: IOSAuthorizationStatus, presentation: IOSDeliveryRecord.Presentation) throws {
        let device = IOSDevice(authorization: status)
        #expect(device.add(.interval("n", seconds: 60)) == nil)
        #expect(device.pendingIDs == ["n"])
        try device.run(for: .minutes(2))

        #expect(device.system.deliveryLog.map(\.presentation) == [presentation])
        #expect(device.pendingIDs.isEmpty)
        if presentation == .notShown {
            #expect(device.rules("notification.notShown") == ["I8"])
            #expect(device.records("notification.delivered").isEmpty)
            #expect(device.deliveredIDs.isEmpty)
        } else {
            #expect(device.rules("notification.delivered") == ["I6"])
            #expect(device.records("notification.delivered").first?.detail("presentation") == presentation.rawValue)
            #expect(device.deliveredIDs == ["n"])
        }
    }

    @Test(
        "I8: a denied app in the foreground hears nothing of a request falling due (not authorized \"to receive notifications\")",
        arguments: [IOSAuthorizationStatus.denied, .notDetermined, .authorized])
    func i8DeniedForegroundAppNotCalled(status: IOSAuthorizationStatus) throws {
        let device = IOSDevice(authorization: status)
        device.system.launchApp()
        let callsBefore = device.recorder.calls.count
        device.add(.interval("n", seconds: 60))
        try device.run(for: .minutes(2))
        let calls = Array(device.recorder.entries.dropFirst(callsBefore))
        // Before this rule, the denied app's willPresent ran and the plugin took the request for shown.
        #expect(calls == (status.presents ? [.willPresent("n")] : []))
    }

    @Test("I8: authorizing in Settings before the fire time makes an earlier-added request visible")
    func i8AuthorizeLater() throws {
        let device = IOSDevice(authorization: .denied)
        device.add(.interval("a", seconds: 60))
        device.add(.interval("b", seconds: 600))
        try device.run(for: .minutes(5))
        device.system.setAuthorization(.authorized)
        #expect(device.rules("authorization.changed") == ["I8"])
        try device.run(for: .minutes(10))
        #expect(device.system.deliveryLog.map(\.presentation) == [.notShown, .alert])
        #expect(device.deliveredIDs == ["b"])
    }

    // MARK: - I9: delivered list

    @Test("I9: the user can clear delivered notifications; the delivery still happened")
    func i9UserClears() throws {
        let device = IOSDevice()
        device.add(.interval("a", seconds: 60))
        device.add(.interval("b", seconds: 120))
        try device.run(for: .minutes(3))
        #expect(device.deliveredIDs == ["a", "b"])

        device.system.clearDeliveredNotifications()
        #expect(device.deliveredIDs.isEmpty)
        #expect(device.pendingIDs.isEmpty, "not pending and not delivered, yet both were shown")
        #expect(device.system.deliveryLog.count == 2)
        let cleared = device.records("delivered.clearedByUser")
        #expect(cleared.map(\.rule) == ["I9"])
        #expect(cleared.first?.detail("count") == "2")
    }

    // MARK: - I12: delivery drift

    @Test("I12: the drift parameter defaults to 0 and deliveries are exact")
    func i12DefaultExact() throws {
        let device = IOSDevice()
        #expect(device.system.parameters.deliveryDriftMillis == 0)
        for day in 11...20 {
            device.add(.calendar("d\(day)", date: "2026-03-\(day)", hour: 9, minute: 0, repeats: false))
        }
        try device.run(until: at("2026-03-21T00:00:00Z"))
        #expect(device.system.deliveryLog.count == 10)
        #expect(
            device.system.deliveryLog.allSatisfy {
                $0.time == at("2026-03-\($0.request.identifier.dropFirst())T09:00:00Z")
            })
    }

    /// Delivery offsets from 09:00Z for 30 dated one-shot requests under ±180 s drift.
    private func driftOffsets(seed: UInt64) throws -> [Int64] {
        let device = IOSDevice(parameters: .with { $0.deliveryDriftMillis = 180_000 }, seed: seed)
        var planned: [String: SimInstant] = [:]
        for k in 0..<30 {
            let date = LocalDate(parsing: "2026-03-11")!.adding(days: k)
            planned["d\(k)"] = at("\(date)T09:00:00Z")
            device.add(.calendar("d\(k)", date: date.description, hour: 9, minute: 0, repeats: false))
        }
        try device.run(until: at("2026-04-12T00:00:00Z"))
        #expect(device.system.deliveryLog.count == 30, "each one-shot is delivered exactly once")
        return device.system.deliveryLog.map { ($0.time - planned[$0.request.identifier]!).milliseconds }
    }

    @Test("I12: a ±180 s drift stays within bounds and is deterministic per seed")
    func i12DriftBoundedAndSeeded() throws {
        let first = try driftOffsets(seed: 7)
        let again = try driftOffsets(seed: 7)
        let other = try driftOffsets(seed: 8)
        #expect(first.count == 30)
        #expect(first.allSatisfy { (-180_000...180_000).contains($0) })
        #expect(first.contains { $0 != 0 }, "the drift is applied")
        #expect(first.contains { $0 < 0 } && first.contains { $0 > 0 }, "the drift is two-sided")
        #expect(first == again)
        #expect(first != other)
    }

    @Test("I12: with drift, a repeating request is delivered once per occurrence")
    func i12DriftRepeating() throws {
        let device = IOSDevice(parameters: .with { $0.deliveryDriftMillis = 180_000 }, seed: 3, maxEvents: 5_000)
        device.add(.calendar("daily", hour: 9, minute: 0, repeats: true))
        try device.run(until: at("2026-03-20T12:00:00Z"))
        // The harness starts at 08:00 UTC on 03-10 in UTC: 09:00 on 03-10 … 03-20 is 11 occurrences.
        let times = device.deliveryTimes("daily")
        #expect(times.count == 11)
        // Once per occurrence: consecutive deliveries are a day apart, give or take the drift.
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(abs((later - earlier).milliseconds - 86_400_000) <= 360_000)
        }
    }
}
