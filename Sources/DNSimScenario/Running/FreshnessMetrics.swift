import DNSimCalendar
import DNSimCore
import DNSimPlatforms
import DNSimPlugin

/// The content-freshness figures of one run (seed 004's success signals): prefetch outcomes,
/// the hit rate at T–lead, fresh vs cached vs static deliveries, stale deliveries and content age.
///
/// All integers: ratios are whole percentages, ages whole milliseconds.
public struct FreshnessMetrics: Sendable, Equatable {
    /// Content fetches made.
    public var prefetchAttempts = 0
    /// Fetches that returned new content (HTTP 200).
    public var prefetchSuccesses = 0
    /// Fetches answered `304 Not Modified`.
    public var prefetchNotModified = 0
    /// Fetches that hit the 12 s timeout.
    public var prefetchTimeouts = 0
    /// Fetches that failed otherwise (5xx, malformed, offline).
    public var prefetchFailures = 0
    /// Planned occurrences in the run.
    public var occurrencesPlanned = 0
    /// Planned occurrences whose own prefetch succeeded before their time.
    public var prefetchHitsAtTLead = 0
    /// `prefetchHitsAtTLead` as a whole percentage of `occurrencesPlanned`, when any were planned.
    public var hitRatePercent: Int?
    /// Deliveries showing the server's current version.
    public var deliveriesFresh = 0
    /// Deliveries showing an older fetched version.
    public var deliveriesCached = 0
    /// Deliveries showing only the static template (no fetched content).
    public var deliveriesStatic = 0
    /// Deliveries whose content was older than the TTL when shown (must be 0 under TTL-at-fire).
    public var staleDeliveries = 0
    /// The oldest content shown, in ms.
    public var maxContentAgeMs: Int64?
    /// The mean age of content shown, in ms.
    public var meanContentAgeMs: Int64?
    /// Telemetry events recorded, by kind (seed 004 §9): scheduled, shown, error, skipped.
    public var telemetry: [String: Int] = [:]
    /// ACKs that reached the server within 8 s.
    public var acksDelivered = 0
    /// ACKs that did not (offline, fault, timeout).
    public var acksFailed = 0

    /// Computes the figures from a run's outcome, deliveries and plan.
    static func compute(
        outcome: WorldOutcome, deliveries: [RunResult.Delivery], planned: [OccurrencePlanner.Planned]
    ) -> FreshnessMetrics {
        var m = FreshnessMetrics()
        let index = outcome.index
        for (result, count) in index.fetchResults {
            m.prefetchAttempts += count
            switch result {
            case "ok": m.prefetchSuccesses += count
            case "notModified": m.prefetchNotModified += count
            case "timeout": m.prefetchTimeouts += count
            default: m.prefetchFailures += count
            }
        }
        m.telemetry = index.telemetry
        m.acksDelivered = index.acksDelivered
        m.acksFailed = index.acksFailed
        m.occurrencesPlanned = planned.count
        // Read out of the index once: each read through the class copies the table.
        let earliestPrefetchSuccess = index.earliestPrefetchSuccess
        m.prefetchHitsAtTLead = planned.reduce(0) { hits, occurrence in
            let hit = earliestPrefetchSuccess[slot: occurrence.slot, localDate: occurrence.localDate].map { $0 < occurrence.at } ?? false
            return hits + (hit ? 1 : 0)
        }
        if m.occurrencesPlanned > 0 { m.hitRatePercent = m.prefetchHitsAtTLead * 100 / m.occurrencesPlanned }
        var ages: [Int64] = []
        let ttl = outcome.freshness.ttlSeconds * 1000
        // By index: a delivery's fields are read in place, not copied out with its strings.
        for position in deliveries.indices {
            guard let version = deliveries[position].contentVersion, let fetchedAt = deliveries[position].contentFetchedAt else {
                m.deliveriesStatic += 1
                continue
            }
            let deliveredAt = deliveries[position].deliveredAt
            if version >= outcome.server.version(at: deliveredAt) {
                m.deliveriesFresh += 1
            } else {
                m.deliveriesCached += 1
            }
            let age = (deliveredAt - fetchedAt).milliseconds
            ages.append(age)
            if age > ttl { m.staleDeliveries += 1 }
        }
        if !ages.isEmpty {
            m.maxContentAgeMs = ages.max()
            m.meanContentAgeMs = ages.reduce(0, +) / Int64(ages.count)
        }
        return m
    }
}
