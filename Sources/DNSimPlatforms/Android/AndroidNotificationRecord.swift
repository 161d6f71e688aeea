import DNSimCore

/// One call to `NotificationManager.notify` and what the OS did with it.
public struct AndroidNotificationRecord: Sendable {
    /// What became of a posted notification.
    public enum Outcome: String, Sendable {
        /// Shown to the user.
        case shown
        /// Dropped silently because notifications are not permitted (A49).
        case suppressedPermissionDenied
        /// Dropped silently because the user blocked the channel (A51).
        case suppressedChannelBlocked
    }

    /// When `notify` was called.
    public var time: SimInstant
    /// The notification id passed to `notify`.
    public var id: Int
    /// The title.
    public var title: String
    /// The body text.
    public var body: String
    /// Extras the app attached (the OS only stores them).
    public var extras: [AndroidExtra]
    /// What the OS did.
    public var outcome: Outcome
    /// The trace record of the post.
    public var record: Int32

    /// The first extra named `key`.
    public func extra(_ key: String) -> String? { extras.value(forKey: key) }
}
