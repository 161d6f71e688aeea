import DNSimCalendar

extension IOSDailyNotificationPlugin {
    /// A slot's window requests as last computed, with the inputs they are a function of: the
    /// slot (its time, dates, titles and content), the device's zone, the number of days and
    /// the freshness rules in force (the policy and build are the plugin's own and fixed).
    struct WindowMemo {
        var slot: PluginStore.Slot
        var zone: Zone
        var days: Int
        var rules: FreshnessPolicy
        var requests: [WindowRequest]

        /// Whether ``requests`` is the window of `slot` for these inputs.
        func isWindow(of slot: PluginStore.Slot, zone: Zone, days: Int, rules: FreshnessPolicy) -> Bool {
            self.days == days && self.zone == zone && self.slot == slot && self.rules == rules
        }
    }
}
