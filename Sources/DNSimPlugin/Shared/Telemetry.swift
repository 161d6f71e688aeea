import DNSimCalendar
import DNSimCore

/// Seed 004 §9 telemetry: `scheduled | shown | error | skipped`, with the ACK payload's slot,
/// times, device zone and app version. Every platform side records the same shape, so reports
/// and users' log pipelines read one format.
public enum Telemetry {
    /// The app version every payload carries.
    public static let appVersion = "1.0.0"

    /// The payload of one event.
    public static func payload(
        _ event: String, slot: String, date: LocalDate, plannedWallMillis: Int64, nowWallMillis: Int64, zone: Zone,
        extra: [TraceDetail] = []
    ) -> [TraceDetail] {
        var payload: [TraceDetail] = []
        payload.reserveCapacity(7 + extra.count)
        payload.append(TraceDetail("event", event))
        payload.append(TraceDetail("slot", slot))
        payload.append(TraceDetail("localDate", date.description))
        payload.append(TraceDetail("plannedWallMillis", plannedWallMillis))
        payload.append(TraceDetail("atWallMillis", nowWallMillis))
        payload.append(TraceDetail("deviceTimeZone", zone.identifier))
        payload.append(TraceDetail("appVersion", appVersion))
        payload.append(contentsOf: extra)
        return payload
    }

    /// How many details ``payload(_:slot:date:plannedWallMillis:nowWallMillis:zone:extra:)``
    /// has with `extra` (what an ACK needs of a payload it builds only if the trace reads it).
    public static func payloadCount(extra: [TraceDetail] = []) -> Int { 7 + extra.count }

    /// The details of an event's ``payload(_:slot:date:plannedWallMillis:nowWallMillis:zone:extra:)``
    /// that indexes read, in payload order and with the same values: the event, the slot, the
    /// local date of an event the result dates (``isDated(_:)``: a skip) and the `extra` facts
    /// (a skip's reason, an error's code). A run that keeps no trace builds only these for an
    /// event it does not ACK.
    public static func summary(_ event: String, slot: String, date: LocalDate, extra: [TraceDetail] = []) -> [TraceDetail] {
        // One array of the final size (`[…] + extra` makes a second one).
        let dated = isDated(event)
        var summary: [TraceDetail] = []
        summary.reserveCapacity((dated ? 3 : 2) + extra.count)
        summary.append(TraceDetail("event", event))
        summary.append(TraceDetail("slot", slot))
        if dated { summary.append(TraceDetail("localDate", date.description)) }
        summary.append(contentsOf: extra)
        return summary
    }

    /// Whether a run's result reads the event's local date (its summary carries it): a skip is
    /// listed under the date the plugin skipped, which after a move across zones can lie more
    /// than the matching window from the run's own planned instant of that date.
    public static func isDated(_ event: String) -> Bool { event == "skipped" }

    /// Whether the event is ACKed to the server (fire-and-forget, 8 s): deliveries and their
    /// failures, not every arming.
    public static func isAcknowledged(_ event: String) -> Bool { event != "scheduled" }
}
