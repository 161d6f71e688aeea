#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Replaces a whole directory of files at once: a reader, or a process killed at any moment,
/// finds the complete old set or the complete new set, never a mix.
///
/// `write(_:to:owns:)` for `DIR`:
/// 1. Cleans up after earlier runs that were killed: siblings named `DIR.tmp-<pid>-<n>` or
///    `DIR.old-<pid>-<n>` whose process is gone are removed (if `DIR` itself is missing, such an
///    `.old-` set is first put back).
/// 2. Refuses to replace a `DIR` that holds anything the new set would not (`owns` says what
///    counts as an earlier set's file), so `--out .` can never delete a work tree.
/// 3. Builds the new set in the sibling `DIR.tmp-<pid>-<n>` (same parent, so the renames below
///    never cross file systems). A file whose bytes are the same as the old set's is hard-linked
///    from it (its modification time does not change); the others are written fresh.
/// 4. Swaps it in: on Linux one `renameat2(RENAME_EXCHANGE)` swaps the two directories
///    atomically, then the old set (now at the temporary name) is deleted. Where that call is
///    missing, `DIR` is renamed to `DIR.old-<pid>-<n>`, the new set renamed in, and the old set
///    deleted; a kill between those two renames leaves `DIR` missing, and the next run puts the
///    old set back before anything else (step 1).
///
/// Runs writing sets into one parent directory at once take turns (an exclusive `flock` on the
/// parent for the whole of steps 1–4).
///
/// Any failure removes the temporary directory and leaves `DIR` as it was. There is no `fsync`:
/// a crash of the machine (not of dnsim) may lose the newest set, but reports are regenerated,
/// not precious.
enum FileSetWriter {
    /// Writes `files` (paths relative to `directory`, `/`-separated, each a file) as the whole
    /// content of `directory`, replacing what was there; returns why it could not, or `nil`.
    ///
    /// `owns(relativePath, isDirectory)` says whether an entry found in the existing directory
    /// belongs to an earlier set and may be replaced; anything else makes the write fail before
    /// any change.
    static func write(
        _ files: [(path: String, text: String)], to directory: String, owns: (String, Bool) -> Bool
    ) -> FileProblem? {
        let target = normalized(directory)
        guard let (parent, name) = split(target) else {
            return FileProblem("cannot replace \(directory): give a directory below the current or root directory")
        }
        if let problem = makeDirectory(parent) { return problem }
        // Two runs writing into one parent at once (two `matrix --out DIR` runs) take turns: a
        // run reads the old set (to reuse unchanged files) and swaps the new one in under an
        // exclusive lock on the parent directory, so it never links another run's file into
        // its set or finds the directory it is about to create made by another.
        let lock = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if lock >= 0 { _ = flock(lock, LOCK_EX) }
        defer {
            if lock >= 0 { close(lock) }
        }
        recover(parent: parent, name: name, target: target)

        var status = stat()
        let exists = lstat(target, &status) == 0
        if exists {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                let what = status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link (give the directory it names)" : "not a directory"
                return FileProblem("cannot replace \(target): it is \(what)")
            }
            if let stranger = foreignEntry(in: target, owns: owns) {
                return FileProblem(
                    "cannot replace \(target): it holds \(stranger), which is not part of a dnsim report set; "
                        + "give an empty or new directory, or remove it")
            }
        }

