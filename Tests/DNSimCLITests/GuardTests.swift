import DNSimCLI
import DNSimScenario
import Foundation
import Testing

/// The guards that stop unusable input with exit 2 before any run: the event guard and its
/// option, the clock bounds, the epoch, and the `--jobs` value.
struct GuardTests {
    static let maxEventsUsage = "--max-events expects a positive number of events (default \(RunOptions.defaultMaxEvents))"

    // MARK: --max-events

    @Test(arguments: ["run", "matrix"])
    func helpDocumentsMaxEventsWithItsDefault(_ subcommand: String) {
        let run = Invocation(["help", subcommand])
        #expect(run.stdout.contains("--max-events <n>"))
        #expect(run.stdout.contains("(default: \(RunOptions.defaultMaxEvents))"))
    }

    @Test func theEventGuardStopsARunWithExitTwoNamingTheLimitAndTheOption() {
        let run = Invocation(["run", dailyBasicPath, "--max-events", "10"])
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: android/daily-basic: the simulation stopped: the run dispatched more than 10 events by "))
        #expect(run.stderr.contains("(--max-events 10; default \(RunOptions.defaultMaxEvents))"))
        #expect(run.stderr.contains("raise the limit with --max-events N"))
    }

    @Test func aLimitAboveTheRunsEventsChangesNothing() {
        let limited = Invocation(["run", dailyBasicPath, "--format", "json", "--max-events", "1000"])
        let unlimited = Invocation(["run", dailyBasicPath, "--format", "json"])
        #expect(limited.code == 0)
        #expect(limited.stdout == unlimited.stdout)
    }

