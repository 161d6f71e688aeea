import DNSimPlugin

/// The fields a `statusReports` check may name: those of the plugin's `getNotificationStatus()`
/// answer on the platform, and `lastSlot` / `lastLocalDate` of `getLastNotification()`.
enum StatusFields {
    /// The fields `getLastNotification` steps record.
    static let lastNotification = ["lastSlot", "lastLocalDate"]

    /// The fields on `platform`; with no platform, those of every platform, once each.
    static func names(on platform: ScenarioPlatform?) -> [String] {
        let status: [String]
        switch platform {
        case .android: status = AndroidDailyNotificationPlugin.statusFields
        case .ios: status = IOSDailyNotificationPlugin.statusFields
        case .electron: status = ElectronDailyNotificationPlugin.statusFields
        case nil:
            var all: [String] = []
            for name in AndroidDailyNotificationPlugin.statusFields + IOSDailyNotificationPlugin.statusFields
                + ElectronDailyNotificationPlugin.statusFields where !all.contains(name)
            {
                all.append(name)
            }
            status = all
        }
        return status + lastNotification
    }
}
