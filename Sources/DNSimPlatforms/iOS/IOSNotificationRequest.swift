import DNSimCalendar
import DNSimCore

/// A `UNNotificationRequest`: an identifier, content and a trigger.
public struct IOSNotificationRequest: Sendable, Hashable {
    /// The request identifier; adding an existing identifier replaces that request.
    public var identifier: String
    /// The title.
    public var title: String
    /// The body.
    public var body: String
    /// `userInfo`, as string pairs.
    public var userInfo: [StringPair]
    /// When it fires.
    public var trigger: IOSNotificationTrigger

    /// Creates a request.
    public init(identifier: String, title: String, body: String, userInfo: [StringPair], trigger: IOSNotificationTrigger) {
        self.identifier = identifier
        self.title = title
        self.body = body
        self.userInfo = userInfo
        self.trigger = trigger
    }

    /// The first `userInfo` value for `key`.
    public func info(_ key: String) -> String? { userInfo.value(forKey: key) }
}

/// `UNCalendarNotificationTrigger` or `UNTimeIntervalNotificationTrigger`.
public enum IOSNotificationTrigger: Sendable, Hashable {
    /// Fires when the local date-time matches the components (I3). Without `timeZone` it floats
    /// with the device's zone (I4).
    case calendar(IOSDateComponents, timeZone: Zone?, repeats: Bool)
    /// Fires `seconds` after it was added (elapsed time, I2).
    case timeInterval(seconds: Int64, repeats: Bool)

    /// Whether the request stays pending after it fires.
    public var repeats: Bool {
        switch self {
        case .calendar(_, _, let repeats), .timeInterval(_, let repeats): return repeats
        }
    }
}

/// The `DateComponents` a calendar trigger matches: hour and minute, optionally a full date.
public struct IOSDateComponents: Sendable, Hashable {
    /// A specific date, or `nil` for every day.
    public var date: LocalDate?
    /// The hour.
    public var hour: Int
    /// The minute.
    public var minute: Int

    /// Creates components.
    public init(date: LocalDate? = nil, hour: Int, minute: Int) {
        self.date = date
        self.hour = hour
        self.minute = minute
    }
}

/// `UNAuthorizationStatus` (I8).
public enum IOSAuthorizationStatus: String, Sendable, CaseIterable {
    /// The user has not been asked: nothing is shown.
    case notDetermined
    /// Denied: requests can be added but nothing is shown.
    case denied
    /// Authorized: shown normally.
    case authorized
    /// Provisional: delivered quietly to Notification Center.
    case provisional
    /// Ephemeral (App Clips): shown for a limited time.
    case ephemeral

    /// Whether delivered notifications reach the user at all.
    public var presents: Bool { self == .authorized || self == .provisional || self == .ephemeral }
}

/// One delivery the notification center made (or could not present).
public struct IOSDeliveryRecord: Sendable {
    /// How it was presented.
    public enum Presentation: String, Sendable {
        /// A banner / lock-screen alert.
        case alert
        /// Quietly, in Notification Center only (provisional).
        case quiet
        /// Not shown: authorization denied or not determined (I8).
        case notShown
    }

    /// When it was delivered.
    public var time: SimInstant
    /// The request.
    public var request: IOSNotificationRequest
    /// How.
    public var presentation: Presentation
    /// The trace record.
    public var record: Int32
}
