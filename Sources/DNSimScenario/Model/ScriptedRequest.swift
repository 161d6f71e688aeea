import DNSimCalendar
import DNSimCore
import DNSimPlatforms

/// A `UNUserNotificationCenter.add` made by the scripted test app (an `addRequest` step): a
/// request of its own with a calendar or time-interval trigger, to check the iOS model against
/// Apple's documented behaviour without the plugin.
public struct ScriptedRequest: Sendable, Equatable {
    /// The request's id in the scenario (its identifier is `testapp.<id>`).
    public var id: String
    /// Its trigger.
    public var trigger: IOSNotificationTrigger

    /// Creates a scripted request.
    public init(id: String, trigger: IOSNotificationTrigger) {
        self.id = id
        self.trigger = trigger
    }

    /// The identifier prefix of the test app's requests.
    public static let identifierPrefix = "testapp."

    /// The UNNotificationRequest.
    public var request: IOSNotificationRequest {
        IOSNotificationRequest(identifier: Self.identifierPrefix + id, title: id, body: "", userInfo: [], trigger: trigger)
    }
}
