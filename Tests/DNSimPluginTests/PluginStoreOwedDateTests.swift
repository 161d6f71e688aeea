import DNSimCalendar
import DNSimCore
@testable import DNSimPlugin
import Testing

/// ``PluginStore/firstOwedDate(of:now:in:)`` and ``PluginStore/noteRun(in:at:)``: which
/// earlier date a westward move makes owed again.
@Suite("Plugin store: dates owed after a westward move")
struct PluginStoreOwedDateTests {
    static let tokyo = Zone(identifier: "Asia/Tokyo")!
    static let newYork = Zone(identifier: "America/New_York")!

    static func millis(_ text: String, in zone: Zone) -> Int64 {
        zone.instant(for: LocalDateTime(parsing: text)!)!.millisecondsSinceEpoch
    }

    /// A midnight slot set up at 07:01 on 12-02 in Tokyo: its first date is 12-03.
    static func midnightSlot() -> PluginStore.Slot {
        var slot = PluginStore.Slot(
            id: "s", time: LocalTime(hour: 0, minute: 0)!, title: "t", body: "b", nextLocalDate: LocalDate(parsing: "2026-12-03")!,
            nextRunAt: millis("2026-12-03T00:00", in: tokyo), requestCode: 1)
        slot.scheduledAt = millis("2026-12-02T07:01", in: tokyo)
        return slot
    }

    @Test func aDateSetUpAfterItsTimeInTokyoIsOwedAgainInNewYork() {
        var store = PluginStore()
        let slot = Self.midnightSlot()
        store.noteRun(in: "Asia/Tokyo", at: slot.scheduledAt!)
        // 11:42 Tokyo = 21:42 on 12-01 in New York: 00:00 on 12-02 there is after the set-up.
        let now = Self.millis("2026-12-02T11:42", in: Self.tokyo)
        store.noteRun(in: "America/New_York", at: now)
        #expect(store.firstOwedDate(of: slot, now: now, in: Self.newYork) == LocalDate(parsing: "2026-12-02")!)
        // Not in Tokyo: 00:00 on 12-02 there was before the set-up.
        #expect(store.firstOwedDate(of: slot, now: now, in: Self.tokyo) == LocalDate(parsing: "2026-12-03")!)
    }

    @Test func aDateTheSlotHadIsNotOwedAgain() {
        var store = PluginStore()
        let slot = Self.midnightSlot()
        store.appendHistory(.init(slot: "s", localDate: LocalDate(parsing: "2026-12-02")!, status: .delivered))
        #expect(store.firstOwedDate(of: slot, now: Self.millis("2026-12-02T11:42", in: Self.tokyo), in: Self.newYork) == LocalDate(parsing: "2026-12-03")!)
    }

    @Test func anInstantBeforeThePluginLastRanInTheOldZoneIsNotOwed() {
        // Set up in Tokyo on 12-01; the plugin last ran in Tokyo at 15:00 on 12-02 (01:00 in New
        // York), so the move came later: 00:00 on 12-02 in New York was never reached there.
        var store = PluginStore()
        var slot = Self.midnightSlot()
        slot.scheduledAt = Self.millis("2026-12-01T07:01", in: Self.tokyo)
        store.noteRun(in: "Asia/Tokyo", at: Self.millis("2026-12-02T15:00", in: Self.tokyo))
        let now = Self.millis("2026-12-02T20:00", in: Self.tokyo)
        store.noteRun(in: "America/New_York", at: now)
        #expect(store.zoneSince == Self.millis("2026-12-02T15:00", in: Self.tokyo))
        #expect(store.firstOwedDate(of: slot, now: now, in: Self.newYork) == LocalDate(parsing: "2026-12-03")!)
    }
}
