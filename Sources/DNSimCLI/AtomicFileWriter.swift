#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes one file whole or not at all: the bytes go to a temporary file next to it, which is
/// then renamed over the target, so a reader sees the old file or the new one, never a part.
///
/// A path that names something other than a regular file is treated as a shell redirection
/// treats it: a device (`/dev/null`, `/dev/stdout`), a FIFO or a socket is written in place, not
/// replaced by a file, and a symbolic link is followed (the file it names is replaced, the link
/// stays).
///
/// Two things keep `dnsim matrix --out` (some 250 files) from waiting on the disk:
/// - There is no `fsync`. A crash of the machine (not of dnsim) may lose a file just written,
///   but never leaves a torn one in its place; reports are regenerated, not precious.
/// - A file that already holds exactly these bytes is left alone (its modification time does
///   not change). Renaming over an existing file makes ext4 (`auto_da_alloc`) start writing the
///   new data out at once, about 3.5 ms per file; regenerating mostly unchanged reports skips that.
///
/// Several files can be written together (``write(_:committingAfter:)``): each is written whole
/// beside its target first, and they are renamed into place only when all of them are ready, so
/// a failure (a full disk, an unwritable directory) leaves every target as it was.
enum AtomicFileWriter {
    /// Writes `text` (UTF-8) to `path`, replacing any file there; returns why it failed, or `nil`.
    static func write(_ text: String, to path: String) -> FileProblem? {
        write([(path, text)], committingAfter: { nil })
    }

    /// Writes `files` together: every file is first written whole beside its target, then
    /// `step` runs (another writer's change, such as a report set swapped in), and only when
    /// all of that succeeded are the files put in place. On a failure before then nothing has
    /// changed; the renames that follow do not need disk space. A device or FIFO cannot be
    /// prepared: it is written at the start of that last phase.
    static func write(_ files: [(path: String, text: String)], committingAfter step: () -> FileProblem?) -> FileProblem? {
        var prepared: [Prepared] = []
        for (path, text) in files {
            switch prepare(text, for: path) {
            case .success(let file): prepared.append(file)
            case .failure(let problem):
                discard(prepared)
                return problem
            }
        }
        if let problem = step() {
            discard(prepared)
            return problem
        }
        return commit(prepared)
    }

    /// A file ready to be put in place.
    private enum Prepared {
        /// The target already holds these bytes: nothing to do.
        case unchanged
        /// A temporary file to rename over `target`; `shownPath` is the path as given.
        case rename(temporary: String, target: String, shownPath: String)
        /// A device, FIFO or socket, written in place when the batch is committed.
        case inPlace(path: String, text: String)
    }

    /// Writes `text` beside the file `path` names (or notes it is already there).
    private static func prepare(_ text: String, for path: String) -> Result<Prepared, FileProblem> {
        let target: String
        switch Destination(path) {
        case .file(let file): target = file
        case .special: return .success(.inPlace(path: path, text: text))
        case .directory: return .failure(problem(path, EISDIR))
        }
        var text = text
        return text.withUTF8 { bytes in
            removeLeftovers(of: target)
            if holds(target, bytes) { return .success(.unchanged) }
            let temporary = temporaryPath(for: target)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { return .failure(problem(path, errno)) }
            var failure = SystemIO.writeAll(descriptor, bytes)
            if close(descriptor) != 0, failure == nil { failure = errno }
            if let failure {
                unlink(temporary)
                return .failure(problem(path, failure))
            }
            return .success(.rename(temporary: temporary, target: target, shownPath: path))
        }
    }

    /// Puts prepared files in place: the in-place ones first (they are the ones that can still
    /// fail for want of space), then the renames.
    private static func commit(_ prepared: [Prepared]) -> FileProblem? {
        for file in prepared {
            guard case .inPlace(let path, var text) = file else { continue }
            if let problem = text.withUTF8({ writeInPlace(path, $0) }) {
                discard(prepared)
                return problem
            }
        }
        for (index, file) in prepared.enumerated() {
            guard case .rename(let temporary, let target, let shownPath) = file else { continue }
            if rename(temporary, target) != 0 {
                let code = errno
                discard(Array(prepared[index...]))
                return problem(shownPath, code)
            }
        }
        return nil
    }

