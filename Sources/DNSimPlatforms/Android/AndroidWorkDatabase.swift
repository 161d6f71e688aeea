import DNSimCore

/// WorkManager's database (A43): the work items the app enqueued and WorkManager still keeps,
/// in enqueue order, with the indexes the model needs so that no call scans the run's history.
///
/// Finished and cancelled work stays until `enqueueUniqueWork` enqueues its name again, which
/// deletes the name's earlier records (A43, androidx `EnqueueRunnable`), or until a process
/// opens the database more than a day after the work was last enqueued (androidx
/// `CleanupCallback`): so the database holds about one record per unique name, however long
/// the run. The live work — enqueued or running —
/// is indexed by unique name (at most one per name: `enqueueUniqueWork` cancels or keeps the
/// existing one) and listed in enqueue order for the calls that re-check every job.
///
/// Indexes (positions) are stable until ``deleteRecords(named:)`` compacts the storage: a caller
/// that lets app code run (which may enqueue work) finds its item again by serial.
struct AndroidWorkDatabase {
    /// The work items, in enqueue order, deleted ones included until the next compaction (kept
    /// whole so that reading an item borrows it instead of unwrapping a copy).
    private var slots: [AndroidWork] = []
    /// Whether each slot was deleted.
    private var isDeleted: [Bool] = []
    /// The serial of each slot, deleted ones included, ascending (serials grow in enqueue order).
    private var serials: [Int32] = []
    /// How many slots are deleted.
    private var deletedCount = 0
    /// By unique name (names compare by their bytes, as WorkManager's do: ``StringKey``), the
    /// name's items still kept and its live one: one table, so that enqueuing a name looks it up
    /// once or twice rather than once per index.
    private var byName: [StringKey: NameRecords] = [:]
    /// The indexes of the live work items, ascending (enqueue order).
    private(set) var liveIndices: [Int] = []

    /// One unique name's items.
    private struct NameRecords {
        /// The indexes of every item of the name still kept, ascending.
        var indices: [Int] = []
        /// The index of its live item (enqueued or running), if any.
        var live: Int?
    }

    /// Whether `state` counts as live (enqueued or running).
    static func isLive(_ state: AndroidWorkState) -> Bool { state == .enqueued || state == .running }

    /// Every work item kept, in enqueue order (for inspection).
    var works: [AndroidWork] { slots.indices.filter { !isDeleted[$0] }.map { slots[$0] } }

    /// The work item at `index`, which must not be deleted.
    subscript(index: Int) -> AndroidWork { slots[index] }

    /// The index of the live work item named `name`.
    func liveIndex(named name: String) -> Int? { byName[StringKey(name)]?.live }

    /// The index of the work item with `serial`, or `nil` if it was deleted (or never enqueued).
    func index(ofSerial serial: Int32) -> Int? {
        guard let first = serials.first else { return nil }
        // Until the first compaction serials are consecutive, so the position is direct.
        var index = Int(serial) - Int(first)
        if !serials.indices.contains(index) || serials[index] != serial {
            index = serials.partitioningIndex { $0 >= serial }
        }
        guard serials.indices.contains(index), serials[index] == serial, !isDeleted[index] else { return nil }
        return index
    }

    /// The states of every work item named `name` still kept, in enqueue order.
    func states(named name: String) -> [AndroidWorkState] {
        (byName[StringKey(name)]?.indices ?? []).map { self[$0].state }
    }

    /// Appends a new work item; returns its index.
    mutating func append(_ work: AndroidWork) -> Int {
        precondition(serials.last.map { $0 < work.serial } ?? true, "work serials must grow in enqueue order")
        let index = slots.count
        slots.append(work)
        isDeleted.append(false)
        serials.append(work.serial)
        let isLive = Self.isLive(work.state)
        Self.add(index, live: isLive, to: &byName[StringKey(work.name), default: NameRecords()], name: work.name)
        if isLive { addLiveIndex(index) }
        return index
    }

    /// Mutates the work item at `index` in place, keeping the live index in step with its state.
    @discardableResult
    mutating func update<R>(at index: Int, _ body: (inout AndroidWork) -> R) -> R {
        precondition(!isDeleted[index], "update of a deleted work item")
        let wasLive = Self.isLive(slots[index].state)
        let result = body(&slots[index])
        let isLive = Self.isLive(slots[index].state)
        if wasLive != isLive {
            let name = slots[index].name
            if isLive {
                Self.setLive(index, of: &byName[StringKey(name), default: NameRecords()], name: name)
                addLiveIndex(index)
            } else {
                // Found once, then changed in place (an optional-chained assignment through the
                // key's subscript moved the name's records out and back, hashing twice; the
                // prune below does the same).
                if let entry = byName.index(forKey: StringKey(name)) { byName.values[entry].live = nil }
                removeLiveIndex(index)
            }
        }
        return result
    }

