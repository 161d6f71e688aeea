/// Electron behaviours that vary by version or operating system, as printed parameters.
public struct ElectronParameters: Sendable, Hashable {
    /// Whether `powerMonitor` emits `suspend`/`resume` on Linux (E3).
    ///
    /// Version dependent: PR #24251 (2020) listed them for Linux and Windows, issue #42050 (2024)
    /// reports them missing in a packaged Linux build. macOS and Windows always get them. Default
    /// `true`; set `false` to model a build where the app never hears about sleep.
    public var resumeEventsOnLinux = true
    /// Whether a pending timer's remaining delay is frozen while the machine sleeps (a monotonic
    /// clock that stops in suspend) instead of running on in true time (E3).
    ///
    /// Default `true`, the strongest evidence: Node's timers (libuv's monotonic clock) pause
    /// during sleep on Windows (nodejs/node #6763) and macOS (#20661), and on Linux in later
    /// reports (node-schedule #632, nodejs/node #47724), so every pending timer is pushed back by
    /// the sleep's length. `false` is the alternative where a timer due during sleep fires at
    /// resume and one due after the wake fires on time.
    public var timersPauseDuringSleep = true

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
