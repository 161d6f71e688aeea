/// A dictionary that remembers insertion order: O(1) lookup, insertion and removal by key, and
/// iteration in the order keys were inserted (a key removed and inserted again goes to the end).
///
/// Models keep live items in it (pending alarms, notification requests, timers) so that calls
/// cost the same at the end of a year-long run as at its start, while everything they print or
/// schedule still follows insertion order, never hash order.
///
/// Entries live in slots that never move: a key's slot is found by one hash look-up, and the
/// insertion order is a doubly linked list through the slots. Removing a key unlinks its slot
/// and frees it for the next insertion; moving a key to the end (``moveToEnd(_:for:)``: what
/// re-setting an alarm does) relinks its slot in place, without touching the hash table. So no
/// operation moves other entries or rebuilds the table, and memory stays proportional to the
/// most entries ever live at once.
public struct InsertionOrderedMap<Key: Hashable, Value> {
    @usableFromInline
    struct Entry {
        @usableFromInline var key: Key
        @usableFromInline var value: Value

        @inlinable
        init(key: Key, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// A slot's neighbours in insertion order (-1: none) and its place in that order.
    @usableFromInline
    struct Link {
        @usableFromInline var previous: Int32
        @usableFromInline var next: Int32
        /// Grows with every insertion and move: slots compare in insertion order by it.
        @usableFromInline var stamp: Int

        @inlinable
        init(previous: Int32, next: Int32, stamp: Int) {
            self.previous = previous
            self.next = next
            self.stamp = stamp
        }
    }

    /// The entries by slot (`nil`: a free slot).
    @usableFromInline var entries: [Entry?] = []
    /// The links by slot (a free slot's are stale).
    @usableFromInline var links: [Link] = []
    /// Slots freed by removals, reused before the slot arrays grow.
    @usableFromInline var freeSlots: [Int32] = []
    /// The slot of each live key.
    @usableFromInline var positions: [Key: Int] = [:]
    /// The first and last live slots in insertion order (-1 when empty).
    @usableFromInline var head: Int32 = -1
    @usableFromInline var tail: Int32 = -1
    /// The next stamp (``Link/stamp``).
    @usableFromInline var nextStamp = 0

    /// Creates an empty map.
    @inlinable
    public init() {}

    /// The number of live entries.
    @inlinable
    public var count: Int { positions.count }
    /// Whether there are no live entries.
    @inlinable
    public var isEmpty: Bool { positions.isEmpty }

    /// Whether `key` has a live entry.
    @inlinable
    public func contains(_ key: Key) -> Bool { positions[key] != nil }

    /// The value for `key`, if any.
    @inlinable
    public subscript(key: Key) -> Value? {
        guard let slot = positions[key] else { return nil }
        return entries[slot]?.value
    }

    /// The live values, in insertion order.
    @inlinable
    public var values: [Value] { mapValuesInOrder { $0 } }
    /// `transform` applied to each live value, in insertion order (no intermediate array).
    /// Always inlined, so the caller's specialisation copies only what `transform` reads.
    @inlinable @inline(__always)
    public func mapValuesInOrder<T>(_ transform: (Value) throws -> T) rethrows -> [T] {
        var result: [T] = []
        result.reserveCapacity(positions.count)
        var slot = head
        while slot >= 0 {
            if let entry = entries[Int(slot)] { result.append(try transform(entry.value)) }
            slot = links[Int(slot)].next
        }
        return result
    }

    /// The first `count` live values, in insertion order, without copying the others.
    @inlinable
    public func firstValues(_ count: Int) -> [Value] {
        var result: [Value] = []
        result.reserveCapacity(Swift.min(count, positions.count))
        var slot = head
        while slot >= 0, result.count < count {
            if let entry = entries[Int(slot)] { result.append(entry.value) }
            slot = links[Int(slot)].next
        }
        return result
    }

    /// The live value `areInIncreasingOrder` puts first (the earliest inserted of equals),
    /// without copying the values.
    @inlinable
    public func minValue(by areInIncreasingOrder: (Value, Value) throws -> Bool) rethrows -> Value? {
        var best: Value?
        var slot = head
        while slot >= 0 {
            if let entry = entries[Int(slot)] {
                if let current = best {
                    if try areInIncreasingOrder(entry.value, current) { best = entry.value }
                } else {
                    best = entry.value
                }
            }
            slot = links[Int(slot)].next
        }
        return best
    }

    /// The live keys, in insertion order.
    @inlinable
    public var keys: [Key] {
        var result: [Key] = []
        result.reserveCapacity(positions.count)
        var slot = head
        while slot >= 0 {
            if let entry = entries[Int(slot)] { result.append(entry.key) }
            slot = links[Int(slot)].next
        }
        return result
    }

    /// Where `key` stands in insertion order: orders compare as their entries were inserted
    /// (or last moved to the end).
    @inlinable
    public func order(of key: Key) -> Int? { positions[key].map { links[$0].stamp } }

    /// Adds `value` for a `key` that has no live entry, after every live entry; returns the
    /// entry's slot (``slot(forKey:)``).
    @discardableResult
    @inlinable
    public mutating func append(_ value: consuming Value, for key: Key) -> Int {
        precondition(positions[key] == nil, "InsertionOrderedMap.append: the key is already present")
        return appendAbsent(value, for: key)
    }

    /// ``append(_:for:)`` of a key the caller knows to be absent (``slot(forKey:)`` just said
    /// so), without looking it up again (debug builds check it).
    @discardableResult
    @inlinable
    public mutating func appendAbsent(_ value: consuming Value, for key: Key) -> Int {
        assert(positions[key] == nil, "InsertionOrderedMap.appendAbsent: the key is present")
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = Int(free)
            entries[slot] = Entry(key: key, value: value)
        } else {
            slot = entries.count
            entries.append(Entry(key: key, value: value))
            links.append(Link(previous: -1, next: -1, stamp: 0))
        }
        linkAtTail(slot)
        positions[key] = slot
        return slot
    }

