import DNSimCore
import DNSimScenario

/// How one device's run adds to its group's counts.
enum FleetDeviceCounts {
    static func count(_ result: RunResult, device: Int, into group: inout FleetTally.Group) {
        let planned = result.deliveries.filter { $0.plannedAt != nil }
        group.delivered += planned.count
        group.missed += result.missed.count
        group.planned += planned.count + result.missed.count
        group.missedReported += result.missed.filter { result.missedReports[$0.slot + "@" + $0.localDate] != nil }.count
        var seen: Set<String> = []
        for delivery in result.deliveries where !seen.insert(delivery.slot + "@" + delivery.localDate).inserted {
            group.duplicates += 1
        }
        // Within a minute of its planned time, or ten on Android without the exact-alarm
        // permission then (seed 004: "±1 m with the exact permission, else ±10 m").
        let onTime = OnTime(result)
        for delivery in planned {
            let lateness = max(0, delivery.latenessMs ?? 0)
            if let plannedAt = delivery.plannedAt, lateness <= onTime.toleranceMillis(at: plannedAt) { group.onTime += 1 }
            let seconds = (lateness + 999) / 1000
            let bucket = FleetTally.latenessBounds.firstIndex { seconds <= $0 } ?? FleetTally.latenessBounds.count
            group.lateness[bucket] += 1
        }
        for delivery in result.deliveries {
            if let fetched = delivery.contentFetchedAt {
                group.contentAgeSeconds += Int((delivery.deliveredAt - fetched).milliseconds / 1000)
                group.contentAgeCount += 1
            }
        }
        let freshness = result.freshness
        group.prefetchPlanned += freshness.occurrencesPlanned
        group.prefetchHits += freshness.prefetchHitsAtTLead
        group.fresh += freshness.deliveriesFresh
        group.cached += freshness.deliveriesCached
        group.staticContent += freshness.deliveriesStatic
        group.stale += freshness.staleDeliveries
        if wentSilent(result) { group.silentDevices += 1 }
        if !result.missed.isEmpty { group.worst = [FleetTally.Worst(device: device, missed: result.missed.count)] }
    }

    /// Whether the device went ``FleetTally/silentAfter`` or longer without a delivery between its
    /// first planned occurrence and the end of the run.
    static func wentSilent(_ result: RunResult) -> Bool {
        let plannedTimes = result.deliveries.compactMap(\.plannedAt) + result.missed.map(\.plannedAt)
        guard let first = plannedTimes.min() else { return false }
        var last = first
        for time in result.deliveries.map(\.deliveredAt).sorted() where time >= first {
            if time - last >= FleetTally.silentAfter { return true }
            last = time
        }
        return result.scenario.endInstant - last >= FleetTally.silentAfter
    }
}
