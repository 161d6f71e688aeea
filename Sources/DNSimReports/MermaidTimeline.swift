import DNSimCalendar
import DNSimCore
import DNSimScenario

/// A Mermaid gantt chart of a run, with a one-paragraph legend: the device zone and clock, the
/// scenario steps, the OS records an OS rule decided, the plugin's notable actions, and the
/// outcome of every planned occurrence.
///
/// **Axis: true time, the same for every viewer.** Rows are written with `dateFormat x` (epoch
/// milliseconds of true time), so Mermaid places them on an absolute axis: a delivery an hour
/// late after a DST change is an hour to the right of where it was planned, and a zone change
/// moves nothing. Nothing in the chart depends on the viewer's zone (which Mermaid, through
/// dayjs and d3, uses for local-time strings, for axis labels and for hour or day ticks):
/// - the grid lines come from `tickInterval <N>millisecond`, which d3 places at multiples of N
///   milliseconds since the epoch, so at 00:00 UTC and every N after it (N is 1, 3, 6 or 12 h,
///   or whole days: at most 16 lines, see ``gridInterval(for:)``);
/// - the axis labels are a constant `·` (`axisFormat ·`): d3 would print them in the viewer's
///   zone;
/// - `todayMarker off` (the viewer's "now" is not part of a run).
///
/// Rendered with Mermaid 11.16 in Chromium under `TZ=America/New_York` and `TZ=Asia/Kolkata`,
/// a chart gives identical pixels.
///
/// **Labels** carry the device's local time and UTC offset (`03-29 10꞉00 +02꞉00`, the zone in
/// force at that instant; a misset wall clock does not change it). Task labels cannot contain
/// `:` (it separates the label from the task's data), so `꞉` (U+A789) stands in for it; the
/// title keeps `:` (see ``MarkdownText/mermaidLabel(_:)`` and ``MarkdownText/mermaidTitle(_:)``).
///
/// **Sections** have short names, because Mermaid draws them in the chart's 75 px left margin
/// and longer ones run into the first rows:
/// - `Zone`: a bar per stretch of one zone and UTC offset (so a DST change or a zone change
///   starts a new bar), and a marker for each `timezone.changed` (with the new zone and offset)
///   and `clock.set` (with how far the wall clock then is from true time).
/// - `Steps`: the scenario's steps, except clock and zone steps (their effect is in `Zone`).
/// - `OS`: Android, iOS and Electron records an OS rule decided, except the routine ones in
///   ``routineOSKinds`` and those `Zone` and `Outcome` already draw.
/// - `Plugin`: the plugin's notable actions (``pluginKinds``).
/// - `Outcome`: every delivery and every planned occurrence not shown, marked as in
///   ``MermaidGanttRow/Mark``; a delivery more than ``lateThreshold`` off its planned time is a
///   bar from the planned time to the delivery, labelled with both and the lateness.
///
/// **Repeats.** In `Steps`, `OS` and `Plugin`, records of the same kind (and rule) less than half
/// a grid interval after the first of their group are one milestone, `alarm.replaced A12 ×3`,
/// at the group's first instant and labelled with its time range; so are clock changes from one
/// source in `Zone` (see ``grouped(_:window:)``).
///
/// **Cap.** At most ``limit`` rows are drawn; the budget goes to `Outcome` first, then `Zone`,
/// `Steps`, `Plugin` and `OS` (each keeps its earliest rows), and a line after the chart says
/// how many rows of which sections were not drawn.
enum MermaidTimeline {
    /// The most rows drawn; the rest are counted after the chart.
    static let limit = 60

    /// How far a delivery may be from its planned time and still count as on time: one minute.
    ///
    /// Clock corrections of a few seconds (NTP) and the simulated latency of a post are not
    /// lateness a user notices; Doze and inexact-alarm deferrals (minutes), DST slips (an hour)
    /// and zone slips (hours) are. Deliveries within the threshold are `done`; beyond it, late or
    /// early, `crit, active`.
    static let lateThreshold = SimDuration.minutes(1)

    /// OS record kinds not drawn: the plugin's own routine requests (its alarms, work, local
    /// notification requests and timers), probes, and planning records.
    static let routineOSKinds: Set<String> = [
        "alarm.set", "pendingIntent.probe", "work.enqueued", "doze.windowPlanned", "request.added",
        "request.submitted", "timer.set",
    ]

    /// OS record kinds drawn elsewhere: deliveries (in `Outcome`), clock and zone changes (in `Zone`).
    static let osKindsDrawnElsewhere: Set<String> = [
        "notification.delivered", "notification.shown", "clock.set", "timezone.changed",
    ]

    /// The subsystem prefixes of OS records.
    static let osSubsystemPrefixes = ["android.", "ios.", "electron."]

    /// Plugin record kinds drawn.
    static let pluginKinds: Set<String> = ["missed.reported", "forceStop.detected", "api.error", "recovery.skippedPast"]

    /// One section of the chart.
    struct Section {
        /// The name Mermaid draws in the left margin.
        var name: String
        /// The rows, in time order.
        var rows: [MermaidGanttRow]
        /// When the section gets its share of ``limit``: 0 first.
        var budgetOrder: Int
    }

