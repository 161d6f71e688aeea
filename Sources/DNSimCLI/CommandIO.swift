import Foundation

/// The outside world as the commands see it: streams and files. The real one talks to the
/// process; tests use a recording one.
public protocol CommandIO: AnyObject {
    /// Appends to standard output.
    func writeOut(_ text: String)
    /// Appends UTF-8 text to standard output, given as bytes (a large report need not become a
    /// `String` first).
    func writeOut(utf8 bytes: [UInt8])
    /// Appends UTF-8 bytes to standard output and sends them, with everything written before
    /// them, on at once: for a document of megabytes written in pieces once its run is done,
    /// which kept whole until the end would be most of the run's peak memory. A failure to
    /// write is reported at the end, as for buffered output.
    func writeOutNow(utf8 bytes: [UInt8])
    /// Appends to standard error.
    func writeError(_ text: String)
    /// Reads all of standard input.
    func readStandardInput() -> [UInt8]
    /// Reads a file, or returns `nil` with a reason.
    func readFile(_ path: String) -> Result<[UInt8], FileProblem>
    /// Writes a file whole (atomically: a reader sees the old file or the new one, never a
    /// part), or reports why it could not.
    func writeFile(_ path: String, _ text: String) -> FileProblem?
    /// Writes `files` together with what `step` writes (a report set): each file is written
    /// whole beside its target first and put in place only after every file and `step`
    /// succeeded, so a failure changes none of them.
    func writeFiles(_ files: [(path: String, text: String)], committingAfter step: () -> FileProblem?) -> FileProblem?
    /// Makes `directory` hold exactly `files` (paths relative to it), replacing the whole set at
    /// once: a reader sees the complete old set or the complete new one, never a mix, and
    /// nothing is left behind on failure. `owns` says which entries of an existing directory
    /// belong to an earlier set; a directory with anything else is not touched (a problem).
    func writeFileSet(
        _ files: [(path: String, text: String)], replacing directory: String, owns: (String, Bool) -> Bool
    ) -> FileProblem?
}

extension CommandIO {
    /// `step`, then each file by ``writeFile(_:_:)`` (for an IO with nothing to roll back).
    public func writeFiles(_ files: [(path: String, text: String)], committingAfter step: () -> FileProblem?) -> FileProblem? {
        if let problem = step() { return problem }
        for file in files {
            if let problem = writeFile(file.path, file.text) { return problem }
        }
        return nil
    }

    /// Appends the bytes as text (for an IO that keeps text).
    public func writeOut(utf8 bytes: [UInt8]) { writeOut(String(decoding: bytes, as: UTF8.self)) }

    /// Appends the bytes (for an IO that keeps its output).
    public func writeOutNow(utf8 bytes: [UInt8]) { writeOut(utf8: bytes) }

