extension OSRule {
    /// Notifications only while the app process runs; no scheduling API; the app's own timers.
    public static let e1 = OSRule(
        id: "E1",
        summary: "Notification.show() displays at once; there is no scheduling API, so the app must run its own timers (setTimeout), which exist only in the running process; nothing fires while the app is quit.",
        source: "electronjs.org/docs/tutorial/notifications", confidence: .high)
    /// Start on login: login items on macOS/Windows, an autostart .desktop entry on Linux.
    public static let e2 = OSRule(
        id: "E2",
        summary: "app.setLoginItemSettings({openAtLogin}) works on macOS and Windows only; Linux needs an autostart .desktop entry; the app starts when the user logs in, and wasOpenedAtLogin tells it so.",
        source: "electron docs api/app.md (setLoginItemSettings, getLoginItemSettings)", confidence: .high)
    /// powerMonitor suspend/resume; timers do not fire during sleep.
    public static let e3 = OSRule(
        id: "E3",
        summary: "powerMonitor emits suspend/resume (Linux support is version dependent); timers do not fire during sleep and their remaining delay is frozen while asleep (they fire late by the sleep's length), so the app should re-evaluate on resume.",
        source: "electron docs api/power-monitor.md; electron/electron PR #24251, issue #42050. Timers pausing (the default, electron.timersPauseDuringSleep): nodejs/node #6763 (Windows), #20661 (macOS), node-schedule #632 and nodejs/node #47724 (Linux, CLOCK_MONOTONIC stops in suspend); the alternative, firing at resume, stays a parameter", confidence: .medium)

    /// Every Electron rule the model applies, in id order.
    public static let electronCatalogue: [OSRule] = [e1, e2, e3]
}
