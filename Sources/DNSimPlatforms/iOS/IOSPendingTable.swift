import DNSimCore

/// The pending notification requests, keyed as UNUserNotificationCenter keys them: by request
/// identifier (adding an existing identifier replaces that request). Identifiers are
/// `NSString`s, equal when their code units are (`isEqual:`), not when canonically equivalent
/// as Swift `String`s are: so the table keys them by their UTF-8 bytes (``StringKey``).
///
/// Iteration follows the order requests were added (a replacement goes to the end), which is
/// the order `getPendingNotificationRequests` reports and the trace follows; lookup by
/// identifier or by the serial a due event carries is O(1), and so is removal (amortised).
struct IOSPendingTable {
    private var byIdentifier = InsertionOrderedMap<StringKey, IOSPendingEntry>()
    private var identifierBySerial: [Int32: String] = [:]
    /// The pending requests in order, kept between calls and patched as single requests are
    /// added, removed or updated (the app reads the list before and between its changes);
    /// `nil` after a change to every entry.
    private var requestsCache: [IOSNotificationRequest]?
    /// The serials of the cached requests, parallel to `requestsCache`. Entries are appended
    /// with ever larger serials (a replacement gets a new one), so these ascend and a
    /// request's place in the cache is a binary search, not a scan comparing identifiers.
    private var cacheSerials: [Int32] = []

    /// The pending entries, in the order they were added.
    var entries: [IOSPendingEntry] { byIdentifier.values }
    /// The pending requests, in the order they were added (`getPendingNotificationRequests`).
    mutating func requests() -> [IOSNotificationRequest] {
        if let requestsCache { return requestsCache }
        let requests = byIdentifier.mapValuesInOrder { $0.request }
        requestsCache = requests
        cacheSerials = byIdentifier.mapValuesInOrder { $0.serial }
        return requests
    }

    /// The `count` earliest added entries (without copying the others).
    func firstEntries(_ count: Int) -> [IOSPendingEntry] { byIdentifier.firstValues(count) }

    /// The entry `areInIncreasingOrder` puts first (without copying the entries).
    func minEntry(by areInIncreasingOrder: (IOSPendingEntry, IOSPendingEntry) -> Bool) -> IOSPendingEntry? {
        byIdentifier.minValue(by: areInIncreasingOrder)
    }

    /// How many requests are pending.
    var count: Int { byIdentifier.count }

    /// The entry pending for `identifier`.
    subscript(identifier: String) -> IOSPendingEntry? { byIdentifier[StringKey(identifier)] }

    /// The identifier of the pending entry with `serial`, if it is still pending.
    func identifier(ofSerial serial: Int32) -> String? { identifierBySerial[serial] }

    /// Where `identifier` stands in the order requests were added (valid until a removal).
    func order(of identifier: String) -> Int? { byIdentifier.order(of: StringKey(identifier)) }

    /// Adds an entry whose identifier has none pending.
    mutating func append(_ entry: IOSPendingEntry) {
        precondition(cacheSerials.last.map { $0 < entry.serial } ?? true, "pending entries are appended in serial order")
        byIdentifier.append(entry, for: StringKey(entry.request.identifier))
        identifierBySerial[entry.serial] = entry.request.identifier
        if requestsCache != nil {
            requestsCache?.append(entry.request)
            cacheSerials.append(entry.serial)
        }
    }

    /// Removes and returns the entry pending for `identifier`.
    @discardableResult
    mutating func remove(_ identifier: String) -> IOSPendingEntry? {
        guard let entry = byIdentifier.removeValue(forKey: StringKey(identifier)) else { return nil }
        identifierBySerial[entry.serial] = nil
        if let position = cachePosition(ofSerial: entry.serial) {
            requestsCache?.remove(at: position)
            cacheSerials.remove(at: position)
        }
        return entry
    }

    /// Mutates the entry pending for `identifier` in place.
    mutating func update(_ identifier: String, _ body: (inout IOSPendingEntry) -> Void) {
        let key = StringKey(identifier)
        byIdentifier.update(key, body)
        if let entry = byIdentifier[key], let position = cachePosition(ofSerial: entry.serial) {
            requestsCache?[position] = entry.request
        }
    }

    /// Where the request with `serial` stands in `requestsCache` (`nil` when there is no cache).
    private func cachePosition(ofSerial serial: Int32) -> Int? {
        guard requestsCache != nil else { return nil }
        let position = cacheSerials.partitioningIndex { $0 >= serial }
        return position < cacheSerials.count && cacheSerials[position] == serial ? position : nil
    }

    /// Mutates every entry in place, in the order they were added; `body` must not reach the table.
    mutating func updateEach(_ body: (inout IOSPendingEntry) -> Void) {
        byIdentifier.updateEach(body)
        requestsCache = nil
        cacheSerials = []
    }

    /// ``updateEach(_:)`` for a body that changes no entry's request (a new schedule after a
    /// clock or zone change): the list `requests()` returns is kept, not built again, and reads
    /// as the very array it was (an app that compares it with its last reading sees that at once).
    mutating func updateEachKeepingRequests(_ body: (inout IOSPendingEntry) -> Void) {
        byIdentifier.updateEach { entry in
            #if DEBUG
                let request = entry.request
                body(&entry)
                assert(entry.request == request, "updateEachKeepingRequests changed a request")
            #else
                body(&entry)
            #endif
        }
    }
}
