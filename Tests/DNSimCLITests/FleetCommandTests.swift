@testable import DNSimCLI
import DNSimCore
import Foundation
import Testing

/// `dnsim fleet` and `dnsim merge`: shards add up to the unsharded run byte for byte, on
/// threads and as separate processes.
struct FleetCommandTests {
    static let spec = "fleet/default.json"

    @Test func fourShardsRunThroughXargsMergeToTheUnshardedTally() throws {
        let binary = try #require(DNSimBinary.locate(), "no dnsim executable among \(DNSimBinary.candidates.map(\.path))")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dnsim-fleet-\(UUID().uuidString)")  // dnsim-host-ok: a scratch directory name
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = packageRoot.appendingPathComponent("scripts/fleet-shards.sh")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = [script.path, binary.path, Self.spec, "60", "4", directory.path, "--days", "7"]
        shell.currentDirectoryURL = packageRoot
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let merged = try Data(contentsOf: directory.appendingPathComponent("merged.json"))
        let whole = try ProcessRun(binary, ["fleet", Self.spec, "--devices", "60", "--days", "7", "--format", "json", "--jobs", "2"], environment: [:])
        #expect(whole.code == 0, "\(whole.stderr)")
        #expect(Array(merged) == whole.stdout)
    }

    @Test func jobsDoNotChangeTheTally() {
        let one = Invocation(["fleet", Self.spec, "--devices", "40", "--days", "7", "--format", "json", "--jobs", "1"])
        let two = Invocation(["fleet", Self.spec, "--devices", "40", "--days", "7", "--format", "json", "--jobs", "2"])
        #expect(one.code == 0, "\(one.stderr)")
        #expect(one.stdout == two.stdout)
    }

    @Test func anIncompleteOrRepeatedMergeIsExitTwo() {
        let files = (1...2).map { k in
            Invocation(["fleet", Self.spec, "--devices", "10", "--days", "7", "--shard", "\(k)/3", "--format", "json"]).stdout
        }
        let missing = Invocation(["merge", "a.json", "b.json"], files: ["a.json": files[0], "b.json": files[1]])
        #expect(missing.code == 2)
        #expect(missing.stderr == "error: merge: expected shards 1..3, missing 3/3\n")
        let twice = Invocation(["merge", "a.json", "a.json"], files: ["a.json": files[0]])
        #expect(twice.code == 2)
        #expect(twice.stderr.contains("expected each shard once, found shard 1/3 again"))
    }

    /// Without `--days` a tally says `"days": null` (each class's own span), and merges.
    @Test func shardsWithoutDaysMergeToTheUnshardedTally() {
        let files = (1...2).map { k in
            Invocation(["fleet", Self.spec, "--devices", "6", "--shard", "\(k)/2", "--format", "json"]).stdout
        }
        #expect(files[0].contains("\"days\": null"))
        let merged = Invocation(["merge", "a.json", "b.json", "--format", "json"], files: ["a.json": files[0], "b.json": files[1]])
        #expect(merged.code == 0, "\(merged.stderr)")
        #expect(merged.stdout == Invocation(["fleet", Self.spec, "--devices", "6", "--format", "json"]).stdout)
    }

    /// A tally edited by hand is checked before anything is added: counts from 0, a shard K of N
    /// with N no larger than a fleet can be, and sums that fit (each used to trap or hang).
    @Test func aTallyWithImpossibleValuesIsExitTwoWithItsPointer() {
        let tally = Invocation(["fleet", Self.spec, "--devices", "4", "--days", "7", "--format", "json"]).stdout
        /// Merges the tally with `edits`, and with `twice` the same again as shard 2.
        func merge(_ edits: [(String, String)], twice: Bool = false) -> Invocation {
            var text = tally
            for (old, new) in edits {
                #expect(text.contains(old), "\(old)")
                text = text.replacingOccurrences(of: old, with: new)
            }
            let second = text.replacingOccurrences(of: "\"index\": 1", with: "\"index\": 2")
            return Invocation(["merge", "t.json"] + (twice ? ["u.json"] : []), files: ["t.json": text, "u.json": second])
        }
        let negative = merge([("\"planned\": ", "\"planned\": -")])
        #expect(negative.code == 2)
        #expect(negative.stderr.hasPrefix("error: t.json: at /groups/0/counts/planned: expected a count (an integer from 0), found -"), "\(negative.stderr)")
        for shard in ["\"of\": -1", "\"of\": 9223372036854775807"] {
            let run = merge([("\"of\": 1", shard)])
            #expect(run.code == 2)
            #expect(run.stderr.hasPrefix("error: t.json: at /shard: expected K of N with 1 ≤ K ≤ N ≤ 100000000"), "\(run.stderr)")
        }
        // Two shards of two whose counts overflow when added.
        let huge = merge([("\"of\": 1", "\"of\": 2"), ("\"cached\": 0", "\"cached\": 9223372036854775807")], twice: true)
        #expect(huge.code == 2)
        #expect(huge.stderr.contains("expected counts that add up within 64 bits"), "\(huge.stderr)")
        let root = Invocation(["merge", "e.json"], files: ["e.json": "{}"])
        #expect(root.stderr.hasPrefix("error: e.json: at (document root): expected"), "\(root.stderr)")
    }

