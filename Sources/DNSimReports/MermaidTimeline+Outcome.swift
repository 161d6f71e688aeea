import DNSimCore
import DNSimScenario

extension MermaidTimeline {
    /// The `Outcome` rows, in time order: each delivery (on time a `done` milestone; late or
    /// early a `crit, active` bar from the planned time to the delivery; one that matched no
    /// planned occurrence a `crit, active` milestone) and each occurrence the user did not see
    /// (missed, suppressed, skipped: a `crit` milestone at its planned time).
    static func outcomeRows(_ result: RunResult) -> [MermaidGanttRow] {
        var rows: [MermaidGanttRow] = []
        for delivery in result.deliveries {
            rows.append(deliveryRow(delivery, result))
        }
        let notShown = [("missed", result.missed), ("suppressed (posted, not shown)", result.suppressed),
                        ("skipped by the plugin", result.skipped)]
        for (word, occurrences) in notShown {
            for occurrence in occurrences {
                let label = "\(occurrence.slot) \(stamp(occurrence.plannedAt, result)) \(word)"
                rows.append(.milestone(label, at: occurrence.plannedAt, mark: .notShown))
            }
        }
        return inTimeOrder(rows)
    }

    /// One delivery's row.
    static func deliveryRow(_ delivery: RunResult.Delivery, _ result: RunResult) -> MermaidGanttRow {
        let shown = delivery.deliveredAt
        guard let planned = delivery.plannedAt else {
            let label = "\(delivery.slot) \(stamp(shown, result)) shown, matching no planned occurrence"
            return .milestone(label, at: shown, mark: .offTime)
        }
        let lateness = shown - planned
        if lateness.milliseconds.magnitude <= lateThreshold.milliseconds.magnitude {
            let seconds = (lateness.milliseconds.magnitude + 500) / 1000
            let sign = lateness.milliseconds < 0 ? "−" : "+"
            let note = seconds == 0 ? "" : " (\(sign)\(HumanDuration.text(lateness)))"
            return .milestone("\(delivery.slot) \(stamp(shown, result))\(note)", at: shown, mark: .onTime)
        }
        let samePlace = offset(planned, result) == offset(shown, result)
        var label = "\(delivery.slot) \(monthDay(planned, result)) \(hourMinute(planned, result))"
        if !samePlace { label += " \(offset(planned, result))" }
        label += " planned → "
        if monthDay(planned, result) != monthDay(shown, result) { label += monthDay(shown, result) + " " }
        label += "\(hourMinute(shown, result)) \(offset(shown, result))"
        label += " (\(HumanDuration.text(lateness)) \(lateness.milliseconds > 0 ? "late" : "early"))"
        return lateness.milliseconds > 0
            ? .bar(label, from: planned, to: shown, mark: .offTime)
            : .bar(label, from: shown, to: planned, mark: .offTime)
    }

    /// `rows` sorted by start, keeping the given order among rows that start together.
    static func inTimeOrder(_ rows: [MermaidGanttRow]) -> [MermaidGanttRow] {
        rows.enumerated()
            .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
    }
}
