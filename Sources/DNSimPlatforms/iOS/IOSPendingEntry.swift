import DNSimCore

/// One pending notification request in the iOS model, and when it fires next.
struct IOSPendingEntry {
    /// Ascending with every add: the order requests were added.
    var serial: Int32
    var request: IOSNotificationRequest
    var addedAt: SimInstant
    var addOrder: Int
    var nextFire: SimInstant?
    var dueEvent: EventHandle?
}

/// One submitted background task request in the iOS model.
struct IOSTaskEntry {
    var serial: Int32
    var request: IOSBackgroundTaskRequest
    var launchEvent: EventHandle?
    var running: Bool
}
