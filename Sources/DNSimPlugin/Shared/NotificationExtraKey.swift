import DNSimCore
import DNSimPlatforms

/// The keys of the extras the plugin attaches to each notification and alarm, so that anyone
/// reading the OS's notification log can tell which occurrence a notification belongs to.
public enum NotificationExtraKey {
    /// The slot id.
    public static let slot = "slot"
    /// The local date of the occurrence, `YYYY-MM-DD`, as the plugin computed it.
    public static let localDate = "localDate"
    /// The wall-clock ms the plugin armed the occurrence for.
    public static let plannedWallMillis = "plannedWallMillis"
    /// The content version rendered into the notification, when there is fetched content.
    public static let contentVersion = "contentVersion"
    /// When that content was fetched (wall ms).
    public static let contentFetchedAt = "contentFetchedAt"
}

extension NotificationExtraKey {
    /// The extras of an occurrence's alarm and of its posted notification: the occurrence (slot,
    /// local date, planned wall ms), then the content rendered into it. Built at their final
    /// size: every arming builds them, the OS keeps every post's for the rest of the run, and
    /// `[…] + content` leaves room for as many again.
    static func occurrence(slot: String, localDate: String, plannedWallMillis: Int64, content: [StringPair]) -> [StringPair] {
        occurrence(slot: slot, localDate: localDate, plannedWallMillisText: DecimalDigits.string(plannedWallMillis), content: content)
    }

    /// ``occurrence(slot:localDate:plannedWallMillis:content:)`` given the planned wall ms as
    /// text (``OccurrenceTextCache``).
    static func occurrence(slot: String, localDate: String, plannedWallMillisText: String, content: [StringPair]) -> [StringPair] {
        var extras: [StringPair] = []
        extras.reserveCapacity(3 + content.count)
        extras.append(StringPair(NotificationExtraKey.slot, slot))
        extras.append(StringPair(NotificationExtraKey.localDate, localDate))
        extras.append(StringPair(NotificationExtraKey.plannedWallMillis, plannedWallMillisText))
        extras.append(contentsOf: content)
        return extras
    }
}
