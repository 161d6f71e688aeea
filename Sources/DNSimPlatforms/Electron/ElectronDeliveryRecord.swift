import DNSimCore

/// One notification the app showed with `new Notification({...}).show()` (E1).
public struct ElectronDeliveryRecord: Sendable {
    /// When it was shown (true time).
    public var time: SimInstant
    /// The title.
    public var title: String
    /// The body text.
    public var body: String
    /// Data the app attached, so reports can tell which occurrence it belongs to.
    public var userInfo: [StringPair]
    /// The trace record of the delivery.
    public var record: Int32

    /// Creates a record.
    public init(time: SimInstant, title: String, body: String, userInfo: [StringPair], record: Int32) {
        self.time = time
        self.title = title
        self.body = body
        self.userInfo = userInfo
        self.record = record
    }

    /// The value of the first `userInfo` entry named `key`.
    public func info(_ key: String) -> String? { userInfo.value(forKey: key) }
}
