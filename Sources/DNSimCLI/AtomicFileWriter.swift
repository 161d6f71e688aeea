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
/// There is no `fsync`: a crash of the machine (not of dnsim) may lose a file just written, but
/// never leaves a torn one in its place. Reports are regenerated, not precious, and a sync per
/// file made `dnsim matrix --out` spend most of its time waiting for the disk.
enum AtomicFileWriter {
    /// Writes `text` (UTF-8) to `path`, replacing any file there; returns why it failed, or `nil`.
    static func write(_ text: String, to path: String) -> FileProblem? {
        var text = text
        let temporary = temporaryPath(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return problem(path, errno) }
        var written = 0
        let failure: Int32? = text.withUTF8 { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            while written < buffer.count {
                let result = Glue.write(descriptor, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
        let closeFailed = close(descriptor) != 0 ? errno : nil
        if let code = failure ?? closeFailed {
            unlink(temporary)
            return problem(path, code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            return problem(path, code)
        }
        return nil
    }

    /// `.<name>.dnsim-<pid>-<n>.tmp` in the target's directory (a rename never crosses file systems).
    private static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let pid = getpid()  // dnsim-host-ok: a unique temporary name, never output
        return "\(directory).\(name).dnsim-\(pid)-\(TemporaryCounter.shared.next()).tmp"
    }

    private static func problem(_ path: String, _ code: Int32) -> FileProblem {
        FileProblem("cannot write \(path): \(String(cString: strerror(code)))")
    }
}

/// The C `write`, named apart from ``AtomicFileWriter/write(_:to:)``.
private enum Glue {
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
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
