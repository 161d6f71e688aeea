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
