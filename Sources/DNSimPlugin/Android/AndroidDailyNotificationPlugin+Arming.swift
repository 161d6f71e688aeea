import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension AndroidDailyNotificationPlugin {
    /// One armed occurrence of a slot.
    struct Occurrence {
        var localDate: LocalDate
        var runAt: Int64
    }

    /// The occurrences of a slot's rolling window, from its next one (`nextLocalDate`/`nextRunAt`).
    /// ``RolloverRule/calendarDay`` resolves each date's wall time afresh; ``RolloverRule/add24Hours``
    /// steps 24 h (S1).
    func window(of slot: PluginStore.Slot, zone: Zone) -> Window {
        Window(
            days: build.rollingWindowDays, rollover: rollover, time: slot.time, next: slot.nextLocalDate, nextRunAt: slot.nextRunAt,
            zone: zone, memo: nextOccurrences)
    }

    /// A slot's rolling window, made one occurrence at a time as it is walked (arming walks one
    /// per delivery and per prefetch: no list is allocated).
    struct Window: Sequence, IteratorProtocol {
        let days: Int
        let rollover: RolloverRule
        let time: LocalTime
        let nextRunAt: Int64
        let zone: Zone
        /// Where the dates after the first and their instants are looked up.
        let memo: DailyOccurrence.Memo
        /// The date of day `k` (before it is made, the previous day's).
        private var date: LocalDate
        /// The instant of day `k` under ``RolloverRule/calendarDay``, found with its date.
        private var instant: SimInstant?
        /// The next day of the window.
        private var k = 0
        /// The lanes taken, as bits (`android.windowDays` is at most 14); lanes past 63 in a set.
        private var lanesTaken: UInt64 = 0
        private var highLanesTaken: Set<Int> = []

        init(
            days: Int, rollover: RolloverRule, time: LocalTime, next: LocalDate, nextRunAt: Int64, zone: Zone,
            memo: DailyOccurrence.Memo
        ) {
            self.days = days
            self.rollover = rollover
            self.time = time
            self.nextRunAt = nextRunAt
            self.zone = zone
            self.memo = memo
            date = next
        }

        mutating func next() -> Occurrence? {
            while k < days {
                let day = k
                k += 1
                if day > 0 {
                    switch rollover {
                    case .add24Hours: date = date.adding(days: 1)
                    case .calendarDay: (date, instant) = memo.next(after: date, at: time, in: zone)
                    }
                }
                // After a date the zone skipped (one occurrence per instant), two dates of one
                // window can share a lane; the later one waits for the next window rather than
                // replace it.
                let lane = AndroidDailyNotificationPlugin.lane(of: date, days: days)
                if lane < 64 {
                    guard lanesTaken & (1 << UInt64(lane)) == 0 else { continue }
                    lanesTaken |= 1 << UInt64(lane)
                } else {
                    guard highLanesTaken.insert(lane).inserted else { continue }
                }
                let runAt: Int64
                switch (day, rollover) {
                case (0, _):
                    runAt = nextRunAt
                case (_, .add24Hours):
                    runAt = nextRunAt + Int64(day) * 86_400_000
                case (_, .calendarDay):
                    runAt = instant?.millisecondsSinceEpoch ?? nextRunAt + Int64(day) * 86_400_000
                }
                return Occurrence(localDate: date, runAt: runAt)
            }
            return nil
        }
    }

    /// The PendingIntent of one occurrence. Each slot owns `rollingWindowDays` request codes,
    /// chosen by the date, so re-arming the same occurrence replaces its alarm (A12) and two
    /// occurrences of one slot never share one. `contentExtras` is the slot's
    /// (``PluginStore/Slot/contentExtras``, built once per window).
    func operation(
        for slot: PluginStore.Slot, occurrence: Occurrence, rules: FreshnessPolicy, contentExtras: [StringPair]
    ) -> AndroidPendingIntent {
        let lane = lane(of: occurrence.localDate)
        // Content is rendered into the alarm when it is armed (seed 004: render before arming),
        // unless it would already be stale at the occurrence (then the static template is armed).
        let verdict = rules.verdict(runAt: occurrence.runAt, fetchedAt: slot.contentFetchedAt)
        let content = verdict == .fresh || policy.ttl == .none ? contentExtras : []
        let texts = occurrenceTexts.texts(date: occurrence.localDate, plannedWallMillis: occurrence.runAt)
        return AndroidPendingIntent(
            requestCode: Self.requestCode(slot: slot, lane: lane),
            intent: AndroidIntent(
                action: AndroidPluginBuild.notifyAction,
                extras: NotificationExtraKey.occurrence(
                    slot: slot.id, localDate: texts.date, plannedWallMillisText: texts.planned, content: content)))
    }

    /// The request-code lane of a local date: its day number modulo the window length.
    func lane(of date: LocalDate) -> Int { Self.lane(of: date, days: build.rollingWindowDays) }

    /// The lane of `date` in a window of `days` days.
    static func lane(of date: LocalDate, days: Int) -> Int {
        let days = Int64(days)
        return Int(((date.daysSinceEpoch % days) + days) % days)
    }

    /// Every PendingIntent a slot can own (for cancelling and probing).
    func allOperations(for slot: PluginStore.Slot) -> [AndroidPendingIntent] {
        (0..<build.rollingWindowDays).map { lane in
            AndroidPendingIntent(
                requestCode: Self.requestCode(slot: slot, lane: lane), intent: AndroidIntent(action: AndroidPluginBuild.notifyAction))
        }
    }

    /// Lane 0 keeps the slot's own code; other lanes hash `id#lane`, so no two slots collide.
    static func requestCode(slot: PluginStore.Slot, lane: Int) -> Int {
        lane == 0 ? slot.requestCode : PluginStore.requestCode(for: slot.id, lane: lane)
    }

    /// Arms a slot's rolling window: exact alarms when permitted, else the windowed fallback.
    @discardableResult
    func arm(_ slot: PluginStore.Slot, context: Context, prefetch: Bool = true) -> PluginError? {
        let alarms = context.alarmManager
        let exact = alarms.canScheduleExactAlarms()
        let rules = freshness(context)
        let contentExtras = slot.contentExtras
        for occurrence in window(of: slot, zone: context.timeZone) {
            if policy.ttl == .skipArming,
                rules.verdict(runAt: occurrence.runAt, fetchedAt: slot.contentFetchedAt) == .stale
            {
                // Seed 004 §4 as written: "(T − fetchedAt) > ttl → skip arming".
                context.log(
                    "occurrence.notArmed",
                    [TraceDetail("slot", slot.id), TraceDetail("localDate", occurrence.localDate.description), TraceDetail("why", "stale at T")])
                continue
            }
            let operation = operation(for: slot, occurrence: occurrence, rules: rules, contentExtras: contentExtras)
            if exact {
                do {
                    switch policy.exactAlarm {
                    case .setExactAndAllowWhileIdle: try alarms.setExactAndAllowWhileIdle(.rtcWakeup, occurrence.runAt, operation)
                    case .setExact: try alarms.setExact(.rtcWakeup, occurrence.runAt, operation)
                    }
                } catch {
                    telemetry(
                        "error", slot: slot.id, date: occurrence.localDate, planned: occurrence.runAt, context: context,
                        extra: [TraceDetail("code", "scheduling_failed")])
                    return .schedulingFailed("exact alarm refused: \(error)")
                }
            } else if policy.inexactFallback == .symmetricWindow {
                // Seed 004: "windowed fallback (±10 m) via setWindow(start,len)", as written (S8).
                alarms.setWindow(.rtcWakeup, occurrence.runAt - 600_000, 1_200_000, operation)
            } else {
                // Never early: a one-sided 10-minute window from T (A5).
                alarms.setWindow(.rtcWakeup, occurrence.runAt, 600_000, operation)
            }
            telemetry("scheduled", slot: slot.id, date: occurrence.localDate, planned: occurrence.runAt, context: context)
        }
        if prefetch { enqueuePrefetch(for: slot, context: context) }
        let mode = exact ? "exact" : policy.inexactFallback == .symmetricWindow ? "windowed±10m" : "windowed+10m"
        context.log(
            "armed", decidedBy: rollover.javaTimeFact,
            [
                TraceDetail("slot", slot.id), TraceDetail("mode", mode),
                TraceDetail("from", slot.nextLocalDate.description), TraceDetail("days", build.rollingWindowDays),
            ])
        return nil
    }

    /// The rollover arithmetic of the policy.
    var rollover: RolloverRule { policy.rollover }

    /// An alarm fired: post its occurrence, record it, move the slot on and re-arm the window.
    func deliver(_ intent: AndroidIntent, context: Context) {
        guard let slotID = intent.extra(NotificationExtraKey.slot),
            let dateText = intent.extra(NotificationExtraKey.localDate), let date = LocalDate(parsing: dateText),
            let plannedText = intent.extra(NotificationExtraKey.plannedWallMillis),
            let planned = DecimalDigits.int64(parsing: plannedText)
        else { return }
        if mirrorsToDeviceProtectedStorage && !context.isUserUnlocked {
            deliverBeforeUnlock(slotID: slotID, date: date, planned: planned, context: context)
            return
        }
        let rules = freshness(context)  // before the storage is opened for writing
        do {
            let next = try context.withStorage { store -> PluginStore.Slot? in
                guard let index = store.slotIndex(of: slotID) else { return nil }
                // The slot's fields are read where they lie (a copy of the slot is a handful of
                // strings to count); it is moved on in place.
                let (storedID, historyMark) = (store.slots[index].id, store.slots[index].historyMark)
                if store.wasSettled(slot: storedID, historyMark: historyMark, localDate: date) {
                    context.log("deliver.duplicateIgnored", [TraceDetail("slot", slotID), TraceDetail("localDate", dateText)])
                    return nil
                }
                // Occurrences before this one that never fired were lost (a dropped alarm).
                if policy.missedAtDelivery == .report {
                    var gap = store.slots[index].nextLocalDate
                    while gap < date {
                        if !store.hasHistory(slot: slotID, localDate: gap) {
                            store.appendHistory(.init(slot: slotID, localDate: gap, status: .missed))
                            context.log("missed.reported", [TraceDetail("count", "1"), TraceDetail("occurrence", "\(slotID)@\(gap)")])
                        }
                        gap = gap.adding(days: 1)
                    }
                }
                let content = contentToShow(intent, planned: planned, rules: rules, context: context)
                if isPastMidpoint(planned: planned, date: date, time: store.slots[index].time, context: context) {
                    // Held by the OS nearer to the slot's next occurrence than its own (A37, A40,
                    // A60, A62): reported missed, not posted as if it were the next one, early;
                    // once, though a set-up at a new time owed the date again after a report.
                    if !store.hasHistory(slot: slotID, localDate: date) {
                        store.appendHistory(.init(slot: slotID, localDate: date, status: .missed))
                        reportMissed(["\(slotID)@\(dateText)"], reason: "late", context: context)
                    }
                } else if content == nil {
                    store.appendHistory(.init(slot: slotID, localDate: date, status: .skipped))
                    telemetry("skipped", slot: slotID, date: date, planned: planned, context: context, extra: [TraceDetail("why", "stale at fire")])
                } else {
                    let version = content?.value(forKey: NotificationExtraKey.contentVersion)
                    let body = store.slots[index].body
                    context.notify(
                        id: store.slots[index].requestCode, title: store.slots[index].title,
                        body: version.map { PluginStore.Slot.renderedBody(body, version: $0) } ?? body,
                        extras: NotificationExtraKey.occurrence(
                            slot: slotID, localDate: dateText,
                            plannedWallMillisText: DecimalDigits.string(planned, parsedFrom: plannedText), content: content ?? [],
                            reusing: intent.extras))
                    store.appendHistory(.init(slot: slotID, localDate: date, status: .delivered))
                    telemetry("shown", slot: slotID, date: date, planned: planned, context: context)
                }
                store.slots[index].nextLocalDate = date
                store.slots[index].nextRunAt = planned
                rollover.advance(&store.slots[index], in: context.timeZone, memo: nextOccurrences)
                return store.slots[index]
            }
            if let next { arm(next, context: context) }
        } catch {
            context.log("deliver.failed", [TraceDetail("slot", slotID), TraceDetail("error", "\(error)")])
        }
    }

    /// ``PluginPolicy/LateAlarm/missedPastMidpoint``: whether an alarm for `date`, planned at
    /// `planned` (wall ms), fires past the midpoint between that instant and the slot's next
    /// occurrence (at its daily `time`) by the rollover rule. Always `false` under ``PluginPolicy/LateAlarm/show``.
    func isPastMidpoint(planned: Int64, date: LocalDate, time: LocalTime, context: Context) -> Bool {
        guard policy.lateAlarm == .missedPastMidpoint else { return false }
        let late = context.currentTimeMillis() - planned
        // Only a late alarm pays for the next occurrence's instant.
        guard late > 0 else { return false }
        let next = rollover.next(after: date, previousWallMillis: planned, time: time, zone: context.timeZone)
        return late > (next - planned) / 2
    }

}
