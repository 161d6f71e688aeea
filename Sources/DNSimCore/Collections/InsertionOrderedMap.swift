/// A dictionary that remembers insertion order: O(1) lookup, insertion and removal by key, and
/// iteration in the order keys were inserted (a key removed and inserted again goes to the end).
///
/// Models keep live items in it (pending alarms, notification requests, timers) so that calls
/// cost the same at the end of a year-long run as at its start, while everything they print or
/// schedule still follows insertion order, never hash order. Removal leaves a tombstone;
/// tombstones are compacted away once they outnumber the live entries twice over, so removal
/// is O(1) amortised and relative order never changes.
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

    /// Live entries and tombstones (`nil`), in insertion order.
    @usableFromInline var entries: [Entry?] = []
    /// The index in ``entries`` of each live key.
    @usableFromInline var positions: [Key: Int] = [:]

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
        guard let position = positions[key] else { return nil }
        return entries[position]?.value
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
        for entry in entries {
            if let entry { result.append(try transform(entry.value)) }
        }
        return result
    }

    /// The first `count` live values, in insertion order, without copying the others.
    @inlinable
    public func firstValues(_ count: Int) -> [Value] {
        var result: [Value] = []
        result.reserveCapacity(Swift.min(count, positions.count))
        for entry in entries {
            guard result.count < count else { break }
            if let entry { result.append(entry.value) }
        }
        return result
    }

    /// The live value `areInIncreasingOrder` puts first (the earliest inserted of equals),
    /// without copying the values.
    @inlinable
    public func minValue(by areInIncreasingOrder: (Value, Value) throws -> Bool) rethrows -> Value? {
        var best: Value?
        for entry in entries {
            guard let entry else { continue }
            if let current = best {
                if try areInIncreasingOrder(entry.value, current) { best = entry.value }
            } else {
                best = entry.value
            }
        }
        return best
    }

    /// The live keys, in insertion order.
    @inlinable
    public var keys: [Key] {
        var result: [Key] = []
        result.reserveCapacity(positions.count)
        for entry in entries {
            if let entry { result.append(entry.key) }
        }
        return result
    }

    /// Where `key` stands in insertion order: positions compare as their entries were inserted.
    /// Valid until the next removal.
    @inlinable
    public func order(of key: Key) -> Int? { positions[key] }

    /// Adds `value` for a `key` that has no live entry, after every live entry.
    @inlinable
    public mutating func append(_ value: Value, for key: Key) {
        precondition(positions[key] == nil, "InsertionOrderedMap.append: the key is already present")
        positions[key] = entries.count
        entries.append(Entry(key: key, value: value))
    }

    /// Sets `value` for `key` after every live entry, as removing `key` and appending would,
    /// and returns the value it replaces, if any. Replacing costs one hash-table update, not a
    /// removal and an insertion.
    @discardableResult
    @inlinable
    public mutating func moveToEnd(_ value: Value, for key: Key) -> Value? {
        let end = entries.count
        guard let old = positions.updateValue(end, forKey: key) else {
            entries.append(Entry(key: key, value: value))
            return nil
        }
        // Moved out, leaving the tombstone: no copy of the value.
        let replaced = entries[old].take()?.value
        entries.append(Entry(key: key, value: value))
        compactIfSparse()
        return replaced
    }

    /// Mutates the value for `key` in place (no copy of the value); `nil` when there is none.
    @discardableResult
    @inlinable
    public mutating func update<R>(_ key: Key, _ body: (inout Value) throws -> R) rethrows -> R? {
        guard let position = positions[key] else { return nil }
        return try body(&entries[position]!.value)
    }

    /// Mutates every live value in place, in insertion order. `body` must not reach this map.
    @inlinable
    public mutating func updateEach(_ body: (inout Value) throws -> Void) rethrows {
        for position in entries.indices where entries[position] != nil {
            try body(&entries[position]!.value)
        }
    }

    /// Removes and returns the value for `key`.
    @discardableResult
    @inlinable
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let position = positions.removeValue(forKey: key) else { return nil }
        // Moved out, leaving the tombstone: no copy of the value.
        let value = entries[position].take()?.value
        compactIfSparse()
        return value
    }

    /// Removes every live entry whose value satisfies `shouldRemove`; returns them in insertion order.
    @discardableResult
    @inlinable
    public mutating func removeAll(where shouldRemove: (Value) throws -> Bool) rethrows -> [Value] {
        var removed: [Value] = []
        for position in entries.indices {
            guard let entry = entries[position], try shouldRemove(entry.value) else { continue }
            removed.append(entry.value)
            positions[entry.key] = nil
            entries[position] = nil
        }
        compactIfSparse()
        return removed
    }

    /// Removes every entry.
    @inlinable
    public mutating func removeAll() {
        entries.removeAll()
        positions.removeAll()
    }

    /// Drops the tombstones once they outnumber the live entries twice over (amortised O(1)
    /// per removal: a compaction re-indexes every live key, so it waits for twice as many
    /// removals as there are keys).
    @inlinable
    mutating func compactIfSparse() {
        let tombstones = entries.count - positions.count
        guard tombstones > 32, tombstones > 2 * positions.count else { return }
        // Live entries are moved down in place (a swap moves, where reading one out copies its
        // key and value), and every key's position is mapped through the moves: `mapValues`
        // keeps the table's layout, so no key is hashed again.
        var moved = [Int](repeating: -1, count: entries.count)
        var kept = 0
        for position in entries.indices {
            if case .none = entries[position] { continue }
            if kept != position { entries.swapAt(kept, position) }
            moved[position] = kept
            kept += 1
        }
        entries.removeLast(entries.count - kept)
        positions = positions.mapValues { moved[$0] }
    }
}

extension InsertionOrderedMap: Sendable where Key: Sendable, Value: Sendable {}
extension InsertionOrderedMap.Entry: Sendable where Key: Sendable, Value: Sendable {}
