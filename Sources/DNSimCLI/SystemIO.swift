#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C `read` and `write`, named apart from the writers' own `write` functions.
enum SystemIO {
    static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, bytes, count)
        #elseif canImport(Musl)
        Musl.read(descriptor, bytes, count)
        #else
        Darwin.read(descriptor, bytes, count)
        #endif
    }

    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// Asks for a pipe buffer of `bytes` on `descriptor` when it is a pipe (Linux
    /// `F_SETPIPE_SZ`; elsewhere, or when refused, nothing changes): a document of megabytes
    /// sent into a 64 KiB pipe stops its writer and wakes its reader every 64 KiB. Only how the
    /// bytes travel changes, never which.
    static func widenPipe(_ descriptor: Int32, to bytes: Int32) {
        #if os(Linux) && canImport(Glibc)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ (<linux/fcntl.h>), not exported to Swift
        _ = fcntl(descriptor, setPipeSize, bytes)
        #endif
    }

    /// Writes every byte of `bytes` to `descriptor` (retrying what a signal interrupted);
    /// returns the `errno` that stopped it, or `nil`.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        var written = 0
        while written < bytes.count, let base = bytes.baseAddress {
            let result = write(descriptor, base + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += result
        }
        return nil
    }
}
