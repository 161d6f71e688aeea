import DNSimCore
import Synchronization

extension RunIndex {
    /// The record header shapes (subsystem, kind, rule) runs have seen, each with its role, and
    /// a small cache in front of them: what a ``RunIndex`` looks every record's header up in.
    ///
    /// A fleet, an exploration or a matrix runs thousands of scenarios per thread that write the
    /// same few dozen shapes, so a table outlives its run: a run borrows one with its removal
    /// kinds from a process-wide pool (``borrow(removalKinds:)``) and gives it back when its
    /// index goes (``giveBack(_:)``), and the next run finds the shapes known instead of hashing
    /// each one's three strings again. A table is lent to one run at a time, so it is used from
    /// one thread at a time and needs no lock; only the pool does, twice per run (which is why
    /// it may cross threads: `@unchecked Sendable`, handed over under the pool's lock). Where a
    /// shape sits in a table is internal: an index reports its counts by kind and rule.
    final class ShapeTable: @unchecked Sendable {
        /// The removal kinds the roles were worked out with (sorted).
        let removalKinds: [String]
        /// Every shape seen, in the order first seen, with its role.
        @exclusivity(unchecked) private(set) var shapes: [RecordShape] = []
        /// Shape → position in ``shapes``.
        @exclusivity(unchecked) private var positions: [RecordShape.Key: Int] = [:]
        /// A small two-way cache in front of ``positions`` (a header's slot and the next): header strings are mostly
        /// literals, so comparing them with the cached ones is a compare of their bits, far
        /// cheaper than hashing three strings per record. It is indexed by those bits too
        /// (``cacheSlot(subsystem:kind:rule:)``).
        @exclusivity(unchecked) private var cache = [CachedShape](repeating: CachedShape(), count: ShapeTable.cacheSize)

        /// Entries of ``cache`` (a power of two).
        private static let cacheSize = 256

        /// One entry of ``cache``.
        private struct CachedShape {
            var subsystem = ""
            var kind = ""
            var rule: String?
            var position = -1
        }

        private init(removalKinds: [String]) {
            self.removalKinds = removalKinds
            // A run writes a few dozen shapes: room for them up front spares the tables' growth.
            shapes.reserveCapacity(64)
            positions.reserveCapacity(64)
        }

        /// Tables not lent to a run.
        private static let idle = Mutex<[ShapeTable]>([])

        /// A table for a run with `removalKinds` (sorted): an idle one made for the same kinds,
        /// else a new one.
        static func borrow(removalKinds: [String]) -> ShapeTable {
            let table = idle.withLock { tables -> ShapeTable? in
                guard let match = tables.lastIndex(where: { $0.removalKinds == removalKinds }) else { return nil }
                return tables.remove(at: match)
            }
            return table ?? ShapeTable(removalKinds: removalKinds)
        }

        /// Returns a table its run no longer uses. The pool holds at most as many tables as
        /// runs were ever under way at once, per set of removal kinds.
        static func giveBack(_ table: ShapeTable) {
            idle.withLock { $0.append(table) }
        }

        /// The position of a header's shape in ``shapes``, adding it at the end on first sight.
        func position(subsystem: String, kind: String, rule: String?) -> Int {
            // Two ways: a header is looked for in its slot and the one after it, so two hot
            // headers that the mix happens to put in one slot (where depends on where the
            // binary's literals lie) do not evict each other at every record.
            let slot = Self.cacheSlot(subsystem: subsystem, kind: kind, rule: rule)
            let cached = cache[slot]
            if cached.position >= 0, cached.kind == kind, cached.subsystem == subsystem, cached.rule == rule {
                return cached.position
            }
            let neighbour = (slot + 1) & (Self.cacheSize - 1)
            let other = cache[neighbour]
            if other.position >= 0, other.kind == kind, other.subsystem == subsystem, other.rule == rule {
                return other.position
            }
            let key = RecordShape.Key(subsystem: subsystem, kind: kind, rule: rule)
            let position: Int
            if let known = positions[key] {
                position = known
            } else {
                var role = RunIndex.role(subsystem: subsystem, kind: kind)
                role.isRemoval = removalKinds.contains(kind)
                shapes.append(RecordShape(key: key, role: role))
                position = shapes.count - 1
                positions[key] = position
            }
            // The slot's previous entry moves to the neighbour unless the slot was free.
            if cached.position >= 0 { cache[neighbour] = cached }
            cache[slot] = CachedShape(subsystem: subsystem, kind: kind, rule: rule, position: position)
            return position
        }

        /// The ``cache`` entry of a header: a mix of the three strings' representations (their
        /// 16 bytes each: the characters of a short string, the address and length of a
        /// literal), so the headers a run writes spread over the cache. Only where a header is
        /// cached depends on it; a cached entry is used only if its strings equal the header's.
        private static func cacheSlot(subsystem: String, kind: String, rule: String?) -> Int {
            var mixed = representation(of: kind) &* 0x9E37_79B9_7F4A_7C15
            mixed = (mixed ^ representation(of: subsystem)) &* 0xBF58_476D_1CE4_E5B9
            if let rule { mixed = (mixed ^ representation(of: rule)) &* 0x94D0_49BB_1331_11EB }
            return Int(truncatingIfNeeded: mixed >> 56) & (cacheSize - 1)
        }

        /// A string's representation (``UTF8Bytes/representation(of:)``) folded into one word.
        private static func representation(of string: String) -> UInt64 {
            UTF8Bytes.representation(of: string).map { $0.0 ^ $0.1 } ?? UInt64(truncatingIfNeeded: string.utf8.count)
        }
    }
}
