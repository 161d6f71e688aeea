/// A duration in words a reader takes in at a glance: `1 h`, `1 h 1 min`, `5 min 59 s`, `30 s`,
/// `3 d`. Never raw milliseconds.
///
/// The magnitude is rounded to the nearest second, then written as its largest non-zero unit
/// (`d`, `h`, `min`, `s`) and, when non-zero, the next smaller one; what is below that is left
/// out (1 h 0 min 30 s is `1 h`). Less than half a second is `0 s`. The sign is the caller's
/// business (`late` or `early`, `ahead` or `behind`); ``lateness(_:)`` adds it. ``fine(_:)``
/// keeps what is under a second (`350 ms`). Integer arithmetic only.
///
/// Used by the text summary and check observations (`1 h late`, `worst lateness 1 h`) and by
/// the Markdown timelines.
public enum HumanDuration {
    /// `duration`'s magnitude in words, rounded to the nearest second.
    public static func text(_ duration: SimDuration) -> String {
        let seconds = (duration.milliseconds.magnitude + 500) / 1000
        let units: [(size: UInt64, name: String)] = [(86_400, "d"), (3_600, "h"), (60, "min"), (1, "s")]
        guard let first = units.firstIndex(where: { seconds >= $0.size }) else { return "0 s" }
        var parts = ["\(seconds / units[first].size) \(units[first].name)"]
        if first + 1 < units.count {
            let next = units[first + 1]
            let rest = seconds % units[first].size / next.size
            if rest > 0 { parts.append("\(rest) \(next.name)") }
        }
        return parts.joined(separator: " ")
    }

    /// Like ``text(_:)``, but a magnitude under one second is written in milliseconds (`0 ms`,
    /// `350 ms`) rather than rounded.
    public static func fine(_ duration: SimDuration) -> String {
        let magnitude = duration.milliseconds.magnitude
        return magnitude < 1000 ? "\(magnitude) ms" : text(duration)
    }

    /// How far a delivery was from its planned time: `on time`, `350 ms late`, `1 h late`,
    /// `5 min early`.
    public static func lateness(_ duration: SimDuration) -> String {
        if duration.milliseconds == 0 { return "on time" }
        return fine(duration) + (duration.milliseconds > 0 ? " late" : " early")
    }
}
