import DNSimCore

/// A map keyed by identifier strings, for the plugin's hot paths that look the same
/// identifiers up many times per event (its view of the pending requests, its armed set).
///
/// Why not `Dictionary<String, Value>`: it hashes every lookup with a seeded SipHash over the
/// whole string (seed, bytes, finalisation: about 280 instructions for a 17-byte request
/// identifier, measured with callgrind), the largest single cost of re-arming an iOS window.
/// This map hashes a key's UTF-8 bytes eight at a time with a seedless multiply-rotate hash and
/// finds it by linear probing in an open-addressed table of entry indexes, a few dozen
/// instructions for a short identifier.
///
/// Keys are equal when their UTF-8 bytes are (``UTF8Bytes/equal(_:_:)``), the equality the
/// hash agrees with, as `NSString`'s `isEqual:` compares a request's identifier on a phone;
/// `String`'s `==` would also equate canonically equivalent spellings ("\u{212A}" and "K").
/// The plugin builds every identifier of one request from the same slot id, so its lookups
/// never meet two spellings of one identifier.
///
/// Nothing observable depends on the hash: iteration (``forEach(_:)``) follows the order keys
/// were first inserted (a key removed and inserted again goes to the end). Removal leaves a
/// tombstone that the next growth compacts away.
struct IdentifierMap<Value> {
    /// Each entry's key, hash and value (`nil` once removed), in insertion order.
    private var keys: [String] = []
    private var hashes: [UInt64] = []
    private var values: [Value?] = []
    /// The open-addressed table: an index into the entries, or `-1` for an empty bucket. Its
    /// count is zero or a power of two, at least twice the entry count (tombstones included),
    /// so that probing ends quickly at an empty bucket.
    private var buckets: [Int32] = []
    /// The number of live entries.
    private(set) var count = 0

    /// An empty map.
    init() {}

    /// Makes room for `minimumCount` entries without growing again.
    mutating func reserveCapacity(_ minimumCount: Int) {
        keys.reserveCapacity(minimumCount)
        hashes.reserveCapacity(minimumCount)
        values.reserveCapacity(minimumCount)
        if minimumCount * 2 > buckets.count { rebuild(minimumCount: minimumCount) }
    }

    /// Whether `key` has a value.
    func contains(_ key: String) -> Bool { entryIndex(of: key, hash: Self.hash(key)) != nil }

    /// The value for `key`, if any.
    subscript(key: String) -> Value? {
        guard let entry = entryIndex(of: key, hash: Self.hash(key)) else { return nil }
        return values[entry]
    }

    /// Sets the value for `key`, returning the value it replaced (`nil` if it had none).
    @discardableResult
    mutating func updateValue(_ value: Value, forKey key: String) -> Value? {
        let hash = Self.hash(key)
        if let entry = entryIndex(of: key, hash: hash) {
            let old = values[entry]
            values[entry] = value
            return old
        }
        if (keys.count + 1) * 2 > buckets.count { rebuild(minimumCount: count + 1) }
        var bucket = Int(truncatingIfNeeded: hash) & (buckets.count - 1)
        while buckets[bucket] >= 0 { bucket = (bucket + 1) & (buckets.count - 1) }
        buckets[bucket] = Int32(keys.count)
        keys.append(key)
        hashes.append(hash)
        values.append(value)
        count += 1
        return nil
    }

    /// Removes `key`'s value and returns it (`nil` if it had none).
    @discardableResult
    mutating func removeValue(forKey key: String) -> Value? {
        guard let entry = entryIndex(of: key, hash: Self.hash(key)) else { return nil }
        let old = values[entry]
        values[entry] = nil
        count -= 1
        return old
    }

    /// Calls `body` with each key and value, in the order the keys were inserted.
    func forEach(_ body: (String, Value) throws -> Void) rethrows {
        for entry in keys.indices {
            if let value = values[entry] { try body(keys[entry], value) }
        }
    }

    /// The index of `key`'s live entry, probing from its hash's bucket to the first empty one.
    private func entryIndex(of key: String, hash: UInt64) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(buckets[bucket])
            if entry < 0 { return nil }
            // The hash first: a different key almost never shares it, and comparing it is cheap.
            if hashes[entry] == hash, values[entry] != nil, UTF8Bytes.equal(keys[entry], key) { return entry }
            bucket = (bucket + 1) & mask
        }
    }

    /// Drops the tombstones and re-buckets the live entries in a table sized for `minimumCount`.
    private mutating func rebuild(minimumCount: Int) {
        if count < keys.count {
            var liveKeys: [String] = [], liveHashes: [UInt64] = [], liveValues: [Value?] = []
            liveKeys.reserveCapacity(count)
            liveHashes.reserveCapacity(count)
            liveValues.reserveCapacity(count)
            for entry in keys.indices where values[entry] != nil {
                liveKeys.append(keys[entry])
                liveHashes.append(hashes[entry])
                liveValues.append(values[entry])
            }
            (keys, hashes, values) = (liveKeys, liveHashes, liveValues)
        }
        // A quarter full after a rebuild: the entries can double before the next one, so growth
        // is amortised O(1).
        var bucketCount = 8
        while bucketCount < minimumCount * 4 { bucketCount *= 2 }
        buckets = [Int32](repeating: -1, count: bucketCount)
        let mask = bucketCount - 1
        for entry in keys.indices {
            var bucket = Int(truncatingIfNeeded: hashes[entry]) & mask
            while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = Int32(entry)
        }
    }

    /// The seedless hash of `key`'s UTF-8 bytes: eight bytes at a time, multiply-rotate mixing
    /// (as in FxHash), then a final avalanche so the low bits that pick a bucket depend on
    /// every byte.
    static func hash(_ key: String) -> UInt64 {
        if let hash = key.utf8.withContiguousStorageIfAvailable({ hash(bytes: UnsafeRawBufferPointer($0)) }) {
            return hash
        }
        return Array(key.utf8).withUnsafeBytes { hash(bytes: $0) }
    }

    private static func hash(bytes: UnsafeRawBufferPointer) -> UInt64 {
        let multiplier: UInt64 = 0x517c_c1b7_2722_0a95
        var hash = UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = ((hash << 5 | hash >> 59) ^ word) &* multiplier
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
            hash = ((hash << 5 | hash >> 59) ^ tail) &* multiplier
        }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        return hash
    }
}

extension IdentifierMap: Sendable where Value: Sendable {}
