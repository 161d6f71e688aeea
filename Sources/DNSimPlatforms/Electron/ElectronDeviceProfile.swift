/// The desktop a scenario runs the Electron app on.
///
/// The operating system decides which start-on-login mechanism exists (E2) and how reliably
/// `powerMonitor` reports sleep (E3).
public struct ElectronDeviceProfile: Sendable, Hashable {
    /// The desktop operating system (`process.platform`).
    public enum Platform: String, Sendable, CaseIterable {
        /// macOS (`darwin`): login items through `setLoginItemSettings` (SMAppService on 13+).
        case macOS = "darwin"
        /// Windows (`win32`): login items through `setLoginItemSettings` (the Run registry key).
        case windows = "win32"
        /// Linux: no `setLoginItemSettings`; start on login needs an autostart .desktop entry.
        case linux

        /// Whether `app.setLoginItemSettings` has any effect on this platform (E2).
        public var supportsLoginItemSettings: Bool { self != .linux }
    }

    /// A short name printed in reports (`electron-macos`, `electron-windows`, `electron-linux`).
    public var name: String
    /// The operating system.
    public var platform: Platform

    /// Creates a profile.
    public init(name: String, platform: Platform) {
        self.name = name
        self.platform = platform
    }

    /// The profile for a name the scenario format accepts.
    public static func named(_ name: String) -> ElectronDeviceProfile? {
        switch name {
        case "electron-macos": return ElectronDeviceProfile(name: name, platform: .macOS)
        case "electron-windows": return ElectronDeviceProfile(name: name, platform: .windows)
        case "electron-linux": return ElectronDeviceProfile(name: name, platform: .linux)
        default: return nil
        }
    }

    /// The profile names the scenario format accepts.
    public static let names = ["electron-macos", "electron-windows", "electron-linux"]
}
