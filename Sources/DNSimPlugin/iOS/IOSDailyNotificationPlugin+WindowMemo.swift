import DNSimCalendar

extension IOSDailyNotificationPlugin {
    /// A slot's window as last computed, with the inputs it is a function of: the slot (its
    /// time, dates, titles and content), the device's zone, the number of days and the freshness
    /// rules in force (the policy and build are the plugin's own and fixed).
    ///
    /// A class, written once: reading a slot's memo out of ``windowMemos`` (every arming of
    /// every slot does) is a reference, not a copy of the slot, the rules and three lists field
    /// by field, and a memo replaced is freed by its own deinitializer.
    final class WindowMemo {
        let slot: PluginStore.Slot
        let zone: Zone
        let days: Int
        let rules: FreshnessPolicy
        /// The window day by day, from the slot's next date.
        let window: [WindowDay]
        /// The date-decided parts of each day of ``window`` under calendar-day rollover, which
        /// the next window of the slot can keep (``calendarDayWindow(for:zone:days:rules:previous:)``);
        /// empty under the other rollover and triggers.
        let dates: [WindowDate]
        /// The requests of ``window`` (the days TTL does not keep from being armed), in order.
        let requests: [WindowRequest]

        /// A memo of `window`, the window of `slot` for these inputs, and of its `dates`, if kept.
        init(slot: PluginStore.Slot, zone: Zone, days: Int, rules: FreshnessPolicy, window: [WindowDay], dates: [WindowDate] = []) {
            self.slot = slot
            self.zone = zone
            self.days = days
            self.rules = rules
            self.window = window
            self.dates = dates
            requests = window.compactMap(\.request)
        }

        /// Whether ``requests`` is the window of `slot` for these inputs.
        func isWindow(of slot: PluginStore.Slot, zone: Zone, days: Int, rules: FreshnessPolicy) -> Bool {
            self.days == days && self.zone == zone && self.slot == slot && self.rules == rules
        }

        /// Whether a day of this window is the day on its date of `slot`'s window under `rules`
        /// in this zone: the rules are the same, and so is the slot but for its next occurrence
        /// (where its window starts, not what any one day of it is).
        func hasSameContent(as slot: PluginStore.Slot, rules: FreshnessPolicy) -> Bool {
            guard self.rules == rules else { return false }
            var moved = self.slot
            moved.nextLocalDate = slot.nextLocalDate
            moved.nextRunAt = slot.nextRunAt
            return moved == slot
        }
    }
}
