/// The device a scenario runs on: OS version and vendor behaviour.
public struct AndroidDeviceProfile: Sendable, Hashable {
    /// The Android API level (31 = Android 12, 33 = 13, 34 = 14, 35 = 15).
    public var apiLevel: Int
    /// A short name printed in reports (`android-stock`, `android-aggressive-oem`).
    public var name: String
    /// Whether a swipe from recents acts like a force stop (some OEM builds, A30).
    public var swipeActsAsForceStop: Bool

    /// Creates a profile.
    public init(apiLevel: Int, name: String = "android-stock", swipeActsAsForceStop: Bool = false) {
        self.apiLevel = apiLevel
        self.name = name
        self.swipeActsAsForceStop = swipeActsAsForceStop
    }

    /// Stock AOSP behaviour on the given API level.
    public static func stock(apiLevel: Int) -> AndroidDeviceProfile {
        AndroidDeviceProfile(apiLevel: apiLevel)
    }

    /// An OEM build that treats a swipe from recents as a force stop (A30, low confidence).
    public static func aggressiveOEM(apiLevel: Int) -> AndroidDeviceProfile {
        AndroidDeviceProfile(apiLevel: apiLevel, name: "android-aggressive-oem", swipeActsAsForceStop: true)
    }

    /// The profile names the scenario format accepts.
    public static let names = ["android-stock", "android-aggressive-oem"]
}
