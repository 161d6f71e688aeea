import DNSimCore
import DNSimPlugin
import DNSimReports
import DNSimScenario
import Foundation
import Testing

/// Runs without a kept trace (the fast path) must give exactly the result of runs that keep it.
struct TraceKeepingTests {
    /// The package root: this file is `Tests/DNSimReportsTests/TraceKeepingTests.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every bundled scenario file, relative to the package root, sorted.
    static let catalogue: [String] = {
        let directory = packageRoot.appendingPathComponent("scenarios")
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        let prefix = packageRoot.standardizedFileURL.path + "/"
        var paths: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "json" {
            paths.append(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
        }
        return paths.sorted()
    }()

    /// The bundled scenario at `path` (relative to the package root), decoded.
    static func scenario(at path: String) throws -> Scenario {
        let bytes = Array(try Data(contentsOf: packageRoot.appendingPathComponent(path)))
        return try ScenarioDecoder(file: path).decode(bytes)
    }

    /// The bundled scenario at `path` run under each profile, keeping no trace (the fast path
    /// `dnsim run` takes).
    static func resultsUnderEveryProfile(at path: String) throws -> [(profile: PluginProfile, result: RunResult)] {
        let scenario = try scenario(at: path)
        return try PluginProfile.allCases.map { profile in
            (profile, try ScenarioRunner.run(scenario.with(profile: profile), options: RunOptions(keepTrace: false)))
        }
    }

    @Test func theCatalogueIsThere() {
        #expect(Self.catalogue.count >= 81)
    }

    @Test(arguments: catalogue)
    func theFastPathAndTheFullTracePathGiveTheSameResult(_ path: String) throws {
        let scenario = try Self.scenario(at: path)
        for profile in PluginProfile.allCases {
            let fast = try ScenarioRunner.run(scenario.with(profile: profile), options: RunOptions(keepTrace: false))
            let full = try ScenarioRunner.run(scenario.with(profile: profile), options: RunOptions(keepTrace: true))
            #expect(!fast.traceKept && fast.trace.isEmpty)
            #expect(full.traceKept && full.trace.count == full.traceRecordCount)
            #expect(fast.traceDigest == full.traceDigest, "\(path) under \(profile.rawValue)")
            #expect(fast.traceRecordCount == full.traceRecordCount)
            #expect(fast.ruleCounts == full.ruleCounts)
            // The JSON result covers deliveries, missed reasons, freshness, checks and parameters.
            #expect(ResultJSON.render(fast) == ResultJSON.render(full), "\(path) under \(profile.rawValue)")
            #expect(TextSummary.render(fast) == TextSummary.render(full))
            // The rule counts are the kept trace's own.
            var counted: [String: Int] = [:]
            for record in full.trace { if let rule = record.rule { counted[rule, default: 0] += 1 } }
            #expect(counted == full.ruleCounts)
        }
    }
}
