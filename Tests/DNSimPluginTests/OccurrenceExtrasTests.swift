@testable import DNSimPlugin
import DNSimCore
import DNSimPlatforms
import Testing

/// ``NotificationExtraKey/occurrence(slot:localDate:plannedWallMillis:content:)``: the extras every
/// armed alarm and posted notification carries (the OS keeps the posts' for the rest of the run).
@Suite("occurrence extras")
struct OccurrenceExtrasTests {
    @Test func occurrenceFirstThenTheContentInItsOrder() {
        let content = [StringPair(NotificationExtraKey.contentVersion, "7"), StringPair(NotificationExtraKey.contentFetchedAt, "1700000000000")]
        let extras = NotificationExtraKey.occurrence(slot: "s01", localDate: "2026-03-29", plannedWallMillis: 1_774_767_600_000, content: content)
        #expect(extras.map(\.key) == ["slot", "localDate", "plannedWallMillis", "contentVersion", "contentFetchedAt"])
        #expect(extras.map(\.value) == ["s01", "2026-03-29", "1774767600000", "7", "1700000000000"])
    }

    @Test func withoutContentOnlyTheOccurrence() {
        let extras = NotificationExtraKey.occurrence(slot: "s01", localDate: "2026-03-29", plannedWallMillis: -5, content: [])
        #expect(extras.map(\.key) == ["slot", "localDate", "plannedWallMillis"])
        #expect(extras.last?.value == "-5")
    }

    /// The point of building them in place: no room left over in a buffer the run keeps
    /// (`[a, b, c] + content` doubles the capacity of the three-element literal).
    @Test func theBufferHoldsNoMoreThanItNeedsBeyondTheAllocatorsRounding() {
        let content = [StringPair(NotificationExtraKey.contentVersion, "7"), StringPair(NotificationExtraKey.contentFetchedAt, "1")]
        let extras = NotificationExtraKey.occurrence(slot: "s", localDate: "2026-01-01", plannedWallMillis: 0, content: content)
        let concatenated =
            [
                StringPair(NotificationExtraKey.slot, "s"), StringPair(NotificationExtraKey.localDate, "2026-01-01"),
                StringPair(NotificationExtraKey.plannedWallMillis, "0"),
            ] + content
        #expect(extras.capacity < concatenated.capacity)
    }
}
