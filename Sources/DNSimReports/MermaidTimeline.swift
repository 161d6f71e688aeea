import DNSimCalendar
import DNSimCore
import DNSimScenario

/// A Mermaid gantt chart of a run: scenario steps, OS events that an OS rule decided, plugin
/// actions and deliveries, as milestones.
///
/// Times are written as the device's local wall-clock strings (`dateFormat YYYY-MM-DD HH:mm`),
/// which Mermaid reads as the viewer's local time: every viewer, in any zone, sees the same
/// wall-clock labels.
enum MermaidTimeline {
    /// The most milestones drawn; the rest are summarised.
    static let limit = 60

    static func render(_ result: RunResult) -> String {
        var sections: [(String, [(String, SimInstant, Bool)])] = [
            ("Scenario steps", []), ("OS", []), ("Plugin", []), ("Deliveries", []),
        ]
        for record in result.trace {
            switch (record.subsystem, record.kind) {
            case ("scenario", "step"):
                sections[0].1.append((record.detail("action") ?? "step", record.time, false))
            case (let subsystem, let kind) where subsystem.hasPrefix("android.") && record.rule != nil
                && !["alarm.set", "pendingIntent.probe", "work.enqueued", "doze.windowPlanned"].contains(kind):
                sections[1].1.append(("\(kind) \(record.rule ?? "")", record.time, false))
            case ("plugin", let kind) where ["missed.reported", "forceStop.detected", "api.error", "recovery.skippedPast"].contains(kind):
                sections[2].1.append((kind, record.time, false))
            default: break
            }
        }
        for d in result.deliveries { sections[3].1.append(("\(d.slot) \(d.localDate)", d.deliveredAt, false)) }
        for m in result.missed { sections[3].1.append(("MISSED \(m.slot) \(m.localDate)", m.plannedAt, true)) }

        var out = "```mermaid\ngantt\n    title \(MarkdownText.mermaidLabel(result.scenario.title))\n"
        out += "    dateFormat YYYY-MM-DD HH:mm\n    axisFormat %m-%d %H:%M\n    todayMarker off\n"
        var drawn = 0
        var dropped = 0
        for (name, items) in sections where !items.isEmpty {
            out += "    section \(name)\n"
            for (label, time, critical) in items.sorted(by: { $0.1 < $1.1 }) {
                guard drawn < limit else {
                    dropped += 1
                    continue
                }
                let local = result.zone(at: time).localDateTime(at: time)
                let stamp = "\(local.date) \(pad(local.time.hour)):\(pad(local.time.minute))"
                out += "    \(MarkdownText.mermaidLabel(label)) : \(critical ? "crit, " : "")milestone, \(stamp), 0m\n"
                drawn += 1
            }
        }
        out += "```\n"
        if dropped > 0 { out += "\n(\(dropped) more milestones not drawn.)\n" }
        return out
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
}
