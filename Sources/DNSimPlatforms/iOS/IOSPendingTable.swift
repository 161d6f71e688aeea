import DNSimCore

extension IOSSystem {
    /// The pending notification requests, keyed as UNUserNotificationCenter keys them: by request
    /// identifier (adding an existing identifier replaces that request).
    ///
    /// Iteration follows the order requests were added (a replacement goes to the end), which is
    /// the order `getPendingNotificationRequests` reports and the trace follows; lookup by
    /// identifier or by the serial a due event carries is O(1), and so is removal (amortised).
    struct PendingTable {
        private var byIdentifier = InsertionOrderedMap<String, Pending>()
        private var identifierBySerial: [Int32: String] = [:]
        /// The pending requests in order, kept between calls and patched as single requests are
        /// added, removed or updated (the app reads the list before and between its changes);
        /// `nil` after a change to every entry.
        private var requestsCache: [IOSNotificationRequest]?

        /// The pending entries, in the order they were added.
        var entries: [Pending] { byIdentifier.values }
        /// The pending requests, in the order they were added (`getPendingNotificationRequests`).
        mutating func requests() -> [IOSNotificationRequest] {
            if let requestsCache { return requestsCache }
            let requests = byIdentifier.mapValuesInOrder { $0.request }
            requestsCache = requests
            return requests
        }

        /// How many requests are pending.
        var count: Int { byIdentifier.count }

        /// The entry pending for `identifier`.
        subscript(identifier: String) -> Pending? { byIdentifier[identifier] }

        /// The identifier of the pending entry with `serial`, if it is still pending.
        func identifier(ofSerial serial: Int32) -> String? { identifierBySerial[serial] }

        /// Where `identifier` stands in the order requests were added (valid until a removal).
        func order(of identifier: String) -> Int? { byIdentifier.order(of: identifier) }

        /// Adds an entry whose identifier has none pending.
        mutating func append(_ entry: Pending) {
            byIdentifier.append(entry, for: entry.request.identifier)
            identifierBySerial[entry.serial] = entry.request.identifier
            requestsCache?.append(entry.request)
        }

        /// Removes and returns the entry pending for `identifier`.
        @discardableResult
        mutating func remove(_ identifier: String) -> Pending? {
            guard let entry = byIdentifier.removeValue(forKey: identifier) else { return nil }
            identifierBySerial[entry.serial] = nil
            if let position = cachePosition(of: identifier) { requestsCache?.remove(at: position) }
            return entry
        }

        /// Mutates the entry pending for `identifier` in place.
        mutating func update(_ identifier: String, _ body: (inout Pending) -> Void) {
            byIdentifier.update(identifier, body)
            if let position = cachePosition(of: identifier), let request = byIdentifier[identifier]?.request {
                requestsCache?[position] = request
            }
        }

        /// Where the request `identifier` stands in `requestsCache`.
        private func cachePosition(of identifier: String) -> Int? {
            requestsCache?.firstIndex { $0.identifier == identifier }
        }

        /// Mutates every entry in place, in the order they were added; `body` must not reach the table.
        mutating func updateEach(_ body: (inout Pending) -> Void) {
            byIdentifier.updateEach(body)
            requestsCache = nil
        }
    }
}
