import DNSimCLI
import Foundation
import Testing

/// `dnsim matrix` counts one case per scenario and profile, green when each run goes as its
/// scenario expects (expected findings included), red on a regression or a resolved finding;
/// the exit code, the closing line and JUnit agree.
struct MatrixVerdictTests {
    /// A fresh directory holding `files` (name → text).
    static func directory(_ files: [String: String]) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("dnsim-matrix-\(UUID().uuidString)").path  // dnsim-host-ok: test scratch name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8) }
        return path
    }

    static func dailyBasic() throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("scenarios/android/daily-basic.json"), encoding: .utf8)
    }

    /// A scenario whose directive findings are all-at-0900 and on-time (S1).
    static func iosSpring() throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(iosSpringPath), encoding: .utf8)
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func theCatalogueIsGreenAndEverySignalCountsTheSameUnit() throws {
        let junit = Invocation(["matrix", "scenarios", "--format", "junit"])
        #expect(junit.code == 0, "\(junit.stderr)")
        let runs = bundledScenarioPaths.count * 3
        #expect(junit.stdout.contains("<testsuites name=\"dnsim\" tests=\"\(runs)\" failures=\"0\""))
        #expect(Self.count("<testcase ", in: junit.stdout) == runs)
        #expect(Self.count("<failure", in: junit.stdout) == 0)
        #expect(junit.stderr.hasPrefix("\(runs) passed, 0 failed\n"))
        // Properties live at suite level only (junit-10.xsd).
        #expect(!junit.stdout.contains("<testcase classname=\"android.corrected\" name=\"android/daily-basic\" time=\"0\">\n      <properties>"))
    }

    @Test func aRegressionTurnsTheDashboardRed() throws {
        // dst-spring-0900-ios's directive findings are all-at-0900 and on-time (S1); drop them, and the
        // same failures are now unexpected.
        let flipped = try Self.iosSpring().replacingOccurrences(
            of: ", \"directive\": [\"all-at-0900\", \"on-time\"] }", with: " }")
        #expect(!flipped.contains("\"directive\":"))
        let dir = try Self.directory(["daily-basic.json": flipped])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = Invocation(["matrix", dir, "--format", "junit"])
        #expect(run.code == 1)
        #expect(run.stderr.hasPrefix("2 passed, 1 failed\n"), "\(run.stderr)")
        #expect(run.stderr.contains("ios/dst-spring-0900-ios under directive: unexpected failure: all-at-0900 (S1), on-time (S1)"))
        #expect(run.stdout.contains("<testsuites name=\"dnsim\" tests=\"3\" failures=\"1\""))
        #expect(Self.count("<failure", in: run.stdout) == 1)
        #expect(run.stdout.contains("type=\"UnexpectedFailure\""))
    }

    @Test func aFindingThatStopsFailingIsReported() throws {
        let listed = try Self.iosSpring().replacingOccurrences(
            of: "\"directive\": [\"all-at-0900\", \"on-time\"] }",
            with: "\"directive\": [\"all-at-0900\", \"on-time\"], \"corrected\": [\"on-time\"] }")
        let dir = try Self.directory(["daily-basic.json": listed])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = Invocation(["matrix", dir, "--format", "json"])
        #expect(run.code == 1)
        #expect(run.stderr.contains("ios/dst-spring-0900-ios under corrected: finding resolved: on-time (S1) now pass"))
        #expect(run.stdout.contains("\"verdict\" : \"findingResolved\"") || run.stdout.contains("\"verdict\": \"findingResolved\""))
    }

    @Test func anEmptyInputIsAnError() throws {
        let dir = try Self.directory([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = Invocation(["matrix", dir])
        #expect(run.code == 2)
        #expect(run.stderr.contains("expected scenario files (*.json), found none"))
    }

    @Test func twoScenariosWithOneIdAreAnError() throws {
        let text = try Self.dailyBasic()
        let dir = try Self.directory(["a.json": text, "b.json": text])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = Invocation(["matrix", dir])
        #expect(run.code == 2)
        #expect(run.stderr.contains("b.json: at /id: expected an id no other scenario of the matrix has, found \"android/daily-basic\""))
    }

    @Test func idsThatNameTheSameReportFilesAreAnError() throws {
        let text = try Self.dailyBasic()
        let other = text.replacingOccurrences(of: #""id": "android/daily-basic""#, with: #""id": "android-daily-basic""#)
        #expect(other != text)
        let dir = try Self.directory(["a.json": text, "b.json": other])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = Invocation(["matrix", dir, "--out", dir + "/reports"])
        #expect(run.code == 2)
        #expect(run.io.written.isEmpty)
        #expect(
            run.stderr == "error: \(dir)/b.json: at /id: expected an id no other scenario of the matrix has, found "
                + "\"android-daily-basic\", which names the same report files as \"android/daily-basic\" of \(dir)/a.json\n")
    }

    @Test func everyFileWithProblemsIsReportedNotOnlyTheFirst() throws {
        let text = try Self.dailyBasic()
        let dir = try Self.directory([
            "a.json": text.replacingOccurrences(of: #""timeZone""#, with: #""timezone""#),
            "b.json": "{", "c.json": text.replacingOccurrences(of: #""id": "android/daily-basic""#, with: #""id": "c""#),
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = Invocation(["matrix", dir, "--jobs", "2"])
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("error: \(dir)/a.json: at /timezone: "))
        #expect(run.stderr.contains("error: \(dir)/b.json: malformed JSON: "))
        #expect(!run.stderr.contains("c.json"))
    }

    @Test func findingsNameKnownProfilesAndChecks() throws {
        let text = try Self.iosSpring()
        let badProfile = text.replacingOccurrences(of: "\"directive\": [", with: "\"directiv\": [")
        let run = Invocation(["validate", "typo.json"], files: ["typo.json": badProfile])
        #expect(run.code == 2)
        #expect(run.stderr.contains("at /expected/findings/directiv: expected a plugin profile name"), "\(run.stderr)")
        #expect(run.stderr.contains("did you mean \"directive\"?"))
        let badCheck = text.replacingOccurrences(of: "[\"all-at-0900\", \"on-time\"]", with: "[\"all-at-0900\", \"ontime\"]")
        let second = Invocation(["validate", "typo.json"], files: ["typo.json": badCheck])
        #expect(second.code == 2)
        #expect(second.stderr.contains("at /expected/findings/directive/1: expected the id of one of this scenario's checks"))
        #expect(second.stderr.contains("did you mean \"on-time\"?"))
    }
}