    @Test func aTallyOfAnotherFormatVersionIsNotMerged() {
        let tally = Invocation(["fleet", Self.spec, "--devices", "4", "--days", "7", "--format", "json"]).stdout
        #expect(tally.contains("\"formatVersion\": 3"))
        let old = tally.replacingOccurrences(of: "\"formatVersion\": 3", with: "\"formatVersion\": 2")
        let merge = Invocation(["merge", "old.json"], files: ["old.json": old])
        #expect(merge.code == 2)
        #expect(merge.stderr == "error: old.json: at /formatVersion: expected 3, found 2\n", "\(merge.stderr)")
    }

    @Test func aBadSpecIsExitTwoWithItsPointer() {
        let bad = #"{ "id": "x", "title": "t", "classes": [ { "name": "a", "weight": 0, "template": "t.json" } ] }"#
        let run = Invocation(["fleet", "spec.json", "--devices", "5"], files: ["spec.json": bad])
        #expect(run.code == 2)
        #expect(run.stderr == "error: spec.json: at /classes/0/weight: expected a weight from 1 to 1000000, found 0\n", "\(run.stderr)")
        let missing = #"{ "id": "x", "title": "t", "classes": [ { "name": "a", "weight": 1, "template": "nope.json" } ] }"#
        let unreadable = Invocation(["fleet", "dir/spec.json", "--devices", "5"], files: ["dir/spec.json": missing])
        #expect(unreadable.code == 2)
        #expect(unreadable.stderr.hasPrefix("error: dir/spec.json: at /classes/0/template: expected a readable exploration template (relative to this file), found \"nope.json\""), "\(unreadable.stderr)")
    }

    @Test func aDeviceIsReplayableAsAScenario() throws {
        let run = Invocation(["fleet", Self.spec, "--devices", "50", "--device", "7", "--emit"])
        #expect(run.code == 0, "\(run.stderr)")
        let json = try JSONParser.parse(run.stdout)
        #expect(json["id"]?.stringValue == "fleet/default/device-7")
        let outOfRange = Invocation(["fleet", Self.spec, "--devices", "5", "--device", "7", "--emit"])
        #expect(outOfRange.code == 2)
    }

    @Test func chartsAreWrittenBesideTheMarkdownWhichLinksThem() throws {
        let run = Invocation(["fleet", Self.spec, "--devices", "30", "--days", "7", "--format", "markdown", "--charts", "out"])
        #expect(run.code == 0, "\(run.stderr)")
        for name in ["fleet-delivery-rate.svg", "fleet-lateness-cdf.svg", "fleet-delivery-by-class.svg"] {
            let svg = try #require(run.io.written["out/" + name], "\(run.io.written.keys.sorted())")
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(svg.hasSuffix("</svg>\n"))
            #expect(run.stdout.contains("](\(name))"))
        }
        // The same fleet draws the same bytes.
        let again = Invocation(["fleet", Self.spec, "--devices", "30", "--days", "7", "--format", "markdown", "--charts", "out", "--jobs", "2"])
        #expect(again.io.written == run.io.written)
    }

