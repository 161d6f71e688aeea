import Foundation
import Synchronization

extension ZoneOffsetTable {
    /// One table per identifier for the whole process, so that every ``Zone`` value for the
    /// same identifier, on any thread, shares the chunks already built.
    private static let registry = Mutex<[String: ZoneOffsetTable]>([:])

    /// The process-wide table for `identifier`, created on first use; `nil` when
    /// `TimeZone(identifier:)` does not know it.
    ///
    /// Taken once per ``Zone`` construction, never per offset query: a ``Zone`` keeps a
    /// reference to its table.
    static func shared(identifier: String) -> ZoneOffsetTable? {
        registry.withLock { tables in
            if let table = tables[identifier] { return table }
            guard let timeZone = TimeZone(identifier: identifier) else { return nil }
            let table = ZoneOffsetTable(timeZone: timeZone)
            tables[identifier] = table
            return table
        }
    }
}
