import DNSimCalendar
import DNSimCore
import DNSimPlatforms
@testable import DNSimPlugin
import Testing

/// ``IOSDailyNotificationPlugin/WindowMemo`` and ``IOSDailyNotificationPlugin/calendarDayWindow(for:zone:days:rules:previous:)``:
/// a calendar-day window built from the slot's last one (keeping its dates, and its days while
/// the content is the same) equals the window computed afresh, whatever changed: the slot's
/// next date, its content, the number of days, the zone or the slot's time, across DST
/// transitions and TTL verdicts that change inside the window.
@Suite("iOS plugin: window memo")
struct IOSWindowMemoTests {
    let plugin = IOSDailyNotificationPlugin(build: IOSPluginBuild(profile: .corrected))

    static func slot(from date: LocalDate, at time: LocalTime, in zone: Zone, fetchedAt: Int64?, version: Int = 3) -> PluginStore.Slot {
        var slot = PluginStore.Slot(
            id: "s00", time: time, title: "t", body: "b", nextLocalDate: date,
            nextRunAt: DailyOccurrence.instant(on: date, at: time, in: zone)!.millisecondsSinceEpoch, requestCode: 7)
        if let fetchedAt { slot.apply(version: version, etag: "e\(version)", fetchedAt: fetchedAt) }
        return slot
    }

    /// The days of a window, as comparable text.
    static func described(_ window: [IOSDailyNotificationPlugin.WindowDay]) -> [String] {
        window.map { day in "\(day.date) \(day.request.map { "\($0.request) \($0.due.map(String.init) ?? "-")" } ?? "none")" }
    }

    /// Checks that `memo` is the window of its inputs computed afresh, dates included.
    func expectFresh(_ memo: IOSDailyNotificationPlugin.WindowMemo, _ comment: Comment) {
        let fresh = plugin.computeWindow(for: memo.slot, zone: memo.zone, days: memo.days, rules: memo.rules)
        #expect(Self.described(memo.window) == Self.described(fresh), comment)
        #expect(memo.requests.map(\.request) == fresh.compactMap(\.request?.request), comment)
        #expect(memo.dates.map(\.date) == fresh.map(\.date), comment)
        let again = plugin.calendarDayWindow(for: memo.slot, zone: memo.zone, days: memo.days, rules: memo.rules, previous: nil)
        #expect(memo.dates.map(\.identifier) == again.dates.map(\.identifier), comment)
        #expect(memo.dates.map(\.due) == again.dates.map(\.due) && memo.dates.map(\.instant) == again.dates.map(\.instant), comment)
    }

    @Test(arguments: [
        ("America/New_York", "2026-03-01", "02:30"), ("Europe/London", "2026-10-20", "01:30"),
        ("Australia/Lord_Howe", "2026-03-30", "09:00"), ("Asia/Tokyo", "2026-06-01", "07:00"),
    ])
    func aWindowBuiltFromTheLastOneEqualsAFreshOne(zoneID: String, start: String, time: String) throws {
        let zone = try #require(Zone(identifier: zoneID))
        let time = try #require(DailySlotRequest.wallTime(time))
        let start = try #require(LocalDate(parsing: start))
        let rules = plugin.build.freshness
        // Content fetched the day before the start: fresh for the first days of the window and
        // stale for the rest, so the verdict changes inside it.
        let fetchedAt = DailyOccurrence.instant(on: start.adding(days: -1), at: time, in: zone)!.millisecondsSinceEpoch
        var slot = Self.slot(from: start, at: time, in: zone, fetchedAt: fetchedAt)
        var memo = plugin.calendarDayWindow(for: slot, zone: zone, days: 14, rules: rules, previous: nil)
        expectFresh(memo, "first")
        for step in 0..<40 {
            // Moved on by one day, or by two; new content every third step; the number of days
            // shrinks and grows back.
            slot.nextLocalDate = memo.dates[step % 5 == 4 ? 2 : 1].date
            slot.nextRunAt = DailyOccurrence.instant(on: slot.nextLocalDate, at: time, in: zone)?.millisecondsSinceEpoch ?? 0
            if step % 3 == 2 {
                let refetched = DailyOccurrence.instant(on: slot.nextLocalDate.adding(days: -1), at: time, in: zone)!.millisecondsSinceEpoch
                slot.apply(version: 4 + step, etag: nil, fetchedAt: refetched)
            }
            let days = step % 7 == 6 ? 9 : 14
            memo = plugin.calendarDayWindow(for: slot, zone: zone, days: days, rules: rules, previous: memo)
            expectFresh(memo, "step \(step)")
        }
    }

