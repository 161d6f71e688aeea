import DNSimCore
@testable import DNSimScenario
import Testing

/// The run index counts the plugin's reports of missed occurrences (`missed.reported`, one
/// `occurrence` detail per occurrence) and lists the times of every occurrence reported again.
struct MissedReportIndexTests {
    /// A recorder that keeps no trace, with a run index reading it.
    private static func indexedRecorder() -> (TraceRecorder, RunIndex) {
        let recorder = TraceRecorder(enabled: false)
        let index = RunIndex(removalKinds: [])
        recorder.observer = index
        return (recorder, index)
    }

    private static func report(_ occurrences: [String], at millis: Int64, to recorder: TraceRecorder) {
        recorder.record(
            at: SimInstant(millisecondsSinceEpoch: millis), subsystem: "plugin", kind: "missed.reported", cause: -1,
            details: [TraceDetail("count", occurrences.count)] + occurrences.map { TraceDetail("occurrence", $0) })
    }

    @Test("Reports are counted per occurrence, and an occurrence reported again lists every report's time")
    func reportsAreCountedAndRepeatsListed() {
        let (recorder, index) = Self.indexedRecorder()
        Self.report(["s1@2026-01-01", "s2@2026-01-01"], at: 1_000, to: recorder)
        Self.report(["s1@2026-01-01", "s1@2026-01-02"], at: 2_000, to: recorder)
        Self.report(["s1@2026-01-01"], at: 3_000, to: recorder)
        #expect(index.missedReports == ["s1@2026-01-01": 3, "s2@2026-01-01": 1, "s1@2026-01-02": 1])
        let times = [1_000, 2_000, 3_000].map { SimInstant(millisecondsSinceEpoch: $0) }
        #expect(index.repeatedMissedReports == ["s1@2026-01-01": times])
    }

    @Test("One name spelled in two ways (é precomposed and decomposed) counts as one, as a String-keyed table counts it")
    func canonicallyEqualNamesCountTogether() {
        let (recorder, index) = Self.indexedRecorder()
        Self.report(["caf\u{E9}@2026-01-01"], at: 1_000, to: recorder)
        Self.report(["cafe\u{301}@2026-01-01"], at: 2_000, to: recorder)
        #expect(index.missedReports.count == 1)
        #expect(index.missedReports["caf\u{E9}@2026-01-01"] == 2)
        #expect(index.missedReports["cafe\u{301}@2026-01-01"] == 2)
    }
}
