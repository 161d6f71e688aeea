import Foundation

/// The lowest index of a batch whose work has failed so far, shared by the batch's threads.
final class FirstFailureIndex: @unchecked Sendable {
    // @unchecked: every access to `lowest` holds `lock`.
    private let lock = NSLock()
    private var lowest = Int.max

    /// Notes that the work of `index` failed.
    func record(_ index: Int) {
        lock.withLock { lowest = min(lowest, index) }
    }

    /// Whether an earlier index has already failed, so the work of `index` is not needed.
    func isAfterFailure(_ index: Int) -> Bool {
        lock.withLock { index > lowest }
    }
}
