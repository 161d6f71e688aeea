import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension IOSDailyNotificationPlugin {
    /// The parts of one day of a calendar-day window that its date decides, with the slot's id
    /// and time and the device's zone: when the slot's time falls on it, and its request's
    /// identifier, `userInfo` without content and trigger.
    ///
    /// A slot's content (every background refresh) and the number of days (a slot added or
    /// removed) change far more often than these, and computing them (the zone's offset at the
    /// date, the next date, the identifier's text) is most of the cost of a day: a new window
    /// keeps them from the last one (``calendarDayWindow(for:zone:days:rules:previous:)``).
    ///
    /// A class: a window's dates are shared, not copied, by the windows that keep them (a copy
    /// of a reference, where a struct of three reference-counted fields and a trigger enum is
    /// copied field by field).
    final class WindowDate {
        /// The local date.
        let date: LocalDate
        /// When the slot's time falls on the date in the zone (wall ms), if it does: the
        /// occurrence's planned instant, which TTL is judged by.
        let instant: Int64?
        /// When the date's request fires (``WindowRequest/due``).
        let due: Int64?
        /// The request's identifier (``identifier(slot:date:)``).
        let identifier: String
        /// The request's `userInfo` without content: the slot and the date (one buffer, shared
        /// by every request built for the date).
        let userInfo: [StringPair]
        /// The request's floating, non-repeating trigger at the date and the slot's hour and minute.
        let trigger: IOSNotificationTrigger

        /// The parts of a day on `date`.
        init(date: LocalDate, instant: Int64?, due: Int64?, identifier: String, userInfo: [StringPair], trigger: IOSNotificationTrigger) {
            self.date = date
            self.instant = instant
            self.due = due
            self.identifier = identifier
            self.userInfo = userInfo
            self.trigger = trigger
        }
    }

    /// The window of `slot` under calendar-day rollover, with its dates, as a memo.
    ///
    /// Each day is a function of its date, the slot's id, time and content, the zone and the
    /// rules (not of where it stands in the window), and each date the next one after the
    /// previous: so the days of `previous` (the slot's last window) from the slot's next date
    /// on are this window's first days when the slot's time and the zone are the same. Their
    /// dates (``WindowDate``) are kept then, and their requests too if the content and rules are
    /// also the same (a window moved on by a delivery); only the days past them are computed.
    func calendarDayWindow(
        for slot: PluginStore.Slot, zone: Zone, days: Int, rules: FreshnessPolicy, previous: WindowMemo?
    ) -> WindowMemo {
        // What of `previous` holds: its dates from the slot's next date on, and their days if
        // the content and rules are the same.
        var keptDates: ArraySlice<WindowDate> = []
        var keptDays: ArraySlice<WindowDay>?
        if let previous, previous.slot.time == slot.time, previous.zone == zone,
            let start = previous.dates.firstIndex(where: { $0.date == slot.nextLocalDate })
        {
            keptDates = previous.dates[start...]
            if previous.hasSameContent(as: slot, rules: rules) { keptDays = previous.window[start...] }
        }
        // The content baked into a fresh occurrence, built for the first day that bakes it.
        var content: BakedContent?
        // The identifiers' common start, built for the first new date.
        var slotPrefix: String?
        var dates: [WindowDate] = []
        var window: [WindowDay] = []
        dates.reserveCapacity(days)
        window.reserveCapacity(days)
        for k in 0..<days {
            let parts: WindowDate
            if k < keptDates.count {
                parts = keptDates[keptDates.startIndex + k]
                if let keptDays {
                    dates.append(parts)
                    window.append(keptDays[keptDays.startIndex + k])
                    continue
                }
            } else {
                // The next date whose wall time is its own instant (a date the zone merges is
                // one occurrence).
                let date = k == 0 ? slot.nextLocalDate : DailyOccurrence.nextDate(after: dates[k - 1].date, at: slot.time, in: zone)
                let prefix = slotPrefix ?? Self.datedIdentifierPrefix(slot: slot.id)
                slotPrefix = prefix
                parts = windowDate(date, of: slot, slotPrefix: prefix, zone: zone)
            }
            dates.append(parts)
            window.append(calendarDay(parts, of: slot, content: &content, rules: rules))
        }
        return WindowMemo(slot: slot, zone: zone, days: days, rules: rules, window: window, dates: dates)
    }

    /// A slot's rendered body and content extras, as a fresh occurrence's request carries them.
    private struct BakedContent {
        var body: String
        var extras: [StringPair]
    }

    /// The date-decided parts of the window day of `slot` on `date`.
    private func windowDate(_ date: LocalDate, of slot: PluginStore.Slot, slotPrefix: String, zone: Zone) -> WindowDate {
        let instant = DailyOccurrence.instant(on: date, at: slot.time, in: zone)?.millisecondsSinceEpoch
        let (hour, minute) = (slot.time.hour, slot.time.minute)
        // The instant the request fires at. The request's trigger has whole minutes; so has a
        // slot's time, as a rule.
        let due =
            slot.time.second == 0 && slot.time.millisecond == 0
            ? instant
            : LocalTime(hour: hour, minute: minute).flatMap { DailyOccurrence.instant(on: date, at: $0, in: zone)?.millisecondsSinceEpoch }
        let dateText = date.description
        return WindowDate(
            date: date, instant: instant, due: due, identifier: slotPrefix + dateText,
            userInfo: [StringPair(NotificationExtraKey.slot, slot.id), StringPair(NotificationExtraKey.localDate, dateText)],
            trigger: .calendar(IOSDateComponents(date: date, hour: hour, minute: minute), timeZone: nil, repeats: false))
    }

    /// The window day of `slot` on the date of `parts`: its request as ``armedContent(_:date:hour:minute:runAt:rules:)``
    /// decides, with the slot's content if it is baked (`content`, built on first use).
    private func calendarDay(
        _ parts: WindowDate, of slot: PluginStore.Slot, content: inout BakedContent?, rules: FreshnessPolicy
    ) -> WindowDay {
        let withContent = armedContent(
            slot, date: parts.date, hour: slot.time.hour, minute: slot.time.minute, runAt: parts.instant ?? 0, rules: rules)
        guard let withContent else { return WindowDay(date: parts.date, request: nil) }
        let request: IOSNotificationRequest
        if withContent {
            let baked = content ?? BakedContent(body: slot.renderedBody, extras: slot.contentExtras)
            content = baked
            request = IOSNotificationRequest(
                identifier: parts.identifier, title: slot.title, body: baked.body, userInfo: parts.userInfo + baked.extras,
                trigger: parts.trigger)
        } else {
            request = IOSNotificationRequest(
                identifier: parts.identifier, title: slot.title, body: slot.body, userInfo: parts.userInfo, trigger: parts.trigger)
        }
        return WindowDay(date: parts.date, request: WindowRequest(request: request, due: parts.due))
    }
}
