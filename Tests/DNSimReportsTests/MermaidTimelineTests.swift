import DNSimCore
import DNSimPlugin
@testable import DNSimReports
import DNSimScenario
import Foundation
import Testing

// `@testable` for `MermaidTimeline`, `HumanDuration` and `MarkdownText`, which are internal.

/// The Mermaid timeline shows what matters: lateness, zone and clock changes, the OS's records
/// on every platform, without repeats, and nothing that depends on the viewer's zone.
struct MermaidTimelineTests {
    /// Runs a bundled scenario (path relative to `scenarios/`) under `profile`, keeping the trace.
    static func run(_ path: String, _ profile: PluginProfile) throws -> RunResult {
        let file = "scenarios/" + path
        let bytes = Array(try Data(contentsOf: TraceKeepingTests.packageRoot.appendingPathComponent(file)))
        let scenario = try ScenarioDecoder(file: file).decode(bytes)
        return try ScenarioRunner.run(scenario.with(profile: profile), options: RunOptions(keepTrace: true))
    }

    /// The chart's task lines (indented, with ` : `), without the header.
    static func taskLines(_ chart: String) -> [String] {
        chart.split(separator: "\n").map(String.init).filter { $0.hasPrefix("    ") && $0.contains(" : ") }
    }

    /// The task line whose label contains `text`.
    static func line(containing text: String, in chart: String) -> String? {
        taskLines(chart).first { $0.contains(text) }
    }

    // MARK: Lateness

    @Test func aLateDeliveryIsABarFromItsPlannedTimeWithBothTimesAndTheLatenessInHours() throws {
        // Directive profile: after the spring change seed 003's +24 h request fires at 10:00 CEST.
        let result = try Self.run("ios/dst-spring-0900-ios.json", .directive)
        let chart = MermaidTimeline.render(result)
        let late = try #require(result.deliveries.first { $0.localDate == "2026-03-29" })
        let planned = try #require(late.plannedAt)
        let line = try #require(Self.line(containing: "daily-0900 03-29", in: chart))
        #expect(line.contains("09꞉00 planned → 10꞉00 +02꞉00 (1 h late)"), "\(line)")
        #expect(line.hasSuffix(": crit, active, \(planned.millisecondsSinceEpoch), \(late.deliveredAt.millisecondsSinceEpoch)"))
        #expect(late.deliveredAt - planned == .hours(1))
        #expect(!chart.contains("3600000 ms") && !chart.contains("ms late"))
        // The delivery before the change is on time: `done`.
        let onTime = try #require(Self.line(containing: "daily-0900 03-28", in: chart))
        #expect(onTime.contains(": done, milestone, "))
        #expect(onTime.contains("09꞉00 +01꞉00"))
    }

    @Test func theLateThresholdIsOneMinuteAndEarlyDeliveriesAreMarkedToo() throws {
        var result = try Self.run("android/daily-basic.json", .corrected)
        let planned = try #require(result.deliveries[0].plannedAt)
        result.deliveries[0].deliveredAt = planned + .seconds(30)
        #expect(MermaidTimeline.deliveryRow(result.deliveries[0], result).mark == .onTime)
        #expect(MermaidTimeline.deliveryRow(result.deliveries[0], result).label.hasSuffix("(+30 s)"))
        result.deliveries[0].deliveredAt = planned + .seconds(61)
        let late = MermaidTimeline.deliveryRow(result.deliveries[0], result)
        #expect(late.mark == .offTime && late.start == planned && late.end == planned + .seconds(61))
        #expect(late.label.hasSuffix("(1 min 1 s late)"), "\(late.label)")
        result.deliveries[0].deliveredAt = planned - .hours(1)
        let early = MermaidTimeline.deliveryRow(result.deliveries[0], result)
        #expect(early.mark == .offTime && early.start == planned - .hours(1) && early.end == planned)
        #expect(early.label.hasSuffix("(1 h early)"), "\(early.label)")
        result.deliveries[0].plannedAt = nil
        let extra = MermaidTimeline.deliveryRow(result.deliveries[0], result)
        #expect(extra.mark == .offTime && extra.end == nil)
        #expect(extra.label.contains("matching no planned occurrence"))
    }

