import Dispatch
import Foundation

/// Maps the indices `0..<count` on up to a given number of threads and returns the results in
/// index order, so the result never depends on which thread finished first.
///
/// With one job (or one index) the work runs inline on the calling thread, in index order, and
/// no thread is started. With more, `jobs` workers of `DispatchQueue.concurrentPerform` take
/// the next index from a shared counter until none is left; each result is stored in the slot
/// of its index. Indices are handed out in increasing order, so when a caller stops early at
/// the first failure (see ``ScenarioBatch``) every lower index has still been run.
public enum IndexedParallelMap {
    /// Calls `transform` once for every index in `0..<count`, on up to `jobs` threads.
    ///
    /// - Parameters:
    ///   - count: How many indices there are.
    ///   - jobs: The most threads to use (at least 1); never more than `count` are started.
    ///   - transform: The work for one index. It must not depend on other indices' work.
    /// - Returns: `transform(0)`, `transform(1)`, …, in index order.
    public static func map<T: Sendable>(count: Int, jobs: Int, _ transform: @Sendable (Int) -> T) -> [T] {
        precondition(jobs >= 1, "IndexedParallelMap: jobs must be at least 1")
        let workers = min(max(count, 0), jobs)
        guard workers > 1 else { return (0..<max(count, 0)).map(transform) }
        let slots = IndexedSlots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = slots.claimNextIndex() {
                slots.store(transform(index), at: index)
            }
        }
        return slots.values()
    }
}

/// The shared state of one ``IndexedParallelMap/map(count:jobs:_:)``: the next index to hand out
/// and one result slot per index, all behind one lock.
private final class IndexedSlots<T: Sendable>: @unchecked Sendable {
    // @unchecked: every access to `next` and `slots` holds `lock`.
    private let lock = NSLock()
    private var next = 0
    private var slots: [T?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next index nobody has claimed yet, or `nil` when all are taken.
    func claimNextIndex() -> Int? {
        lock.withLock {
            guard next < slots.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// Stores the result of `index`.
    func store(_ value: T, at index: Int) {
        lock.withLock { slots[index] = value }
    }

    /// Every result, in index order; call after all workers have returned.
    func values() -> [T] {
        lock.withLock {
            slots.map { slot in
                guard let slot else { preconditionFailure("IndexedParallelMap: an index was never run") }
                return slot
            }
        }
    }
}
