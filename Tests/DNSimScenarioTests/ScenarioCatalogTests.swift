import DNSimCalendar
import DNSimCore
import DNSimPlugin
import DNSimScenario
import Foundation
import Testing

/// The bundled scenarios under `scenarios/`, found from this file's location.
enum BundledScenarios {
    /// The package root: this file is `Tests/DNSimScenarioTests/ScenarioCatalogTests.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `scenarios/**/*.json`, as paths relative to the package root, sorted.
    static let paths: [String] = {
        let directory = packageRoot.appendingPathComponent("scenarios")
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        var result: [String] = []
        let prefix = packageRoot.standardizedFileURL.path + "/"
        for case let url as URL in enumerator where url.pathExtension == "json" {
            let path = url.standardizedFileURL.path
            result.append(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
        }
        return result.sorted()
    }()

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: packageRoot.appendingPathComponent(path)))
    }

    static func decode(_ path: String) throws -> Scenario {
        try ScenarioDecoder(file: path).decode(try bytes(path))
    }
}

struct ScenarioCatalogTests {
    @Test func theCatalogueIsFoundAndHoldsTheAndroidScenarios() {
        #expect(BundledScenarios.paths.contains("scenarios/android/daily-basic.json"), "\(BundledScenarios.paths)")
        #expect(BundledScenarios.paths.contains("scenarios/android/reboot-basic.json"), "\(BundledScenarios.paths)")
        #expect(BundledScenarios.paths == BundledScenarios.paths.sorted())
    }

    @Test(arguments: BundledScenarios.paths)
    func aBundledScenarioDecodesWithAnIdMatchingItsPath(_ path: String) throws {
        let scenario = try BundledScenarios.decode(path)
        // scenarios/android/daily-basic.json has the id android/daily-basic.
        let expectedID = String(path.dropFirst("scenarios/".count).dropLast(".json".count))
        #expect(scenario.id == expectedID)
        #expect(!scenario.steps.isEmpty)
        #expect(!scenario.checks.isEmpty)
        #expect(!scenario.osExpected.isEmpty && !scenario.pluginExpected.isEmpty)
    }

    @Test(arguments: BundledScenarios.paths)
    func runningABundledScenarioTwiceGivesTheSameResult(_ path: String) throws {
        let scenario = try BundledScenarios.decode(path)
        let first = try ScenarioRunner.run(scenario)
        let second = try ScenarioRunner.run(scenario)
        #expect(first.traceDigest == second.traceDigest)
        #expect(first.traceDigest.count == 16)
        #expect(first.trace == second.trace)
        #expect(!first.trace.isEmpty)
        #expect(first.eventCount == second.eventCount)
        #expect(Fingerprint.deliveries(first) == Fingerprint.deliveries(second))
        #expect(Fingerprint.occurrences(first.missed) == Fingerprint.occurrences(second.missed))
        #expect(Fingerprint.occurrences(first.suppressed) == Fingerprint.occurrences(second.suppressed))
        #expect(Fingerprint.occurrences(first.skipped) == Fingerprint.occurrences(second.skipped))
        #expect(Fingerprint.expectations(first) == Fingerprint.expectations(second))
        #expect(first.parameters.map { "\($0.key)=\($0.value)" } == second.parameters.map { "\($0.key)=\($0.value)" })
    }

    @Test(arguments: BundledScenarios.paths)
    func aDifferentSeedIsAnInputTheTraceRecords(_ path: String) throws {
        let scenario = try BundledScenarios.decode(path)
        let base = try ScenarioRunner.run(scenario)
        let reseeded = try ScenarioRunner.run(scenario.with(seed: scenario.seed + 1))
        // The seed is written into the first trace record, so the digest must move with it;
        // equal digests would mean the digest ignores what it claims to cover.
        #expect(base.traceDigest != reseeded.traceDigest)
        #expect(reseeded.parameters.first { $0.key == "seed" }?.value == String(scenario.seed + 1))
    }

    @Test(arguments: BundledScenarios.paths)
    func everyBundledScenarioPassesUnderTheCorrectedProfile(_ path: String) throws {
        let scenario = try BundledScenarios.decode(path).with(profile: .corrected)
        let result = try ScenarioRunner.run(scenario)
        #expect(result.scenario.profile == .corrected)
        #expect(result.expectations.count == scenario.checks.count)
        let failures = result.expectations.filter { !$0.passed }.map { "\($0.id): \($0.observed)" }
        #expect(failures.isEmpty, "\(path) under corrected: \(failures)")
        #expect(result.passed)
    }

    @Test func dailyBasicUnderSeed003sRolloverFailsExactlyItsS1Checks() throws {
        let scenario = try BundledScenarios.decode("scenarios/android/daily-basic.json")
        let s1 = Set(scenario.checks.filter { $0.seedClaim == "S1" }.map(\.id))
        #expect(s1 == ["all-at-0900", "on-time"])

        // The directive preset keeps seed 003's +24 h for iOS only; flip it on for Android.
        var policy = PluginPolicy.preset(.directive)
        policy.name = "directive-add24h"
        policy.android.rollover = .add24Hours
        let result = try ScenarioRunner.run(scenario.with(policy: policy))
        #expect(!result.passed)
        let failing = result.expectations.filter { !$0.passed }
        #expect(Set(failing.map(\.id)) == s1, "failing: \(failing.map { "\($0.id): \($0.observed)" })")
        for outcome in failing {
            #expect(outcome.seedClaim == "S1", "\(outcome.id) failed without naming seed claim S1")
        }
        // The +24 h rollover keeps the winter offset: 10:00 local after the change, an hour late.
        let lateness = result.deliveries.compactMap(\.latenessMs)
        #expect(lateness.filter { $0 == 3_600_000 }.count == 6)
        #expect(lateness.filter { $0 == 0 }.count == 4)
    }

    @Test func dailyBasicKeepsNineOClockAcrossTheSpringChange() throws {
        let scenario = try BundledScenarios.decode("scenarios/android/daily-basic.json")
        let result = try ScenarioRunner.run(scenario)
        #expect(result.deliveries.count == 10)
        let local = result.deliveries.map { result.iso($0.deliveredAt) }
        #expect(local.first == "2026-03-25T09:00:00+01:00")
        #expect(local.contains("2026-03-29T09:00:00+02:00"))
        #expect(local.last == "2026-04-03T09:00:00+02:00")
        #expect(result.missed.isEmpty)
    }
}

/// Comparable renderings of a run's lists (the result types are not `Equatable`).
enum Fingerprint {
    static func deliveries(_ result: RunResult) -> [String] {
        result.deliveries.map {
            [
                $0.slot, $0.localDate, $0.plannedAt.map { String($0.millisecondsSinceEpoch) } ?? "-",
                String($0.deliveredAt.millisecondsSinceEpoch), $0.latenessMs.map { String($0) } ?? "-", $0.title, $0.body,
            ].joined(separator: "|")
        }
    }

    static func occurrences(_ list: [RunResult.Occurrence]) -> [String] {
        list.map { "\($0.slot)|\($0.localDate)|\($0.plannedAt.millisecondsSinceEpoch)|\($0.reason)" }
    }

    static func expectations(_ result: RunResult) -> [String] {
        result.expectations.map { "\($0.id)|\($0.assertion)|\($0.passed)|\($0.observed)|\($0.seedClaim ?? "-")" }
    }
}
