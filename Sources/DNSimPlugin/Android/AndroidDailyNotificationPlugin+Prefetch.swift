import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension AndroidDailyNotificationPlugin {
    /// The worker name of the T–lead content prefetch.
    static let prefetchWorker = "DailyNotificationFetchWorker"

    /// Enqueues the slot's T–lead prefetch as one-time WorkManager work with a network
    /// constraint (seed 004): one unique work item per slot, replaced when the slot moves on.
    func enqueuePrefetch(for slot: PluginStore.Slot, context: Context) {
        let leadMinutes = freshness(context).prefetchLeadMinutes
        guard leadMinutes > 0 else { return }
        let lead = Int64(leadMinutes) * 60_000
        let delay = slot.nextRunAt - lead - context.currentTimeMillis()
        // A single attempt at T–lead: once T–lead has passed, this occurrence gets none.
        guard delay > 0 else { return }
        context.workManager.enqueueUniqueWork(
            String("prefetch-", followedBy: slot.id), .replace,
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
            let slotID = work.request.inputData.value(forKey: NotificationExtraKey.slot)
        else { return AndroidWorkOutcome(.failure) }
        let localDate = work.request.inputData.value(forKey: NotificationExtraKey.localDate) ?? ""
        guard let etag = try? context.withStorage({ store in store.slotIndex(of: slotID).map { store.slots[$0].contentETag } }) else {
            context.log("prefetch.failed", [TraceDetail("slot", slotID), TraceDetail("why", "storage locked or slot gone")])
            return AndroidWorkOutcome(.failure)
        }
        // One attempt (seed 004: "no retries inside lead"): a failure is final for this occurrence.
        let (result, took) = context.httpClient.fetchContent(ifNoneMatch: etag)
        context.log(
            "prefetch.result",
            [TraceDetail("slot", slotID), TraceDetail("localDate", localDate), TraceDetail("result", result.name)])
        guard result.isSuccess else { return AndroidWorkOutcome(.failure, runTime: took) }
        let now = context.currentTimeMillis() + took.milliseconds
        let slot = try? context.withStorage { store -> PluginStore.Slot? in
            guard let index = store.slotIndex(of: slotID) else { return nil }
            if case .content(let version, let newTag) = result {
                store.slots[index].apply(version: version, etag: newTag, fetchedAt: now)
            } else {
                store.slots[index].apply(version: nil, etag: nil, fetchedAt: now)
            }
            return store.slots[index]
        }
        // Re-arm with the fresh content before T (same PendingIntents: the alarms are replaced).
        if let slot { arm(slot, context: context, prefetch: false) }
        return AndroidWorkOutcome(.success, runTime: took)
    }
}