    /// The legend and the chart (a fenced `mermaid` block), and the count of rows not drawn.
    static func render(_ result: RunResult) -> String {
        let span = result.scenario.endInstant - result.scenario.startInstant
        let grid = gridInterval(for: span)
        let window = SimDuration(milliseconds: grid.milliseconds / 2)
        let sections = [
            Section(name: "Zone", rows: zoneRows(result, window: window), budgetOrder: 1),
            Section(name: "Steps", rows: stepRows(result, window: window), budgetOrder: 2),
            Section(name: "OS", rows: osRows(result, window: window), budgetOrder: 4),
            Section(name: "Plugin", rows: pluginRows(result, window: window), budgetOrder: 3),
            Section(name: "Outcome", rows: outcomeRows(result), budgetOrder: 0),
        ]
        // The budget goes to what matters most first: outcomes, then the zone, steps, plugin, OS.
        var shown = [Int](repeating: 0, count: sections.count)
        var left = limit
        for index in sections.indices.sorted(by: { sections[$0].budgetOrder < sections[$1].budgetOrder }) {
            shown[index] = min(left, sections[index].rows.count)
            left -= shown[index]
        }

        var out = legend(grid: grid, window: window) + "\n"
        out += "```mermaid\ngantt\n    title \(MarkdownText.mermaidTitle(result.scenario.title))\n"
        out += "    dateFormat x\n    axisFormat ·\n    tickInterval \(grid.milliseconds)millisecond\n    todayMarker off\n"
        for (index, section) in sections.enumerated() where shown[index] > 0 {
            out += "    section \(section.name)\n"
            for row in section.rows.prefix(shown[index]) { out += row.line }
        }
        out += "```\n"
        let dropped = sections.indices.filter { shown[$0] < sections[$0].rows.count }
        if !dropped.isEmpty {
            let total = dropped.reduce(0) { $0 + sections[$1].rows.count - shown[$1] }
            let parts = dropped.map { "\(sections[$0].name) \(sections[$0].rows.count - shown[$0])" }
            out += "\n(\(total) more not drawn: \(parts.joined(separator: ", ")); the event log lists every record.)\n"
        }
        return out
    }

    /// The grid spacing for a run of length `span`: the shortest of 1, 3, 6, 12 h, 1, 2, 7, 14
    /// and 28 d that draws at most 16 lines. Each divides a day or is whole days, so the lines
    /// fall on 00:00 UTC and every interval after it.
    static func gridInterval(for span: SimDuration) -> SimDuration {
        let candidates: [SimDuration] = [
            .hours(1), .hours(3), .hours(6), .hours(12), .days(1), .days(2), .days(7), .days(14), .days(28),
        ]
        return candidates.first { $0.milliseconds * 16 >= span.milliseconds } ?? .days(28)
    }

    /// The paragraph before the chart: how to read it.
    static func legend(grid: SimDuration, window: SimDuration) -> String {
        "Each row sits at its true instant (`dateFormat x`), so the chart is the same in every viewer's time zone;"
            + " labels give the device's local time and UTC offset (`꞉` stands for `:`, which Mermaid reserves in task"
            + " lines). Grid lines every \(HumanDuration.text(grid)) from 00:00 UTC; the axis is unlabelled on purpose."
            + " **Zone**: the device zone and offset, zone changes and clock changes. **Outcome**: on time (within"
            + " \(HumanDuration.text(lateThreshold))) `done`; late or early `crit, active`, a bar from the planned time to"
            + " the delivery; not shown (missed, suppressed, skipped) `crit`. Steps, OS and plugin records of one kind"
            + " and rule, and clock changes from one source, within \(HumanDuration.text(window)) of the first are drawn"
            + " once (×N).\n"
    }

    // MARK: Time text

    /// `instant` as the device's local date, time and UTC offset: `03-29 10:00 +02:00`.
    static func stamp(_ instant: SimInstant, _ result: RunResult) -> String {
        stamp(instant, in: result.zone(at: instant))
    }

    /// `instant` as local date, time and UTC offset in `zone`.
    static func stamp(_ instant: SimInstant, in zone: Zone) -> String {
        "\(monthDay(instant, in: zone)) \(hourMinute(instant, in: zone)) \(offset(instant, in: zone))"
    }

    /// The device's local date at `instant` as `MM-DD`.
    static func monthDay(_ instant: SimInstant, _ result: RunResult) -> String {
        monthDay(instant, in: result.zone(at: instant))
    }

    /// The local date at `instant` in `zone` as `MM-DD`.
    static func monthDay(_ instant: SimInstant, in zone: Zone) -> String {
        let date = zone.localDateTime(at: instant).date
        return pad(date.month) + "-" + pad(date.day)
    }

    /// The device's local time at `instant` as `HH:mm`.
    static func hourMinute(_ instant: SimInstant, _ result: RunResult) -> String {
        hourMinute(instant, in: result.zone(at: instant))
    }

    /// The local time at `instant` in `zone` as `HH:mm`.
    static func hourMinute(_ instant: SimInstant, in zone: Zone) -> String {
        let time = zone.localDateTime(at: instant).time
        return pad(time.hour) + ":" + pad(time.minute)
    }

    /// The device zone's UTC offset at `instant`: `+02:00`.
    static func offset(_ instant: SimInstant, _ result: RunResult) -> String {
        offset(instant, in: result.zone(at: instant))
    }

    /// `zone`'s UTC offset at `instant`.
    static func offset(_ instant: SimInstant, in zone: Zone) -> String {
        ISO8601.formatOffset(seconds: zone.offsetSeconds(at: instant))
    }

    /// From `first` to `last`: `03-28 08:55–09:00 +01:00` on one local date and offset, else
    /// both stamps in full; one stamp when they are equal.
    static func stampRange(_ first: SimInstant, _ last: SimInstant, _ result: RunResult) -> String {
        guard first != last else { return stamp(first, result) }
        if monthDay(first, result) == monthDay(last, result), offset(first, result) == offset(last, result) {
            return "\(monthDay(first, result)) \(hourMinute(first, result))–\(hourMinute(last, result)) \(offset(first, result))"
        }
        return "\(stamp(first, result)) – \(stamp(last, result))"
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
}
