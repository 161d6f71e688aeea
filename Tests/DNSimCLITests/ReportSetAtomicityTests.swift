@testable import DNSimCLI
import DNSimCore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `dnsim matrix --out DIR` replaces the whole report set at once: a reader, or a run killed at
/// any moment, finds the complete old set or the complete new one; stale reports go; nothing
/// temporary is left that the next run does not remove.
struct ReportSetAtomicityTests {
    /// A fresh directory, removed after `body`.
    static func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dnsim-set-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    /// Every regular file under `directory`, by relative path, with its bytes; `nil` when the
    /// directory does not exist.
    static func snapshot(_ directory: URL) -> [String: Data]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return nil }
        var files: [String: Data] = [:]
        for name in FileManager.default.subpaths(atPath: directory.path) ?? [] {
            let path = directory.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            files[name] = FileManager.default.contents(atPath: path)
        }
        return files
    }

    /// The entries of `parent` other than `name`.
    static func siblings(of name: String, in parent: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0 != name }.sorted()
    }

    static func inode(_ path: String) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] as? UInt64
    }

    static func matrix(_ arguments: [String]) -> ExitCode {
        DNSimCommand.main(["matrix"] + arguments, io: ProcessIO())
    }

    // MARK: In process

    @Test func theNewSetReplacesTheOldOneWholeAndStaleReportsGo() throws {
        try Self.withDirectory { base in
            let out = base.appendingPathComponent("reports")
            #expect(Self.matrix(["scenarios/electron", "--out", out.path]) == .success)
            let before = try #require(Self.snapshot(out))
            #expect(before.keys.contains("scenarios/electron-ttl-stale.corrected.md"))
            #expect(before.keys.contains("scenarios/electron-running-app-rule.corrected.md"))
            let unchanged = Self.inode(out.appendingPathComponent("scenarios/electron-ttl-stale.corrected.md").path)

            #expect(Self.matrix(["scenarios/electron/ttl-stale.json", "--out", out.path + "/"]) == .success)
            let after = try #require(Self.snapshot(out))
            #expect(after.keys.sorted() == [
                "junit.xml", "matrix.json", "matrix.md", "scenarios/electron-ttl-stale.as-found.md",
                "scenarios/electron-ttl-stale.corrected.md", "scenarios/electron-ttl-stale.directive.md", "seed-claims.md",
            ])
            // A report whose bytes did not change is the same file (hard-linked from the old set).
            #expect(after["scenarios/electron-ttl-stale.corrected.md"] == before["scenarios/electron-ttl-stale.corrected.md"])
            #expect(Self.inode(out.appendingPathComponent("scenarios/electron-ttl-stale.corrected.md").path) == unchanged)
            #expect(Self.siblings(of: "reports", in: base).isEmpty)
        }
    }

    @Test func aDirectoryHoldingAnythingElseIsRefusedAndLeftAlone() throws {
        try Self.withDirectory { base in
            let out = base.appendingPathComponent("mine")
            try FileManager.default.createDirectory(at: out.appendingPathComponent("scenarios"), withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: out.appendingPathComponent("matrix.md"))
            try Data("keep".utf8).write(to: out.appendingPathComponent("scenarios/notes.txt"))
            let io = CapturingIO()
            let code = DNSimCommand.main(["matrix", "scenarios/electron/ttl-stale.json", "--out", out.path], io: io)
            #expect(code == .usage)
            #expect(io.stderr == "error: cannot replace \(out.path): it holds \"scenarios/notes.txt\", which is not part of a dnsim report set; give an empty or new directory, or remove it\n")
            #expect(io.stdout.isEmpty)
            #expect(Self.snapshot(out) == ["matrix.md": Data("keep".utf8), "scenarios/notes.txt": Data("keep".utf8)])
            #expect(Self.siblings(of: "mine", in: base).isEmpty)
        }
    }

    @Test func theCurrentDirectoryIsNeverReplaced() throws {
        let io = CapturingIO()
        #expect(DNSimCommand.main(["matrix", "scenarios/electron/ttl-stale.json", "--out", "."], io: io) == .usage)
        #expect(io.stderr.hasPrefix("error: cannot replace .: "))
    }

    @Test func aWriteErrorLeavesTheOldSetAndNoTemporaryDirectory() throws {
        try Self.withDirectory { base in
            let out = base.appendingPathComponent("reports")
            #expect(Self.matrix(["scenarios/electron/ttl-stale.json", "--out", out.path]) == .success)
            let before = try #require(Self.snapshot(out))
            // A name longer than any file system allows (255 bytes) fails half-way through the set.
            let files: [(path: String, text: String)] = [
                ("matrix.md", "new"), ("scenarios/a.md", "new"), ("scenarios/" + String(repeating: "x", count: 300) + ".md", "new"),
            ]
            let problem = ProcessIO().writeFileSet(files, replacing: out.path) { _, _ in true }
            #expect(problem?.reason.hasPrefix("cannot write \(base.path)/reports.tmp-") == true, "\(String(describing: problem))")
            #expect(Self.snapshot(out) == before)
            #expect(Self.siblings(of: "reports", in: base).isEmpty)
        }
    }

    /// Two writers of one new directory at once take turns: both succeed and the directory
    /// holds one complete set (the later one's); without the lock, the second rename of a
    /// staged set onto the directory the first had just created failed ("Directory not empty").
    @Test func twoWritersAtOnceTakeTurns() throws {
        try Self.withDirectory { base in
            for trial in 0..<8 {
                let out = base.appendingPathComponent("set-\(trial)")
                let sets: [[(path: String, text: String)]] = (0..<2).map { writer in
                    (0..<40).map { ("scenarios/r\($0).md", "writer \(writer)\n") } + [("matrix.md", "writer \(writer)\n")]
                }
                let problems = LockedBox<[FileProblem?]>([nil, nil])
                let group = DispatchGroup()
                for writer in 0..<2 {
                    group.enter()
                    Thread {
                        let problem = ProcessIO().writeFileSet(sets[writer], replacing: out.path) { _, _ in true }
                        problems.value[writer] = problem
                        group.leave()
                    }.start()
                }
                group.wait()
                #expect(problems.value.allSatisfy { $0 == nil }, "\(problems.value)")
                let snapshot = try #require(Self.snapshot(out))
                let writers = Set(snapshot.values.map { String(decoding: $0, as: UTF8.self) })
                #expect(snapshot.count == 41 && writers.count == 1, "a mixed set: \(writers)")
            }
            #expect(Self.siblings(of: "", in: base).allSatisfy { $0.hasPrefix("set-") })
        }
    }

    /// A carried file (`decisions.md`) that is not UTF-8 was not written by dnsim: the set is
    /// refused and the file keeps its bytes (it used to be carried with U+FFFD in their place).
    @Test func aCarriedFileThatIsNotUTF8IsRefusedAndKept() throws {
        try Self.withDirectory { base in
            let out = base.appendingPathComponent("reports")
            #expect(Self.matrix(["scenarios/electron/ttl-stale.json", "--out", out.path]) == .success)
            let decisions = out.appendingPathComponent("decisions.md")
            let latin1 = Data([0x63, 0x61, 0x66, 0xE9, 0x0A])
            try latin1.write(to: decisions)
            let before = try #require(Self.snapshot(out))
            #expect(Self.matrix(["scenarios/electron/ttl-stale.json", "--out", out.path]) == .usage)
            #expect(Self.snapshot(out) == before)
            #expect(FileManager.default.contents(atPath: decisions.path) == latin1)
        }
    }

    /// A destination that cannot be made says why: a file in the way, or the system's reason.
    @Test func aDirectoryThatCannotBeMadeSaysWhy() throws {
        try Self.withDirectory { base in
            let file = base.appendingPathComponent("plain")
            #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
            let problem = FileSetWriter.makeDirectory(file.path + "/reports/new")
            #expect(problem?.reason == "cannot create the directory \(file.path)/reports/new: \(file.path) is not a directory")
            let link = base.appendingPathComponent("link")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: base.path)
            let refused = ProcessIO().writeFileSet([("matrix.md", "x")], replacing: link.path) { _, _ in true }
            #expect(refused?.reason == "cannot replace \(link.path): it is a symbolic link (give the directory it names)")
            #expect(FileSetWriter.makeDirectory(base.appendingPathComponent("a/b/c").path) == nil)
        }
    }

    @Test func theNextRunRemovesWhatAKilledRunLeftAndPutsAMissingSetBack() throws {
        try Self.withDirectory { base in
            let out = base.appendingPathComponent("reports")
            // A process id no system gives out, so these belong to no running process.
            let dead = Int32.max
            let staging = base.appendingPathComponent("reports.tmp-\(dead)-1")
            try FileManager.default.createDirectory(at: staging.appendingPathComponent("scenarios"), withIntermediateDirectories: true)
            try Data("half".utf8).write(to: staging.appendingPathComponent("matrix.md"))
            // Killed between moving the old set aside and moving the new one in: DIR is missing.
            let aside = base.appendingPathComponent("reports.old-\(dead)-2")
            try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
            try Data("old".utf8).write(to: aside.appendingPathComponent("matrix.md"))
            let unrelated = base.appendingPathComponent("reports.tmp-notes")
            try Data("mine".utf8).write(to: unrelated)

            let problem = ProcessIO().writeFileSet([("matrix.md", "new")], replacing: out.path) { _, _ in true }
            #expect(problem == nil)
            #expect(Self.snapshot(out) == ["matrix.md": Data("new".utf8)])
            #expect(Self.siblings(of: "reports", in: base) == ["reports.tmp-notes"])
        }
    }

    @Test func anIdOf300CharactersIsExitTwoBeforeAnythingIsWritten() throws {
        try Self.withDirectory { base in
            let source = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/electron/ttl-stale.json"), encoding: .utf8)
            let long = String(repeating: "x", count: 300)
            let scenario = base.appendingPathComponent("long.json")
            try source.replacingOccurrences(of: #""id": "electron/ttl-stale""#, with: #""id": "\#(long)""#)
                .write(to: scenario, atomically: true, encoding: .utf8)
            let out = base.appendingPathComponent("reports")
            let io = CapturingIO()
            #expect(DNSimCommand.main(["matrix", scenario.path, "--out", out.path], io: io) == .usage)
            #expect(io.stderr.hasPrefix("error: \(scenario.path): at /id: expected a scenario id that can name report files: "))
            #expect(io.stderr.contains(", which is 300 bytes long\n"))
            #expect(!FileManager.default.fileExists(atPath: out.path))
            #expect(Self.siblings(of: "long.json", in: base).isEmpty)
        }
    }

    // MARK: Killed at random moments

    /// Runs the real executable over a complete old set and kills it with SIGKILL at a random
    /// moment (seeded, so a failure replays); each time the directory must hold the complete
    /// old set or the complete new one, byte for byte, and nothing else may be left next to it
    /// but the temporary directories of the killed run, which the next run removes.
    ///
    /// Nothing is written before every run has finished, so a kill is only interesting once the
    /// set is being written: each round waits until the temporary directory `reports.tmp-…`
    /// appears, then kills after a random delay from 0 to 5 ms past the time an undisturbed run
    /// takes from that moment to its exit (measured first): mid-write, mid-swap or just after.
    @Test func aRunKilledAtRandomMomentsLeavesTheOldSetOrTheNewOne() throws {
        let binary = try #require(DNSimBinary.locate(), "build dnsim first (swift build)")
        try Self.withDirectory { base in
            func dnsim(_ arguments: [String]) throws -> Process {
                let process = Process()
                process.executableURL = binary
                process.arguments = arguments
                process.currentDirectoryURL = packageRoot
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return process
            }
            let oldInput = "scenarios/electron"
            let newInput = "scenarios/ios"
            let reference = base.appendingPathComponent("reference")
            for (name, input) in [("old", oldInput), ("new", newInput)] {
                let process = try dnsim(["matrix", input, "--out", reference.appendingPathComponent(name).path])
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
            }
            let old = try #require(Self.snapshot(reference.appendingPathComponent("old")))
            let new = try #require(Self.snapshot(reference.appendingPathComponent("new")))
            #expect(old.keys.sorted() != new.keys.sorted())

            let work = base.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            let out = work.appendingPathComponent("reports")
            let arguments = ["matrix", newInput, "--out", out.path]
            let clock = ContinuousClock()

            /// Starts a run over the complete old set; returns it once it has begun writing the
            /// new set (or has exited).
            func startWriting() throws -> Process {
                try? FileManager.default.removeItem(at: out)
                try FileManager.default.copyItem(at: reference.appendingPathComponent("old"), to: out)
                let process = try dnsim(arguments)
                let deadline = clock.now + .seconds(60)
                while process.isRunning, clock.now < deadline,
                    !Self.siblings(of: "reports", in: work).contains(where: { $0.hasPrefix("reports.tmp-") })
                {
                    usleep(100)
                }
                return process
            }

            // How long an undisturbed run takes from the start of writing to its exit.
            let timing = try startWriting()
            let writingStarted = clock.now
            timing.waitUntilExit()
            let writing = clock.now - writingStarted
            #expect(timing.terminationStatus == 0)
            let windowMicros = writing.components.seconds * 1_000_000 + writing.components.attoseconds / 1_000_000_000_000 + 5_000

            var random = SplitMix64(seed: 12)
            var outcomes = (old: 0, new: 0)
            for round in 0..<20 {
                let delayMicros = Int64(random.next() % UInt64(windowMicros))
                let process = try startWriting()
                usleep(UInt32(delayMicros))
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()

                let found = Self.snapshot(out)
                if found == old {
                    outcomes.old += 1
                } else if found == new {
                    outcomes.new += 1
                } else {
                    let message = "round \(round), killed \(delayMicros) µs into writing: \(out.path) holds neither set "
                        + "(\(found?.count ?? 0) files; old \(old.count), new \(new.count))"
                    Issue.record("\(message)")
                }
                for sibling in Self.siblings(of: "reports", in: work) {
                    #expect(
                        sibling.hasPrefix("reports.tmp-") || sibling.hasPrefix("reports.old-"),
                        "round \(round): \(sibling) left next to the set")
                }
            }
            // The next complete run removes whatever the killed ones left.
            let last = try dnsim(arguments)
            last.waitUntilExit()
            #expect(last.terminationStatus == 0)
            #expect(Self.snapshot(out) == new)
            #expect(Self.siblings(of: "reports", in: work).isEmpty)
            #expect(outcomes.old + outcomes.new == 20, "old \(outcomes.old), new \(outcomes.new)")
        }
    }
}

