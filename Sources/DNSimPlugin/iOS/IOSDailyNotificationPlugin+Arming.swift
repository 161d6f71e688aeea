import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension IOSDailyNotificationPlugin {
    /// The identifier of a slot's dated request.
    static func identifier(slot: String, date: LocalDate) -> String {
        date.description(after: datedIdentifierPrefix(slot: slot))
    }

    /// The part of a slot's dated identifiers before the date (a window builds it once).
    static func datedIdentifierPrefix(slot: String) -> String {
        IOSPluginBuild.requestPrefix + slot + "-"
    }

    /// The freshness rules in force: the build's, with the app's run-time settings applied.
    func freshness(_ context: Context) -> FreshnessPolicy {
        context.withStorage { $0.core.settings }.applied(to: build.freshness)
    }

    /// One request of a slot's window, with when it fires on the device's clock in its current
    /// zone (wall ms): its date at its trigger's hour and minute; `nil` for a repeating trigger.
    struct WindowRequest {
        var request: IOSNotificationRequest
        var due: Int64?
    }

    /// One day of a slot's window: its local date, and its request unless TTL keeps it from
    /// being armed (a repeating trigger's window is one day, the slot's next date).
    struct WindowDay {
        var date: LocalDate
        var request: WindowRequest?
    }

    /// The requests a slot should have pending now, by the policy's trigger, rollover and TTL.
    ///
    /// The window is a function of the slot, the zone, the number of days and the freshness
    /// rules alone, and the plugin re-arms far more often than these change (every launch,
    /// refresh and time-change notice): the last window of each slot is kept with its inputs
    /// (``WindowMemo``) and reused while they are the same. Under calendar-day rollover a new
    /// window also keeps what the last one shares with it: the dates it still covers (after a
    /// delivery moved the slot on, or with new content or another number of days), and their
    /// requests while the content is the same (``calendarDayWindow(for:zone:days:rules:previous:)``).
    func windowRequests(for slot: PluginStore.Slot, context: Context, days: Int) -> [WindowRequest] {
        let rules = freshness(context)
        let zone = context.timeZone
        let previous = windowMemos[slot.id]
        if let previous, previous.isWindow(of: slot, zone: zone, days: days, rules: rules) { return previous.requests }
        let memo =
            policy.trigger == .datedCalendar && policy.rollover == .calendarDay
            ? calendarDayWindow(for: slot, zone: zone, days: days, rules: rules, previous: previous)
            : WindowMemo(slot: slot, zone: zone, days: days, rules: rules, window: computeWindow(for: slot, zone: zone, days: days, rules: rules))
        windowMemos[slot.id] = memo
        return memo.requests
    }

    /// The window of a slot, computed day by day (see ``windowRequests(for:context:days:)``).
    func computeWindow(for slot: PluginStore.Slot, zone: Zone, days: Int, rules: FreshnessPolicy) -> [WindowDay] {
        switch policy.trigger {
        case .repeatingCalendar:
            // One repeating, floating calendar trigger: the OS keeps firing it with no app code.
            let request = IOSNotificationRequest(
                identifier: IOSPluginBuild.requestPrefix + slot.id, title: slot.title, body: slot.body,
                userInfo: [StringPair(NotificationExtraKey.slot, slot.id)],
                trigger: .calendar(IOSDateComponents(hour: slot.time.hour, minute: slot.time.minute), timeZone: nil, repeats: true))
            return [WindowDay(date: slot.nextLocalDate, request: WindowRequest(request: request, due: nil))]
        case .datedCalendar:
            switch policy.rollover {
            case .add24Hours:
                // The window's local dates: seed 003's +24 h steps (S1).
                let slotPrefix = Self.datedIdentifierPrefix(slot: slot.id)
                var window: [WindowDay] = []
                window.reserveCapacity(days)
                for k in 0..<days {
                    let runAt = slot.nextRunAt + Int64(k) * 86_400_000
                    let local = zone.localDateTime(at: SimInstant(millisecondsSinceEpoch: runAt))
                    let date = local.date
                    let (hour, minute) = (local.time.hour, local.time.minute)
                    // The instant the request fires at: its date and wall time in the current zone.
                    let due = LocalTime(hour: hour, minute: minute).flatMap {
                        DailyOccurrence.instant(on: date, at: $0, in: zone)?.millisecondsSinceEpoch
                    }
                    let request = armedContent(slot, date: date, hour: hour, minute: minute, runAt: runAt, rules: rules).map {
                        dated(slot, slotPrefix: slotPrefix, date: date, hour: hour, minute: minute, withContent: $0)
                    }
                    window.append(WindowDay(date: date, request: request.map { WindowRequest(request: $0, due: due) }))
                }
                return window
            case .calendarDay:
                // Each next calendar date whose wall time is its own instant.
                return calendarDayWindow(for: slot, zone: zone, days: days, rules: rules, previous: nil).window
            }
        }
    }

    /// How one occurrence of a slot's window is armed: `nil` when TTL keeps it from being armed,
    /// else whether its request bakes in the slot's content.
    func armedContent(
        _ slot: PluginStore.Slot, date: LocalDate, hour: Int, minute: Int, runAt: Int64, rules: FreshnessPolicy
    ) -> Bool? {
        // No app code runs at delivery (I6), so TTL-at-fire is decided here, per occurrence.
        let verdict = rules.verdict(runAt: runAt, fetchedAt: slot.contentFetchedAt)
        // Content is baked only if still fresh at the TTL horizon; an occurrence fresh at
        // its planned instant but not at the horizon is armed with the static body.
        let bake =
            verdict == .fresh
            && rules.verdict(runAt: ttlInstant(date: date, hour: hour, minute: minute, plannedAt: runAt), fetchedAt: slot.contentFetchedAt)
                == .fresh
        switch policy.ttl {
        case .none:
            return slot.contentVersion != nil
        case .skipArming:
            // Seed 004 §4: a stale occurrence is not armed.
            if verdict == .stale { return nil }
        case .staleAction:
            // Content only where it will still be fresh at T; otherwise the stale action.
            if verdict == .stale && rules.staleAction == .skip { return nil }
        }
        return bake
    }

    /// The instant TTL-at-fire is judged at (``PluginPolicy/TTLHorizon``): the planned one, or
    /// the latest the floating wall time can fall on, in UTC−12.
    private func ttlInstant(date: LocalDate, hour: Int, minute: Int, plannedAt: Int64) -> Int64 {
        switch policy.ttlHorizon {
        case .plannedInstant:
            return plannedAt
        case .westernmostZone:
            guard let time = LocalTime(hour: hour, minute: minute) else { return plannedAt }
            let westernmost = LocalDateTime(date: date, time: time).millisecondsAsIfUTC + Self.westernmostOffsetMillis
            return max(plannedAt, westernmost)
        }
    }

    /// UTC−12 (IANA `Etc/GMT+12`), the westernmost offset any zone uses: a wall time falls latest there.
    static let westernmostOffsetMillis: Int64 = 12 * 3_600_000

    /// UTC+14 (IANA `Pacific/Kiritimati`), the easternmost offset any zone uses: a wall time
    /// comes first there.
    static let easternmostOffsetMillis: Int64 = 14 * 3_600_000

    private func dated(
        _ slot: PluginStore.Slot, slotPrefix: String, date: LocalDate, hour: Int, minute: Int, withContent: Bool
    ) -> IOSNotificationRequest {
        let dateText = date.description
        return IOSNotificationRequest(
            identifier: slotPrefix + dateText, title: slot.title,
            body: withContent ? slot.renderedBody : slot.body,
            userInfo: [
                StringPair(NotificationExtraKey.slot, slot.id), StringPair(NotificationExtraKey.localDate, dateText),
            ] + (withContent ? slot.contentExtras : []),
            trigger: .calendar(IOSDateComponents(date: date, hour: hour, minute: minute), timeZone: nil, repeats: false))
    }

    /// How many days per slot fit the 64 budget when `others` of the pending requests are not
    /// the plugin's.
    func windowDays(others: Int, context: Context) -> Int {
        let slots = max(1, context.withStorage { $0.core.slots.count })
        let budget = 64 - IOSPluginBuild.reservedForOthers - others
        return policy.windowSizing == .budgetAware ? max(1, min(build.windowDays, budget / slots)) : build.windowDays
    }

    /// Arms every slot's window together: first removes the plugin's pending requests that fall
    /// outside the current windows (a window shrinks when slots or other requests are added),
    /// then adds what is missing, so the total never passes 64 (I1).
    ///
    /// `pending` is the pending list as the caller last read it, if it has added and removed
    /// nothing since (``reconcile(context:reason:)`` passes settle's).
    ///
    /// A pass that finds everything as the last complete one left it changes nothing, and only
    /// writes each slot's `armed` record (``PassMemo``).
    func armAll(context: Context, pending read: IOSPendingSnapshot = IOSPendingSnapshot()) {
        let slots = context.withStorage { $0.core.slots }
        var listed: [IOSNotificationRequest] = []
        context.notificationCenter.getPendingNotificationRequests { listed = $0 }
        let zone = context.timeZone
        let rules = freshness(context)
        let armedRevision = context.withStorage { $0.armedRevision }
        if build.remembersPasses, let last = lastPass,
            last.isUnchanged(pending: listed, slots: slots, zone: zone, rules: rules, armedRevision: armedRevision)
        {
            assert(passWouldChangeNothing(slots: slots, listed: listed, windowSizes: last.windowSizes, context: context))
            unchangedPasses += 1
            for (slot, size) in zip(slots, last.windowSizes) { logArmed(slot, added: 0, window: size, context: context) }
            return
        }
        lastPass = nil
        // One read of the pending list for the whole pass: it sizes the windows, names the
        // surplus and is kept in step with what the pass adds and removes (``IOSPendingSnapshot``).
        var pending = read
        pending.refresh(from: listed)
        let requests = pending.listAsRead
        let days = windowDays(others: pending.others, context: context)
        let windows = slots.map { windowRequests(for: $0, context: context, days: days) }
        // The surplus, in the list's order: the plugin's requests no window entry names (each
        // entry marks where its identifier is pending).
        var surplus: [String] = []
        var wanted = [Bool](repeating: false, count: requests.count)
        for window in windows {
            for entry in window.indices {
                if let position = pending.position(of: window[entry].request.identifier) { wanted[position] = true }
            }
        }
        for position in requests.indices where !wanted[position] {
            let identifier = requests[position].identifier
            if identifier.hasASCIIPrefix(IOSPluginBuild.requestPrefix) { surplus.append(identifier) }
        }
        if !surplus.isEmpty {
            context.notificationCenter.removePendingNotificationRequests(withIdentifiers: surplus)
            pending.removed(surplus)
            let removed = Set(surplus)
            context.withStorage { store in store.forgetArmed { removed.contains($0) } }
        }
        var isComplete = true
        var windowSizes: [Int] = []
        windowSizes.reserveCapacity(slots.count)
        for (slot, window) in zip(slots, windows) {
            let outcome = arm(slot, context: context, pending: &pending, planned: (days, window))
            isComplete = isComplete && outcome.isComplete
            windowSizes.append(outcome.windowSize)
        }
        guard isComplete, build.remembersPasses else { return }
        var after: [IOSNotificationRequest] = []
        context.notificationCenter.getPendingNotificationRequests { after = $0 }
        // The system's drops over its limit (I1) only shrink the list: at the count the view
        // was kept at, every request the pass held or added is still pending.
        guard after.count == pending.count else { return }
        lastPass = PassMemo(
            pending: after, slots: slots, zone: zone, rules: rules, armedRevision: context.withStorage { $0.armedRevision },
            windowSizes: windowSizes)
    }

    /// What arming one slot came to: the size of its window, and whether every request of the
    /// window it was planned with is pending at the end (none skipped by the travel rule or
    /// refused).
    struct ArmOutcome {
        var windowSize: Int
        var isComplete: Bool
    }

    /// Adds a slot's window requests that are not already pending.
    func arm(_ slot: PluginStore.Slot, context: Context) {
        var pending = IOSPendingSnapshot()
        arm(slot, context: context, pending: &pending)
    }

    /// Adds a slot's window requests that are not already pending, `pending` being the plugin's
    /// view of the pending list (brought up to date here and kept so). `planned` is the slot's
    /// window for a number of days, when the caller has computed it.
    @discardableResult
    func arm(
        _ slot: PluginStore.Slot, context: Context, pending: inout IOSPendingSnapshot,
        planned: (days: Int, window: [WindowRequest])? = nil
    ) -> ArmOutcome {
        context.notificationCenter.getPendingNotificationRequests { pending.refresh(from: $0) }
        let days = windowDays(others: pending.others, context: context)
        let requests = planned.flatMap { $0.days == days ? $0.window : nil } ?? windowRequests(for: slot, context: context, days: days)
        var isComplete = planned?.days == days
        var added = 0
        let now = context.now().millisecondsSinceEpoch
        // Missing requests are added; pending ones whose rendered content changed are replaced.
        // Every lookup sees the list as it stood when this slot began; the slot's adds are noted
        // in the view after the loop (a +24 h window can name one date twice, S1).
        var adds: [IOSNotificationRequest] = []
        for position in requests.indices {
            // By position, so that a window entry already pending is not copied to compare it.
            if pending.holds(requests[position].request) { continue }
            let entry = requests[position]
            let request = entry.request
            // ``PluginPolicy/Travel/oncePerLocalDate``: a date whose time has passed here is not
            // added again (it would fire only if the device moved west, a second time that date).
            if policy.travel == .oncePerLocalDate, !pending.contains(request.identifier) {
                if let due = entry.due, due <= now {
                    isComplete = false
                    continue
                }
                // Nor is a date the store has settled (shown, skipped or reported missed): travel
                // west brings its wall time back, ahead again.
                if let date = request.info(NotificationExtraKey.localDate).flatMap(LocalDate.init(parsing:)),
                    context.withStorage({ $0.core.hasHistory(slot: slot.id, localDate: date) })
                {
                    isComplete = false
                    continue
                }
            }
            var failed = false
            context.notificationCenter.add(request) { error in
                if let error {
                    failed = true
                    context.log("add.failed", [TraceDetail("identifier", request.identifier), TraceDetail("error", error)])
                }
            }
            if failed { isComplete = false } else { adds.append(request) }
            telemetry("scheduled", request: request, context: context)
            added += 1
        }
        for request in adds { pending.added(request) }
        context.withStorage { store in
            for position in requests.indices {
                store.noteArmed(requests[position].request.identifier, due: requests[position].due)
            }
        }
        logArmed(slot, added: added, window: requests.count, context: context)
        return ArmOutcome(windowSize: requests.count, isComplete: isComplete)
    }

    /// Records that `slot` is armed: `added` requests added to a window of `window`.
    private func logArmed(_ slot: PluginStore.Slot, added: Int, window: Int, context: Context) {
        // The window's dates: seed 003's +24 h (T1) or calendar days (T2); a repeating trigger
        // is handed to the OS (I3).
        let fact: OSRule? = policy.trigger == .repeatingCalendar ? nil : policy.rollover == .add24Hours ? .t1 : .t2
        context.log("armed", decidedBy: fact, [TraceDetail("slot", slot.id), TraceDetail("added", added), TraceDetail("window", window)])
    }

    /// Submits the T–lead BGAppRefresh request for the earliest next slot.
    func submitRefresh(context: Context, earliestOverride: Int64? = nil) {
        let slots = context.withStorage { $0.core.slots }
        guard let next = slots.map(\.nextRunAt).min() else { return }
        let lead = Int64(freshness(context).prefetchLeadMinutes) * 60_000
        let earliest = earliestOverride ?? max(context.now().millisecondsSinceEpoch, next - lead)
        do {
            try context.taskScheduler.submit(
                IOSBackgroundTaskRequest(
                    identifier: IOSPluginBuild.refreshTaskIdentifier, kind: .appRefresh,
                    earliestBeginDate: SimInstant(millisecondsSinceEpoch: earliest)))
            context.withStorage { $0.lastRefreshEarliest = earliest }
        } catch {
            context.log("bgtask.submitFailed", [TraceDetail("error", error.rawValue)])
        }
    }
}