    @Test func theEventGuardStopsAMatrixWithExitTwoAndWritesNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dnsim-guard-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for jobs in ["1", "2"] {
            let run = Invocation(["matrix", "scenarios/android", "--max-events", "50", "--out", directory.path, "--jobs", jobs])
            #expect(run.code == 2)
            #expect(run.stdout.isEmpty)
            #expect(run.io.written.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: directory.path))
            // The first run in scenario order that trips the guard, whatever the job count.
            #expect(run.stderr.hasPrefix("error: android/"), "\(run.stderr)")
            #expect(run.stderr.contains("more than 50 events"))
            #expect(run.stderr.contains("(--max-events 50; default \(RunOptions.defaultMaxEvents))"))
            #expect(run.stderr == Invocation(["matrix", "scenarios/android", "--max-events", "50"]).stderr)
        }
    }

    /// An empty option value is refused before anything runs (as a directory, `--charts ''`
    /// would have put the charts at the file system's root).
    @Test(arguments: [
        ["run", dailyBasicPath, "--max-events", ""], ["run", dailyBasicPath, "--trace", ""],
        ["fleet", "fleet/default.json", "--devices", "2", "--charts", ""], ["matrix", "scenarios/android", "--out", ""],
        ["explore", "explore/templates/ios-week.json", "--seeds", "1", "--out", ""],
        ["explore", "explore/templates/ios-week.json", "--seeds", "1", "--findings", ""],
    ])
    func anEmptyOptionValueIsAUsageError(_ arguments: [String]) {
        let run = Invocation(arguments)
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: \(arguments[arguments.count - 2]) needs a value, found an empty string\n"), "\(run.stderr)")
    }

    @Test(arguments: ["0", "-5", "many", "1.5"])
    func aMaxEventsThatIsNotAPositiveNumberIsAUsageError(_ value: String) {
        for arguments in [["run", dailyBasicPath], ["matrix", "scenarios/android"]] {
            let run = Invocation(arguments + ["--max-events", value])
            #expect(run.code == 2)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("error: \(Self.maxEventsUsage), found '\(value)'\nUsage: dnsim \(arguments[0]) "))
        }
    }

    // MARK: --jobs

    @Test(arguments: ["-1", "257", "two", "1.5"])
    func aJobCountThatIsNotOneIsAUsageError(_ value: String) {
        let run = Invocation(["matrix", "scenarios/android", "--jobs", value])
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.hasPrefix(
                "error: --jobs expects a number of threads from 1 to 256, or 0 or 'auto' for one per processor, found '\(value)'"))
    }

    @Test func helpDocumentsJobs() {
        let run = Invocation(["help", "matrix"])
        #expect(run.stdout.contains("--jobs <n>"))
        #expect(run.stdout.contains("0 or auto"))
        #expect(run.stdout.contains("(default: 1)"))
    }

    // MARK: Clock bounds and the epoch

    static let minimal = """
        {
          "id": "test/guard", "title": "Guard", "platform": "PLATFORM",
          "device": DEVICE,
          "timeZone": "Europe/Berlin", "start": "START", "duration": "2d",
          "steps": [
            { "after": "1m", "action": "scheduleDailyNotification", "time": "09:00" },
            STEP
          ],
          "expected": { "os": "o", "plugin": "p", "checks": [] }
        }
        """

    static let devices = [
        "android": #"{ "apiLevel": 34 }"#, "ios": #"{ "osVersion": 17 }"#, "electron": #"{ "electronVersion": 30 }"#,
    ]

    static func scenario(platform: String, start: String = "2026-03-25T08:00", step: String) -> String {
        minimal.replacingOccurrences(of: "PLATFORM", with: platform)
            .replacingOccurrences(of: "DEVICE", with: devices[platform] ?? "")
            .replacingOccurrences(of: "START", with: start).replacingOccurrences(of: "STEP", with: step)
    }

    static let launch = #"{ "after": "1m", "action": "launchApp" }"#

    @Test(arguments: ["android", "ios", "electron"])
    func aStartBefore1970IsExitTwoOnEveryPlatform(_ platform: String) throws {
        let text = Self.scenario(platform: platform, start: "1969-12-31T08:00", step: Self.launch)
        // matrix lists directories on disk, so its file is a real one.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dnsim-epoch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let onDisk = directory.appendingPathComponent("x.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: onDisk))
        for arguments in [["validate", "x.json"], ["run", "x.json"], ["matrix", onDisk, "--jobs", "2"]] {
            let run = Invocation(arguments, files: ["x.json": text])
            #expect(run.code == 2, "\(arguments[0]) on \(platform)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("error: \(arguments[1]): at /start: expected a start at or after 1970-01-01T00:00:00Z"))
            #expect(run.stderr.contains("device clocks count from the Unix epoch"))
            #expect(run.stderr.contains(#"found "1969-12-31T08:00", which is 1969-12-31T07:00:00Z"#))
        }
    }

    @Test(arguments: ["android", "ios", "electron"])
    func aSetClockBefore1970IsExitTwoOnEveryPlatform(_ platform: String) {
        let step = #"{ "after": "1h", "action": "setClock", "to": "1969-12-31T23:59" }"#
        let run = Invocation(["run", "x.json"], files: ["x.json": Self.scenario(platform: platform, step: step)])
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: x.json: at /steps/1/to: expected a local date-time at or after 1970-01-01T00:00:00Z"))
        #expect(run.stderr.contains("device clocks count from the Unix epoch"))
    }

    @Test(arguments: ["android", "ios", "electron"])
    func aSetClockToTheYear9999IsExitTwoBeforeAnyRun(_ platform: String) {
        let step = #"{ "after": "1h", "action": "setClock", "to": "9999-12-31T00:00" }"#
        let started = ContinuousClock.now
        let run = Invocation(["run", "x.json"], files: ["x.json": Self.scenario(platform: platform, step: step)])
        #expect(ContinuousClock.now - started < .seconds(5), "the scenario was run, not rejected")
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr == "error: x.json: at /steps/1/to: expected a local date-time from 2025-02-18T08:00:00+01:00 to "
                + "2027-05-01T09:00:00+02:00 in Europe/Berlin (the scenario's span ± 400d, not before 1970), "
                + "found \"9999-12-31T00:00\", which is 9999-12-30T23:00:00Z\n")
    }

    @Test func aShiftByPastTheWindowIsExitTwoAtItsPointer() {
        let step = #"{ "after": "1h", "action": "setClock", "shiftBy": "400d" }, "#
            + #"{ "after": "1h", "action": "setClock", "shiftBy": "400d" }"#
        let run = Invocation(["validate", "x.json"], files: ["x.json": Self.scenario(platform: "android", step: step)])
        #expect(run.code == 2)
        #expect(run.stderr.hasPrefix("error: x.json: at /steps/2/shiftBy: expected a shift that sets the clock from "))
        #expect(run.stderr.contains("found a shift by 400d to "))
    }
}
