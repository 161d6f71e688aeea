import DNSimCalendar
@testable import DNSimPlugin
import Testing

/// ``PluginStore/slotIndex(of:)`` answers as `slots.firstIndex { $0.id == id }` does, whatever
/// was done to ``PluginStore/slots`` in place since the last look-up.
@Suite("Plugin store: slots by id")
struct PluginStoreSlotIndexTests {
    static func slot(_ id: String) -> PluginStore.Slot {
        PluginStore.Slot(
            id: id, time: LocalTime(hour: 8, minute: 0)!, title: "t", body: "b", nextLocalDate: LocalDate(parsing: "2026-07-08")!,
            nextRunAt: 0, requestCode: 1)
    }

    /// Every id asked for (present or not) is found where a search in order finds it.
    static func expectAgreement(_ store: inout PluginStore, _ comment: Comment) {
        for id in store.slots.map(\.id) + ["absent", "s0"] {
            let expected = store.slots.firstIndex { $0.id == id }
            let found = store.slotIndex(of: id)
            #expect(found == expected, "\(id): \(comment)")
        }
    }

    @Test(arguments: [3, PluginStore.slotsSearchedInOrder + 1, 40])
    func aLookUpAgreesWithASearchAfterEveryKindOfChange(count: Int) {
        var store = PluginStore()
        store.slots = (1...count).map { Self.slot("s\($0)") }
        Self.expectAgreement(&store, "fresh")
        store.slots.append(Self.slot("late"))
        Self.expectAgreement(&store, "appended")
        store.slots.remove(at: 0)
        Self.expectAgreement(&store, "first removed: every position moved")
        store.slots[1] = Self.slot("renamed")
        Self.expectAgreement(&store, "a slot replaced in place by another id")
        store.slots.reverse()
        Self.expectAgreement(&store, "reordered")
        store.slots.removeAll { $0.id.hasSuffix("1") }
        Self.expectAgreement(&store, "some removed")
        store.slots.removeAll()
        Self.expectAgreement(&store, "emptied")
    }
}
