import DNSimCalendar
import DNSimCore
import DNSimPlugin
import Testing

/// Seed 004 §9's telemetry shape, and the counts an ACK relies on without building a payload.
struct TelemetryTests {
    @Test(
        "payloadCount is the payload's length, and the summary is the payload's event, slot (and a skip's date) and extras",
        arguments: [0, 1, 3], ["shown", "skipped"])
    func payloadCountAndSummaryAgreeWithThePayload(extras: Int, event: String) throws {
        let zone = try #require(Zone(identifier: "Europe/Berlin"))
        let date = try #require(LocalDate(parsing: "2026-03-29"))
        let extra = (0..<extras).map { TraceDetail("extra\($0)", $0) }
        let payload = Telemetry.payload(
            event, slot: "s1", date: date, plannedWallMillis: 1_774_767_600_000, nowWallMillis: 1_774_767_601_000, zone: zone,
            extra: extra)
        #expect(payload.count == Telemetry.payloadCount(extra: extra))
        #expect(payload.map(\.key).prefix(7) == ["event", "slot", "localDate", "plannedWallMillis", "atWallMillis", "deviceTimeZone", "appVersion"])
        let summary = Telemetry.summary(event, slot: "s1", date: date, extra: extra)
        let read = event == "skipped" ? ["event", "slot", "localDate"] : ["event", "slot"]
        #expect(summary == payload.filter { read.contains($0.key) || $0.key.hasPrefix("extra") })
        #expect(Telemetry.isDated(event) == (event == "skipped"))
    }
}