    @Test func aMissedOccurrenceIsACritMilestoneAtItsPlannedTime() throws {
        // Directive profile: a force stop at 08:30 loses the 09:00 alarm.
        let result = try Self.run("android/forcestop-and.json", .directive)
        let missed = try #require(result.missed.first)
        let chart = MermaidTimeline.render(result)
        let line = try #require(Self.line(containing: " missed :", in: chart))
        #expect(line.hasSuffix(": crit, milestone, \(missed.plannedAt.millisecondsSinceEpoch), 0m"), "\(line)")
        #expect(line.contains("daily-0900 05-18 09꞉00 +02꞉00 missed"))
    }

    // MARK: Zone and clock

    @Test(arguments: [("android/tz-travel-east.json", "A15"), ("ios/tz-travel-east-ios.json", "I4")])
    func aZoneChangeIsAMarkerWithTheNewZoneAndOffset(_ path: String, _ rule: String) throws {
        let result = try Self.run(path, .corrected)
        let chart = MermaidTimeline.render(result)
        let change = try #require(result.trace.first { $0.kind == "timezone.changed" })
        let marker = try #require(Self.line(containing: "timezone.changed", in: chart))
        #expect(marker.contains("timezone.changed \(rule) → Asia/Tokyo "), "\(marker)")
        #expect(marker.contains("+09꞉00 (was ") && marker.contains("+02꞉00)"))
        #expect(marker.hasSuffix(": milestone, \(change.time.millisecondsSinceEpoch), 0m"))
        // The zone bars change there too.
        let zone = chart.components(separatedBy: "    section Zone\n")[1].components(separatedBy: "    section ")[0]
        #expect(zone.contains("Europe/Berlin +02꞉00 : "))
        #expect(zone.contains("Asia/Tokyo +09꞉00 from "))
    }

    @Test func aDSTChangeStartsANewZoneBarWithTheNewOffset() throws {
        let chart = MermaidTimeline.render(try Self.run("android/dst-spring-0900.json", .corrected))
        #expect(chart.contains("    Europe/Berlin +01꞉00 : "))
        #expect(chart.contains("    Europe/Berlin +02꞉00 from 03-29 03꞉00 : "))
    }

    @Test func aClockChangeIsAMarkerWithHowFarTheWallClockIsOff() throws {
        let chart = MermaidTimeline.render(try Self.run("android/clock-forward-3d.json", .corrected))
        let marker = try #require(Self.line(containing: "clock.set", in: chart))
        #expect(marker.contains("clock.set A14 (manual) → wall clock 3 d ahead 10-05 10꞉00 +02꞉00"), "\(marker)")
        // The step itself is not drawn twice.
        #expect(Self.line(containing: "setClock", in: chart) == nil)
    }

    // MARK: Repeats, platforms, title

    @Test func repeatedRecordsOfOneKindAndRuleCollapseIntoOneMilestone() throws {
        let result = try Self.run("android/forcestop-and.json", .directive)
        let chart = MermaidTimeline.render(result)
        let replaced = result.trace.filter { $0.kind == "alarm.replaced" }.count
        let lines = Self.taskLines(chart).filter { $0.contains("alarm.replaced A12") }
        #expect(replaced >= 5 && lines.count < replaced)
        #expect(lines.contains { $0.contains("alarm.replaced A12 ×3 05-19 08꞉55–09꞉00 +02꞉00") }, "\(lines)")
        #expect(chart.contains("alarm.removedByForceStop A26 ×2 05-18 08꞉30 +02꞉00"))
    }

    @Test func groupingJoinsOnlyTheSameKeyWithinTheWindowOfTheGroupsFirstItem() {
        let t0 = SimInstant(millisecondsSinceEpoch: 0)
        let items: [(key: String, time: SimInstant)] = [
            ("a", t0), ("b", t0 + .minutes(1)), ("a", t0 + .minutes(59)), ("a", t0 + .minutes(60)),
            ("a", t0 + .minutes(61)), ("b", t0),
        ]
        let groups = MermaidTimeline.grouped(items, window: .hours(1))
        #expect(groups.map(\.key) == ["a", "b", "a"])
        #expect(groups.map(\.members) == [[0, 2], [5, 1], [3, 4]])
    }

    @Test(arguments: ["ios/daily-basic.json", "ios/tz-travel-east-ios.json", "electron/sleep-across-slot.json"])
    func iOSAndElectronOSRecordsDecidedByARuleHaveAnOSSection(_ path: String) throws {
        let result = try Self.run(path, .corrected)
        let chart = MermaidTimeline.render(result)
        let os = try #require(chart.components(separatedBy: "    section OS\n").dropFirst().first)
        let rows = Self.taskLines(os.components(separatedBy: "    section ")[0])
        #expect(!rows.isEmpty)
        let prefix = path.hasPrefix("ios") ? " I" : " E"
        #expect(rows.allSatisfy { $0.contains(prefix) }, "\(rows)")
    }

