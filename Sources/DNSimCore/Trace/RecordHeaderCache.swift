/// A small cache keyed by a trace record's header (subsystem, kind and rule), for the code that
/// looks every record's header up: the trace digest's header folds and a run index's record
/// shapes.
///
/// Header strings are mostly literals, so a header is found by comparing the bits of its
/// strings with the cached ones', far cheaper than hashing three strings per record; a header
/// whose strings have other bits (equal text built apart) is a miss, which the caller's `make`
/// answers from its own table, so a miss never costs a text comparison. An entry's slot is a mix of the
/// three strings' representations (``UTF8Bytes/representation(of:)``: the characters of a
/// short string, the address and length of a literal), so the headers a run writes spread over
/// the slots; only where a header is cached depends on it, and a cached value is used only if
/// its strings are the header's. It is two-way: a header is looked for in its slot and the
/// next, so two hot headers that the mix puts in one slot (where depends on where the binary's
/// literals lie) do not evict each other at every record.
public struct RecordHeaderCache<Value> {
    @usableFromInline
    struct Entry {
        @usableFromInline var subsystem: String
        @usableFromInline var kind: String
        @usableFromInline var rule: String?
        @usableFromInline var value: Value

        @inlinable
        init(subsystem: String, kind: String, rule: String?, value: Value) {
            self.subsystem = subsystem
            self.kind = kind
            self.rule = rule
            self.value = value
        }

        /// The value, if this entry holds the header.
        @inlinable @inline(__always)
        func value(subsystem: String, kind: String, rule: String?) -> Value? {
            guard Self.same(self.kind, kind), Self.same(self.subsystem, subsystem) else { return nil }
            switch (self.rule, rule) {
            case (nil, nil): return value
            case (let cached?, let rule?): return Self.same(cached, rule) ? value : nil
            default: return nil
            }
        }

        /// Whether `cached` is `string` as far as the cache goes: the same representation (the
        /// entry holds its strings, so a cached buffer's address is not reused meanwhile). Equal
        /// text with other bits misses here and is found by the caller's `make`.
        @inlinable @inline(__always)
        static func same(_ cached: String, _ string: String) -> Bool {
            guard let left = UTF8Bytes.representation(of: cached), let right = UTF8Bytes.representation(of: string) else {
                return cached == string
            }
            return left == right
        }
    }

    /// The entries by slot (`nil`: empty, so that a new cache costs no more than zeroed memory).
    @usableFromInline var entries: [Entry?]
    /// log2 of the number of slots.
    @usableFromInline let slotBits: Int

    /// A cache of 2^`slotBits` slots (none is allocated when `slotBits` is 0 and nothing is
    /// ever looked up).
    public init(slotBits: Int) {
        precondition((0...16).contains(slotBits), "slotBits out of range")
        self.slotBits = slotBits
        entries = slotBits == 0 ? [] : [Entry?](repeating: nil, count: 1 << slotBits)
    }

    /// The value cached for the header, else the one `make` gives, which is then cached in the
    /// header's slot (the slot's previous entry moving to the next slot).
    @inlinable @inline(__always)
    public mutating func value(subsystem: String, kind: String, rule: String?, orMake make: () -> Value) -> Value {
        let slot = slot(subsystem: subsystem, kind: kind, rule: rule)
        // Read in place: a copy of an entry (three strings) costs more than the look-up.
        if let value = entries[slot]?.value(subsystem: subsystem, kind: kind, rule: rule) { return value }
        let neighbour = (slot + 1) & (entries.count - 1)
        if let value = entries[neighbour]?.value(subsystem: subsystem, kind: kind, rule: rule) { return value }
        let value = make()
        if entries[slot] != nil { entries[neighbour] = entries[slot] }
        entries[slot] = Entry(subsystem: subsystem, kind: kind, rule: rule, value: value)
        return value
    }

    /// The slot of a header: the top ``slotBits`` bits of a multiplicative mix of its strings'
    /// representations.
    @inlinable @inline(__always)
    func slot(subsystem: String, kind: String, rule: String?) -> Int {
        var mixed = Self.word(kind) &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ Self.word(subsystem)) &* 0xBF58_476D_1CE4_E5B9
        if let rule { mixed = (mixed ^ Self.word(rule)) &* 0x94D0_49BB_1331_11EB }
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
    }

    /// A string's representation folded into one word.
    @inlinable @inline(__always)
    static func word(_ string: String) -> UInt64 {
        UTF8Bytes.representation(of: string).map { $0.0 ^ $0.1 } ?? UInt64(truncatingIfNeeded: string.utf8.count)
    }
}

extension RecordHeaderCache: Sendable where Value: Sendable {}
extension RecordHeaderCache.Entry: Sendable where Value: Sendable {}
