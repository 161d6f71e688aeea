import DNSimCore
import DNSimPlatforms

/// The plugin's view of the pending notification requests through one re-arming pass, indexed
/// by identifier and kept in step with the plugin's own adds and removals, so that arming each
/// slot does not fetch and index the whole list again.
///
/// It is what `getPendingNotificationRequests` returns whenever that list has ``count``
/// requests: an add grows the list by at most one (a request with a pending identifier replaces
/// it), a removal takes exactly the pending requests it names, and the one change the plugin
/// does not make itself, the system dropping requests over its pending limit (I1), only shrinks
/// the list. ``refresh(from:)`` compares the counts and reads the list again only when they
/// differ.
struct IOSPendingSnapshot {
    /// Where a pending request is held: in the list as read, or among the plugin's additions
    /// since (a position, so that the index holds no request).
    private enum Entry {
        case asRead(position: Int)
        case added(position: Int)
    }

    /// The list as last read (kept whole: indexing it copies no request).
    private var list: [IOSNotificationRequest] = []
    /// The requests the plugin added since the list was read, in the order added.
    private var additions: [IOSNotificationRequest] = []
    /// The pending requests by identifier.
    private var entries = IdentifierMap<Entry>()
    /// How many pending requests are not the plugin's (their identifiers lack its prefix).
    private(set) var others = 0

    /// An empty view: right while nothing is pending, and refreshed from the list otherwise.
    init() {}

    /// The view of `requests`, a `getPendingNotificationRequests` answer.
    init(_ requests: [IOSNotificationRequest]) {
        list = requests
        entries.reserveCapacity(requests.count)
        // By position, so that no request is copied to read its identifier.
        for position in requests.indices {
            let identifier = requests[position].identifier
            if entries.updateValue(.asRead(position: position), forKey: identifier) == nil && !Self.isPlugin(identifier) {
                others += 1
            }
        }
    }

    /// The list as last read: the pending list itself while the plugin has added and removed
    /// nothing since.
    var listAsRead: [IOSNotificationRequest] { list }

    /// How many requests are pending.
    var count: Int { entries.count }

    /// The request pending under `identifier`, if any.
    subscript(identifier: String) -> IOSNotificationRequest? {
        switch entries[identifier] {
        case .asRead(let position): return list[position]
        case .added(let position): return additions[position]
        case nil: return nil
        }
    }

    /// Where the request pending under `identifier` stands in the list as last read, if it is
    /// still pending as read (not replaced or removed since).
    func position(of identifier: String) -> Int? {
        if case .asRead(let position) = entries[identifier] { return position }
        return nil
    }

    /// Whether a request is pending under `identifier`.
    func contains(_ identifier: String) -> Bool { entries[identifier] != nil }

    /// Whether a request equal to `request` is pending (under its identifier).
    func holds(_ request: IOSNotificationRequest) -> Bool {
        switch entries[request.identifier] {
        case .asRead(let position): return Self.equal(list[position], request)
        case .added(let position): return Self.equal(additions[position], request)
        case nil: return false
        }
    }

    /// `lhs == rhs`, field by field in place: the synthesized `==` takes copies of both requests
    /// and compares their triggers through a generic enum equality, the largest cost of checking
    /// a window that is already pending (its strings and `userInfo` are usually the very
    /// buffers the plugin added, which `==` on them recognises at once).
    @inline(__always)
    private static func equal(_ lhs: IOSNotificationRequest, _ rhs: IOSNotificationRequest) -> Bool {
        lhs.identifier == rhs.identifier && lhs.title == rhs.title && lhs.body == rhs.body
            && lhs.userInfo == rhs.userInfo && equal(lhs.trigger, rhs.trigger)
    }

    /// `lhs == rhs`; a floating calendar trigger (every trigger the plugin adds) compared by its
    /// plain components.
    @inline(__always)
    private static func equal(_ lhs: IOSNotificationTrigger, _ rhs: IOSNotificationTrigger) -> Bool {
        if case .calendar(let left, nil, let leftRepeats) = lhs, case .calendar(let right, nil, let rightRepeats) = rhs {
            return leftRepeats == rightRepeats && left.hour == right.hour && left.minute == right.minute && left.date == right.date
        }
        return lhs == rhs
    }

    /// Catches up with `pending`, a fresh `getPendingNotificationRequests` answer: read again
    /// only when its count differs from this view's (the system dropped requests over its limit).
    mutating func refresh(from pending: [IOSNotificationRequest]) {
        if pending.count != count { self = IOSPendingSnapshot(pending) }
    }

    /// Notes that `request` was added (it replaces a pending request with its identifier).
    mutating func added(_ request: IOSNotificationRequest) {
        additions.append(request)
        if entries.updateValue(.added(position: additions.count - 1), forKey: request.identifier) == nil
            && !Self.isPlugin(request.identifier)
        {
            others += 1
        }
    }

    /// Notes that the requests with these identifiers were removed.
    mutating func removed(_ identifiers: [String]) {
        for identifier in identifiers where entries.removeValue(forKey: identifier) != nil {
            if !Self.isPlugin(identifier) { others -= 1 }
        }
    }

    /// Whether `identifier` is one of the plugin's.
    private static func isPlugin(_ identifier: String) -> Bool {
        identifier.hasASCIIPrefix(IOSPluginBuild.requestPrefix)
    }
}

extension IOSPendingSnapshot: Equatable {
    /// Whether two views show the same requests under the same identifiers.
    static func == (lhs: IOSPendingSnapshot, rhs: IOSPendingSnapshot) -> Bool {
        lhs.others == rhs.others && lhs.byIdentifier == rhs.byIdentifier
    }

    /// The pending requests by identifier.
    private var byIdentifier: [String: IOSNotificationRequest] {
        var requests: [String: IOSNotificationRequest] = [:]
        entries.forEach { identifier, entry in
            switch entry {
            case .asRead(let position): requests[identifier] = list[position]
            case .added(let position): requests[identifier] = additions[position]
            }
        }
        return requests
    }
}
