import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import Testing

/// Pins the device clocks (T8, A13): wall clock = true time + offset; elapsed realtime from boot.
struct DeviceClockTests {
    let boot = at("2026-03-10T06:00:00Z")

    @Test("T8: elapsedRealtime counts from boot and restarts at zero on every boot")
    func elapsedRealtimeResetsAtBoot() {
        var clock = DeviceClock(bootInstant: boot, zone: .utc)
        #expect(clock.elapsedRealtime(at: boot) == 0)
        #expect(clock.elapsedRealtime(at: boot + .hours(2)) == 7_200_000)
        clock.boot(at: boot + .hours(3))
        #expect(clock.elapsedRealtime(at: boot + .hours(3)) == 0)
        #expect(clock.elapsedRealtime(at: boot + .hours(3) + .seconds(5)) == 5_000)
    }

    @Test("T8: a boot does not move the wall clock")
    func bootKeepsWallClock() {
        var clock = DeviceClock(bootInstant: boot, zone: .utc)
        clock.setWallClock(to: (boot + .hours(1)).millisecondsSinceEpoch, at: boot)
        clock.boot(at: boot + .hours(2))
        #expect(clock.wallMillis(at: boot + .hours(2)) == (boot + .hours(3)).millisecondsSinceEpoch)
    }

    @Test("T8: setting the wall clock keeps an offset from true time")
    func wallClockOffset() {
        var clock = DeviceClock(bootInstant: boot, zone: .utc)
        let now = boot + .hours(1)
        #expect(clock.wallMillis(at: now) == now.millisecondsSinceEpoch)
        #expect(clock.wallOffset == .zero)

        let target = (now - .minutes(30)).millisecondsSinceEpoch
        clock.setWallClock(to: target, at: now)

        #expect(clock.wallOffset == .minutes(-30))
        #expect(clock.wallMillis(at: now) == target)
        #expect(clock.wallMillis(at: now + .seconds(1)) == target + 1_000)
        #expect(clock.wallInstant(at: now) == now - .minutes(30))
        #expect(clock.trueInstant(forWallMillis: target) == now)
        #expect(clock.trueInstant(forWallMillis: target + 60_000) == now + .minutes(1))
        #expect(clock.elapsedRealtime(at: now) == 3_600_000, "elapsed realtime ignores the wall clock")
    }

    @Test("A15/T8: a zone change moves the local reading, not the UTC wall clock")
    func zoneChangeKeepsUTC() {
        var clock = DeviceClock(bootInstant: boot, zone: zone("Europe/Berlin"))
        let now = at("2026-03-10T08:00:00Z")
        #expect(clock.localDateTime(at: now).time.hour == 9)
        clock.setZone(zone("America/New_York"))
        #expect(clock.wallMillis(at: now) == now.millisecondsSinceEpoch)
        #expect(clock.localDateTime(at: now).time.hour == 4)
    }

    @Test("T8: through the OS, elapsedRealtime restarts at the reboot and the wall clock does not")
    func systemRebootResetsElapsed() throws {
        let device = Device()
        #expect(device.context.elapsedRealtime() == 3_600_000, "the model boots the device an hour before the start")
        device.system.reboot(offFor: .minutes(3), unlockAfter: .minutes(1))
        try device.run(for: .minutes(10))
        #expect(device.context.elapsedRealtime() == 7 * 60_000)
        #expect(device.wallNow == (Device.defaultStart + .minutes(10)).millisecondsSinceEpoch)
        #expect(device.rules("device.booted") == ["A33"])
        #expect(device.records("device.booted").map(\.time) == [Device.defaultStart + .minutes(3)])
    }
}
