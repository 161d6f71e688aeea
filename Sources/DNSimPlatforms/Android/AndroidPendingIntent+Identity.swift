import DNSimCore

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

        /// The hash a `Dictionary` or `Set` keyed by identities uses: the same two numbers mixed
        /// with the table's seed by ``WordMix``, not fed through `Hasher` (SipHash and its
        /// finalisation, five times the work). Models look an identity up three or four times
        /// per alarm set; nothing hashes identities from outside, so no one can pick keys that
        /// collide.
        public func _rawHashValue(seed: Int) -> Int {
            WordMix.hash(UInt64(bitPattern: Int64(requestCode)), UInt64(action.utf8.count), seed: seed)
        }
    }

    /// The identity this PendingIntent shares with every one it ``matches(_:)``.
    public var identity: Identity { Identity(requestCode: requestCode, action: intent.action) }
}