    @Test func aWindowOfAnotherZoneTimeOrDateOnlyKeepsWhatStillHolds() throws {
        let berlin = try #require(Zone(identifier: "Europe/Berlin"))
        let chicago = try #require(Zone(identifier: "America/Chicago"))
        let nine = try #require(DailySlotRequest.wallTime("09:00"))
        let rules = plugin.build.freshness
        let start = try #require(LocalDate(parsing: "2026-03-20"))
        let fetchedAt = DailyOccurrence.instant(on: start, at: nine, in: berlin)!.millisecondsSinceEpoch
        let slot = Self.slot(from: start, at: nine, in: berlin, fetchedAt: fetchedAt)
        let memo = plugin.calendarDayWindow(for: slot, zone: berlin, days: 14, rules: rules, previous: nil)
        // Another zone: the same dates fall at other instants (and DST moves on another day).
        expectFresh(plugin.calendarDayWindow(for: slot, zone: chicago, days: 14, rules: rules, previous: memo), "another zone")
        // Another time: the slot set up again at 02:30 across Berlin's spring-forward gap.
        var moved = slot
        moved.time = try #require(DailySlotRequest.wallTime("02:30"))
        expectFresh(plugin.calendarDayWindow(for: moved, zone: berlin, days: 14, rules: rules, previous: memo), "another time")
        // A next date before the window or past it: nothing kept.
        var earlier = slot
        earlier.nextLocalDate = start.adding(days: -1)
        expectFresh(plugin.calendarDayWindow(for: earlier, zone: berlin, days: 14, rules: rules, previous: memo), "earlier")
        var later = slot
        later.nextLocalDate = start.adding(days: 30)
        expectFresh(plugin.calendarDayWindow(for: later, zone: berlin, days: 14, rules: rules, previous: memo), "later")
        // Other rules: a TTL of one hour makes most days stale.
        var strict = rules
        strict.ttlSeconds = 3_600
        expectFresh(plugin.calendarDayWindow(for: slot, zone: berlin, days: 14, rules: strict, previous: memo), "other rules")
        // New content, same dates: the dates are kept, not the days.
        var refreshed = slot
        refreshed.apply(version: 9, etag: nil, fetchedAt: fetchedAt + 86_400_000)
        let kept = plugin.calendarDayWindow(for: refreshed, zone: berlin, days: 14, rules: rules, previous: memo)
        expectFresh(kept, "new content")
        #expect(zip(kept.dates, memo.dates).allSatisfy { $0 === $1 }, "the dates are the last window's")
    }

    @Test func theSameContentIsTheSameSlotButForWhereItsWindowStarts() throws {
        let zone = try #require(Zone(identifier: "Europe/Berlin"))
        let time = try #require(DailySlotRequest.wallTime("09:00"))
        let rules = plugin.build.freshness
        let slot = Self.slot(from: LocalDate(parsing: "2026-03-20")!, at: time, in: zone, fetchedAt: nil)
        let memo = IOSDailyNotificationPlugin.WindowMemo(
            slot: slot, zone: zone, days: 14, rules: rules, window: plugin.computeWindow(for: slot, zone: zone, days: 14, rules: rules))
        var next = slot
        next.nextLocalDate = slot.nextLocalDate.adding(days: 1)
        next.nextRunAt += 86_400_000
        #expect(memo.hasSameContent(as: next, rules: rules))
        var strict = rules
        strict.ttlSeconds = 60
        #expect(!memo.hasSameContent(as: next, rules: strict), "other rules")
        var fetched = next
        fetched.apply(version: 4, etag: nil, fetchedAt: 1)
        #expect(!memo.hasSameContent(as: fetched, rules: rules), "new content")
        var renamed = next
        renamed.title = "other"
        #expect(!memo.hasSameContent(as: renamed, rules: rules), "another title")
    }
}
