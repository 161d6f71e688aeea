import DNSimCore

/// One `ApplicationExitInfo`: when and why one of the app's processes ended.
public struct AndroidProcessExit: Sendable, Hashable {
    /// `ApplicationExitInfo.REASON_*`, reduced to what the model produces.
    public enum Reason: String, Sendable, Hashable {
        /// `REASON_USER_REQUESTED`: force stop (A29).
        case userRequested
        /// `REASON_USER_STOPPED`: removed from recents.
        case userStopped
        /// `REASON_LOW_MEMORY`.
        case lowMemory
        /// `REASON_PERMISSION_CHANGE`.
        case permissionChange
        /// Anything else (reboot, update).
        case other
    }

    /// When the process ended.
    public var time: SimInstant
    /// Why.
    public var reason: Reason
}
