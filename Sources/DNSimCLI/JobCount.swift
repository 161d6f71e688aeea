import Foundation

/// The `--jobs` option of commands that run many scenarios: how many threads the batch may use.
///
/// The count changes how fast a batch finishes, never a byte of what it writes.
enum JobCount {
    /// The default: one thread, the runs one after another.
    static let defaultJobs = 1

    /// What `--jobs` expects, for messages.
    static let expected = "a number of threads from 1 to \(maximum), or 0 or 'auto' for one per processor"

    /// More threads than this are refused (a typo, not a machine).
    static let maximum = 256

    /// The number of processors the host makes available, for `--jobs 0` and `--jobs auto`.
    static var automatic: Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount)  // dnsim-host-ok: a thread count, never output
    }

    /// The job count `text` asks for, or `nil` when it is not one.
    static func parse(_ text: String) -> Int? {
        if text == "auto" { return automatic }
        guard let value = Int(text), (0...maximum).contains(value) else { return nil }
        return value == 0 ? automatic : value
    }
}
