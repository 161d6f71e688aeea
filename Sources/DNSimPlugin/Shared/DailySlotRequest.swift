/// The options of `scheduleDailyNotification` as the TypeScript API passes them.
public struct DailySlotRequest: Sendable, Hashable {
    /// The slot id; defaults to `daily-HHmm`.
    public var id: String?
    /// The wall time, `HH:mm`.
    public var time: String
    /// The notification title.
    public var title: String
    /// The notification body.
    public var body: String

    /// The slot id the plugin uses: ``id`` or `daily-HHmm` from the time.
    public var resolvedID: String { id ?? "daily-" + time.filter { $0 != ":" } }

    /// Creates a request.
    public init(id: String? = nil, time: String, title: String, body: String) {
        self.id = id
        self.time = time
        self.title = title
        self.body = body
    }
}
