/// The plugin's TypeScript API, the same on every platform (seed 002's method list): what the
/// app's JavaScript calls. Each platform side implements it against its own OS ports.
public protocol DailyNotificationAPI: AnyObject {
    /// The OS context the platform hands the plugin.
    associatedtype Context

    /// `scheduleDailyNotification({ id?, time, title, body })`.
    func scheduleDailyNotification(_ request: DailySlotRequest, context: Context) -> PluginError?
    /// `cancelAllNotifications()`.
    func cancelAllNotifications(context: Context) -> PluginError?
    /// `getNotificationStatus()`.
    func getNotificationStatus(context: Context) -> [(String, String)]
    /// `getLastNotification()`.
    func getLastNotification(context: Context) -> PluginStore.HistoryEntry?
    /// `configure(settings)` (`replace`) or `updateSettings(changes)`.
    func applySettings(_ settings: PluginSettings, replace: Bool, context: Context) -> PluginError?
}

extension AndroidDailyNotificationPlugin: DailyNotificationAPI {}
extension IOSDailyNotificationPlugin: DailyNotificationAPI {}
extension ElectronDailyNotificationPlugin: DailyNotificationAPI {}
