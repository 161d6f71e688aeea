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
        /// The shapes' positions by header, in front of ``positions`` (header strings are
        /// mostly literals: finding them there is a compare of their bits, not a hash of three
        /// strings).
        @exclusivity(unchecked) private var cache = RecordHeaderCache<Int>(slotBits: 8)

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
            cache.value(subsystem: subsystem, kind: kind, rule: rule) {
                let key = RecordShape.Key(subsystem: subsystem, kind: kind, rule: rule)
                if let known = positions[key] { return known }
                var role = RunIndex.role(subsystem: subsystem, kind: kind)
                role.isRemoval = removalKinds.contains(kind)
                shapes.append(RecordShape(key: key, role: role))
                positions[key] = shapes.count - 1
                return shapes.count - 1
            }
        }
    }
}
