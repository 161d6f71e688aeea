import DNSimCore

/// A duration in words a reader takes in at a glance: `1 h`, `1 h 1 min`, `5 min 59 s`, `30 s`,
/// `3 d`. Never raw milliseconds.
///
/// The magnitude is rounded to the nearest second, then written as its largest non-zero unit
/// (`d`, `h`, `min`, `s`) and, when non-zero, the next smaller one; what is below that is left
/// out (1 h 0 min 30 s is `1 h`). Less than half a second is `0 s`. The sign is the caller's
/// business (`late` or `early`, `ahead` or `behind`). Integer arithmetic only.
enum HumanDuration {
    /// `duration`'s magnitude in words.
    static func text(_ duration: SimDuration) -> String {
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
}
