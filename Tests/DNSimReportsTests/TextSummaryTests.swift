import DNSimCore
import DNSimPlugin
import DNSimReports
import DNSimScenario
import Testing

/// The text summary's line per delivery and per missed occurrence, written as bytes, reads as
/// its fields spelled out: slot, date, instant in the zone then in force, lateness or reason.
struct TextSummaryTests {
    @Test(arguments: TraceKeepingTests.catalogue)
    func deliveryAndMissedLinesSpellTheirFields(_ path: String) throws {
        for (profile, result) in try TraceKeepingTests.resultsUnderEveryProfile(at: path) {
            var expected = ""
            for d in result.deliveries {
                let late = d.latenessMs.map { " (\(HumanDuration.lateness(SimDuration(milliseconds: $0))))" } ?? " (unplanned)"
                expected += "  delivered \(d.slot) \(d.localDate) at \(result.iso(d.deliveredAt))\(late)\n"
            }
            for m in result.missed {
                expected += "  missed    \(m.slot) \(m.localDate) planned \(result.iso(m.plannedAt)): \(m.reason)\n"
            }
            let text = TextSummary.render(result)
            #expect(expected.isEmpty || text.contains(expected), "\(path) under \(profile.rawValue)")
            #expect(text.hasSuffix("  trace digest \(result.traceDigest), \(result.eventCount) events\n"))
        }
    }
}
