extension AndroidPendingIntent {
    /// What makes two PendingIntents the same to the system: the request code and the Intent's
    /// `filterEquals` part (here its action; extras are ignored). The OS models key live
    /// PendingIntents and alarms by it.
    public struct Identity: Hashable, Sendable {
        /// The request code.
        public var requestCode: Int
        /// The Intent action.
        public var action: String

        /// Hashes the request code and the action's length, not the action's bytes: an app uses
        /// one or two actions, so their bytes would not spread the keys, and hashing them at every
        /// look-up of every alarm cost about 4 % of a device-year run. Equality still compares
        /// the whole action.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(requestCode)
            hasher.combine(action.utf8.count)
        }
    }

    /// The identity this PendingIntent shares with every one it ``matches(_:)``.
    public var identity: Identity { Identity(requestCode: requestCode, action: intent.action) }
}
