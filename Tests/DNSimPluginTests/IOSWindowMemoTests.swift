import DNSimCalendar
import DNSimCore
import DNSimPlatforms
@testable import DNSimPlugin
import Testing

/// ``IOSDailyNotificationPlugin/WindowMemo``: a calendar-day window moved on by one day equals
/// the window computed afresh from the slot's new next date, across DST transitions and TTL
/// verdicts that change inside the window.
@Suite("iOS plugin: window memo")
struct IOSWindowMemoTests {
    let plugin = IOSDailyNotificationPlugin(build: IOSPluginBuild(profile: .corrected))

    static func slot(from date: LocalDate, at time: LocalTime, in zone: Zone, fetchedAt: Int64?) -> PluginStore.Slot {
        var slot = PluginStore.Slot(
            id: "s00", time: time, title: "t", body: "b", nextLocalDate: date,
            nextRunAt: DailyOccurrence.instant(on: date, at: time, in: zone)!.millisecondsSinceEpoch, requestCode: 7)
        if let fetchedAt { slot.apply(version: 3, etag: "e3", fetchedAt: fetchedAt) }
        return slot
    }

    /// The days of a window, as comparable text.
    static func described(_ window: [IOSDailyNotificationPlugin.WindowDay]) -> [String] {
        window.map { day in "\(day.date) \(day.request.map { "\($0.request) \($0.due.map(String.init) ?? "-")" } ?? "none")" }
    }

    @Test(arguments: [
        ("America/New_York", "2026-03-01", "02:30"), ("Europe/London", "2026-10-20", "01:30"),
        ("Australia/Lord_Howe", "2026-03-30", "09:00"), ("Asia/Tokyo", "2026-06-01", "07:00"),
    ])
    func aShiftedWindowEqualsAFreshOne(zoneID: String, start: String, time: String) throws {
        let zone = try #require(Zone(identifier: zoneID))
        let time = try #require(DailySlotRequest.wallTime(time))
        let start = try #require(LocalDate(parsing: start))
        let rules = plugin.build.freshness
        // Content fetched the day before the start: fresh for the first days of the window and
        // stale for the rest, so the verdict changes inside it.
        let fetchedAt = DailyOccurrence.instant(on: start.adding(days: -1), at: time, in: zone)!.millisecondsSinceEpoch
        var slot = Self.slot(from: start, at: time, in: zone, fetchedAt: fetchedAt)
        var memo = IOSDailyNotificationPlugin.WindowMemo(
            slot: slot, zone: zone, days: 14, rules: rules, window: plugin.computeWindow(for: slot, zone: zone, days: 14, rules: rules))
        for _ in 0..<40 {
            slot.nextLocalDate = memo.window[1].date
            slot.nextRunAt = DailyOccurrence.instant(on: slot.nextLocalDate, at: time, in: zone)?.millisecondsSinceEpoch ?? 0
            #expect(memo.isWindowOneDayBefore(slot, zone: zone, days: 14, rules: rules))
            // The new last day: the second day of a window that starts on the current last date.
            memo = memo.shifted(toStartAt: slot) { previous in
                plugin.computeWindow(for: {
                    var next = slot
                    next.nextLocalDate = previous
                    return next
                }(), zone: zone, days: 2, rules: rules)[1]
            }
            let fresh = plugin.computeWindow(for: slot, zone: zone, days: 14, rules: rules)
            #expect(Self.described(memo.window) == Self.described(fresh))
            #expect(memo.requests.map(\.request) == fresh.compactMap(\.request?.request))
        }
    }

    @Test func onlyAOneDayMoveWithTheSameInputsIsAShift() throws {
        let zone = try #require(Zone(identifier: "Europe/Berlin"))
        let time = try #require(DailySlotRequest.wallTime("09:00"))
        let rules = plugin.build.freshness
        let slot = Self.slot(from: LocalDate(parsing: "2026-03-20")!, at: time, in: zone, fetchedAt: nil)
        let memo = IOSDailyNotificationPlugin.WindowMemo(
            slot: slot, zone: zone, days: 14, rules: rules, window: plugin.computeWindow(for: slot, zone: zone, days: 14, rules: rules))
        var next = slot
        next.nextLocalDate = slot.nextLocalDate.adding(days: 1)
        #expect(memo.isWindowOneDayBefore(next, zone: zone, days: 14, rules: rules))
        #expect(!memo.isWindowOneDayBefore(next, zone: zone, days: 13, rules: rules), "another number of days")
        #expect(!memo.isWindowOneDayBefore(next, zone: Zone(identifier: "Europe/Paris")!, days: 14, rules: rules), "another zone")
        var twoDays = slot
        twoDays.nextLocalDate = slot.nextLocalDate.adding(days: 2)
        #expect(!memo.isWindowOneDayBefore(twoDays, zone: zone, days: 14, rules: rules), "moved two days")
        var fetched = next
        fetched.apply(version: 4, etag: nil, fetchedAt: 1)
        #expect(!memo.isWindowOneDayBefore(fetched, zone: zone, days: 14, rules: rules), "new content")
    }
}
