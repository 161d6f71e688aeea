/// What `app.getLoginItemSettings()` returns, reduced to what the model knows (E2).
public struct ElectronLoginItemSettings: Sendable, Hashable {
    /// Whether the app is registered to open at login. On Linux this reports whether the app's
    /// autostart .desktop entry is installed, since login items do not exist there.
    public var openAtLogin: Bool
    /// Whether this process was started by the login (macOS reports it directly; on Windows and
    /// Linux apps pass a command-line flag in the login item or .desktop entry to learn it).
    public var wasOpenedAtLogin: Bool

    /// Creates settings.
    public init(openAtLogin: Bool, wasOpenedAtLogin: Bool) {
        self.openAtLogin = openAtLogin
        self.wasOpenedAtLogin = wasOpenedAtLogin
    }
}
