import DNSimCore
@testable import DNSimScenario
import Testing

/// The run index counts records by their tag (telemetry events, fetch results, ACKs, WorkManager
/// runs) without the records being built, remembering per header how each tag was counted: the
/// counts are those of reading every record whole.
struct TagCountIndexTests {
    /// Writes a mix of tagged records to `recorder`: literal tags met again and again, the same
    /// tags made afresh at run time (other bits, the same text), a skip, and more distinct
    /// WorkManager names than a header remembers.
    private static func write(to recorder: TraceRecorder) {
        var millis: Int64 = 0
        func record(_ subsystem: String, _ kind: String, _ name: String, _ value: String) {
            millis += 1_000
            recorder.record(
                at: SimInstant(millisecondsSinceEpoch: millis), subsystem: subsystem, kind: kind, cause: -1,
                details: [TraceDetail(name, value), TraceDetail("slot", "s1"), TraceDetail("localDate", "2026-01-01")], tag: value)
        }
        for round in 0..<3 {
            let made = String(repeating: "x", count: round)  // a run-time string: the tags below are not literals
            record("plugin", "telemetry", "event", "scheduled")
            record("plugin", "telemetry", "event", "scheduled")
            record("plugin", "telemetry", "event", "shown")
            // A long name made afresh each time: the same text in other bits.
            record("plugin", "telemetry", "event", String(decoding: Array("an-event-with-a-long-name".utf8), as: UTF8.self))
            record("network", "content.fetch", "result", round == 1 ? "timeout" : "ok")
            record("network", "telemetry.ack", "delivered", round == 2 ? "false" : "true")
            for slot in 0..<12 { record("android.work", "work.started", "name", "prefetch-s\(slot)" + made) }
        }
        record("plugin", "telemetry", "event", "skipped")
    }

    @Test("Counting by tag gives the counts of reading every record")
    func tagCountsAreTheRecordsCounts() {
        let byTag = RunIndex(removalKinds: [])
        let dropping = TraceRecorder(enabled: false)
        dropping.observer = byTag
        Self.write(to: dropping)
        let byRecord = RunIndex(removalKinds: [])
        let keeping = TraceRecorder(enabled: true)
        keeping.observer = byRecord
        Self.write(to: keeping)
        #expect(byTag.telemetry == ["scheduled": 6, "shown": 3, "an-event-with-a-long-name": 3, "skipped": 1])
        #expect(byTag.telemetry == byRecord.telemetry)
        #expect(byTag.fetchResults == ["ok": 2, "timeout": 1])
        #expect(byTag.fetchResults == byRecord.fetchResults)
        #expect(byTag.acksDelivered == 2 && byTag.acksFailed == 1)
        #expect(byRecord.acksDelivered == 2 && byRecord.acksFailed == 1)
        #expect(byTag.skips.count == 1 && byRecord.skips.count == 1)
    }
}
