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
    static func occurrence(
        slot: String, localDate: String, plannedWallMillisText: String, content: some Collection<StringPair>
    ) -> [StringPair] {
        var extras: [StringPair] = []
        extras.reserveCapacity(3 + content.count)
        extras.append(StringPair(NotificationExtraKey.slot, slot))
        extras.append(StringPair(NotificationExtraKey.localDate, localDate))
        extras.append(StringPair(NotificationExtraKey.plannedWallMillis, plannedWallMillisText))
        extras.append(contentsOf: content)
        return extras
    }

    /// ``occurrence(slot:localDate:plannedWallMillisText:content:)``, or `existing` when it is
    /// already that list, its pairs represented by the very same strings (an alarm's extras,
    /// read back to post its notification): then no list is built, and the notification
    /// shares the alarm's.
    static func occurrence(
        slot: String, localDate: String, plannedWallMillisText: String, content: ArraySlice<StringPair>,
        reusing existing: [StringPair]
    ) -> [StringPair] {
        if existing.count == 3 + content.count,
            existing[0].hasSameRepresentation(key: NotificationExtraKey.slot, value: slot),
            existing[1].hasSameRepresentation(key: NotificationExtraKey.localDate, value: localDate),
            existing[2].hasSameRepresentation(key: NotificationExtraKey.plannedWallMillis, value: plannedWallMillisText),
            zip(existing[3...], content).allSatisfy({ $0.hasSameRepresentation(as: $1) })
        {
            return existing
        }
        return occurrence(slot: slot, localDate: localDate, plannedWallMillisText: plannedWallMillisText, content: content)
    }
}
