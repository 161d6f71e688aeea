import DNSimCore

/// One row of a Mermaid gantt chart: a milestone at one instant, or a bar between two.
///
/// Rows are written with `dateFormat x`: their instants are epoch milliseconds of true time,
/// which Mermaid places on the same absolute axis for every viewer.
struct MermaidGanttRow {
    /// How a row is marked, as Mermaid gantt tags (colours are the viewer's theme's).
    enum Mark {
        /// No tag: the theme's task colour (steps, OS and plugin records, zones).
        case plain
        /// `done` (grey in the default theme): a delivery on time.
        case onTime
        /// `crit, active` (red outline): a delivery more than
        /// ``MermaidTimeline/lateThreshold`` off its planned time, or one that matched no plan.
        case offTime
        /// `crit` (red): an occurrence the user never saw (missed, suppressed, skipped).
        case notShown

        /// The tags written before the row's data, each followed by `, `.
        var tags: String {
            switch self {
            case .plain: return ""
            case .onTime: return "done, "
            case .offTime: return "crit, active, "
            case .notShown: return "crit, "
            }
        }
    }

    /// The text shown next to the row (escaped when written).
    var label: String
    /// Where the row starts (a milestone's instant).
    var start: SimInstant
    /// Where a bar ends; `nil` for a milestone.
    var end: SimInstant?
    /// The row's tags.
    var mark: Mark = .plain

    /// A milestone at `at`.
    static func milestone(_ label: String, at: SimInstant, mark: Mark = .plain) -> MermaidGanttRow {
        MermaidGanttRow(label: label, start: at, end: nil, mark: mark)
    }

    /// A bar from `from` to `to`.
    static func bar(_ label: String, from: SimInstant, to: SimInstant, mark: Mark = .plain) -> MermaidGanttRow {
        MermaidGanttRow(label: label, start: from, end: to, mark: mark)
    }

    /// The task line, indented for a chart: `label : tags, [milestone, ]start, end|0m`.
    var line: String {
        let label = MarkdownText.mermaidLabel(label)
        let startMillis = start.millisecondsSinceEpoch
        if let end {
            return "    \(label) : \(mark.tags)\(startMillis), \(end.millisecondsSinceEpoch)\n"
        }
        return "    \(label) : \(mark.tags)milestone, \(startMillis), 0m\n"
    }
}