    // MARK: Slots

    /// The slot of `key`'s live entry: where the entry stays, however others come and go, until
    /// it is removed. A caller that looks an entry up and then changes it (as setting an alarm
    /// replaces the one its PendingIntent held) finds it once.
    @inlinable
    public func slot(forKey key: Key) -> Int? { positions[key] }

    /// What `body` reads of the value in `slot`, read in place; `nil` when the slot holds no
    /// live entry (it was never used, or is free), without trapping: for a caller holding a
    /// slot that may have been emptied since (as a queued event names an alarm's slot).
    @inlinable
    public func readIfLive<R>(inSlot slot: Int, _ body: (borrowing Value) throws -> R) rethrows -> R? {
        guard slot >= 0 && slot < entries.count, let entry = entries[slot] else { return nil }
        return try body(entry.value)
    }

    /// The value of the live entry in `slot`.
    @inlinable
    public func value(inSlot slot: Int) -> Value {
        guard let entry = entries[slot] else { preconditionFailure("InsertionOrderedMap: no live entry in slot \(slot)") }
        return entry.value
    }

    /// What `body` reads of the value of the live entry in `slot`, read in place (no copy of the
    /// value).
    @inlinable
    public func read<R>(inSlot slot: Int, _ body: (borrowing Value) throws -> R) rethrows -> R {
        guard let entry = entries[slot] else { preconditionFailure("InsertionOrderedMap: no live entry in slot \(slot)") }
        return try body(entry.value)
    }

    /// Mutates the value of the live entry in `slot` in place.
    @inlinable
    public mutating func update<R>(inSlot slot: Int, _ body: (inout Value) throws -> R) rethrows -> R {
        precondition(entries[slot] != nil, "InsertionOrderedMap: no live entry in slot \(slot)")
        return try body(&entries[slot]!.value)
    }

    /// Replaces the value of the live entry in `slot` and moves the entry after every other, as
    /// ``moveToEnd(_:for:)`` of its key does; returns the value it replaces.
    @inlinable
    public mutating func moveToEnd(_ value: consuming Value, inSlot slot: Int) -> Value {
        precondition(entries[slot] != nil, "InsertionOrderedMap: no live entry in slot \(slot)")
        // Swapped in place: neither the entry nor the value it held is copied (the new value
        // is taken, not copied).
        var replaced = value
        swap(&replaced, &entries[slot]!.value)
        unlink(slot)
        linkAtTail(slot)
        return replaced
    }

    /// Removes the live entry in `slot` and returns its value.
    @inlinable
    public mutating func remove(inSlot slot: Int) -> Value {
        // The entry moved out (no copy of it), then its key forgotten.
        guard let entry = free(slot) else { preconditionFailure("InsertionOrderedMap: no live entry in slot \(slot)") }
        positions[entry.key] = nil
        return entry.value
    }