    /// Removes the temporary files of prepared files not put in place.
    private static func discard(_ prepared: [Prepared]) {
        for file in prepared {
            if case .rename(let temporary, _, _) = file { unlink(temporary) }
        }
    }

    /// What a path names, as far as writing it goes.
    private enum Destination {
        /// A regular file, or nothing yet: replaced at `target` (the path, or the file a
        /// symbolic link names).
        case file(target: String)
        /// A device, FIFO or socket (directly or through links): written in place.
        case special
        /// A directory: cannot be written.
        case directory

        init(_ path: String) {
            var status = stat()
            // `stat` follows links: what the path finally names.
            guard stat(path, &status) == 0 else {
                // Nothing there, or a dangling link: a link is written through (creating the
                // file it names), anything else created.
                var link = stat()
                self = lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK ? .special : .file(target: path)
                return
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR:
                self = .directory
                return
            default:
                self = .special
                return
            }
            var link = stat()
            guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else {
                self = .file(target: path)
                return
            }
            defer { free(resolved) }
            self = .file(target: String(cString: resolved))
        }
    }

    /// Writes `bytes` to what `path` names, opened as a shell's `>` opens it (for a device, a
    /// FIFO or a dangling link).
    private static func writeInPlace(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>) -> FileProblem? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return problem(path, errno) }
        let failure = SystemIO.writeAll(descriptor, bytes)
        if close(descriptor) != 0, failure == nil { return problem(path, errno) }
        return failure.map { problem(path, $0) }
    }

    /// Whether `path` is a regular file whose content is exactly `bytes`.
    static func holds(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Non-blocking: opening a FIFO for reading would otherwise wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == bytes.count
        else { return false }
        guard bytes.count > 0, let expected = bytes.baseAddress else { return true }
        let existing = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        defer { existing.deallocate() }
        guard let base = existing.baseAddress else { return false }
        var filled = 0
        while filled < bytes.count {
            let result = SystemIO.read(descriptor, base + filled, bytes.count - filled)
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return false }
            filled += result
        }
        return memcmp(base, expected, bytes.count) == 0
    }

    /// `.<name>.dnsim-<pid>-<n>.tmp` in the target's directory (a rename never crosses file systems).
    private static func temporaryPath(for path: String) -> String {
        let (directory, name) = split(path)
        let pid = getpid()  // dnsim-host-ok: a unique temporary name, never output
        return "\(directory).\(name).dnsim-\(pid)-\(TemporaryCounter.shared.next()).tmp"
    }

    /// Removes the temporary files of `path` (``temporaryPath(for:)``) that a killed run left:
    /// those whose process is gone.
    private static func removeLeftovers(of path: String) {
        let (directory, name) = split(path)
        let prefix = ".\(name).dnsim-"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory) else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
            guard let pid = FileSetWriter.owner(entry.dropFirst(prefix.count).dropLast(".tmp".count)), !FileSetWriter.isRunning(pid) else {
                continue
            }
            unlink(directory + entry)
        }
    }

    /// Whether `name` is a temporary file's name as ``temporaryPath(for:)`` makes them
    /// (`.NAME.dnsim-<pid>-<n>.tmp`): what an earlier writer killed mid-write leaves.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"), let mark = name.range(of: ".dnsim-", options: .backwards) else { return false }
        return FileSetWriter.owner(name[mark.upperBound...].dropLast(".tmp".count)) != nil
    }

    /// A path's directory (with its trailing `/`, or empty) and its last component.
    private static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    private static func problem(_ path: String, _ code: Int32) -> FileProblem {
        FileProblem("cannot write \(path): \(String(cString: strerror(code)))")
    }
}

/// A process-wide counter for temporary names, safe to use from any thread.
private final class TemporaryCounter: @unchecked Sendable {
    // @unchecked: every access to `value` holds `lock`.
    static let shared = TemporaryCounter()
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