    @Test func aChartPrefixNamesTheChartsAndTheLinks() throws {
        let run = Invocation([
            "fleet", Self.spec, "--devices", "30", "--days", "7", "--format", "markdown", "--charts", "out", "--chart-prefix", "fleet-year",
        ])
        #expect(run.code == 0, "\(run.stderr)")
        let names = ["fleet-year-delivery-rate.svg", "fleet-year-lateness-cdf.svg", "fleet-year-delivery-by-class.svg"]
        #expect(run.io.written.keys.sorted() == names.map { "out/" + $0 }.sorted())
        for name in names { #expect(run.stdout.contains("](\(name))")) }
        #expect(!run.stdout.contains("](fleet-delivery-rate.svg)"))
        // The charts are those of the default names: only the names change.
        let plain = Invocation(["fleet", Self.spec, "--devices", "30", "--days", "7", "--format", "markdown", "--charts", "out"])
        for (name, plainName) in zip(names, ["fleet-delivery-rate.svg", "fleet-lateness-cdf.svg", "fleet-delivery-by-class.svg"]) {
            #expect(run.io.written["out/" + name] == plain.io.written["out/" + plainName])
        }
        // A merge names them the same way.
        let tally = Invocation(["fleet", Self.spec, "--devices", "30", "--days", "7", "--format", "json"]).stdout
        let merged = Invocation(
            ["merge", "t.json", "--format", "markdown", "--charts", "m", "--chart-prefix", "fleet-year"], files: ["t.json": tally])
        #expect(merged.code == 0, "\(merged.stderr)")
        #expect(merged.io.written.keys.sorted() == names.map { "m/" + $0 }.sorted())
    }

    @Test func aBadChartPrefixIsExitTwo() {
        for prefix in ["", "../x", "a/b", ".hidden", "-x", "x y", String(repeating: "a", count: 65)] {
            let run = Invocation(["fleet", Self.spec, "--devices", "3", "--days", "7", "--charts", "out", "--chart-prefix", prefix])
            #expect(run.code == 2, "\(prefix)")
            let expected = prefix.isEmpty ? "--chart-prefix needs a value, found an empty string" : "--chart-prefix expects 1 to 64 letters"
            #expect(run.stderr.contains(expected), "\(run.stderr)")
            #expect(run.io.written.isEmpty)
        }
        let withoutCharts = Invocation(["fleet", Self.spec, "--devices", "3", "--days", "7", "--chart-prefix", "year"])
        #expect(withoutCharts.code == 2)
        #expect(withoutCharts.stderr.contains("give --charts too"), "\(withoutCharts.stderr)")
        let merge = Invocation(["merge", "t.json", "--chart-prefix", "year"], files: ["t.json": ""])
        #expect(merge.code == 2)
        #expect(merge.stderr.contains("give --charts too"), "\(merge.stderr)")
    }

    @Test func aReportSetKeepsTheFleetReportsBesideIt() {
        for name in ["fleet.md", "fleet-delivery-rate.svg", "fleet-lateness-cdf.svg", "fleet-delivery-by-class.svg", "decisions.md"] {
            #expect(ReportSetLayout.owns(name, isDirectory: false))
        }
        for name in ["fleet-year.md", "fleet-year-delivery-rate.svg", "fleet-year-lateness-cdf.svg", "fleet-year-delivery-by-class.svg"] {
            #expect(ReportSetLayout.owns(name, isDirectory: false))
            #expect(ReportSetLayout.carriedFiles.contains(name))
        }
        #expect(!ReportSetLayout.owns("fleet-other.svg", isDirectory: false))
        // What a killed per-file writer left, and nothing merely like it.
        #expect(ReportSetLayout.owns(".fleet.md.dnsim-4242-3.tmp", isDirectory: false))
        #expect(ReportSetLayout.owns("scenarios/.a.md.dnsim-4242-1.tmp", isDirectory: false))
        #expect(!ReportSetLayout.owns(".notes.dnsim-mine.tmp", isDirectory: false))
        #expect(!ReportSetLayout.owns(".x.dnsim-4242-3.tmp.bak", isDirectory: false))
        #expect(!ReportSetLayout.owns("fleet-week.md", isDirectory: false))
    }

    @Test func theSpecSchemaCoversTheBundledSpec() throws {
        let run = Invocation(["schema", "--fleet"])
        #expect(run.code == 0)
        let schema = try JSONParser.parse(run.stdout)
        let properties = Set(schema["properties"]?.objectValue?.keys ?? [])
        let classProperties = Set(schema["properties"]?["classes"]?["items"]?["properties"]?.objectValue?.keys ?? [])
        let spec = try JSONParser.parse(String(contentsOf: packageRoot.appendingPathComponent(Self.spec), encoding: .utf8))
        let specKeys = Set(spec.objectValue?.keys ?? [])
        #expect(specKeys.isSubset(of: properties), "\(specKeys.subtracting(properties))")
        for item in spec["classes"]?.arrayValue ?? [] {
            let keys = Set(item.objectValue?.keys ?? [])
            #expect(keys.isSubset(of: classProperties), "\(keys.subtracting(classProperties))")
        }
        #expect(classProperties == ["name", "weight", "template"])
    }
}