        let staging = sibling(parent: parent, name: name, kind: "tmp")
        if let problem = build(files, in: staging, reusing: exists ? target : nil) {
            removeTree(staging)
            return problem
        }
        if !exists {
            guard rename(staging, target) == 0 else {
                let code = errno
                removeTree(staging)
                return problem("cannot move the new set to \(target)", code)
            }
            return nil
        }
        switch exchange(staging, target) {
        case .done:
            // `staging` now holds the old set.
            removeTree(staging)
            return nil
        case .failed(let code):
            removeTree(staging)
            return problem("cannot swap the new set into \(target)", code)
        case .unsupported:
            let aside = sibling(parent: parent, name: name, kind: "old")
            guard rename(target, aside) == 0 else {
                let code = errno
                removeTree(staging)
                return problem("cannot move the old set aside from \(target)", code)
            }
            guard rename(staging, target) == 0 else {
                let code = errno
                _ = rename(aside, target)
                removeTree(staging)
                return problem("cannot move the new set to \(target)", code)
            }
            removeTree(aside)
            return nil
        }
    }

    // MARK: Steps

    /// Removes what killed runs left next to `target`; puts an old set back if `target` is gone.
    private static func recover(parent: String, name: String, target: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        var leftovers: [(path: String, kind: String)] = []
        for entry in entries.sorted() {
            guard let (kind, pid) = leftover(entry, of: name), !isRunning(pid) else { continue }
            leftovers.append((join(parent, entry), kind))
        }
        var status = stat()
        if lstat(target, &status) != 0, errno == ENOENT, let old = leftovers.first(where: { $0.kind == "old" }) {
            _ = rename(old.path, target)
        }
        for leftover in leftovers { removeTree(leftover.path) }
    }

    /// `(kind, pid)` when `entry` is `NAME.tmp-<pid>-<n>` or `NAME.old-<pid>-<n>`.
    static func leftover(_ entry: String, of name: String) -> (kind: String, pid: Int32)? {
        for kind in ["tmp", "old"] {
            let prefix = name + "." + kind + "-"
            guard entry.hasPrefix(prefix) else { continue }
            return owner(entry.dropFirst(prefix.count)).map { (kind, $0) }
        }
        return nil
    }

    /// The process id of a temporary name's `<pid>-<n>` part (a set's `NAME.tmp-<pid>-<n>`, a
    /// file's `.NAME.dnsim-<pid>-<n>.tmp`), or `nil` when it is not one.
    static func owner(_ pidAndCounter: Substring) -> Int32? {
        let parts = pidAndCounter.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, Int(parts[1]) != nil else { return nil }
        return pid
    }

    /// Whether process `pid` exists (this one included).
    static func isRunning(_ pid: Int32) -> Bool {
        if pid == getpid() { return true }  // dnsim-host-ok: whose leftovers these are, never output
        return kill(pid, 0) == 0 || errno == EPERM  // dnsim-host-ok: see above
    }

    /// The first entry of `directory` (as `"name"` or `"scenarios/name"`) that `owns` rejects.
    private static func foreignEntry(in directory: String, owns: (String, Bool) -> Bool) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            return "entries that cannot be listed"
        }
        for name in names.sorted() {
            let path = join(directory, name)
            let isDirectory = isPlainDirectory(path)
            guard owns(name, isDirectory) else { return "\"\(name)\"" }
            guard isDirectory else { continue }
            guard let inner = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                return "\"\(name)\", which cannot be listed"
            }
            for child in inner.sorted() {
                let relative = name + "/" + child
                guard owns(relative, isPlainDirectory(join(path, child))) else { return "\"\(relative)\"" }
            }
        }
        return nil
    }

    /// Creates `staging` and writes every file into it, linking unchanged files from `old`.
    private static func build(_ files: [(path: String, text: String)], in staging: String, reusing old: String?) -> FileProblem? {
        guard mkdir(staging, 0o777) == 0 else { return problem("cannot create \(staging)", errno) }
        var made: Set<String> = [""]
        for (relative, text) in files {
            let components = relative.split(separator: "/").map(String.init)
            var directory = ""
            for component in components.dropLast() {
                directory = directory.isEmpty ? component : directory + "/" + component
                if made.insert(directory).inserted, mkdir(join(staging, directory), 0o777) != 0 {
                    return problem("cannot create \(join(staging, directory))", errno)
                }
            }
            let path = join(staging, relative)
            var bytes = text
            let failure: FileProblem? = bytes.withUTF8 { buffer in
                if let old, AtomicFileWriter.holds(join(old, relative), buffer), link(join(old, relative), path) == 0 { return nil }
                return create(path, with: buffer)
            }
            if let failure { return failure }
        }
        return nil
    }

    private enum Exchange {
        case done
        case failed(Int32)
        case unsupported
    }

    /// Swaps the directories at `a` and `b` in one step, where the system can.
    private static func exchange(_ a: String, _ b: String) -> Exchange {
        guard let renameat2 = RenameAt2.function else { return .unsupported }
        let renameExchange: UInt32 = 2  // RENAME_EXCHANGE in <linux/fs.h>
        if renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0 { return .done }
        let code = errno
        return code == EINVAL || code == ENOSYS || code == ENOTSUP ? .unsupported : .failed(code)
    }

    // MARK: Files

    /// Creates the new file `path` holding `bytes`.
    private static func create(_ path: String, with bytes: UnsafeBufferPointer<UInt8>) -> FileProblem? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return problem("cannot write \(path)", errno) }
        var failure = SystemIO.writeAll(descriptor, bytes)
        if close(descriptor) != 0, failure == nil { failure = errno }
        return failure.map { problem("cannot write \(path)", $0) }
    }

    /// Removes `path` and everything under it, if it exists.
    private static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Creates `path` and its missing parents (as `mkdir -p`), or says why it could not, naming
    /// the directory that could not be made and the system's reason.
    static func makeDirectory(_ path: String) -> FileProblem? {
        var made = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            made += (made.isEmpty || made.hasSuffix("/") ? "" : "/") + part
            if mkdir(made, 0o777) == 0 || errno == EEXIST {
                var status = stat()
                guard stat(made, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                    return FileProblem("cannot create the directory \(path): \(made) is not a directory")
                }
                continue
            }
            return problem("cannot create the directory \(path)", errno)
        }
        return nil
    }

    // MARK: Paths

    /// `path` without trailing slashes (`reports/` → `reports`).
    private static func normalized(_ path: String) -> String {
        var result = path
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// The parent directory and the last component, or `nil` for `/`, `.`, `..` and the empty path.
    private static func split(_ path: String) -> (parent: String, name: String)? {
        let slash = path.lastIndex(of: "/")
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != ".." else { return nil }
        guard let slash else { return (".", name) }
        let parent = String(path[..<slash])
        return (parent.isEmpty ? "/" : parent, name)
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// `NAME.<kind>-<pid>-<n>` next to `NAME`.
    private static func sibling(parent: String, name: String, kind: String) -> String {
        let pid = getpid()  // dnsim-host-ok: a unique temporary name, never output
        return join(parent, "\(name).\(kind)-\(pid)-\(SetCounter.shared.next())")
    }

    private static func isPlainDirectory(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    private static func problem(_ what: String, _ code: Int32) -> FileProblem {
        FileProblem("\(what): \(String(cString: strerror(code)))")
    }
}

/// Linux's `renameat2`, looked up at run time: the C library declares it only for `_GNU_SOURCE`,
/// so Swift does not import it, and other systems do not have it.
private enum RenameAt2 {
    typealias Function = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    static let function: Function? = {
        #if os(Linux)
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
        #else
        return nil
        #endif
    }()
}

/// A process-wide counter for set names, safe to use from any thread.
private final class SetCounter: @unchecked Sendable {
    // @unchecked: every access to `value` holds `lock`.
    static let shared = SetCounter()
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
