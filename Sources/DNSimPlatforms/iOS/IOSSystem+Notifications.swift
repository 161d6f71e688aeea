import DNSimCalendar
import DNSimCore

extension IOSSystem {
    /// Records what the OS did about a request: its identifier, its `userInfo` (which ties it to
    /// an occurrence) as `extra.<key>` details, then `more`.
    @discardableResult
    func trace(
        _ subsystem: String, _ kind: String, rule: OSRule? = nil, cause: Int32? = nil, about request: IOSNotificationRequest,
        _ more: @autoclosure () -> [TraceDetail] = []
    ) -> Int32 {
        trace(subsystem, kind, rule: rule, cause: cause, [TraceDetail("identifier", request.identifier)], extras: request.userInfo, more())
    }

    /// `UNUserNotificationCenter.add(_:)`: replaces a request with the same identifier, then
    /// applies the 64-pending limit (I1).
    func add(_ request: IOSNotificationRequest) -> String? {
        if case .timeInterval(let seconds, let repeats) = request.trigger, seconds <= 0 || (repeats && seconds < 60) {
            trace("ios.notifications", "request.rejected", rule: .i2, about: request)
            return "time interval must be > 0, and >= 60 s when repeating"
        }
        if let old = pending.remove(request.identifier), let handle = old.dueEvent { sim.cancel(handle) }
        addCounter += 1
        var entry = Pending(
            serial: nextSerial, request: request, addedAt: sim.now, addOrder: addCounter, nextFire: nil, dueEvent: nil)
        nextSerial += 1
        entry.nextFire = nextFireInstant(of: request, addedAt: sim.now, after: sim.now)
        let record = trace(
            "ios.notifications", "request.added", rule: .i3,
            about: request, [TraceDetail("nextFire", entry.nextFire.map { ISO8601.format($0, in: clock.zone) } ?? "never")])
        entry.dueEvent = schedule(entry, cause: record)
        pending.append(entry)
        enforcePendingLimit()
        return nil
    }

    /// Applies the 64 limit: keeps the soonest or the last-added requests and drops the rest
    /// silently (I1). Every request counts once, repeating or not.
    private func enforcePendingLimit() {
        // Under `noneFire` nothing is dropped: every request stays pending and none fires while
        // the app is over the limit (see `fire(serial:)`).
        guard pending.count > parameters.pendingLimit, parameters.keepPolicy != .noneFire else { return }
        let overflow = pending.count - parameters.pendingLimit
        // Most adds over the limit drop one request: found without copying the pending list.
        let victims: [Pending]
        switch parameters.keepPolicy {
        case .soonest:
            // Latest next fire first (never = latest), the later-added first on a tie: a strict
            // total order (add orders are unique), so picking the first one equals sorting.
            let dropsFirst = { (lhs: Pending, rhs: Pending) -> Bool in
                let l = lhs.nextFire?.millisecondsSinceEpoch ?? .max
                let r = rhs.nextFire?.millisecondsSinceEpoch ?? .max
                return l != r ? l > r : lhs.addOrder > rhs.addOrder
            }
            if overflow == 1, let first = pending.minEntry(by: dropsFirst) {
                victims = [first]
            } else {
                victims = Array(pending.entries.sorted(by: dropsFirst).prefix(overflow))
            }
        case .lastAdded:
            // Entries are kept in add order, so the earliest added come first.
            victims = pending.firstEntries(overflow)
        case .noneFire:
            victims = []
        }
        for victim in victims {
            guard let entry = pending.remove(victim.request.identifier) else { continue }
            if let handle = entry.dueEvent { sim.cancel(handle) }
            trace("ios.notifications", "request.droppedOverLimit", rule: .i1, about: entry.request)
        }
    }

    /// Removes pending requests by identifier, the most recently added first (an identifier
    /// named twice, byte for byte, counts once).
    func removePending(identifiers: [String]) {
        var seen = Set<StringKey>()
        var targets: [(order: Int, identifier: String)] = []
        for identifier in identifiers where seen.insert(StringKey(identifier)).inserted {
            if let order = pending.order(of: identifier) { targets.append((order, identifier)) }
        }
        targets.sort { $0.order > $1.order }
        for target in targets {
            guard let entry = pending.remove(target.identifier) else { continue }
            if let handle = entry.dueEvent { sim.cancel(handle) }
            trace("ios.notifications", "request.removed", about: entry.request)
        }
    }

