import DNSimCLI
import DNSimCore
import Foundation
import Testing

/// `--policy` on run and matrix, `plugin.policy` in a scenario, and `schema --policy`.
struct PolicyCLITests {
    static let ours = #"""
        { "name": "ours", "extends": "directive",
          "decisions": { "android.rollover": { "value": "calendarDay", "comment": "fixed in 1.4" } } }
        """#

    @Test func runPlaysAPolicyFileAndNamesItWithItsDigest() throws {
        let run = Invocation(["run", dailyBasicPath, "--policy", "ours.json", "--format", "json"], files: ["ours.json": Self.ours])
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let json = try JSONParser.parse(run.stdout)
        #expect(json["policy"]?["name"]?.stringValue == "ours")
        #expect(json["policy"]?["digest"]?.stringValue?.count == 16)
        #expect(json["parameters"]?["pluginProfile"]?.stringValue == "ours")
        // directive fails all-at-0900 on this scenario (S1); with calendar-day rollover it holds.
        let failed = json["expectations"]?.arrayValue?.filter { $0["passed"]?.boolValue == false }.compactMap { $0["id"]?.stringValue }
        #expect(!(failed ?? []).contains("all-at-0900"), "\(failed ?? [])")
    }

    @Test func runRejectsProfileAndPolicyTogether() {
        let run = Invocation(["run", dailyBasicPath, "--policy", "ours.json", "--profile", "corrected"], files: ["ours.json": Self.ours])
        #expect(run.code == 2)
        #expect(run.stderr.contains("--profile and --policy cannot be combined"))
    }

    @Test func aBadPolicyFileIsExitTwoWithItsPointer() {
        let run = Invocation(
            ["run", dailyBasicPath, "--policy", "bad.json"],
            files: ["bad.json": #"{ "name": "bad", "extends": "corrected", "decisions": { "ios.windowdays": 2 } }"#])
        #expect(run.code == 2)
        #expect(run.stderr == "error: bad.json: at /decisions/ios.windowdays: expected a decision name (dnsim schema --policy lists them), found an unknown decision \"ios.windowdays\", did you mean \"ios.windowDays\"?\n")
    }

    @Test func aScenarioNamesAPolicyFileRelativeToItself() throws {
        let scenario = try String(contentsOf: packageRoot.appendingPathComponent(dailyBasicPath), encoding: .utf8)
            .replacingOccurrences(of: #""plugin": { "profile": "corrected" }"#, with: #""plugin": { "policy": "policies/ours.json" }"#)
        #expect(scenario.contains("policies/ours.json"))
        let run = Invocation(
            ["run", "dir/s.json", "--format", "json"], files: ["dir/s.json": scenario, "dir/policies/ours.json": Self.ours])
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(try JSONParser.parse(run.stdout)["policy"]?["name"]?.stringValue == "ours")
        let missing = Invocation(["validate", "dir/s.json"], files: ["dir/s.json": scenario])
        #expect(missing.code == 2)
        #expect(missing.stderr.hasPrefix("error: dir/s.json: at /plugin/policy: expected a readable policy file (relative to this file), found \"policies/ours.json\": dir/policies/ours.json: "), "\(missing.stderr)")
    }

    /// The example policies in `profiles/examples/` (the README points users at them) stay valid
    /// and play: each runs through `run` and as a `matrix` column under its own name.
    @Test(arguments: ["our-plugin-1.4", "corrected-ios-repeating"])
    func theExamplePoliciesRunThroughRunAndMatrix(name: String) throws {
        let path = "profiles/examples/\(name).json"
        let run = Invocation(["run", iosSpringPath, "--policy", path, "--format", "json"])
        #expect(run.code != 2, "\(run.stderr)")
        #expect(try JSONParser.parse(run.stdout)["policy"]?["name"]?.stringValue == name)
        let matrix = Invocation(["matrix", iosSpringPath, dailyBasicPath, "--policy", path, "--profiles", "corrected", "--format", "json"])
        #expect(matrix.code != 2, "\(matrix.stderr)")
        let columns = try JSONParser.parse(matrix.stdout)["rows"]?.arrayValue?.compactMap { $0["pluginProfile"]?.stringValue }
        #expect(columns == ["corrected", name, "corrected", name])
    }

    @Test func matrixRunsEachPolicyAsAColumn() throws {
        let run = Invocation(
            ["matrix", dailyBasicPath, "--policy", "ours.json", "--profiles", "corrected", "--format", "json"],
            files: ["ours.json": Self.ours])
        let json = try JSONParser.parse(run.stdout)
        let policies = json["rows"]?.arrayValue?.compactMap { $0["pluginProfile"]?.stringValue }
        #expect(policies == ["corrected", "ours"])
        #expect(json["summary"]?["ours"]?["digest"]?.stringValue?.count == 16)
    }

    @Test func schemaPolicyPrintsTheCommittedSchema() throws {
        let run = Invocation(["schema", "--policy"])
        #expect(run.code == 0)
        let committed = try String(contentsOf: packageRoot.appendingPathComponent("schema/policy.schema.json"), encoding: .utf8)
        #expect(run.stdout == committed, "run scripts/regenerate.sh")
    }
}

/// `dnsim ablate` on the command line.
struct AblateCLITests {
    @Test func helpDescribesTheCommand() {
        let run = Invocation(["ablate", "--help"])
        #expect(run.code == 0)
        #expect(run.stdout.contains("USAGE: dnsim ablate <path>"))
    }

    @Test func anUnknownPolicyIsExitTwo() {
        let run = Invocation(["ablate", "scenarios/electron", "--from", "nope.json"])
        #expect(run.code == 2)
        #expect(run.stderr.hasPrefix("error: nope.json: at (document root): expected a readable policy file, found "), "\(run.stderr)")
    }

    @Test func writesTheReportWithTheFixList() {
        let run = Invocation(["ablate", "scenarios/electron", "--from", "directive", "--out", "d.md"])
        #expect(run.code == 0, "\(run.stderr)")
        let text = run.io.written["d.md"] ?? ""
        #expect(text.hasPrefix("# Decisions: which change fixes which row\n"))
        #expect(text.contains("Generated by `dnsim ablate scenarios/electron --from directive`"))
        #expect(text.contains("| electron | 1 | "))
    }
}
