import DNSimCalendar

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

    /// The wall time `text` names, if it is exactly `HH:mm` on a 24-hour clock (two digits each,
    /// `00:00`…`23:59`): the only form the plugin accepts; anything else (`7:30`, `07:30:00`,
    /// `24:00`) is `invalid_time_format`. Scenario validation uses the same test.
    public static func wallTime(_ text: String) -> LocalTime? {
        guard text.utf8.count == 5, let time = LocalTime(parsing: text), time.second == 0 else { return nil }
        return time
    }

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
