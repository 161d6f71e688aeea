import DNSimCore

/// The notifications Notification Center still shows, oldest first: a list that grows with the
/// run (until the user clears it, I9) and that a tap prunes by identifier (a repeating request
/// appears once per delivery under one identifier).
///
/// Indexed by identifier (by its bytes, as `NSString` compares: ``StringKey``), so a tap costs what it removes, not the length of the list. Removal
/// leaves tombstones, trimmed from the end at once and compacted away once they outnumber the
/// live entries; order never changes.
struct IOSDeliveredList {
    /// One delivered notification.
    typealias Entry = (identifier: String, request: IOSNotificationRequest, time: SimInstant)

    /// Live entries and tombstones (`nil`), oldest first; never ends with a tombstone.
    private var slots: [Entry?] = []
    /// The positions in ``slots`` of each identifier's live entries, ascending.
    private var positions: [StringKey: [Int]] = [:]
    /// How many entries are live.
    private(set) var count = 0

    /// The live entries, oldest first.
    var entries: [Entry] { slots.compactMap { $0 } }
    /// Whether nothing is shown.
    var isEmpty: Bool { count == 0 }
    /// The newest entry.
    var last: Entry? { slots.last ?? nil }

    /// The newest entry for `identifier`.
    func last(identifier: String) -> Entry? {
        positions[StringKey(identifier)]?.last.flatMap { slots[$0] }
    }

    /// Adds the newest entry.
    mutating func append(_ entry: Entry) {
        positions[StringKey(entry.identifier), default: []].append(slots.count)
        slots.append(entry)
        count += 1
    }

    /// Removes every entry for `identifier`.
    mutating func removeAll(identifier: String) {
        guard let removed = positions.removeValue(forKey: StringKey(identifier)) else { return }
        for position in removed { slots[position] = nil }
        count -= removed.count
        while let tail = slots.last, tail == nil { slots.removeLast() }
        let tombstones = slots.count - count
        if tombstones > 16 && tombstones > count {
            slots.removeAll { $0 == nil }
            positions.removeAll(keepingCapacity: true)
            for position in slots.indices { positions[StringKey(slots[position]!.identifier), default: []].append(position) }
        }
    }

    /// Removes every entry.
    mutating func removeAll() {
        slots.removeAll()
        positions.removeAll()
        count = 0
    }
}