    /// The next instant (true time) a request fires after `after`, judged on the device's wall
    /// clock and zone, or `nil` when it never will.
    func nextFireInstant(of request: IOSNotificationRequest, addedAt: SimInstant, after: SimInstant) -> SimInstant? {
        switch request.trigger {
        case .timeInterval(let seconds, let repeats):
            let first = addedAt + .seconds(seconds)
            if first > after { return first }
            guard repeats else { return nil }
            let periods = (after - first).milliseconds / (seconds * 1000) + 1
            return first + .milliseconds(periods * seconds * 1000)
        case .calendar(let components, let fixedZone, _):
            let zone = fixedZone ?? clock.zone
            let wallAfter = clock.wallInstant(at: after)
            guard let time = LocalTime(hour: components.hour, minute: components.minute) else { return nil }
            var date = components.date ?? zone.localDateTime(at: wallAfter).date
            for _ in 0..<3 {
                let resolution = zone.resolve(LocalDateTime(date: date, time: time))
                switch resolution {
                case .gap, .fold:
                    trace(
                        "ios.notifications", "trigger.ambiguousLocalTime", rule: .i5,
                        about: request, [
                            TraceDetail("localDate", date.description),
                            TraceDetail("gapPolicy", parameters.nonexistentTimePolicy.rawValue),
                            TraceDetail("foldPolicy", parameters.repeatedTimePolicy.rawValue),
                        ])
                    // The named policy resolves it as Foundation's matching policies do (T3 in a
                    // gap, T4 in a fold).
                    let isGap: Bool
                    if case .gap = resolution { isGap = true } else { isGap = false }
                    let resolved = resolution.instant(gap: parameters.nonexistentTimePolicy, fold: parameters.repeatedTimePolicy)
                    trace(
                        "ios.notifications", "trigger.wallTimeResolved", rule: isGap ? .t3 : .t4,
                        about: request, [
                            TraceDetail("localDate", date.description),
                            TraceDetail("policy", isGap ? parameters.nonexistentTimePolicy.foundationName : parameters.repeatedTimePolicy.foundationName),
                            TraceDetail("resolvedTo", resolved.map { ISO8601.format($0, in: zone) } ?? "none"),
                        ])
                case .unique: break
                }
                if let wall = zone.instant(
                    for: LocalDateTime(date: date, time: time), gap: parameters.nonexistentTimePolicy,
                    fold: parameters.repeatedTimePolicy),
                    wall > wallAfter
                {
                    return clock.trueInstant(forWallMillis: wall.millisecondsSinceEpoch)
                }
                if components.date != nil { return nil }
                date = date.adding(days: 1)
            }
            return nil
        }
    }

    func schedule(_ entry: Pending, cause: Int32) -> EventHandle? {
        guard let fire = entry.nextFire else { return nil }
        var at = fire
        if parameters.deliveryDriftMillis > 0 {
            var rng = sim.randomStream("ios.drift", Int64(entry.serial), fire.millisecondsSinceEpoch)
            let drift = rng.next(in: -parameters.deliveryDriftMillis...parameters.deliveryDriftMillis)
            at = at + .milliseconds(drift)
            trace(
                "ios.notifications", "delivery.drift", rule: .i12, cause: cause,
                about: entry.request, [TraceDetail("driftMillis", drift)])
        }
        return sim.schedule(.ios(.notificationDue(serial: entry.serial)), at: max(at, sim.now), cause: cause)
    }

    /// Recomputes every calendar trigger after the clock or zone changed (floating ones follow
    /// the zone, I4).
    func recomputeCalendarTriggers() {
        pending.updateEachKeepingRequests { entry in
            guard case .calendar = entry.request.trigger else { return }
            if let handle = entry.dueEvent { sim.cancel(handle) }
            entry.nextFire = nextFireInstant(of: entry.request, addedAt: entry.addedAt, after: sim.now)
            entry.dueEvent = schedule(entry, cause: sim.trace.lastID)
        }
    }