/// A ``CommandIO`` that captures the streams and writes to the real file system.
final class CapturingIO: CommandIO {
    private let disk = ProcessIO()
    var stdout = ""
    var stderr = ""

    func writeOut(_ text: String) { stdout += text }
    func writeError(_ text: String) { stderr += text }
    func readStandardInput() -> [UInt8] { [] }
    func readFile(_ path: String) -> Result<[UInt8], FileProblem> { disk.readFile(path) }
    func writeFile(_ path: String, _ text: String) -> FileProblem? { disk.writeFile(path, text) }
    func writeFileSet(
        _ files: [(path: String, text: String)], replacing directory: String, owns: (String, Bool) -> Bool
    ) -> FileProblem? {
        disk.writeFileSet(files, replacing: directory, owns: owns)
    }
}

/// What `matrix --help` says about `--out` is what it writes.
struct MatrixOutHelpTests {
    @Test func theHelpNamesTheReportFilesAsWritten() throws {
        let help = Invocation(["matrix", "--help"]).stdout
        #expect(help.contains("matrix.md,"))
        #expect(help.contains("matrix.json, junit.xml, seed-claims.md and one report per run,"))
        #expect(help.contains("scenarios/<platform>-<name>.<policy>.md (the id with '/' as"))
        let run = Invocation(["matrix", "scenarios/electron/ttl-stale.json", "--out", "out"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.io.written.keys.sorted() == [
            "out/junit.xml", "out/matrix.json", "out/matrix.md", "out/scenarios/electron-ttl-stale.as-found.md",
            "out/scenarios/electron-ttl-stale.corrected.md", "out/scenarios/electron-ttl-stale.directive.md",
            "out/seed-claims.md",
        ])
    }

    @Test(arguments: ["markdown", "json", "junit"])
    func formatWithOutIsAUsageError(_ format: String) {
        let run = Invocation(["matrix", "scenarios/electron/ttl-stale.json", "--out", "out", "--format", format])
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.io.written.isEmpty)
        #expect(run.stderr.hasPrefix("error: --format \(format) and --out cannot be used together: "), "\(run.stderr)")
    }
}