    /// Every `*.json` file under `path` (recursively, sorted by path), or `path` itself when it
    /// is a file. Reads the real file system.
    public func scenarioFiles(at path: String) -> Result<[String], FileProblem> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(FileProblem("no such file or directory"))
        }
        guard isDirectory.boolValue else { return .success([path]) }
        guard let enumerator = FileManager.default.enumerator(atPath: path) else {
            return .failure(FileProblem("the directory cannot be read"))
        }
        var files: [String] = []
        while let next = enumerator.nextObject() as? String {
            guard next.hasSuffix(".json") else { continue }
            files.append(path.hasSuffix("/") ? path + next : path + "/" + next)
        }
        return .success(files.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    /// Whether `path` is a directory on the real file system.
    public func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// Why a file could not be read or written.
public struct FileProblem: Error, Equatable, Sendable {
    /// A short description such as "no such file".
    public var reason: String

    /// Creates a problem.
    public init(_ reason: String) { self.reason = reason }
}

/// The process's real streams and file system.
public final class ProcessIO: CommandIO {
    /// Standard output so far, as written: kept whole until ``flush()`` (or a piece sent on at
    /// once, ``writeOutNow(utf8:)``), and not copied (a device-year's JSON result is megabytes,
    /// and a copy would count in the run's peak memory).
    private var outChunks: [OutputChunk] = []

    /// A piece of standard output.
    private enum OutputChunk {
        case text(String)
        case utf8([UInt8])
    }

    /// Creates the process IO.
    public init() {}

    public func writeOut(_ text: String) {
        // Small pieces (progress lines, a table row at a time) are joined, so that flushing is
        // a few writes, not one per piece; large ones are kept as they are.
        if text.utf8.count < Self.joinLimit, case .text(var last)? = outChunks.last, last.utf8.count < Self.joinLimit {
            outChunks.removeLast()
            last.append(text)
            outChunks.append(.text(last))
        } else {
            outChunks.append(.text(text))
        }
    }

    public func writeOut(utf8 bytes: [UInt8]) { outChunks.append(.utf8(bytes)) }

    /// Why standard output could not take what was sent on at once (``writeOutNow(utf8:)``);
    /// reported by ``flush()``, and nothing more is written after it.
    private var sendFailure: FileProblem?

    public func writeOutNow(utf8 bytes: [UInt8]) {
        guard sendFailure == nil else { return }
        // A document sent on as it is written is megabytes: a pipe to a reader takes it in
        // fewer, larger steps.
        if !widenedPipe {
            widenedPipe = true
            SystemIO.widenPipe(1, to: 1 << 20)
        }
        outChunks.append(.utf8(bytes))
        sendFailure = flush()
    }

    /// Whether standard output's pipe buffer was asked to grow (``writeOutNow(utf8:)``).
    private var widenedPipe = false

    /// The size below which pieces of standard output are joined before ``flush()``.
    private static let joinLimit = 64 * 1024

    public func writeError(_ text: String) {
        // Nowhere to report a failure to write standard error: it is ignored.
        var text = text
        _ = text.withUTF8 { SystemIO.writeAll(2, $0) }
    }

    /// Writes buffered standard output; called at exit so output is whole or absent (but for
    /// a document a command sends on as it writes it, ``writeOutNow(utf8:)``). Returns why
    /// standard output could not take it (a full disk, a closed descriptor), or `nil`.
    public func flush() -> FileProblem? {
        defer { outChunks = [] }
        if let sendFailure { return sendFailure }
        for chunk in outChunks {
            let failure: Int32?
            switch chunk {
            case .text(var text): failure = text.withUTF8 { SystemIO.writeAll(1, $0) }
            case .utf8(let bytes): failure = bytes.withUnsafeBufferPointer { SystemIO.writeAll(1, $0) }
            }
            if let failure { return FileProblem("cannot write standard output: \(String(cString: strerror(failure)))") }
        }
        return nil
    }

    public func readStandardInput() -> [UInt8] {
        // Read until the end or an error (standard input that is a directory reads as empty,
        // which the decoder reports as such).
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in SystemIO.read(0, buffer.baseAddress!, buffer.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    public func readFile(_ path: String) -> Result<[UInt8], FileProblem> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(FileProblem("no such file"))
        }
        if isDirectory.boolValue { return .failure(FileProblem("a directory, not a file")) }
        guard let data = FileManager.default.contents(atPath: path) else {
            // Foundation answers nil for an unreadable file and for some empty special files
            // (`/dev/null`): tell them apart.
            guard FileManager.default.isReadableFile(atPath: path) else {
                return .failure(FileProblem("the file cannot be read (permissions?)"))
            }
            return .success([])
        }
        return .success(Array(data))
    }

    /// Writes through ``AtomicFileWriter``: a temporary file renamed over `path`, no `fsync`.
    public func writeFile(_ path: String, _ text: String) -> FileProblem? {
        AtomicFileWriter.write(text, to: path)
    }

    /// Writes through ``AtomicFileWriter/write(_:committingAfter:)``.
    public func writeFiles(_ files: [(path: String, text: String)], committingAfter step: () -> FileProblem?) -> FileProblem? {
        AtomicFileWriter.write(files, committingAfter: step)
    }

    /// Writes through ``FileSetWriter``: a sibling temporary directory swapped in by renames.
    public func writeFileSet(
        _ files: [(path: String, text: String)], replacing directory: String, owns: (String, Bool) -> Bool
    ) -> FileProblem? {
        FileSetWriter.write(files, to: directory, owns: owns)
    }
}
