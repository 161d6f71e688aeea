import DNSimCalendar
import DNSimCore
import DNSimPlugin

/// Performs the scenario steps that are plugin API calls, identically on every platform, and
/// records their outcome in the run's ledger.
enum PluginAPICall {
    /// Whether `action` is a call of the plugin's TypeScript API.
    static func isAPICall(_ action: ScenarioAction) -> Bool {
        switch action {
        case .scheduleDailyNotification, .cancelAllNotifications, .getNotificationStatus, .getLastNotification,
            .applySettings:
            return true
        default:
            return false
        }
    }

    /// Calls the plugin for `action`; returns the API's error, if any.
    static func perform<Plugin: DailyNotificationAPI>(
        _ action: ScenarioAction, on plugin: Plugin, context: Plugin.Context, ledger: RunLedger, at now: SimInstant
    ) -> PluginError? {
        switch action {
        case .scheduleDailyNotification(let request):
            return ledger.scheduled(request, error: plugin.scheduleDailyNotification(request, context: context), at: now)
        case .cancelAllNotifications:
            return ledger.cancelledAll(error: plugin.cancelAllNotifications(context: context), at: now)
        case .getNotificationStatus:
            return ledger.status(plugin.getNotificationStatus(context: context), at: now)
        case .getLastNotification:
            let last = plugin.getLastNotification(context: context)
            return ledger.status(
                [("lastSlot", last?.slot ?? "none"), ("lastLocalDate", last?.localDate.description ?? "none")], at: now)
        case .applySettings(let settings, let replace):
            return plugin.applySettings(settings, replace: replace, context: context)
        default:
            return nil
        }
    }
}
