import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension ElectronDailyNotificationPlugin {
    /// The rollover arithmetic of the policy: ``RolloverRule/calendarDay`` resolves the next local
    /// date's wall time; ``RolloverRule/add24Hours`` adds 24 h (S1).
    var rollover: RolloverRule { policy.rollover }

    /// The grace within which a passed occurrence is still shown, in ms.
    var graceMillis: Int64 { Int64(policy.missedGraceMinutes) * 60_000 }

    /// Clears a slot's timers, if this process armed any.
    func disarm(_ slotID: String, context: Context) {
        guard let entry = armed.removeValue(forKey: slotID) else { return }
        if let notify = entry.notify { context.clearTimeout(notify) }
        if let prefetch = entry.prefetch { context.clearTimeout(prefetch) }
    }

    /// Arms a slot's next occurrence: one notification timer at T and, when T − lead is still
    /// ahead, the prefetch hook's timer. Replaces the slot's earlier timers, so it is idempotent.
    func arm(_ slot: PluginStore.Slot, context: Context) {
        disarm(slot.id, context: context)
        let rules = freshness(context)
        var notify: Int32?
        if policy.ttl == .skipArming && rules.verdict(runAt: slot.nextRunAt, fetchedAt: slot.contentFetchedAt) == .stale {
            // Seed 004 §4 as written: "(T − fetchedAt) > ttl → skip arming" (S29); only a
            // successful T–lead fetch arms it again.
            context.log(
                "occurrence.notArmed",
                [TraceDetail("slot", slot.id), TraceDetail("localDate", slot.nextLocalDate.description), TraceDetail("why", "stale at T")])
        } else {
            notify = context.setTimeout(
                at: SimInstant(millisecondsSinceEpoch: slot.nextRunAt),
                tag: .notify(slot: slot.id, date: slot.nextLocalDate, planned: slot.nextRunAt))
        }
        var prefetch: Int32?
        let leadMinutes = rules.prefetchLeadMinutes
        let leadAt = slot.nextRunAt - Int64(leadMinutes) * 60_000
        if leadMinutes > 0, leadAt > context.now().millisecondsSinceEpoch {
            prefetch = context.setTimeout(
                at: SimInstant(millisecondsSinceEpoch: leadAt), tag: .prefetch(slot: slot.id, date: slot.nextLocalDate))
        }
        armed.append(ArmedTimers(slot: slot.id, notify: notify, prefetch: prefetch), for: slot.id)
        context.log(
            "armed",
            [
                TraceDetail("slot", slot.id), TraceDetail("localDate", slot.nextLocalDate.description),
                TraceDetail("at", ISO8601.format(SimInstant(millisecondsSinceEpoch: slot.nextRunAt), in: context.timeZone)),
                TraceDetail("prefetch", String(prefetch != nil)),
            ])
    }

    /// The freshness rules in force: the build's, with the app's run-time settings applied.
    func freshness(_ context: Context) -> FreshnessPolicy {
        context.withStorage { $0.settings }.applied(to: build.freshness)
    }

    /// Shows an occurrence with the extras reports match deliveries by.
    /// Applies TTL-at-fire first (app code runs at delivery on Electron): under
    /// ``PluginPolicy/TTLEnforcement/staleAction`` stale content is never shown (static template or
    /// skip, by the stale action); otherwise what was fetched is shown.
    /// Returns whether it was shown.
    @discardableResult
    func show(_ slot: PluginStore.Slot, date: LocalDate, planned: Int64, context: Context) -> Bool {
        var withContent = slot.contentVersion != nil
        if policy.ttl == .staleAction {
            let rules = freshness(context)
            switch rules.verdict(runAt: context.now().millisecondsSinceEpoch, fetchedAt: slot.contentFetchedAt) {
            case .fresh: withContent = true
            case .noContent: withContent = false
            case .stale:
                if rules.staleAction == .skip {
                    telemetry("skipped", slot: slot, date: date, planned: planned, context: context, extra: [TraceDetail("why", "stale at fire")])
                    return false
                }
                withContent = false
            }
        }
        telemetry("shown", slot: slot, date: date, planned: planned, context: context)
        context.showNotification(
            title: slot.title, body: withContent ? slot.renderedBody : slot.body,
            userInfo: NotificationExtraKey.occurrence(
                slot: slot.id, localDate: date.description, plannedWallMillis: planned, content: withContent ? slot.contentExtras : []))
        return true
    }

    /// Logs a telemetry event and ACKs it (both `shown` and `skipped` are ACKed); the payload
    /// is built only if the trace keeps it or reads the ACK's.
    private func telemetry(
        _ event: String, slot: PluginStore.Slot, date: LocalDate, planned: Int64, context: Context, extra: [TraceDetail] = []
    ) {
        let now = context.now().millisecondsSinceEpoch
        let zone = context.timeZone
        func payload() -> [TraceDetail] {
            Telemetry.payload(event, slot: slot.id, date: date, plannedWallMillis: planned, nowWallMillis: now, zone: zone, extra: extra)
        }
        context.log("telemetry", payload(), summary: Telemetry.summary(event, slot: slot.id, date: date, extra: extra), tag: event)
        context.httpClient.acknowledge(count: Telemetry.payloadCount(extra: extra), payload())
    }

    /// The T–lead timer: one ETag-aware fetch for the slot (seed 004), kept with the slot.
    func prefetch(slotID: String, localDate: LocalDate, context: Context) {
        guard let slot = context.withStorage({ store in store.slotIndex(of: slotID).map { store.slots[$0] } }) else { return }
        let (result, took) = context.httpClient.fetchContent(ifNoneMatch: slot.contentETag)
        context.log(
            "prefetch.result", [TraceDetail("slot", slotID), TraceDetail("localDate", localDate.description), TraceDetail("result", result.name)])
        guard result.isSuccess else { return }
        let fetchedAt = context.now().millisecondsSinceEpoch + took.milliseconds
        let updated = context.withStorage { store -> PluginStore.Slot? in
            guard let index = store.slotIndex(of: slotID) else { return nil }
            if case .content(let version, let etag) = result {
                store.slots[index].apply(version: version, etag: etag, fetchedAt: fetchedAt)
            } else {
                store.slots[index].apply(version: nil, etag: nil, fetchedAt: fetchedAt)
            }
            return store.slots[index]
        }
        // The seeds' plan arms only fresh occurrences: a successful fetch may arm this one now.
        if policy.ttl == .skipArming, let updated, armed[slotID]?.notify == nil {
            arm(updated, context: context)
        }
    }

    /// An occurrence's timer fired: show it (judged against the wall clock under
    /// ``PluginPolicy/TimerCheck/wallClock``),
    /// record it, move the slot on and arm the next one.
    func deliver(slotID: String, date: LocalDate, planned: Int64, context: Context) {
        armed.removeValue(forKey: slotID)
        guard var slot = context.withStorage({ store in store.slotIndex(of: slotID).map { store.slots[$0] } }) else { return }
        if context.withStorage({ $0.wasSettled(slot, localDate: date) }) {
            // This date was settled already (shown or skipped, perhaps under the slot's previous
            // time, or reported missed since this set-up): not shown again, but the chain goes
            // on to the next date, or no timer would be left for the slot.
            context.log("deliver.duplicateIgnored", [TraceDetail("slot", slotID), TraceDetail("localDate", date.description)])
            if slot.nextLocalDate <= date {
                slot.nextLocalDate = date
                slot.nextRunAt = planned
                rollover.advance(&slot, in: context.timeZone)
                save(slot, context: context)
            }
            arm(slot, context: context)
            return
        }
        let now = context.now().millisecondsSinceEpoch
        slot.nextLocalDate = date
        slot.nextRunAt = planned
        if policy.timerCheck == .wallClock {
            // Timers keep their delay, so a zone or clock change moves the wall time they fire at.
            let expected = DailyOccurrence.instant(on: date, at: slot.time, in: context.timeZone)?.millisecondsSinceEpoch ?? planned
            if now < expected - ElectronPluginBuild.earlyToleranceMillis {
                slot.nextRunAt = expected
                save(slot, context: context)
                context.log("timer.early", [TraceDetail("slot", slotID), TraceDetail("localDate", date.description)])
                let movedZone = context.withStorage { $0.lastRunZone.map { $0 != context.timeZone.identifier } ?? false }
                if movedZone || expected - now > 60_000 {
                    // The zone moved, or the clock by more than a network correction: re-plan
                    // every slot on the wall clock as a start would (an earlier date may be owed
                    // again, passed or ahead).
                    recover(context: context, reason: "timer.early")
                } else {
                    // A network time correction of seconds: this timer only, at its wall time.
                    arm(slot, context: context)
                }
                return
            }
            if now - expected > graceMillis {
                // Fired late with no `resume` heard first (E3): too late to show. The zone moved
                // east or the clock forward, so later dates of this slot (and other slots' dates)
                // may have passed unseen too: every slot is settled on the wall clock, each passed
                // date reported once, and re-armed, as a start would.
                save(slot, context: context)
                recover(context: context, reason: "timer.late")
                return
            }
        }
        let shown = show(slot, date: date, planned: planned, context: context)
        context.withStorage { $0.appendHistory(.init(slot: slotID, localDate: date, status: shown ? .delivered : .skipped)) }
        rollover.advance(&slot, in: context.timeZone)
        save(slot, context: context)
        arm(slot, context: context)
    }


    /// Writes a slot back to userData.
    func save(_ slot: PluginStore.Slot, context: Context) {
        context.withStorage { store in
            if let index = store.slotIndex(of: slot.id) { store.slots[index] = slot }
        }
    }
}