    /// A request is due: present it according to authorization and app state (I6, I8).
    func fire(serial: Int32) {
        guard let identifier = pending.identifier(ofSerial: serial), let entry = pending[identifier] else { return }
        if !isPoweredOn {
            return  // handled at boot by the missed-while-off policy
        }
        if parameters.keepPolicy == .noneFire && pending.count > parameters.pendingLimit {
            // I1's third keep policy: over the limit, nothing fires.
            let record = trace(
                "ios.notifications", "notification.notFiredOverLimit", rule: .i1,
                about: entry.request, [
                    TraceDetail("pending", pending.count), TraceDetail("parameter", "ios.keepPolicy=noneFire"),
                ])
            advanceOrRemove(entry, identifier: identifier, cause: record)
            return
        }
        let presentation: IOSDeliveryRecord.Presentation =
            authorization == .provisional ? .quiet : authorization.presents ? .alert : .notShown
        let record = trace(
            "ios.notifications", presentation == .notShown ? "notification.notShown" : "notification.delivered",
            rule: presentation == .notShown ? .i8 : .i6,
            about: entry.request, [TraceDetail("presentation", presentation.rawValue)])
        deliveryLog.append(IOSDeliveryRecord(time: sim.now, request: entry.request, presentation: presentation, record: record))
        if presentation != .notShown {
            delivered.append((entry.request.identifier, entry.request, sim.now))
        }
        advanceOrRemove(entry, identifier: identifier, cause: record)
        // I8: a denied app is not authorized "to schedule or receive notifications"
        // (UNAuthorizationStatus.denied): nothing reaches the delegate either.
        if presentation != .notShown, appState == .foreground, let process {
            process.willPresent(entry.request, context: context)
        }
    }

    /// After a request's time: a repeating one moves to its next occurrence, a one-shot leaves
    /// the pending list.
    private func advanceOrRemove(_ entry: Pending, identifier: String, cause record: Int32) {
        if entry.request.trigger.repeats {
            // The next occurrence follows the nominal one, wherever drift put this delivery.
            let after = max(sim.now, entry.nextFire ?? sim.now)
            pending.update(identifier) { pending in
                pending.nextFire = nextFireInstant(of: entry.request, addedAt: entry.addedAt, after: after)
                pending.dueEvent = schedule(pending, cause: record)
            }
        } else {
            pending.remove(identifier)
        }
    }

    /// Requests whose time passed while the device was off (policy: drop or deliver at boot).
    func handleMissedWhileOff(offSince: SimInstant) {
        for entry in pending.entries where (entry.nextFire.map { $0 >= offSince && $0 < sim.now } ?? false) {
            switch parameters.missedWhileOff {
            case .drop:
                // Not I10 (which says requests survive a reboot): the unverified drop alternative of
                // the missed-while-off parameter decides this.
                trace(
                    "ios.notifications", "notification.missedWhileOff",
                    about: entry.request, [TraceDetail("parameter", "ios.missedWhileOff=drop")])
                if let identifier = pending.identifier(ofSerial: entry.serial) {
                    if entry.request.trigger.repeats {
                        pending.update(identifier) { pending in
                            pending.nextFire = nextFireInstant(of: entry.request, addedAt: entry.addedAt, after: sim.now)
                            pending.dueEvent = schedule(pending, cause: sim.trace.lastID)
                        }
                    } else {
                        pending.remove(identifier)
                    }
                }
            case .deliverAtBoot:
                if let identifier = pending.identifier(ofSerial: entry.serial) {
                    trace(
                        "ios.notifications", "notification.dueWhileOff", rule: .i24,
                        about: entry.request, [
                            TraceDetail("wasDue", entry.nextFire.map { ISO8601.format(clock.wallInstant(at: $0), in: clock.zone) } ?? "?"),
                        ])
                    pending.update(identifier) { pending in
                        if let handle = pending.dueEvent { sim.cancel(handle) }
                        pending.dueEvent = sim.schedule(.ios(.notificationDue(serial: entry.serial)), at: sim.now)
                    }
                }
            }
        }
    }

    /// The user clears Notification Center (I9).
    public func clearDeliveredNotifications() {
        trace("ios.notifications", "delivered.clearedByUser", rule: .i9, [TraceDetail("count", delivered.count)])
        delivered.removeAll()
    }

    /// The user changes notification authorization in Settings (I8).
    public func setAuthorization(_ status: IOSAuthorizationStatus) {
        authorization = status
        trace("ios.settings", "authorization.changed", rule: .i8, [TraceDetail("status", status.rawValue)])
    }
}