    @Test func theTitleKeepsItsColon() throws {
        let chart = MermaidTimeline.render(try Self.run("android/dst-spring-0900.json", .corrected))
        #expect(chart.contains("\n    title Daily 09:00 armed on Saturday before the spring DST change (Berlin)\n"))
        #expect(MarkdownText.mermaidTitle("Bug #lt; & more: x") == "Bug ♯lt; and more: x")
        #expect(MarkdownText.mermaidLabel("a: b #c; 5% \nx") == "a꞉ b ♯c; 5pct  x")
    }

    // MARK: The viewer's zone

    /// Every task line's data is tags, then epoch milliseconds, then epoch milliseconds or `0m`.
    static func dataIsEpochMilliseconds(_ line: String) -> Bool {
        guard let data = line.components(separatedBy: " : ").last else { return false }
        let fields = data.components(separatedBy: ", ").filter { !["crit", "active", "done", "milestone"].contains($0) }
        guard fields.count == 2, let start = Int64(fields[0]), start > 0 else { return false }
        return fields[1] == "0m" || (Int64(fields[1]) ?? -1) >= start
    }

    @Test(arguments: TraceKeepingTests.catalogue)
    func theChartHasNoViewerDependentDatesAndIsTheSameEveryTime(_ path: String) throws {
        let result = try Self.run(String(path.dropFirst("scenarios/".count)), .directive)
        let chart = MermaidTimeline.render(result)
        #expect(chart == MermaidTimeline.render(result))
        let header = chart.split(separator: "\n").map(String.init).filter { !$0.contains(" : ") }
        #expect(header.contains("    dateFormat x"))
        #expect(header.contains("    axisFormat ·"))
        #expect(header.contains("    todayMarker off"))
        let tick = try #require(header.first { $0.hasPrefix("    tickInterval ") })
        let tickMillis = try #require(Int64(tick.dropFirst("    tickInterval ".count).dropLast("millisecond".count)))
        #expect(SimDuration.days(1).milliseconds % tickMillis == 0 || tickMillis % SimDuration.days(1).milliseconds == 0)
        // No format directive anywhere (axisFormat, dateFormat) and every task's data is epoch ms.
        #expect(!header.contains { $0.contains("%") || $0.contains("YYYY") || $0.contains("HH") })
        let tasks = Self.taskLines(chart)
        #expect(!tasks.isEmpty)
        for line in tasks { #expect(Self.dataIsEpochMilliseconds(line), "\(path): \(line)") }
        #expect(tasks.count <= MermaidTimeline.limit)
    }

    @Test func theCapDrawsOutcomesFirstAndCountsWhatItLeavesOut() throws {
        var result = try Self.run("android/daily-basic.json", .corrected)
        let start = result.scenario.startInstant
        // 100 distinct steps: none collapse.
        for n in 0..<100 {
            result.trace.append(
                TraceRecord(
                    id: Int32(10_000 + n), time: start + .hours(Int64(n)), subsystem: "scenario", kind: "step",
                    rule: nil, cause: -1, details: [TraceDetail("action", "extra\(n)")]))
        }
        let chart = MermaidTimeline.render(result)
        #expect(Self.taskLines(chart).count == MermaidTimeline.limit)
        for delivery in result.deliveries {
            #expect(chart.contains(", \(delivery.deliveredAt.millisecondsSinceEpoch), 0m"))
        }
        #expect(chart.contains(" more not drawn: Steps "))
        #expect(chart.contains("    extra0 "))
    }

    // MARK: Units

    @Test(arguments: [
        (Int64(0), "0 s"), (499, "0 s"), (30_000, "30 s"), (-30_000, "30 s"), (61_000, "1 min 1 s"),
        (359_881, "6 min"), (3_600_000, "1 h"), (3_660_000, "1 h 1 min"), (3_630_000, "1 h"),
        (25_200_000, "7 h"), (259_200_000, "3 d"), (273_600_000, "3 d 4 h"),
    ])
    func durationsAreInHumanUnits(_ milliseconds: Int64, _ text: String) {
        #expect(HumanDuration.text(SimDuration(milliseconds: milliseconds)) == text)
    }
}
