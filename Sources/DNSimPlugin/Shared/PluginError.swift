/// An error the plugin's TypeScript API returns, with the seeds' error codes.
public struct PluginError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The machine-readable code, such as `invalid_time_format`.
    public var code: String
    /// A human message.
    public var message: String

    /// Creates an error.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// The time was not `HH:mm` on a 24-hour clock.
    public static func invalidTimeFormat(_ text: String) -> PluginError {
        PluginError(code: "invalid_time_format", message: "time \"\(text)\" is not HH:mm (24-hour)")
    }

    /// Notifications are not permitted, so nothing was scheduled.
    public static let notificationsDenied = PluginError(
        code: "notifications_denied", message: "notification permission is not granted; nothing was scheduled")

    /// The OS refused to schedule.
    public static func schedulingFailed(_ why: String) -> PluginError {
        PluginError(code: "scheduling_failed", message: why)
    }

    /// The plugin's storage could not be opened.
    public static let storageUnavailable = PluginError(
        code: "storage_unavailable", message: "the plugin database cannot be opened before the first unlock")

    /// Every code the plugin can return.
    public static let allCodes = ["invalid_time_format", "notifications_denied", "scheduling_failed", "storage_unavailable"]

    public var description: String { "\(code): \(message)" }
}
