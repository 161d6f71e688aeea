import DNSimCLI
import Foundation
import Testing

/// ``ProcessIO/writeFile(_:_:)``: a temporary file renamed into place, no leftovers, and a file
/// that already holds the bytes left alone.
struct AtomicWriteTests {
    /// A fresh directory, removed after `body`.
    static func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dnsim-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aFileIsWrittenThenReplacedWithNothingLeftBeside() throws {
        try Self.withDirectory { (directory: URL) throws in
            let path = directory.appendingPathComponent("report.md").path
            let io = ProcessIO()
            #expect(io.writeFile(path, "first ✅\n") == nil)
            #expect(Self.read(path) == "first ✅\n")
            #expect(io.writeFile(path, "second, longer text\n") == nil)
            #expect(Self.read(path) == "second, longer text\n")
            #expect(io.writeFile(path, "") == nil)
            #expect(Self.read(path) == "")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.md"])
        }
    }

    @Test func aFileThatAlreadyHoldsTheBytesIsLeftAlone() throws {
        try Self.withDirectory { (directory: URL) throws in
            let path = directory.appendingPathComponent("same.md").path
            let io = ProcessIO()
            #expect(io.writeFile(path, "unchanged\n") == nil)
            let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
            #expect(io.writeFile(path, "unchanged\n") == nil)
            let after = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
            #expect(before != nil && before == after, "the file was replaced")
            #expect(io.writeFile(path, "changed\n") == nil)
            let replaced = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
            #expect(replaced != before, "a changed file is replaced by a rename, not rewritten in place")
            #expect(Self.read(path) == "changed\n")
        }
    }

    @Test func aFileInAMissingDirectoryIsAProblemNamingThePath() throws {
        try Self.withDirectory { (directory: URL) throws in
            let path = directory.appendingPathComponent("missing/report.md").path
            let problem = ProcessIO().writeFile(path, "text")
            #expect(problem?.reason.hasPrefix("cannot write \(path): ") == true, "\(String(describing: problem))")
        }
    }

    @Test func aDirectoryInThePlaceOfTheFileIsAProblemAndStaysADirectory() throws {
        try Self.withDirectory { (directory: URL) throws in
            let path = directory.appendingPathComponent("taken").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            #expect(ProcessIO().writeFile(path, "text") != nil)
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["taken"])
        }
    }

    /// Files written together change nothing unless all of them (and the step before they are
    /// put in place) succeed: `fleet --charts DIR --out FILE` and `explore --out` write so.
    @Test func filesWrittenTogetherChangeNothingWhenOneFails() throws {
        try Self.withDirectory { (directory: URL) throws in
            let first = directory.appendingPathComponent("first.svg").path
            let blocked = directory.appendingPathComponent("blocked").path
            try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: false)
            #expect(FileManager.default.createFile(atPath: first, contents: Data("old\n".utf8)))
            let io = ProcessIO()
            // A target that cannot be written: the first file keeps its old bytes.
            let problem = io.writeFiles([(first, "new\n"), (blocked + "/missing/x.json", "{}")], committingAfter: { nil })
            #expect(problem?.reason.hasPrefix("cannot write \(blocked)/missing/x.json: ") == true, "\(String(describing: problem))")
            #expect(Self.read(first) == "old\n")
            // A directory in the place of a later file: found before the step runs.
            var stepRan = false
            let directoryTarget = io.writeFiles([(first, "new\n"), (blocked, "{}")], committingAfter: {
                stepRan = true
                return nil
            })
            #expect(directoryTarget?.reason == "cannot write \(blocked): Is a directory")
            #expect(!stepRan && Self.read(first) == "old\n")
            // The step fails: nothing is put in place either.
            #expect(io.writeFiles([(first, "new\n")], committingAfter: { FileProblem("the set failed") })?.reason == "the set failed")
            #expect(Self.read(first) == "old\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["blocked", "first.svg"])
            // All well: both are written.
            let second = directory.appendingPathComponent("second.json").path
            #expect(io.writeFiles([(first, "new\n"), (second, "{}\n")], committingAfter: { nil }) == nil)
            #expect(Self.read(first) == "new\n" && Self.read(second) == "{}\n")
        }
    }

    /// A temporary file a killed run left beside the target (its process gone) is removed by
    /// the next write of that target; one of a running process is not.
    @Test func aKilledRunsTemporaryFileIsRemovedByTheNextWrite() throws {
        try Self.withDirectory { (directory: URL) throws in
            let path = directory.appendingPathComponent("trace.jsonl").path
            // Process ids are below 2^22 on Linux: 2^31 − 1 is never running.
            let left = directory.appendingPathComponent(".trace.jsonl.dnsim-2147483647-1.tmp").path
            let live = directory.appendingPathComponent(".trace.jsonl.dnsim-\(getpid())-999.tmp").path  // dnsim-host-ok: this test's own process
            let other = directory.appendingPathComponent(".other.jsonl.dnsim-2147483647-1.tmp").path
            for file in [left, live, other] { #expect(FileManager.default.createFile(atPath: file, contents: Data("part".utf8))) }
            #expect(ProcessIO().writeFile(path, "{}\n") == nil)
            #expect(!FileManager.default.fileExists(atPath: left))
            #expect(FileManager.default.fileExists(atPath: live))
            #expect(FileManager.default.fileExists(atPath: other))
        }
    }

    @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
        try Self.withDirectory { (directory: URL) throws in
            let target = directory.appendingPathComponent("target.md").path
            let link = directory.appendingPathComponent("link.md").path
            #expect(FileManager.default.createFile(atPath: target, contents: Data("old\n".utf8)))
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            #expect(ProcessIO().writeFile(link, "new\n") == nil)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
            #expect(Self.read(target) == "new\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["link.md", "target.md"])
        }
    }

    /// A device or a FIFO is written in place, as `>` writes it: `--trace /dev/null` discards
    /// the trace and leaves the device there (it used to be renamed over, by a regular file).
    @Test func aDeviceIsWrittenInPlaceNotReplaced() throws {
        let problem = ProcessIO().writeFile("/dev/null", "discarded\n")
        #expect(problem == nil)
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    @Test func aFIFOIsWrittenToItsReader() throws {
        try Self.withDirectory { (directory: URL) throws in
            let fifo = directory.appendingPathComponent("pipe").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let received = LockedBox<String?>(nil)
            let readerDone = DispatchSemaphore(value: 0)
            Thread {
                let handle = FileHandle(forReadingAtPath: fifo)
                received.value = handle.map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) }
                readerDone.signal()
            }.start()
            #expect(ProcessIO().writeFile(fifo, "through the pipe\n") == nil)
            readerDone.wait()
            #expect(received.value == "through the pipe\n")
            let type = try FileManager.default.attributesOfItem(atPath: fifo)[.type] as? FileAttributeType
            #expect(type != .typeRegular)
        }
    }
}

/// A value shared between a test and a thread it starts, behind a lock.
final class LockedBox<Value>: @unchecked Sendable {
    // @unchecked: every access to `stored` holds `lock`.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
