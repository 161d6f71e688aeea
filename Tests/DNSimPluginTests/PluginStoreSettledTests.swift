import DNSimCalendar
@testable import DNSimPlugin
import Testing

/// ``PluginStore/wasSettled(_:localDate:)``: which history entries settle an occurrence for the
/// slot's current set-up.
@Suite("Plugin store: occurrences settled for a set-up")
struct PluginStoreSettledTests {
    static let date = LocalDate(parsing: "2026-07-08")!

    static func slot(historyMark: Int) -> PluginStore.Slot {
        var slot = PluginStore.Slot(
            id: "s", time: LocalTime(hour: 2, minute: 30)!, title: "t", body: "b", nextLocalDate: date, nextRunAt: 0, requestCode: 1)
        slot.historyMark = historyMark
        return slot
    }

    @Test func aDateReportedMissedUnderAnEarlierSetUpIsOwedToTheNewOne() {
        var store = PluginStore()
        store.appendHistory(.init(slot: "s", localDate: Self.date, status: .missed))
        // Cancelled, then set up again: the new set-up starts after that entry.
        let again = Self.slot(historyMark: store.history.count)
        #expect(store.hasHistory(slot: "s", localDate: Self.date))
        #expect(!store.wasSettled(again, localDate: Self.date))
        // Under the set-up that reported it, it stays settled.
        #expect(store.wasSettled(Self.slot(historyMark: 0), localDate: Self.date))
    }

    @Test func aDateShownOrSkippedIsSettledForEverySetUp() {
        for status in [PluginStore.HistoryEntry.Status.delivered, .skipped] {
            var store = PluginStore()
            store.appendHistory(.init(slot: "s", localDate: Self.date, status: status))
            #expect(store.wasSettled(Self.slot(historyMark: store.history.count), localDate: Self.date), "\(status)")
        }
    }

    @Test func aDateReportedMissedSinceTheSetUpIsSettled() {
        var store = PluginStore()
        let slot = Self.slot(historyMark: store.history.count)
        store.appendHistory(.init(slot: "s", localDate: Self.date, status: .missed))
        #expect(store.wasSettled(slot, localDate: Self.date))
        #expect(!store.wasSettled(slot, localDate: Self.date.adding(days: 1)))
    }
}
