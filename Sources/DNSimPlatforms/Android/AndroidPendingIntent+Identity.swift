extension AndroidPendingIntent {
    /// What makes two PendingIntents the same to the system: the request code and the Intent's
    /// `filterEquals` part (here its action; extras are ignored). The OS models key live
    /// PendingIntents and alarms by it.
    public struct Identity: Hashable, Sendable {
        /// The request code.
        public var requestCode: Int
        /// The Intent action.
        public var action: String
    }

    /// The identity this PendingIntent shares with every one it ``matches(_:)``.
    public var identity: Identity { Identity(requestCode: requestCode, action: intent.action) }
}
