import DNSimCalendar
import DNSimCore
import DNSimPlatforms
@testable import DNSimPlugin
import Testing

/// ``IOSDailyNotificationPlugin/PassMemo``: a re-arming pass that finds everything as the last
/// complete one left it writes only its `armed` records, and a run with the memo is the run
/// without it, record for record.
@Suite("iOS plugin: unchanged re-arming passes")
struct IOSPassMemoTests {
    /// Three weeks of a user's days: two slots, the app opened in the morning and at noon and
    /// left after a few minutes (the morning launch also hears the midnight time change the
    /// system held, I13), a force quit, a trip to Chicago and back, a clock set back and Low
    /// Power Mode for a day.
    static func liveThreeWeeks(_ device: IOSPluginDevice) throws {
        let system = device.system
        device.launchAndSchedule("09:00")
        _ = device.schedule("21:30", id: "evening")
        try device.run(for: .minutes(3))
        system.backgroundApp()
        for day in 0..<21 {
            try device.run(for: .hours(23))
            system.launchApp()
            try device.run(for: .minutes(4))
            system.backgroundApp()
            try device.run(for: .hours(4))
            system.launchApp()
            try device.run(for: .minutes(2))
            system.backgroundApp()
            switch day {
            case 3: system.forceQuit()
            case 6: system.setTimeZone(Zone(identifier: "America/Chicago")!)
            case 9: system.setTimeZone(device.zone)
            case 12: system.setWallClock(toWallMillis: device.sim.now.millisecondsSinceEpoch - 3_600_000)
            case 15: system.setLowPowerMode(true)
            case 16: system.setLowPowerMode(false)
            default: break
            }
            try device.run(for: .minutes(1))
        }
    }

    /// Where two traces first differ, or `nil` when they are equal.
    static func firstDifference(_ lhs: [TraceRecord], _ rhs: [TraceRecord]) -> String? {
        for (left, right) in zip(lhs, rhs) where left != right { return "record \(left.id): \(left) ≠ \(right)" }
        return lhs.count == rhs.count ? nil : "\(lhs.count) records ≠ \(rhs.count)"
    }

    @Test func aRunWithTheMemoIsTheRunWithout() throws {
        let remembering = IOSPluginDevice(profile: .corrected)
        let forgetting = IOSPluginDevice(profile: .corrected, remembersPasses: false)
        try Self.liveThreeWeeks(remembering)
        try Self.liveThreeWeeks(forgetting)
        // The memo was used (this process's passes since the force quit on day 3), and changed nothing.
        #expect((remembering.system.process?.unchangedPasses ?? 0) > 10)
        #expect(forgetting.system.process?.unchangedPasses == 0)
        #expect(remembering.sim.trace.records.count > 1_000)
        #expect(Self.firstDifference(remembering.sim.trace.records, forgetting.sim.trace.records) == nil)
        #expect(remembering.sim.trace.digest == forgetting.sim.trace.digest)
        #expect(remembering.pendingIDs == forgetting.pendingIDs)
        #expect(remembering.store.armedIdentifiers == forgetting.store.armedIdentifiers)
        #expect(remembering.store.armedRevision == forgetting.store.armedRevision)
        #expect(remembering.shownLocalTimes == forgetting.shownLocalTimes)
    }

    @Test func aSecondLaunchWithNothingChangedAddsNothing() throws {
        let device = IOSPluginDevice(profile: .corrected)
        device.launchAndSchedule("09:00")
        try device.run(for: .minutes(3))
        device.system.backgroundApp()
        let added = device.records("request.added").count
        let armed = device.pluginLog("armed").count
        #expect(added > 0)
        try device.run(for: .minutes(30))
        device.system.launchApp()
        let process = try #require(device.system.process)
        #expect(process.unchangedPasses == 1)
        #expect(device.records("request.added").count == added)
        let again = device.pluginLog("armed").dropFirst(armed)
        #expect(again.map { $0.detail("added") } == ["0"])
        #expect(again.map { $0.detail("window") } == [String(added)])
    }

    @Test func aPassAfterADeliveryIsAFullPass() throws {
        let device = IOSPluginDevice(profile: .corrected)
        device.launchAndSchedule("09:00")
        try device.run(for: .minutes(3))
        device.system.backgroundApp()
        // Past the 09:00 delivery: the pending list is one request shorter.
        try device.run(for: .hours(2))
        device.system.launchApp()
        let process = try #require(device.system.process)
        #expect(process.unchangedPasses == 0)
        #expect(device.pluginLog("armed").last?.detail("added") == "1")
    }
}
