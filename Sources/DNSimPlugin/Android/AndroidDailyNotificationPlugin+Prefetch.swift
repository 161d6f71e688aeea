import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension AndroidDailyNotificationPlugin {
    /// The worker name of the T–lead content prefetch.
    static let prefetchWorker = "DailyNotificationFetchWorker"

    /// Enqueues the slot's T–lead prefetch as one-time WorkManager work with a network
    /// constraint (seed 004): one unique work item per slot, replaced when the slot moves on.
    func enqueuePrefetch(for slot: PluginStore.Slot, context: Context) {
        guard build.prefetchLeadMinutes > 0 else { return }
        let lead = Int64(build.prefetchLeadMinutes) * 60_000
        let delay = max(0, slot.nextRunAt - lead - context.currentTimeMillis())
        context.workManager.enqueueUniqueWork(
            "prefetch-\(slot.id)", .replace,
            AndroidWorkRequest(
                worker: Self.prefetchWorker, kind: .oneTime(initialDelay: .milliseconds(delay)), requiresNetwork: true,
                inputData: [
                    AndroidExtra(NotificationExtraKey.slot, slot.id),
                    AndroidExtra(NotificationExtraKey.localDate, slot.nextLocalDate.description),
                ]))
    }

    /// The prefetch worker: one attempt per slot occurrence (seed 004 "single attempt"); the
    /// fetched content is kept with the slot and shown when the alarm fires.
    public func doWork(_ work: AndroidWork, context: Context) -> AndroidWorkOutcome {
        guard work.request.worker == Self.prefetchWorker,
            let slotID = work.request.inputData.first(where: { $0.key == NotificationExtraKey.slot })?.value
        else { return AndroidWorkOutcome(.failure) }
        guard context.hasUsableNetwork else {
            context.log("prefetch.failed", [TraceDetail("slot", slotID), TraceDetail("why", "no network")])
            return AndroidWorkOutcome(.failure)
        }
        let now = context.currentTimeMillis()
        do {
            try context.withStorage { store in
                if let index = store.slots.firstIndex(where: { $0.id == slotID }) { store.slots[index].contentFetchedAt = now }
            }
        } catch {
            context.log("prefetch.failed", [TraceDetail("slot", slotID), TraceDetail("why", "storage locked")])
            return AndroidWorkOutcome(.failure)
        }
        context.log("prefetch.succeeded", [TraceDetail("slot", slotID)])
        return AndroidWorkOutcome(.success)
    }
}
