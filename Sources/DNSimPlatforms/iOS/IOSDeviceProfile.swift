/// The iOS device a scenario runs on.
public struct IOSDeviceProfile: Sendable, Hashable {
    /// The major iOS version.
    public var osVersion: Int
    /// A short name printed in reports (`ios-default`, `ios-lpm`).
    public var name: String
    /// Whether Low Power Mode is on at the start (I21).
    public var lowPowerMode: Bool

    /// Creates a profile.
    public init(osVersion: Int, name: String, lowPowerMode: Bool) {
        self.osVersion = osVersion
        self.name = name
        self.lowPowerMode = lowPowerMode
    }

    /// The profile for a name the scenario format accepts.
    public static func named(_ name: String, osVersion: Int) -> IOSDeviceProfile? {
        switch name {
        case "ios-default": return IOSDeviceProfile(osVersion: osVersion, name: name, lowPowerMode: false)
        case "ios-lpm": return IOSDeviceProfile(osVersion: osVersion, name: name, lowPowerMode: true)
        default: return nil
        }
    }

    /// The profile names the scenario format accepts.
    public static let names = ["ios-default", "ios-lpm"]
}
