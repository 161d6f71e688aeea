import DNSimCore

/// A broadcast Intent as the model needs it: an action plus string extras.
public struct AndroidIntent: Hashable, Sendable {
    /// The action string, such as ``bootCompleted``.
    public var action: String
    /// Extras carried by the Intent, in insertion order.
    public var extras: [AndroidExtra]

    /// Creates an Intent.
    public init(action: String, extras: [AndroidExtra] = []) {
        self.action = action
        self.extras = extras
    }

    /// The first extra named `key`.
    public func extra(_ key: String) -> String? { extras.value(forKey: key) }

    /// Whether the Intent's action is `action`, compared as Android compares actions (Java's
    /// `String.equals`: the same characters), which for an action of another length is one
    /// compare of counts.
    public func hasAction(_ action: String) -> Bool { UTF8Bytes.equal(self.action, action) }

    /// `android.intent.action.BOOT_COMPLETED` (A32).
    public static let bootCompleted = "android.intent.action.BOOT_COMPLETED"
    /// `android.intent.action.LOCKED_BOOT_COMPLETED` (A33).
    public static let lockedBootCompleted = "android.intent.action.LOCKED_BOOT_COMPLETED"
    /// `android.intent.action.TIME_SET` (A14).
    public static let timeSet = "android.intent.action.TIME_SET"
    /// `android.intent.action.TIMEZONE_CHANGED` (A15).
    public static let timezoneChanged = "android.intent.action.TIMEZONE_CHANGED"
    /// `android.intent.action.MY_PACKAGE_REPLACED` (A35).
    public static let myPackageReplaced = "android.intent.action.MY_PACKAGE_REPLACED"
}

/// An Intent or notification extra: a key–value pair of strings.
public typealias AndroidExtra = StringPair

/// A PendingIntent for a broadcast, identified as Android identifies it: two are equal when
/// their request code and Intent action match (`Intent.filterEquals`, extras ignored).
public struct AndroidPendingIntent: Hashable, Sendable, CustomStringConvertible {
    /// The request code passed to `PendingIntent.getBroadcast`.
    public var requestCode: Int
    /// The Intent the broadcast will carry.
    public var intent: AndroidIntent

    /// Creates a PendingIntent.
    public init(requestCode: Int, intent: AndroidIntent) {
        self.requestCode = requestCode
        self.intent = intent
    }

    /// Whether `other` names the same PendingIntent (request code and action).
    public func matches(_ other: AndroidPendingIntent) -> Bool {
        requestCode == other.requestCode && intent.action == other.intent.action
    }

    /// `PendingIntent(<action>#<request code>)`.
    ///
    /// Written byte by byte into one string of the final size: alarm records quote it several
    /// times per occurrence.
    public var description: String {
        let prefix = "PendingIntent("
        let action = intent.action
        let code = Int64(requestCode)
        let length = prefix.utf8.count + action.utf8.count + 1 + DecimalDigits.count(code) + 1
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = 0
            func put(_ byte: UInt8) {
                buffer[end] = byte
                end += 1
            }
            for byte in prefix.utf8 { put(byte) }
            for byte in action.utf8 { put(byte) }
            put(UInt8(ascii: "#"))
            DecimalDigits.forEach(code, put)
            put(UInt8(ascii: ")"))
            return end
        }
    }
}
