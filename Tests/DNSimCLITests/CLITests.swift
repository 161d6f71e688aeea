import DNSimCLI
import DNSimCore
import DNSimScenario
import Foundation
import Testing

/// The package root: this file is `Tests/DNSimCLITests/CLITests.swift`.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every bundled scenario, relative to the package root, sorted.
let bundledScenarioPaths: [String] = {
    let directory = packageRoot.appendingPathComponent("scenarios")
    guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
        return []
    }
    let prefix = packageRoot.standardizedFileURL.path + "/"
    var result: [String] = []
    for case let url as URL in enumerator where url.pathExtension == "json" {
        result.append(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
    }
    return result.sorted()
}()

/// A ``CommandIO`` that records what the command writes.
///
/// Reads come from `files` first; any other path goes to the real file system (through
/// ``ProcessIO``, relative to the package root), so bundled scenarios and real "no such file"
/// answers are exercised. Writes are kept in `written`, except to paths in `unwritable`.
final class RecordingIO: CommandIO {
    var stdout = ""
    var stderr = ""
    var stdin: [UInt8]
    var files: [String: String]
    var written: [String: String] = [:]
    var unwritable: Set<String> = []
    private(set) var stdinReads = 0
    private let disk = ProcessIO()

    init(stdin: String = "", files: [String: String] = [:]) {
        self.stdin = Array(stdin.utf8)
        self.files = files
    }

    func writeOut(_ text: String) { stdout += text }
    func writeError(_ text: String) { stderr += text }

    func readStandardInput() -> [UInt8] {
        stdinReads += 1
        return stdin
    }

    func readFile(_ path: String) -> Result<[UInt8], FileProblem> {
        if let text = files[path] { return .success(Array(text.utf8)) }
        let resolved = path.hasPrefix("/") ? path : packageRoot.appendingPathComponent(path).path
        return disk.readFile(resolved)
    }

    func writeFile(_ path: String, _ text: String) -> FileProblem? {
        if unwritable.contains(path) { return FileProblem("cannot write \(path)") }
        written[path] = text
        return nil
    }

    /// Records the set as `written` entries under `directory`, or fails whole (writing nothing)
    /// when `directory` or any of its files is in `unwritable`.
    func writeFileSet(
        _ files: [(path: String, text: String)], replacing directory: String, owns: (String, Bool) -> Bool
    ) -> FileProblem? {
        let paths = files.map { directory + "/" + $0.path }
        if unwritable.contains(directory) { return FileProblem("cannot write \(directory)") }
        if let path = paths.first(where: { unwritable.contains($0) }) { return FileProblem("cannot write \(path)") }
        for (path, file) in zip(paths, files) { written[path] = file.text }
        return nil
    }
}

/// One in-process invocation of `dnsim`.
struct Invocation {
    var code: Int32
    var stdout: String
    var stderr: String
    var io: RecordingIO

    init(_ arguments: [String], stdin: String = "", files: [String: String] = [:]) {
        io = RecordingIO(stdin: stdin, files: files)
        code = DNSimCommand.main(arguments, io: io).rawValue
        stdout = io.stdout
        stderr = io.stderr
    }
}

/// The scenario most tests run.
let dailyBasicPath = "scenarios/android/daily-basic.json"

/// A scenario whose only `directive` findings are S1's (seed 003's +24 h rollover is the iOS plan).
let iosSpringPath = "scenarios/ios/dst-spring-0900-ios.json"

struct CLITests {
    // MARK: Help and version

    @Test func versionPrintsOneLineOnStdout() throws {
        let run = Invocation(["--version"])
        #expect(run.code == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasSuffix("\n"))
        let parts = run.stdout.dropLast().split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, "\(run.stdout)")
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func mainHelpGoesToStdoutWithExitZero(_ arguments: [String]) {
        let run = Invocation(arguments)
        #expect(run.code == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("USAGE: dnsim <subcommand>"))
        for subcommand in ["run", "validate", "schema"] {
            #expect(run.stdout.contains("\n  \(subcommand) "), "help lists no \(subcommand)")
        }
        #expect(run.stdout.contains("EXIT STATUS"))
    }

