import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension IOSDailyNotificationPlugin {
    /// Launch and resume recovery, by ``PluginPolicy/IOS/launchRecovery``.
    func recover(context: Context, reason: String) {
        let stored = context.withStorage { $0.core }
        guard let (_, skipped) = stored.restorableSlots(tolerant: policy.restore == .skipCorrupt) else {
            context.log("recovery.failed", [TraceDetail("reason", reason), TraceDetail("why", "a stored record does not deserialize")])
            return
        }
        if !skipped.isEmpty {
            context.log("record.skippedCorrupt", skipped.map { TraceDetail("slot", $0) })
            context.withStorage { store in store.core.slots.removeAll { $0.isCorrupt } }
        }
        switch policy.launchRecovery {
        case .none:
            checkTimeJump(context: context)
            checkForMissedBGTask(context: context)
        case .threeWay:
            recoverThreeWay(context: context, reason: reason)
        case .reconcile:
            checkTimeJump(context: context)
            reconcile(context: context, reason: reason)
            checkForMissedBGTask(context: context)
        }
        if policy.zoneChangeCheck == .compareStoredZone,
            let stored = context.withStorage({ $0.lastSeenZone }), stored != context.timeZone.identifier
        {
            // Seed 003 Strategy 2: "If timezone changed, recalculate all scheduled times" —
            // cancel and reschedule; the stored instants are kept (S5).
            context.log("timeZoneChange.detected", [TraceDetail("from", stored), TraceDetail("to", context.timeZone.identifier)])
            rearmAll(context: context)
        }
        context.withStorage {
            $0.lastSeenWall = context.now().millisecondsSinceEpoch
            $0.lastSeenZone = context.timeZone.identifier
        }
    }

    /// Seed 000 §2.2 / seed 002, by ``PluginPolicy/IOS/bgTaskMissCheck``: a refresh not run 15
    /// minutes after its earliestBeginDate counts as missed and is resubmitted (S18:
    /// earliestBeginDate is only a lower bound, I15).
    func checkForMissedBGTask(context: Context) {
        let delay: Int64?
        switch policy.bgTaskMissCheck {
        case .none: return
        case .resubmit: delay = nil
        case .resubmitInOneMinute: delay = 60_000
        }
        let store = context.withStorage { $0 }
        let now = context.now().millisecondsSinceEpoch
        guard let earliest = store.lastRefreshEarliest, now > earliest + 15 * 60_000,
            (store.lastRefreshRun ?? 0) < earliest
        else { return }
        context.log("bgtask.missedDetected", [TraceDetail("earliest", earliest)])
        submitRefresh(context: context, earliestOverride: delay.map { now + $0 })
    }

    /// Seed 003's time-jump check (S4), by ``PluginPolicy/IOS/timeJumpCheck``: a wall-clock
    /// difference of more than 5 minutes since the last run is read as a time change, and under
    /// ``PluginPolicy/TimeJumpCheck/cancelAndReshift`` acted on.
    func checkTimeJump(context: Context) {
        guard let delta = timeJump(context: context) else { return }
        reshift(by: delta, context: context)
    }

    /// The clock jump seed 003 would see: `|now − last seen|` when above 5 minutes (logged),
    /// else `nil`.
    func timeJump(context: Context) -> Int64? {
        guard policy.timeJumpCheck != .none else { return nil }
        let now = context.now().millisecondsSinceEpoch
        guard let last = context.withStorage({ $0.lastSeenWall }), abs(now - last) > 5 * 60_000 else { return nil }
        // Seed 003 (S4): a wall-clock difference since the last run is read as a time change.
        context.log("timeChange.detected", [TraceDetail("via", "last seen wall clock > 5 min ago")])
        return abs(now - last)
    }

    /// Seed 003 Strategy 1 (``PluginPolicy/TimeJumpCheck/cancelAndReshift``): "Cancel old
    /// notification … reschedule with corrected times", each scheduled time recalculated from
    /// the original by the time delta — so a legitimate gap since the last run (T8) moves every
    /// occurrence by it. Only logged under `logOnly`.
    func reshift(by delta: Int64, context: Context) {
        guard policy.timeJumpCheck == .cancelAndReshift else { return }
        var own: [String] = []
        context.notificationCenter.getPendingNotificationRequests { requests in
            own = requests.map(\.identifier).filter { $0.hasPrefix(IOSPluginBuild.requestPrefix) }
        }
        context.notificationCenter.removePendingNotificationRequests(withIdentifiers: own)
        let zone = context.timeZone
        context.withStorage { store in
            store.forgetArmed { _ in true }
            for index in store.core.slots.indices {
                let shifted = store.core.slots[index].nextRunAt + delta
                store.core.slots[index].nextRunAt = shifted
                store.core.slots[index].nextLocalDate = zone.localDateTime(at: SimInstant(millisecondsSinceEpoch: shifted)).date
            }
        }
        context.log("timeChange.reshifted", [TraceDetail("deltaMillis", delta), TraceDetail("cancelled", own.count)])
    }

    /// Seeds 000 §2.3 and 001 §4 as written (``PluginPolicy/IOSLaunchRecovery/threeWay``).
    private func recoverThreeWay(context: Context, reason: String) {
        let now = context.now().millisecondsSinceEpoch
        let store = context.withStorage { $0 }
        var pendingIDs: [String] = []
        context.notificationCenter.getPendingNotificationRequests { pendingIDs = $0.map(\.identifier) }
        var deliveredIDs: Set<String> = []
        context.notificationCenter.getDeliveredNotifications { deliveredIDs = Set($0.map(\.identifier)) }
        var ownPending = Set(pendingIDs.filter { $0.hasPrefix(IOSPluginBuild.requestPrefix) })
        let jump = timeJump(context: context)
        if ownPending.isEmpty && !store.core.slots.isEmpty {
            // Seed 001 (S15): "pending empty ⇒ the app was terminated".
            context.log("termination.detected", [TraceDetail("via", "pending list empty")])
        }
        if let jump, policy.timeJumpCheck == .cancelAndReshift {
            reshift(by: jump, context: context)
            ownPending = []
        }
        // Three-way comparison with the seed's ±180 s tolerance (S6): passed, not delivered, not
        // pending ⇒ missed (a user-cleared notification looks the same, S27).
        var missed: [String] = []
        context.withStorage { store in
            for slot in store.core.slots {
                var date = slot.nextLocalDate
                var runAt = slot.nextRunAt
                while runAt + 180_000 < now {
                    let id = Self.identifier(slot: slot.id, date: date)
                    if !deliveredIDs.contains(id) && !ownPending.contains(id) && !store.core.hasHistory(slot: slot.id, localDate: date) {
                        store.core.appendHistory(.init(slot: slot.id, localDate: date, status: .missed))
                        missed.append("\(slot.id)@\(date)")
                    }
                    date = date.adding(days: 1)
                    runAt += 86_400_000
                }
            }
        }
        if !missed.isEmpty {
            context.log("missed.reported", [TraceDetail("count", missed.count), TraceDetail("reason", reason)] + missed.map { TraceDetail("occurrence", $0) })
        }
        rearmAll(context: context)
        checkForMissedBGTask(context: context)
    }

    /// The seeds' re-arm: roll each slot past `now` by the rollover rule (+24 h steps in seed
    /// 003), cancel every request of the plugin and add the window again.
    func rearmAll(context: Context) {
        let now = context.now().millisecondsSinceEpoch
        let zone = context.timeZone
        let rollover = policy.rollover
        var stepped = 0
        let slots = context.withStorage { store -> [PluginStore.Slot] in
            for index in store.core.slots.indices {
                while store.core.slots[index].nextRunAt <= now {
                    rollover.advance(&store.core.slots[index], in: zone)
                    stepped += 1
                }
            }
            return store.core.slots
        }
        if stepped > 0 {
            // Date + 86 400 s: absolute time only (T5); or each next date's wall time (T2).
            context.log("rolledForward", decidedBy: rollover == .add24Hours ? .t5 : .t2, [TraceDetail("steps", stepped)])
        }
        var own: [String] = []
        var pending = IOSPendingSnapshot()
        context.notificationCenter.getPendingNotificationRequests { requests in
            own = requests.map(\.identifier).filter { $0.hasPrefix(IOSPluginBuild.requestPrefix) }
            pending = IOSPendingSnapshot(requests)
        }
        context.notificationCenter.removePendingNotificationRequests(withIdentifiers: own)
        pending.removed(own)
        for slot in slots { arm(slot, context: context, pending: &pending) }
    }

    /// ``PluginPolicy/IOSLaunchRecovery/reconcile``: an idempotent three-way reconcile. Passed occurrences that were pending at the
    /// last reconcile and are gone were delivered by the system (I10; the user may have cleared
    /// them, I9); passed occurrences that were never armed (the window ran out) are missed,
    /// reported once. Then each slot's window is refilled from its next local date.
    func reconcile(context: Context, reason: String) {
        // The pending list settle reads is the one the re-arming starts from (settle adds and
        // removes nothing).
        var pending = IOSPendingSnapshot()
        let slots = settle(context: context, reason: reason, pending: &pending)
        armAll(context: context, pending: pending)
        // Submitting again replaces a pending request (I14), so this is idempotent and keeps the
        // earliestBeginDate at the next slot's T–lead.
        submitRefresh(context: context)
        context.log("recovery.done", [TraceDetail("reason", reason), TraceDetail("slots", slots.count)])
    }

    /// The first half of the reconcile: each slot's occurrences whose time has passed are settled
    /// (delivered or missed, reported once) and its next local date moves past them, so a window
    /// planned afterwards starts at an occurrence still ahead. Runs before any re-plan of the
    /// window (a settings change, a new slot): no app code runs at delivery (I6), so a slot's
    /// stored next date can lie in the past, and a window planned from it would count a date
    /// already gone and trim a future one from a budget-sized window.
    @discardableResult
    func settle(context: Context, reason: String) -> [PluginStore.Slot] {
        var pending = IOSPendingSnapshot()
        return settle(context: context, reason: reason, pending: &pending)
    }

    /// ``settle(context:reason:)``, leaving in `pending` the pending list it read.
    func settle(context: Context, reason: String, pending: inout IOSPendingSnapshot) -> [PluginStore.Slot] {
        let now = context.now().millisecondsSinceEpoch
        let zone = context.timeZone
        context.notificationCenter.getPendingNotificationRequests { pending = IOSPendingSnapshot($0) }
        // The closures below read this copy: reading the `inout` parameter from a closure copies
        // the whole view at every lookup.
        let pendingAsRead = pending
        // Notification Center's list grows with the run until the user clears it (I9), so it is
        // read only when an armed request is gone before its time (travel, a clock set back).
        var deliveredIDs: Set<String>?
        func wasDelivered(_ id: String) -> Bool {
            if deliveredIDs == nil {
                context.notificationCenter.getDeliveredNotifications { deliveredIDs = Set($0.map(\.identifier)) }
            }
            return deliveredIDs?.contains(id) == true
        }
        // A request that fell due while notifications were denied leaves the pending list as a
        // shown one does, but nothing was shown (I8) and no app code ran (I6). The app learns of
        // a denial only when it runs: since the last time it saw them authorized, with a denial
        // seen now or since, an occurrence gone after its time may not have been shown, and is
        // reported missed.
        var authorization = IOSAuthorizationStatus.notDetermined
        context.notificationCenter.getNotificationSettings { authorization = $0 }
        var missed: [String] = []
        let slots = context.withStorage { store -> [PluginStore.Slot] in
            let unshownAfter: Int64? = (!authorization.presents || store.deniedSeen) ? (store.authorizedThrough ?? .min) : nil
            defer {
                if authorization.presents {
                    store.authorizedThrough = now
                    store.deniedSeen = false
                } else {
                    store.deniedSeen = true
                }
            }
            // The device changed zone since the plugin last ran: a floating trigger may have
            // fired in a zone further east than any it knows of (I4), before its armed time.
            let movedSinceLastRun = store.core.lastRunZone.map { $0 != zone.identifier } == true
            if policy.travel == .oncePerLocalDate { store.core.noteRun(in: zone.identifier, at: now) }
            // ``PluginPolicy/Travel/oncePerLocalDate``: a request the system took after its armed
            // time, or one still in Notification Center, is its date's delivery, even if a
            // westward zone change or a clock set back puts the date's wall time ahead again. So
            // is one taken, after a move, once its wall time had come anywhere (UTC+14): the user
            // may have cleared Notification Center since (I9), and the zone it fired in may be
            // one the plugin never ran in. (Without a move, a request gone before its time was
            // evicted over the 64 limit, I1, and is added again.)
            func firedAlready(_ id: String, at: Int64, date: LocalDate, time: LocalTime) -> Bool {
                guard policy.travel == .oncePerLocalDate, store.isArmed(id), !pendingAsRead.contains(id) else { return false }
                if at <= now || store.armedDue(id).map({ $0 <= now }) == true { return true }
                if movedSinceLastRun, LocalDateTime(date: date, time: time).millisecondsAsIfUTC - Self.easternmostOffsetMillis <= now {
                    return true
                }
                return wasDelivered(id)
            }
            for index in store.core.slots.indices {
                var slot = store.core.slots[index]
                let storedNext = slot.nextLocalDate
                if policy.travel == .oncePerLocalDate {
                    // A westward move can bring back a date owed since the set-up: still ahead,
                    // it is armed; passed unarmed, the loop below reports it missed.
                    slot.nextLocalDate = store.core.firstOwedDate(of: slot, now: now, in: zone)
                }
                let slotPrefix = Self.datedIdentifierPrefix(slot: slot.id)
                while true {
                    guard let at = DailyOccurrence.instant(on: slot.nextLocalDate, at: slot.time, in: zone) else { break }
                    let id = slot.nextLocalDate.description(after: slotPrefix)
                    guard at.millisecondsSinceEpoch <= now || firedAlready(id, at: at.millisecondsSinceEpoch, date: slot.nextLocalDate, time: slot.time)
                    else { break }
                    // Still pending at (or just after) its time: the system has not got to it yet
                    // (an app callback at the same instant, trigger drift, I12). It is the
                    // system's to deliver, not missed; the next reconcile finds it gone.
                    if pendingAsRead.contains(id), now - at.millisecondsSinceEpoch <= IOSPluginBuild.dueToleranceMillis {
                        break
                    }
                    if !store.core.hasHistory(slot: slot.id, localDate: slot.nextLocalDate) {
                        // Gone from pending after its time: the system delivered it (I10). Still
                        // pending after its time (the clock jumped past it) or never armed: missed.
                        let delivered =
                            store.isArmed(id) && !pendingAsRead.contains(id) && unshownAfter.map { at.millisecondsSinceEpoch <= $0 } != false
                        store.core.appendHistory(.init(slot: slot.id, localDate: slot.nextLocalDate, status: delivered ? .delivered : .missed))
                        if !delivered { missed.append(slot.nextLocalDate.description(after: slot.id, "@")) }
                    }
                    slot.nextLocalDate = DailyOccurrence.nextDate(after: slot.nextLocalDate, at: slot.time, in: zone)
                }
                // A date brought back (above) is ahead, but the dates after it up to the stored
                // next one may have fired before the move: each such request is its date's
                // delivery, so the window skips the date rather than show it a second time.
                var date = slot.nextLocalDate.adding(days: 1)
                while date <= storedNext {
                    if let at = DailyOccurrence.instant(on: date, at: slot.time, in: zone), !store.core.hasHistory(slot: slot.id, localDate: date),
                        firedAlready(date.description(after: slotPrefix), at: at.millisecondsSinceEpoch, date: date, time: slot.time)
                    {
                        store.core.appendHistory(.init(slot: slot.id, localDate: date, status: .delivered))
                    }
                    date = date.adding(days: 1)
                }
                slot.nextRunAt = DailyOccurrence.instant(on: slot.nextLocalDate, at: slot.time, in: zone)?.millisecondsSinceEpoch ?? slot.nextRunAt
                store.core.slots[index] = slot
            }
            store.forgetArmed { !pendingAsRead.contains($0) }
            return store.core.slots
        }
        if !missed.isEmpty {
            context.log(
                "missed.reported",
                [TraceDetail("count", missed.count), TraceDetail("reason", reason)] + missed.map { TraceDetail("occurrence", $0) })
        }
        return slots
    }
}
