import DNSimCore
import DNSimScenario

extension MermaidTimeline {
    /// The `Steps` rows: the scenario's steps by action, except `setClock` and `setTimeZone`
    /// (their effect is a `Zone` marker), repeats collapsed.
    static func stepRows(_ result: RunResult, window: SimDuration) -> [MermaidGanttRow] {
        var items: [(key: String, time: SimInstant)] = []
        for record in result.trace where record.subsystem == "scenario" && record.kind == "step" {
            let action = record.detail("action") ?? "step"
            guard action != "setClock", action != "setTimeZone" else { continue }
            items.append((action, record.time))
        }
        return collapsed(items, window: window, result)
    }

    /// The `OS` rows: records of Android, iOS and Electron subsystems that an OS rule decided,
    /// labelled `kind rule`, except routine kinds and kinds drawn elsewhere; repeats collapsed.
    static func osRows(_ result: RunResult, window: SimDuration) -> [MermaidGanttRow] {
        var items: [(key: String, time: SimInstant)] = []
        for record in result.trace {
            guard let rule = record.rule, isOSSubsystem(record.subsystem),
                !routineOSKinds.contains(record.kind), !osKindsDrawnElsewhere.contains(record.kind)
            else { continue }
            items.append(("\(record.kind) \(rule)", record.time))
        }
        return collapsed(items, window: window, result)
    }

    /// The `Plugin` rows: the plugin's records of ``pluginKinds``, repeats collapsed.
    static func pluginRows(_ result: RunResult, window: SimDuration) -> [MermaidGanttRow] {
        let items = result.trace.filter { $0.subsystem == "plugin" && pluginKinds.contains($0.kind) }
            .map { (key: $0.kind, time: $0.time) }
        return collapsed(items, window: window, result)
    }

    /// Whether `subsystem` is an OS model's (`android.…`, `ios.…`, `electron.…`).
    static func isOSSubsystem(_ subsystem: String) -> Bool {
        osSubsystemPrefixes.contains { subsystem.hasPrefix($0) }
    }

    /// One milestone per group of items with the same key (see ``grouped(_:window:)``): a group
    /// of one is labelled `key MM-DD HH:mm ±hh:mm`, a larger one `key ×N` and its time range.
    static func collapsed(
        _ items: [(key: String, time: SimInstant)], window: SimDuration, _ result: RunResult
    ) -> [MermaidGanttRow] {
        grouped(items, window: window).map { group in
            let first = items[group.members[0]].time
            let last = items[group.members[group.members.count - 1]].time
            let label = group.members.count == 1
                ? "\(group.key) \(stamp(first, result))"
                : "\(group.key) ×\(group.members.count) \(stampRange(first, last, result))"
            return .milestone(label, at: first)
        }
    }

    /// Items grouped by key: an item joins the open group of its key when it is less than
    /// `window` after that group's first item, else it starts a new group. Groups come in order
    /// of their first item (items are taken in time order, ties in the given order); each lists
    /// its members' indices in `items`, in time order.
    static func grouped(
        _ items: [(key: String, time: SimInstant)], window: SimDuration
    ) -> [(key: String, members: [Int])] {
        var groups: [(key: String, first: SimInstant, members: [Int])] = []
        // Looked up, never iterated: the output order is `groups`'.
        var openGroup: [String: Int] = [:]
        let order = items.indices.sorted { (items[$0].time, $0) < (items[$1].time, $1) }
        for index in order {
            let item = items[index]
            if let open = openGroup[item.key], item.time - groups[open].first < window {
                groups[open].members.append(index)
            } else {
                openGroup[item.key] = groups.count
                groups.append((item.key, item.time, [index]))
            }
        }
        return groups.map { ($0.key, $0.members) }
    }
}
