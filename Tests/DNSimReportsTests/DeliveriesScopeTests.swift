import DNSimCore
import DNSimPlugin
import DNSimScenario
import Foundation
import Testing

/// A run in ``RunOptions/Scope/deliveries`` (what a fleet reads) is the same run as a full one:
/// every figure it keeps equals the full run's, and what it leaves out is left out visibly.
struct DeliveriesScopeTests {
    @Test(arguments: TraceKeepingTests.catalogue)
    func theDeliveriesScopeKeepsTheFullRunsFigures(_ path: String) throws {
        let scenario = try TraceKeepingTests.scenario(at: path)
        for profile in PluginProfile.allCases {
            let run = scenario.with(profile: profile)
            let full = try ScenarioRunner.run(run, options: RunOptions(keepTrace: false))
            let lean = try ScenarioRunner.run(run, options: RunOptions(keepTrace: false, scope: .deliveries))
            Self.expectSameFigures(lean, full, "\(path) under \(profile.rawValue)")
            // What the scope leaves out.
            #expect(lean.traceDigest.isEmpty && !full.traceDigest.isEmpty)
            #expect(lean.expectations.isEmpty)
            #expect(lean.unarmedAtEnd.isEmpty && lean.strayArmedAtEnd.isEmpty)
            #expect(lean.armedOccurrencesAtEnd == full.armedOccurrencesAtEnd)
            #expect(lean.missed.allSatisfy { $0.reason.isEmpty })
            #expect(full.missed.allSatisfy { !$0.reason.isEmpty })
        }
    }

    /// A run that keeps its trace in the deliveries scope sees every record, and still leaves
    /// the OS's decisions out of its index: the same figures again.
    @Test func keepingTheTraceChangesNothingInTheDeliveriesScope() throws {
        for path in TraceKeepingTests.catalogue.prefix(12) {
            let scenario = try TraceKeepingTests.scenario(at: path)
            let kept = try ScenarioRunner.run(scenario, options: RunOptions(keepTrace: true, scope: .deliveries))
            let lean = try ScenarioRunner.run(scenario, options: RunOptions(keepTrace: false, scope: .deliveries))
            Self.expectSameFigures(kept, lean, path)
            #expect(kept.trace.count == kept.traceRecordCount)
            #expect(kept.missed.allSatisfy { $0.reason.isEmpty })
        }
    }

    /// Every figure a deliveries-scope result keeps, compared field by field.
    static func expectSameFigures(_ lean: RunResult, _ full: RunResult, _ label: String) {
        #expect(lean.deliveries.map(describe) == full.deliveries.map(describe), "\(label)")
        #expect(lean.missed.map(describeUnreasoned) == full.missed.map(describeUnreasoned), "\(label)")
        #expect(lean.skipped.map(describe) == full.skipped.map(describe), "\(label)")
        #expect(lean.suppressed.map(describe) == full.suppressed.map(describe), "\(label)")
        #expect(lean.freshness == full.freshness, "\(label)")
        #expect(lean.missedReports == full.missedReports, "\(label)")
        #expect(lean.pluginReportedMissed == full.pluginReportedMissed, "\(label)")
        #expect(lean.ruleCounts == full.ruleCounts, "\(label)")
        #expect(lean.kindCounts == full.kindCounts, "\(label)")
        #expect(lean.traceRecordCount == full.traceRecordCount, "\(label)")
        #expect(lean.eventCount == full.eventCount, "\(label)")
        #expect(lean.armedAtEnd == full.armedAtEnd, "\(label)")
    }

    static func describe(_ delivery: RunResult.Delivery) -> String { String(describing: delivery) }
    static func describe(_ occurrence: RunResult.Occurrence) -> String { String(describing: occurrence) }
    static func describeUnreasoned(_ occurrence: RunResult.Occurrence) -> String {
        var occurrence = occurrence
        occurrence.reason = ""
        return String(describing: occurrence)
    }
}