    /// Sets `value` for `key` after every live entry, as removing `key` and appending would,
    /// and returns the value it replaces, if any. Replacing is one hash look-up: the key's slot
    /// takes the value and moves to the end of the order.
    @discardableResult
    @inlinable
    public mutating func moveToEnd(_ value: consuming Value, for key: Key) -> Value? {
        guard let slot = positions[key] else {
            appendAbsent(value, for: key)
            return nil
        }
        return moveToEnd(value, inSlot: slot)
    }

    /// Mutates the value for `key` in place (no copy of the value); `nil` when there is none.
    @discardableResult
    @inlinable
    public mutating func update<R>(_ key: Key, _ body: (inout Value) throws -> R) rethrows -> R? {
        guard let slot = positions[key] else { return nil }
        return try body(&entries[slot]!.value)
    }

    /// Mutates every live value in place, in insertion order. `body` must not reach this map.
    @inlinable
    public mutating func updateEach(_ body: (inout Value) throws -> Void) rethrows {
        try updateEachInSlot { _, value in try body(&value) }
    }

    /// ``updateEach(_:)``, telling `body` the slot of each entry (``slot(forKey:)``).
    @inlinable
    public mutating func updateEachInSlot(_ body: (_ slot: Int, inout Value) throws -> Void) rethrows {
        var slot = head
        while slot >= 0 {
            if entries[Int(slot)] != nil { try body(Int(slot), &entries[Int(slot)]!.value) }
            slot = links[Int(slot)].next
        }
    }

    /// Removes and returns the value for `key`.
    @discardableResult
    @inlinable
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let slot = positions.removeValue(forKey: key) else { return nil }
        return free(slot)?.value
    }

    /// Removes every live entry whose value satisfies `shouldRemove`; returns them in insertion order.
    @discardableResult
    @inlinable
    public mutating func removeAll(where shouldRemove: (Value) throws -> Bool) rethrows -> [Value] {
        var removed: [Value] = []
        var slot = head
        while slot >= 0 {
            let next = links[Int(slot)].next
            if let entry = entries[Int(slot)], try shouldRemove(entry.value) {
                positions[entry.key] = nil
                if let freed = free(Int(slot)) { removed.append(freed.value) }
            }
            slot = next
        }
        return removed
    }

    /// Removes every entry; with `keepingCapacity`, keeps the storage (a table that fills up
    /// again to the same size, such as an OS's alarms after a reboot, does not grow it anew).
    @inlinable
    public mutating func removeAll(keepingCapacity: Bool = false) {
        // Kept storage is emptied entry by entry, each destroyed by code made for its type.
        if keepingCapacity { entries.removeAllKeepingStorage() } else { entries.removeAll() }
        links.removeAll(keepingCapacity: keepingCapacity)
        freeSlots.removeAll(keepingCapacity: keepingCapacity)
        positions.removeAll(keepingCapacity: keepingCapacity)
        head = -1
        tail = -1
    }

    /// Unlinks `slot`, empties it for reuse and returns the entry it held, moved out (the
    /// caller forgets its key in ``positions``).
    @inlinable
    mutating func free(_ slot: Int) -> Entry? {
        unlink(slot)
        freeSlots.append(Int32(slot))
        return entries[slot].take()
    }

    /// Links `slot` after the last live slot, with the next stamp.
    @inlinable @inline(__always)
    mutating func linkAtTail(_ slot: Int) {
        links[slot] = Link(previous: tail, next: -1, stamp: nextStamp)
        nextStamp += 1
        if tail >= 0 { links[Int(tail)].next = Int32(slot) } else { head = Int32(slot) }
        tail = Int32(slot)
    }

    /// Takes `slot` out of the order (its own links are left stale).
    @inlinable @inline(__always)
    mutating func unlink(_ slot: Int) {
        let link = links[slot]
        if link.previous >= 0 { links[Int(link.previous)].next = link.next } else { head = link.next }
        if link.next >= 0 { links[Int(link.next)].previous = link.previous } else { tail = link.previous }
    }
}

extension InsertionOrderedMap: Sendable where Key: Sendable, Value: Sendable {}
extension InsertionOrderedMap.Entry: Sendable where Key: Sendable, Value: Sendable {}
extension InsertionOrderedMap.Link: Sendable {}