    /// Deletes every record of the unique name `name`, none of which may be live (A43: what
    /// `enqueueUniqueWork` does before enqueuing the name again). May compact the storage, which
    /// moves the other items' indexes.
    mutating func deleteRecords(named name: String) {
        noteDeleted(Self.delete(&byName[StringKey(name), default: NameRecords()].indices, marking: &isDeleted, in: slots))
    }

    /// Counts `deleted` more deleted slots, and compacts once four in five slots are deleted and
    /// at least ``deletionsBeforeCompaction`` are: a compaction re-indexes the kept items, so
    /// each deletion pays for at most a quarter of one item's re-indexing (and, with a run's
    /// few dozen names, for a few hundredths of one).
    private mutating func noteDeleted(_ deleted: Int) {
        guard deleted > 0 else { return }
        deletedCount += deleted
        if deletedCount >= Self.deletionsBeforeCompaction && deletedCount >= 4 * (slots.count - deletedCount) { compact() }
    }

    /// How many deleted slots a compaction waits for at least: the dead items' memory (a few
    /// hundred bytes each) is bounded, and a compaction's fixed costs are spread over many.
    static let deletionsBeforeCompaction = 1024

    /// Deletes the finished and cancelled records last enqueued before `threshold` on the wall
    /// clock (androidx `CleanupCallback`, run as the database opens: `DELETE FROM workspec WHERE
    /// state IN (SUCCEEDED, FAILED, CANCELLED) AND last_enqueue_time + minimum_retention_duration
    /// < now - 1 day`, the retention being 0 unless a request asks to keep its result longer).
    /// Visits the kept records once: about one per unique name. May compact the storage.
    mutating func pruneFinished(lastEnqueuedBefore threshold: Int64) {
        var pruned = 0
        for index in slots.indices where !isDeleted[index] {
            guard !Self.isLive(slots[index].state), slots[index].lastEnqueueWallMillis < threshold else { continue }
            isDeleted[index] = true
            if let entry = byName.index(forKey: StringKey(slots[index].name)) { byName.values[entry].indices.removeAll { $0 == index } }
            pruned += 1
        }
        noteDeleted(pruned)
    }

    /// Empties `indices` (one name's, kept for its next items) and marks their slots deleted;
    /// returns how many.
    private static func delete(_ indices: inout [Int], marking isDeleted: inout [Bool], in slots: [AndroidWork]) -> Int {
        for index in indices {
            precondition(!isLive(slots[index].state), "deleting live work named \(slots[index].name)")
            isDeleted[index] = true
        }
        defer { indices.removeAllKeepingStorage() }
        return indices.count
    }

    /// Forgets every work item (the package was uninstalled).
    mutating func removeAll() {
        removeAll(keepingCapacity: false)
    }

    /// Forgets every work item, keeping the storage when `keepingCapacity` (a compaction fills
    /// it again at once).
    private mutating func removeAll(keepingCapacity: Bool) {
        // Kept storage is emptied item by item, each destroyed by code made for its type.
        if keepingCapacity { slots.removeAllKeepingStorage() } else { slots.removeAll() }
        isDeleted.removeAll(keepingCapacity: keepingCapacity)
        serials.removeAll(keepingCapacity: keepingCapacity)
        deletedCount = 0
        byName.removeAll(keepingCapacity: keepingCapacity)
        liveIndices.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Drops the deleted slots and rebuilds the indexes over the kept ones.
    private mutating func compact() {
        let kept = works
        // The tables keep their storage: a compaction refills them with the live and recent
        // items at once, and a run compacts about once per 160 deletions.
        removeAll(keepingCapacity: true)
        for work in kept { _ = append(work) }
    }

    /// Lists `index`, the newest item of a name, among the name's `records` (as its live one when `live`).
    private static func add(_ index: Int, live: Bool, to records: inout NameRecords, name: String) {
        records.indices.append(index)
        if live { setLive(index, of: &records, name: name) }
    }

    /// Makes `index` the live item of a name's `records`, which must have none.
    private static func setLive(_ index: Int, of records: inout NameRecords, name: String) {
        precondition(records.live == nil, "two live work items named \(name)")
        records.live = index
    }

    /// Lists `index` among the live items.
    private mutating func addLiveIndex(_ index: Int) {
        // Work only becomes live when enqueued, and it is then the newest item.
        if let last = liveIndices.last, last > index {
            liveIndices.insert(index, at: insertionPoint(of: index))
        } else {
            liveIndices.append(index)
        }
    }

    /// Takes `index` off the live items.
    private mutating func removeLiveIndex(_ index: Int) {
        let at = insertionPoint(of: index)
        if at < liveIndices.count, liveIndices[at] == index { liveIndices.remove(at: at) }
    }

    /// The first position in ``liveIndices`` not below `index` (binary search).
    private func insertionPoint(of index: Int) -> Int {
        liveIndices.partitioningIndex { $0 >= index }
    }
}
