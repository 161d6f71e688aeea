import DNSimCalendar

extension IOSDailyNotificationPlugin {
    /// A slot's window as last computed, with the inputs it is a function of: the slot (its
    /// time, dates, titles and content), the device's zone, the number of days and the freshness
    /// rules in force (the policy and build are the plugin's own and fixed).
    struct WindowMemo {
        var slot: PluginStore.Slot
        var zone: Zone
        var days: Int
        var rules: FreshnessPolicy
        /// The window day by day, from the slot's next date.
        var window: [WindowDay]
        /// The requests of ``window`` (the days TTL does not keep from being armed), in order.
        var requests: [WindowRequest]

        /// A memo of `window`, the window of `slot` for these inputs.
        init(slot: PluginStore.Slot, zone: Zone, days: Int, rules: FreshnessPolicy, window: [WindowDay]) {
            self.slot = slot
            self.zone = zone
            self.days = days
            self.rules = rules
            self.window = window
            requests = window.compactMap(\.request)
        }

        /// Whether ``requests`` is the window of `slot` for these inputs.
        func isWindow(of slot: PluginStore.Slot, zone: Zone, days: Int, rules: FreshnessPolicy) -> Bool {
            self.days == days && self.zone == zone && self.slot == slot && self.rules == rules
        }

        /// Whether `slot`'s window for these inputs is this one moved on by one day: the inputs
        /// are the same but for the slot's next occurrence, which is this window's second day.
        /// (Under calendar-day rollover each day is a function of its date alone, and each date
        /// the next one after the previous; see ``shifted(toStartAt:computingLast:)``.)
        func isWindowOneDayBefore(_ slot: PluginStore.Slot, zone: Zone, days: Int, rules: FreshnessPolicy) -> Bool {
            guard self.days == days, window.count == days, days >= 2, slot.nextLocalDate == window[1].date,
                self.zone == zone, self.rules == rules
            else { return false }
            var moved = self.slot
            moved.nextLocalDate = slot.nextLocalDate
            moved.nextRunAt = slot.nextRunAt
            return moved == slot
        }

        /// This window moved on by one day for `slot` (see ``isWindowOneDayBefore(_:zone:days:rules:)``):
        /// its first day dropped, and a new last day, `lastDay(after:)` of the current last date,
        /// appended.
        func shifted(toStartAt slot: PluginStore.Slot, computingLast lastDay: (LocalDate) -> WindowDay) -> WindowMemo {
            var window = Array(window.dropFirst())
            window.append(lastDay(self.window[self.window.count - 1].date))
            return WindowMemo(slot: slot, zone: zone, days: days, rules: rules, window: window)
        }
    }
}
