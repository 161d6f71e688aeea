import DNSimCalendar
import DNSimCore

extension ElectronSystem {
    /// `setTimeout(fn, at − Date.now())` (dnsim-host-ok: modelled) in the main process (E1): converted to a delay when set,
    /// so a later clock or zone change does not move it. Without a running process nothing is
    /// set and the id returned never fires.
    func setTimeout(atWall wall: SimInstant, tag: App.TimerTag) -> Int32 {
        let id = nextTimerID
        nextTimerID += 1
        guard isAppRunning else {
            trace("electron.timers", "timer.refused", rule: .e1, [TraceDetail("tag", tag.description), TraceDetail("why", "app not running")])
            return id
        }
        let due = max(sim.now, clock.trueInstant(forWallMillis: wall.millisecondsSinceEpoch))
        let record = trace(
            "electron.timers", "timer.set", rule: .e1,
            [
                TraceDetail("id", id), TraceDetail("tag", tag.description),
                TraceDetail("due", ISO8601.format(clock.wallInstant(at: due), in: clock.zone)),
            ])
        let handle = sim.schedule(.electron(.timerDue(id: id)), at: due, cause: record)
        timers.append(Timer(id: id, tag: tag, due: due, fireAt: due, handle: handle), for: id)
        return id
    }

    /// `clearTimeout(id)`: an unknown or already fired id is ignored.
    func clearTimeout(_ id: Int32) {
        guard let timer = timers.removeValue(forKey: id) else { return }
        if let handle = timer.handle { sim.cancel(handle) }
        trace("electron.timers", "timer.cleared", [TraceDetail("id", id), TraceDetail("tag", timer.tag.description)])
    }

    /// A timer is due: the app's callback runs, late when sleep held it back (E3).
    func fireTimer(id: Int32) {
        guard timers.contains(id), let process, !isAsleep, let timer = timers.removeValue(forKey: id) else { return }
        let late = (sim.now - timer.due).milliseconds
        trace(
            "electron.timers", "timer.fired", rule: late > 0 ? .e3 : .e1,
            [TraceDetail("id", id), TraceDetail("tag", timer.tag.description), TraceDetail("lateMillis", late)])
        process.timerFired(tag: timer.tag, context: context)
    }

    /// Ends every timer of the process (quit, reboot: E1).
    func discardTimers() -> Int {
        for timer in timers.values { if let handle = timer.handle { sim.cancel(handle) } }
        let count = timers.count
        timers.removeAll()
        return count
    }

    /// Holds every timer while the machine sleeps (E3).
    func holdTimers() {
        timers.updateEach { timer in
            if let handle = timer.handle { sim.cancel(handle) }
            timer.handle = nil
        }
    }

    /// Re-plans the held timers at a wake that ended a sleep begun at `since` (E3): one that fell
    /// due during sleep fires now, after the `resume` event; with
    /// ``ElectronParameters/timersPauseDuringSleep`` every held timer moves back by the sleep.
    func releaseTimers(asleepSince since: SimInstant) {
        let held = timers.values.filter { $0.handle == nil }
            .sorted { $0.fireAt != $1.fireAt ? $0.fireAt < $1.fireAt : $0.id < $1.id }
        for timer in held {
            let fireAt =
                parameters.timersPauseDuringSleep
                ? sim.now + max(.zero, timer.fireAt - since)
                : max(sim.now, timer.fireAt)
            if fireAt != timer.fireAt {
                trace(
                    "electron.timers", "timer.heldBySleep", rule: .e3,
                    [TraceDetail("id", timer.id), TraceDetail("tag", timer.tag.description)])
            }
            timers.update(timer.id) { timer in
                timer.fireAt = fireAt
                timer.handle = sim.schedule(.electron(.timerDue(id: timer.id)), at: fireAt)
            }
        }
    }

    /// `new Notification({title, body}).show()` (E1): shown at once, only from a running process.
    func showNotification(title: String, body: String, userInfo: [StringPair]) -> Bool {
        guard isAppRunning else {
            trace(
                "electron.notifications", "notification.notShown", rule: .e1, [TraceDetail("title", title)], extras: userInfo,
                [TraceDetail("why", "app not running")])
            return false
        }
        let record = trace("electron.notifications", "notification.shown", rule: .e1, [TraceDetail("title", title)], extras: userInfo)
        deliveryLog.append(ElectronDeliveryRecord(time: sim.now, title: title, body: body, userInfo: userInfo, record: record))
        return true
    }

    /// Hands each notification shown since the last call to `body`, in order, and forgets it:
    /// a run that turns deliveries into its result as they come does not hold a device-year of
    /// them and their user info (``deliveryLog`` keeps them until this is called).
    public func drainDeliveryLog(_ body: (ElectronDeliveryRecord) -> Void) {
        deliveryLog.drain(body)
    }
}
