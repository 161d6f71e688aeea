/// Electron behaviours that vary by version or operating system, as printed parameters.
public struct ElectronParameters: Sendable, Hashable {
    /// Whether `powerMonitor` emits `suspend`/`resume` on Linux (E3).
    ///
    /// Version dependent: PR #24251 (2020) listed them for Linux and Windows, issue #42050 (2024)
    /// reports them missing in a packaged Linux build. macOS and Windows always get them. Default
    /// `true`; set `false` to model a build where the app never hears about sleep.
    public var resumeEventsOnLinux = true
    /// Whether a pending timer's remaining delay is frozen while the machine sleeps (a monotonic
    /// clock that stops in suspend) instead of running on in true time (E3, unverified).
    ///
    /// Default `false`: a timer due during sleep fires at resume, late, and one due after the
    /// wake fires on time. With `true`, every pending timer is pushed back by the sleep's length.
    public var timersPauseDuringSleep = false

    /// Creates the defaults.
    public init() {}

    /// The parameters as printed key–value pairs.
    public var described: [(String, String)] {
        [
            ("electron.resumeEventsOnLinux", String(resumeEventsOnLinux)),
            ("electron.timersPauseDuringSleep", String(timersPauseDuringSleep)),
        ]
    }
}
