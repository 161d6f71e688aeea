import DNSimCore

/// The device a scenario runs on: OS version and vendor behaviour.
public struct AndroidDeviceProfile: Sendable, Hashable {
    /// The Android API level (31 = Android 12, 33 = 13, 34 = 14, 35 = 15).
    public var apiLevel: Int
    /// A short name printed in reports (`android-stock`, `android-aggressive-oem`).
    public var name: String
    /// Whether a swipe from recents acts like a force stop (some OEM builds, A30).
    public var swipeActsAsForceStop: Bool
    /// Whether the OEM's autostart manager blocks boot broadcasts to the app (A30, low confidence).
    public var autostartBlocksBootBroadcasts: Bool = false
    /// Samsung "sleeping apps": after this long unused, the app gets no alarms, jobs or
    /// broadcasts until opened (field reports; low confidence). `nil` = off.
    public var sleepingAfterUnused: SimDuration? = nil
    /// App hibernation (Android 12+): after this long unused, the app is stopped like a force stop
    /// and its runtime permissions are reset (field reports; 90 days typical). `nil` = off.
    public var hibernationAfterUnused: SimDuration? = nil

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
        var profile = AndroidDeviceProfile(apiLevel: apiLevel, name: "android-aggressive-oem", swipeActsAsForceStop: true)
        profile.autostartBlocksBootBroadcasts = true
        return profile
    }

    /// The profile's vendor options as printed key–value pairs.
    public var described: [(String, String)] {
        [
            ("android.oem.swipeActsAsForceStop", String(swipeActsAsForceStop)),
            ("android.oem.autostartBlocksBootBroadcasts", String(autostartBlocksBootBroadcasts)),
            ("android.oem.sleepingAfterUnused", sleepingAfterUnused?.description ?? "off"),
            ("android.oem.hibernationAfterUnused", hibernationAfterUnused?.description ?? "off"),
        ]
    }

    /// Samsung One UI's "sleeping apps" after 3 days unused (low confidence; days are a parameter).
    public static func samsung(apiLevel: Int) -> AndroidDeviceProfile {
        var profile = AndroidDeviceProfile(apiLevel: apiLevel, name: "android-samsung")
        profile.sleepingAfterUnused = .days(3)
        return profile
    }

    /// App hibernation after 90 days unused (API 31+).
    public static func hibernation(apiLevel: Int) -> AndroidDeviceProfile {
        var profile = AndroidDeviceProfile(apiLevel: apiLevel, name: "android-hibernation")
        profile.hibernationAfterUnused = .days(90)
        return profile
    }

    /// The profile for a name the scenario format accepts.
    public static func named(_ name: String, apiLevel: Int) -> AndroidDeviceProfile? {
        switch name {
        case "android-stock": return .stock(apiLevel: apiLevel)
        case "android-aggressive-oem": return .aggressiveOEM(apiLevel: apiLevel)
        case "android-samsung": return .samsung(apiLevel: apiLevel)
        case "android-hibernation": return .hibernation(apiLevel: apiLevel)
        default: return nil
        }
    }

    /// The profile names the scenario format accepts.
    public static let names = ["android-stock", "android-aggressive-oem", "android-samsung", "android-hibernation"]
}
