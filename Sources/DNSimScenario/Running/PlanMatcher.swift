import DNSimCalendar
import DNSimCore
import DNSimPlugin

/// Matches what happened (a delivery, a skip) to the planned occurrence it was for: the nearest
/// unmatched occurrence of the same slot within 12 hours, each occurrence matched at most once.
///
/// Occurrences are indexed per slot in time order, so a match is a binary search plus a look at
/// the few occurrences within the window, whatever the length of the run.
struct PlanMatcher {
    /// How far from its planned time an event may be and still match it.
    static let window = SimDuration.hours(12)

    private let planned: [OccurrencePlanner.Planned]
    private var matched: [Bool]
    /// Per slot (by its number in ``slotNumbers``), the positions in `planned` of its
    /// occurrences (in plan order, so in time order).
    private let positionsBySlot: [[Int]]
    /// Each slot's number, in the order first planned; short ids are found in a memo first.
    private let slotNumbers: [StringKey: Int]
    private var recentSlots = ShortStringMemo<Int>(lineBits: 8)
    /// Per slot and local date, the positions of its occurrences; built on first use
    /// (``take(slot:localDate:nearestTo:)``), which most runs never make.
    private var positionsBySlotDate: [SlotDate: [Int]] = [:]

    /// A slot and one of its local dates, keyed as the plugin's store keys its history (a
    /// result sets one aside per delivery).
    typealias SlotDate = PluginStore.Occurrence

    /// Indexes `planned`, which must be in time order (as ``OccurrencePlanner/plan(zoneTimeline:end:)`` returns it).
    init(_ planned: [OccurrencePlanner.Planned]) {
        self.planned = planned
        matched = Array(repeating: false, count: planned.count)
        var numbers: [StringKey: Int] = [:]
        var positions: [[Int]] = []
        var recent = ShortStringMemo<Int>(lineBits: 8)
        for (position, occurrence) in planned.enumerated() {
            let number: Int
            if let known = recent.value(for: occurrence.slot) ?? numbers[StringKey(occurrence.slot)] {
                number = known
            } else {
                number = positions.count
                numbers[StringKey(occurrence.slot)] = number
                positions.append([])
            }
            recent.remember(number, for: occurrence.slot)
            positions[number].append(position)
        }
        positionsBySlot = positions
        slotNumbers = numbers
        recentSlots = recent
    }

    /// The number of `slot`, if it has occurrences.
    private mutating func slotNumber(_ slot: String) -> Int? {
        if let known = recentSlots.value(for: slot) { return known }
        guard let number = slotNumbers[StringKey(slot)] else { return nil }
        recentSlots.remember(number, for: slot)
        return number
    }

    /// Takes the unmatched occurrence of `slot` nearest to `time` (the earlier one on a tie), if
    /// one lies within ``window``.
    mutating func takeNearest(slot: String, to time: SimInstant) -> OccurrencePlanner.Planned? {
        guard let number = slotNumber(slot) else { return nil }
        let positions = positionsBySlot[number]
        let window = Self.window.milliseconds
        let earliest = time - Self.window
        // The first occurrence not before the window.
        var best: (position: Int, distance: Int64)?
        var cursor = positions.partitioningIndex { planned[$0].at >= earliest }
        while cursor < positions.count {
            let position = positions[cursor]
            let distance = abs((planned[position].at - time).milliseconds)
            if planned[position].at > time + Self.window { break }
            if !matched[position], distance <= window, best == nil || distance < best!.distance {
                best = (position, distance)
            }
            cursor += 1
        }
        guard let best else { return nil }
        matched[best.position] = true
        return planned[best.position]
    }

    /// Takes the unmatched occurrence of `slot` planned for `localDate` nearest to `time`, however
    /// far from it: for an event the plugin dated itself (a skip of a date whose reading, after
    /// a move across zones, lies a day from the run's own planned instant of that date).
    mutating func take(slot: String, localDate: LocalDate, nearestTo time: SimInstant) -> OccurrencePlanner.Planned? {
        if positionsBySlotDate.isEmpty {
            for (position, occurrence) in planned.enumerated() {
                positionsBySlotDate[SlotDate(slot: occurrence.slot, localDate: occurrence.localDate), default: []].append(position)
            }
        }
        let candidates = positionsBySlotDate[SlotDate(slot: slot, localDate: localDate)] ?? []
        guard let best = candidates.filter({ !matched[$0] }).min(by: { abs((planned[$0].at - time).milliseconds) < abs((planned[$1].at - time).milliseconds) })
        else { return nil }
        matched[best] = true
        return planned[best]
    }

    /// The occurrences nothing matched, in plan order.
    var unmatched: [OccurrencePlanner.Planned] {
        planned.indices.filter { !matched[$0] }.map { planned[$0] }
    }
}
