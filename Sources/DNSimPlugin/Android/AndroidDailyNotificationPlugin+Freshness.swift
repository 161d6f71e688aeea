import DNSimCalendar
import DNSimCore
import DNSimPlatforms

extension AndroidDailyNotificationPlugin {
    /// TTL-at-fire in the receiver (Android runs app code at delivery): the content extras to
    /// show, `[]` for the static template, or `nil` to skip the occurrence.
    ///
    /// ``PluginPolicy/TTLEnforcement/staleAction`` checks the content the alarm carries against
    /// the TTL at fire time: stale content is never shown (skip, or the static template under
    /// `fallback`). `skipArming` (the seeds' plan) checks only when arming, and `none` not at
    /// all, so they post whatever was rendered.
    /// The freshness rules in force: the build's, with the app's run-time settings applied.
    func freshness(_ context: Context) -> FreshnessPolicy {
        let settings = (try? context.withStorage { $0.settings }) ?? PluginSettings()
        return settings.applied(to: build.freshness)
    }

    ///
    /// - Parameter rules: read before the caller opens the storage (``freshness(_:)`` reads it too).
    func contentToShow(
        _ intent: AndroidIntent, planned: Int64, rules: FreshnessPolicy, context: Context
    ) -> ArraySlice<AndroidExtra>? {
        // The content extras, in order; keys compare by their bytes, as a Bundle's do. The
        // plugin arms them as the last pairs of an alarm's extras: then they are read where
        // they lie, and only content found apart is gathered into a list of its own.
        let extras = intent.extras
        var first = extras.endIndex
        var count = 0
        var together = true
        for index in extras.indices
        where UTF8Bytes.equal(extras[index].key, NotificationExtraKey.contentVersion)
            || UTF8Bytes.equal(extras[index].key, NotificationExtraKey.contentFetchedAt)
        {
            if count == 0 { first = index } else if index != first + count { together = false }
            count += 1
        }
        let carried: ArraySlice<AndroidExtra> =
            together
            ? extras[first..<(first + count)]
            : extras.filter {
                UTF8Bytes.equal($0.key, NotificationExtraKey.contentVersion) || UTF8Bytes.equal($0.key, NotificationExtraKey.contentFetchedAt)
            }[...]
        guard policy.ttl == .staleAction else { return carried }
        let fetchedAt = intent.extra(NotificationExtraKey.contentFetchedAt).flatMap(DecimalDigits.int64(parsing:))
        switch rules.verdict(runAt: context.currentTimeMillis(), fetchedAt: fetchedAt) {
        case .fresh: return carried
        case .noContent: return []
        case .stale: return rules.staleAction == .skip ? nil : []
        }
    }

    /// Records a telemetry event (seed 004 §9) and ACKs it, fire-and-forget (8 s).
    func telemetry(
        _ event: String, slot: String, date: LocalDate, planned: Int64, context: Context, extra: [TraceDetail] = []
    ) {
        let now = context.currentTimeMillis()
        let zone = context.timeZone
        func payload() -> [TraceDetail] {
            Telemetry.payload(event, slot: slot, date: date, plannedWallMillis: planned, nowWallMillis: now, zone: zone, extra: extra)
        }
        // The payload is built only if the trace keeps it (or, for the ACK, reads it).
        context.log("telemetry", payload(), summary: Telemetry.summary(event, slot: slot, date: date, extra: extra), tag: event)
        if Telemetry.isAcknowledged(event) { context.httpClient.acknowledge(count: Telemetry.payloadCount(extra: extra), payload()) }
    }
}
