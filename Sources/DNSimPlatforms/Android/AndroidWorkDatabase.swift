import DNSimCore

/// WorkManager's database (A43): every work item the app enqueued, in enqueue order, with the
/// indexes the model needs so that no call scans the run's history.
///
/// Finished and cancelled work stays in the append-only log (``works``), which only
/// `getWorkInfosForUniqueWork` and inspection read. The live work — enqueued or running — is
/// indexed by unique name (at most one per name: `enqueueUniqueWork` cancels or keeps the
/// existing one) and listed in enqueue order for the calls that re-check every job.
struct AndroidWorkDatabase {
    /// Every work item, in enqueue order (the log).
    private(set) var works: [AndroidWork] = []
    /// The serial of `works[0]`: serials are consecutive in enqueue order.
    private var firstSerial: Int32 = 0
    /// The index of the live work item of each unique name.
    private var liveByName: [String: Int] = [:]
    /// The indexes of the live work items, ascending (enqueue order).
    private(set) var liveIndices: [Int] = []
    /// The indexes of every work item of each unique name, ascending.
    private var indicesByName: [String: [Int]] = [:]

    /// Whether `state` counts as live (enqueued or running).
    static func isLive(_ state: AndroidWorkState) -> Bool { state == .enqueued || state == .running }

    /// The work item at `index`.
    subscript(index: Int) -> AndroidWork { works[index] }

    /// The index of the live work item named `name`.
    func liveIndex(named name: String) -> Int? { liveByName[name] }

    /// The index of the work item with `serial`.
    func index(ofSerial serial: Int32) -> Int? {
        let index = Int(serial) - Int(firstSerial)
        guard works.indices.contains(index), works[index].serial == serial else { return nil }
        return index
    }

    /// The states of every work item named `name`, in enqueue order.
    func states(named name: String) -> [AndroidWorkState] {
        (indicesByName[name] ?? []).map { works[$0].state }
    }

    /// Appends a new work item; returns its index.
    mutating func append(_ work: AndroidWork) -> Int {
        if works.isEmpty { firstSerial = work.serial }
        let index = works.count
        works.append(work)
        indicesByName[work.name, default: []].append(index)
        if Self.isLive(work.state) { addLive(index, name: work.name) }
        return index
    }

    /// Mutates the work item at `index` in place, keeping the live index in step with its state.
    @discardableResult
    mutating func update<R>(at index: Int, _ body: (inout AndroidWork) -> R) -> R {
        let wasLive = Self.isLive(works[index].state)
        let result = body(&works[index])
        let isLive = Self.isLive(works[index].state)
        if wasLive != isLive {
            if isLive { addLive(index, name: works[index].name) } else { removeLive(index, name: works[index].name) }
        }
        return result
    }

    /// Forgets every work item (the package was uninstalled).
    mutating func removeAll() {
        works.removeAll()
        liveByName.removeAll()
        liveIndices.removeAll()
        indicesByName.removeAll()
    }

    private mutating func addLive(_ index: Int, name: String) {
        precondition(liveByName[name] == nil, "two live work items named \(name)")
        liveByName[name] = index
        // Work only becomes live when enqueued, and it is then the newest item.
        if let last = liveIndices.last, last > index {
            liveIndices.insert(index, at: insertionPoint(of: index))
        } else {
            liveIndices.append(index)
        }
    }

    private mutating func removeLive(_ index: Int, name: String) {
        liveByName[name] = nil
        let at = insertionPoint(of: index)
        if at < liveIndices.count, liveIndices[at] == index { liveIndices.remove(at: at) }
    }

    /// The first position in ``liveIndices`` not below `index` (binary search).
    private func insertionPoint(of index: Int) -> Int {
        var low = 0
        var high = liveIndices.count
        while low < high {
            let mid = (low + high) / 2
            if liveIndices[mid] < index { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