    @Test func noArgumentsIsAUsageErrorWithTheOverviewOnStderr() {
        let run = Invocation([])
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == Invocation(["--help"]).stdout)
    }

    @Test(arguments: [["--version", "extra"], ["--version", "--help"], ["--help", "run"]])
    func versionAndHelpTakeNoArguments(_ arguments: [String]) {
        let run = Invocation(arguments)
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: \(arguments[0]) takes no arguments, found '\(arguments[1])'\n"), "\(run.stderr)")
    }

    @Test(arguments: [
        (["help", "run"], "USAGE: dnsim run <file>"),
        (["run", "--help"], "USAGE: dnsim run <file>"),
        (["run", "-h"], "USAGE: dnsim run <file>"),
        (["run", dailyBasicPath, "--format", "json", "--help"], "USAGE: dnsim run <file>"),
        (["help", "validate"], "USAGE: dnsim validate <path>"),
        (["validate", "--help"], "USAGE: dnsim validate <path>"),
        (["help", "schema"], "USAGE: dnsim schema"),
        (["schema", "--help"], "USAGE: dnsim schema"),
    ])
    func subcommandHelpGoesToStdoutWithExitZero(_ arguments: [String], usage: String) {
        let run = Invocation(arguments)
        #expect(run.code == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("OVERVIEW: "))
        #expect(run.stdout.contains(usage))
        #expect(run.io.written.isEmpty)
    }

    @Test func runHelpDocumentsEveryOption() {
        let run = Invocation(["help", "run"])
        for option in ["--seed", "--profile", "--format", "--trace", "--check-determinism"] {
            #expect(run.stdout.contains(option), "run help does not mention \(option)")
        }
        #expect(run.stdout == Invocation(["run", "--help"]).stdout)
    }

    // MARK: Usage errors

    @Test(arguments: [
        (["run"], "missing scenario file (use '-' for standard input)"),
        (["run", "--bogus", dailyBasicPath], "unknown option '--bogus'"),
        (["run", dailyBasicPath, "-x"], "unknown option '-x'"),
        (["run", "a.json", "b.json"], "run takes one scenario file"),
        (["run", dailyBasicPath, "--seed", "one"], "--seed expects a non-negative integer up to 9223372036854775807, found 'one'"),
        (["run", dailyBasicPath, "--seed", "-1"], "--seed expects a non-negative integer up to 9223372036854775807, found '-1'"),
        (["run", dailyBasicPath, "--seed", "18446744073709551615"],
         "--seed expects a non-negative integer up to 9223372036854775807, found '18446744073709551615'"),
        (["run", dailyBasicPath, "--seed"], "--seed needs a value"),
        (["run", dailyBasicPath, "--seed", "1", "--seed=2"], "--seed given more than once"),
        (["run", dailyBasicPath, "--profile", "fixed"], "--profile expects one of as-found, directive, corrected, found 'fixed'"),
        (["run", dailyBasicPath, "--format", "yaml"], "--format expects text, json or markdown, found 'yaml'"),
        (["run", dailyBasicPath, "--format=JSON"], "--format expects text, json or markdown, found 'JSON'"),
        (["frobnicate"], "unknown subcommand 'frobnicate'"),
        (["help", "frobnicate"], "unknown subcommand 'frobnicate'"),
        (["validate"], "missing scenario file or directory"),
        (["validate", "--strict", dailyBasicPath], "unknown option '--strict'"),
        (["schema", "extra"], "schema takes no arguments but --policy, --explore or --fleet, found 'extra'"),
    ])
    func aBadCommandLineIsAUsageErrorOnStderr(_ arguments: [String], message: String) {
        let run = Invocation(arguments)
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.io.written.isEmpty)
        #expect(run.io.stdinReads == 0)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4, "\(run.stderr)")
        guard lines.count == 4 else { return }
        #expect(lines[0] == "error: \(message)")
        #expect(lines[1].hasPrefix("Usage: dnsim "))
        #expect(lines[2] == "  See 'dnsim --help' for more information.")
        #expect(lines[3].isEmpty)
    }

    @Test func runUsageNamesTheRunSubcommand() {
        let run = Invocation(["run"])
        #expect(run.stderr.contains("Usage: dnsim run <file>"))
    }

    // MARK: Unusable input

    @Test func aMissingFileIsNamedWithNoSuchFile() {
        let path = "scenarios/android/no-such-scenario.json"
        let run = Invocation(["run", path])
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "error: \(path): cannot read the scenario: expected a readable scenario file, found no such file\n")
    }

    @Test func aDirectoryIsNotAScenario() {
        let run = Invocation(["run", "scenarios"])
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("scenarios: cannot read the scenario"))
        #expect(run.stderr.contains("a directory, not a file"))
    }

    @Test func emptyStandardInputIsNamedAsStdin() {
        let run = Invocation(["run", "-"], stdin: "")
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.io.stdinReads == 1)
        #expect(run.stderr == "error: <stdin>: malformed JSON: line 1, column 1: the input is empty\n")
    }

    @Test func aScenarioOnStandardInputRunsLikeTheFile() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(dailyBasicPath), encoding: .utf8)
        let fromStdin = Invocation(["run", "-", "--format", "json"], stdin: text)
        let fromFile = Invocation(["run", dailyBasicPath, "--format", "json"])
        #expect(fromStdin.code == 0)
        #expect(fromStdin.stdout == fromFile.stdout)
    }

    @Test func anInvalidScenarioIsExitTwoWithThePointer() {
        let run = Invocation(["run", "broken.json"], files: ["broken.json": #"{"id": "x", "seed": "one"}"#])
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: broken.json: at "))
    }

    // MARK: Running

    @Test func dailyBasicPassesWithExitZero() {
        let run = Invocation(["run", dailyBasicPath])
        #expect(run.code == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("android/daily-basic [android, profile corrected, seed 1]: PASS\n"))
        #expect(!run.stdout.contains("[FAIL]"))
        #expect(run.io.written.isEmpty)
    }

    @Test func iosSpringUnderDirectiveFailsWithExitOneNamingS1() {
        let run = Invocation(["run", iosSpringPath, "--profile", "directive"])
        #expect(run.code == 1)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("ios/dst-spring-0900-ios [ios, profile directive, seed 1]: FAIL\n"))
        let failing = run.stdout.split(separator: "\n").filter { $0.contains("[FAIL]") }
        #expect(failing.count == 2, "\(failing)")
        #expect(failing.allSatisfy { $0.contains("S1") }, "\(failing)")
    }

    @Test func optionsAcceptTheEqualsForm() {
        let spaced = Invocation(["run", iosSpringPath, "--profile", "directive", "--seed", "5", "--format", "json"])
        let joined = Invocation(["run", "--profile=directive", "--seed=5", "--format=json", iosSpringPath])
        #expect(spaced.code == 1)
        #expect(joined.code == 1)
        #expect(spaced.stdout == joined.stdout)
        #expect(spaced.stdout.contains(#""pluginProfile": "directive""#))
    }

    @Test func theSeedOptionReachesTheResult() throws {
        let run = Invocation(["run", dailyBasicPath, "--seed", "9223372036854775807", "--format", "json"])
        #expect(run.code == 0)
        let document = try JSONParser.parse(run.stdout)
        #expect(document["parameters"]?["seed"] == .integer(Int64.max))
        let base = try JSONParser.parse(Invocation(["run", dailyBasicPath, "--format", "json"]).stdout)
        #expect(base["parameters"]?["seed"] == 1)
        #expect(base["summary"]?["traceDigest"] != document["summary"]?["traceDigest"])
    }

    // MARK: The JSON result

    static let topLevelKeys = [
        "formatVersion", "scenario", "parameters", "deliveries", "missed", "skipped", "suppressed", "errors",
        "expectations",
    ]

    @Test(arguments: ["scenarios/android/daily-basic.json", "scenarios/android/reboot-basic.json"])
    func theJSONResultHasTheDocumentedShape(_ path: String) throws {
        let run = Invocation(["run", path, "--format", "json"])
        #expect(run.code == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasSuffix("}\n"))
        let document = try JSONParser.parse(run.stdout)
        let root = try #require(document.objectValue)
        #expect(document["formatVersion"] == 3)
        for key in Self.topLevelKeys + ["freshness"] {
            #expect(root[key] != nil, "no top-level \(key)")
        }
        for key in ["deliveries", "missed", "skipped", "suppressed", "errors", "expectations"] {
            #expect(root[key]?.arrayValue != nil, "\(key) is not an array")
        }
        #expect(root["scenario"]?.objectValue != nil && root["parameters"]?.objectValue != nil)

        let deliveries = try #require(document["deliveries"]?.arrayValue)
        #expect(!deliveries.isEmpty)
        for delivery in deliveries {
            let object = try #require(delivery.objectValue)
            for key in ["slot", "localDate", "plannedAt", "deliveredAt", "latenessMs", "content"] {
                #expect(object[key] != nil, "a delivery has no \(key)")
            }
            #expect(object["latenessMs"]?.int64Value != nil)
            #expect(object["content"]?["title"]?.stringValue != nil)
            // formatVersion 2: the content's version and age, null for the static template.
            #expect(object["content"]?["version"] != nil && object["content"]?["ageMs"] != nil)
        }
        let expectations = try #require(document["expectations"]?.arrayValue)
        #expect(!expectations.isEmpty)
        for expectation in expectations {
            let object = try #require(expectation.objectValue)
            for key in ["id", "description", "passed", "observed"] {
                #expect(object[key] != nil, "an expectation has no \(key)")
            }
            #expect(object["passed"] == true)
        }

        var instants = [document["scenario"]?["start"], document["scenario"]?["end"]].compactMap { $0?.stringValue }
        for delivery in deliveries {
            instants += [delivery["plannedAt"], delivery["deliveredAt"]].compactMap { $0?.stringValue }
        }
        for key in ["missed", "skipped", "suppressed"] {
            instants += (document[key]?.arrayValue ?? []).compactMap { $0["plannedAt"]?.stringValue }
        }
        instants += (document["errors"]?.arrayValue ?? []).compactMap { $0["at"]?.stringValue }
        #expect(instants.count >= 2 + 2 * deliveries.count)
        for instant in instants {
            #expect(Self.isInstant(instant), "\(instant) is not YYYY-MM-DDTHH:mm:ss±hh:mm")
        }
    }

    @Test func instantsCarryTheZoneOffsetInForce() throws {
        let document = try JSONParser.parse(Invocation(["run", dailyBasicPath, "--format", "json"]).stdout)
        let delivered = (document["deliveries"]?.arrayValue ?? []).compactMap { $0["deliveredAt"]?.stringValue }
        #expect(delivered.first == "2026-03-25T09:00:00+01:00")
        #expect(delivered.last == "2026-04-03T09:00:00+02:00")
        #expect(document["scenario"]?["end"] == "2026-04-04T08:00:00+02:00")
    }

    @Test func failedExpectationsCarryTheirSeedClaimInJSON() throws {
        let run = Invocation(["run", iosSpringPath, "--profile", "directive", "--format", "json"])
        #expect(run.code == 1)
        let document = try JSONParser.parse(run.stdout)
        let failed = (document["expectations"]?.arrayValue ?? []).filter { $0["passed"] == false }
        #expect(failed.compactMap { $0["id"]?.stringValue }.sorted() == ["all-at-0900", "on-time"])
        #expect(failed.allSatisfy { $0["seedClaim"] == "S1" })
        #expect(document["summary"]?["passed"] == false)
    }

    /// `YYYY-MM-DDTHH:mm:ss±hh:mm`, checked character by character.
    static func isInstant(_ text: String) -> Bool {
        let shape = Array("dddd-dd-ddTdd:dd:dd+dd:dd")
        let chars = Array(text)
        guard chars.count == shape.count else { return false }
        for (char, expected) in zip(chars, shape) {
            switch expected {
            case "d": if !("0"..."9").contains(char) { return false }
            case "+": if char != "+" && char != "-" { return false }
            default: if char != expected { return false }
            }
        }
        return true
    }

    @Test(arguments: [
        ("2026-03-25T09:00:00+01:00", true), ("1999-12-31T23:59:59-03:30", true),
        ("2026-03-25T09:00:00Z", false), ("2026-03-25T09:00:00.123+01:00", false), ("2026-03-25T09:00+01:00", false),
        ("2026-03-25 09:00:00+01:00", false),
    ])
    func theInstantShapeCheckAcceptsOnlyTheContractForm(_ text: String, valid: Bool) {
        #expect(Self.isInstant(text) == valid)
    }

    // MARK: Markdown and trace

    @Test func markdownHasExpectationsAndAMermaidTimeline() {
        let run = Invocation(["run", dailyBasicPath, "--format", "markdown"])
        #expect(run.code == 0)
        #expect(run.stdout.hasPrefix("# "))
        #expect(run.stdout.contains("\n## Expectations\n"))
        #expect(run.stdout.contains("```mermaid"))
    }

    @Test func theTraceIsWrittenAsJSONLines() throws {
        let run = Invocation(["run", dailyBasicPath, "--trace", "out/trace.jsonl"])
        #expect(run.code == 0)
        #expect(run.stdout == Invocation(["run", dailyBasicPath]).stdout)
        let text = try #require(run.io.written["out/trace.jsonl"])
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count > 10)
        for (index, line) in lines.enumerated() {
            let record = try JSONParser.parse(String(line))
            #expect(record["id"] == .integer(Int64(index)), "line \(index + 1): \(line)")
            #expect(record["t"]?.int64Value != nil, "line \(index + 1): \(line)")
            #expect(record["subsystem"]?.stringValue?.isEmpty == false, "line \(index + 1): \(line)")
            #expect(record["kind"]?.stringValue?.isEmpty == false, "line \(index + 1): \(line)")
        }
        #expect(lines.first?.contains(#""kind":"run.start""#) == true)
        #expect(lines.last?.contains(#""kind":"run.end""#) == true)
    }

    @Test func theTraceIsWrittenEvenWhenExpectationsFail() throws {
        let run = Invocation(["run", iosSpringPath, "--profile", "directive", "--trace", "t.jsonl"])
        #expect(run.code == 1)
        #expect(run.io.written["t.jsonl"]?.isEmpty == false)
    }

    @Test func anUnwritableTraceIsExitTwoWithNothingOnStdout() {
        let io = RecordingIO()
        io.unwritable = ["locked/trace.jsonl"]
        let code = DNSimCommand.main(["run", dailyBasicPath, "--trace", "locked/trace.jsonl"], io: io)
        #expect(code.rawValue == 2)
        #expect(io.stdout.isEmpty)
        #expect(io.stderr.hasPrefix("error: cannot write the trace: "))
    }

    @Test func checkDeterminismSaysSoOnStderr() {
        let run = Invocation(["run", dailyBasicPath, "--check-determinism"])
        #expect(run.code == 0)
        #expect(run.stderr.hasPrefix("determinism: two runs gave trace digest "))
        #expect(run.stderr.hasSuffix(" and identical output\n"))
        #expect(run.stdout == Invocation(["run", dailyBasicPath]).stdout)
    }

    // MARK: Determinism in process

    @Test(arguments: ["text", "json", "markdown"])
    func runningTwiceInProcessGivesByteIdenticalOutput(_ format: String) {
        for path in bundledScenarioPaths {
            let first = Invocation(["run", path, "--format", format, "--trace", "trace.jsonl"])
            let second = Invocation(["run", path, "--format", format, "--trace", "trace.jsonl"])
            #expect(!first.stdout.isEmpty)
            #expect(Array(first.stdout.utf8) == Array(second.stdout.utf8), "\(path) --format \(format)")
            #expect(first.io.written == second.io.written, "\(path) trace")
            #expect(first.code == second.code)
        }
    }

    // MARK: validate and schema

    @Test func validateAcceptsEveryBundledScenario() {
        #expect(bundledScenarioPaths.contains(dailyBasicPath))
        let run = Invocation(["validate"] + bundledScenarioPaths)
        #expect(run.code == 0)
        #expect(run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == bundledScenarioPaths.count)
        for (line, path) in zip(lines, bundledScenarioPaths) {
            #expect(line.hasPrefix("\(path): ok ("), "\(line)")
        }
    }

    @Test func validateRejectsABrokenFileWithExitTwo() {
        let broken = #"{"id": "x", "title": "t", "platform": "android", "device": {"apiLevel": 99}}"#
        let run = Invocation(["validate", dailyBasicPath, "broken.json"], files: ["broken.json": broken])
        #expect(run.code == 2)
        #expect(run.stdout.hasPrefix("\(dailyBasicPath): ok ("))
        // Every problem, one `error:` line each, in document order (members missing from the
        // root first, then what is inside the device).
        #expect(
            run.stderr == """
                error: broken.json: at (document root): expected a member "timeZone" (an IANA time-zone id such as "Europe/Berlin"), found no "timeZone" member
                error: broken.json: at (document root): expected a member "start" (a local date-time "YYYY-MM-DDTHH:mm"), found no "start" member
                error: broken.json: at (document root): expected exactly one of "end" (a local date-time) or "duration" (such as "10d"), found neither
                error: broken.json: at (document root): expected a member "steps" (an array), found no "steps" member
                error: broken.json: at (document root): expected a member "expected" (an object), found no "expected" member
                error: broken.json: at /device/apiLevel: expected an Android API level from 26 to 36, found 99

                """)
    }

    @Test func validateOfADirectoryChecksEveryScenarioUnderIt() {
        let run = Invocation(["validate", "scenarios/ios"])
        #expect(run.code == 0, "\(run.stderr)")
        let expected = bundledScenarioPaths.filter { $0.hasPrefix("scenarios/ios/") }
        #expect(!expected.isEmpty)
        #expect(run.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) } == expected)
    }

    @Test func validateOfADirectoryReportsEveryFileWithProblems() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dnsim-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = try String(contentsOf: packageRoot.appendingPathComponent(dailyBasicPath), encoding: .utf8)
        try good.write(to: directory.appendingPathComponent("a-good.json"), atomically: true, encoding: .utf8)
        try good.replacingOccurrences(of: #""launchApp""#, with: #""launchapp""#)
            .replacingOccurrences(of: #""timeZone""#, with: #""timezone""#)
            .write(to: directory.appendingPathComponent("b-typos.json"), atomically: true, encoding: .utf8)
        try "{".write(to: directory.appendingPathComponent("c-broken.json"), atomically: true, encoding: .utf8)
        try "not a scenario".write(to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let run = Invocation(["validate", directory.path])
        #expect(run.code == 2)
        #expect(run.stdout == "\(directory.path)/a-good.json: ok (android/daily-basic, 4 steps, 9 checks)\n", "\(run.stdout)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.hasPrefix("error: \(directory.path)/") }, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("error: \(directory.path)/b-typos.json: at /timezone: ") && $0.hasSuffix(#"did you mean "timeZone"?"#) })
        #expect(lines.contains { $0.hasPrefix("error: \(directory.path)/c-broken.json: malformed JSON: ") })
        #expect(lines.contains { $0.contains(#"found "launchapp", did you mean "launchApp"?"#) })
        #expect(!run.stderr.contains("notes.txt"))
    }

    @Test func validateReportsMalformedJSONWithItsPosition() {
        let run = Invocation(["validate", "-"], stdin: "{\n  \"id\": \n}")
        #expect(run.code == 2)
        #expect(run.stderr.hasPrefix("error: <stdin>: malformed JSON: line 3, column 1: "))
    }

    @Test func schemaPrintsTheScenarioSchemaAsJSON() throws {
        let run = Invocation(["schema"])
        #expect(run.code == 0)
        #expect(run.stderr.isEmpty)
        let document = try JSONParser.parse(run.stdout)
        #expect(document["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(document["$defs"]?["step"] != nil)
        #expect(run.stdout == ScenarioSchema.render())
    }
}
