/// A map keyed by a slot id and a day number (days since 1970-01-01) that finds an entry
/// without hashing: the slot is numbered in the order the table first sees it (a run has a
/// handful; ids compare by their bytes, ``StringKey``, and short ones are found in a
/// ``ShortStringMemo``), and each slot keeps its days in an array indexed by the day's distance
/// from an anchor set a little before the first day it saw.
///
/// A run's days for a slot are a few hundred consecutive ones, looked up and written in turn
/// (a history of deliveries, the decisions about each occurrence), so most look-ups are an
/// index into memory the previous day's look-up touched, where a dictionary of a device-year's
/// occurrences probes a table of tens of thousands of entries that grows and rehashes as the
/// run goes. A day outside its slot's ``span`` (a clock set years away) goes to a dictionary.
public struct SlotDayTable<Value> {
    /// Each slot's number, in the order the slots were first seen.
    @usableFromInline var slotNumbers: [StringKey: Int32] = [:]
    /// The numbers of the short slot ids numbered lately (256 lines, so that a run's few dozen
    /// slots seldom share one), in front of ``slotNumbers``.
    @usableFromInline var recentSlots = ShortStringMemo<Int32>(lineBits: 8)
    /// Each numbered slot's days near its anchor, by slot number.
    @usableFromInline var days: [SlotDays] = []
    /// How many entries ``days`` holds.
    @usableFromInline var dayCount = 0
    /// Entries whose day lies outside its slot's span.
    @usableFromInline var farDays: [FarDay: Value] = [:]

    /// One slot's days: entry `k` is the day `anchor + k`.
    @usableFromInline
    struct SlotDays {
        /// The day of entry 0: ``slack`` days before the first day the slot was given.
        @usableFromInline var anchor: Int64?
        @usableFromInline var entries: [Value?]

        @inlinable
        init() {
            anchor = nil
            entries = []
        }
    }

    /// A day outside its slot's span, by the slot's number.
    @usableFromInline
    struct FarDay: Hashable {
        @usableFromInline var slot: Int32
        @usableFromInline var day: Int64

        @inlinable
        init(slot: Int32, day: Int64) {
            self.slot = slot
            self.day = day
        }
    }

    /// How many days before its first one a slot's array starts (a clock moved back a little).
    @inlinable static var slack: Int64 { 64 }
    /// How many days from its anchor a slot's array may reach (11 years); days beyond go to
    /// ``farDays``.
    @inlinable static var span: Int64 { 4096 }

    /// An empty table.
    @inlinable
    public init() {}

    /// How many (slot, day) pairs have an entry.
    @inlinable
    public var count: Int { dayCount + farDays.count }

    /// The entry of `slot` on `day`; setting `nil` removes it.
    @inlinable
    public subscript(slot slot: String, day day: Int64) -> Value? {
        get {
            guard let number = knownSlotNumber(slot) else { return nil }
            return entry(slot: number, day: day)
        }
        set {
            store(newValue, slot: slotNumber(slot), day: day)
        }
    }

    /// Gives `slot` on `day` the entry `value`, unless it has one.
    @inlinable
    public mutating func insertIfAbsent(_ value: Value, slot: String, day: Int64) {
        let number = slotNumber(slot)
        if entry(slot: number, day: day) == nil { store(value, slot: number, day: day) }
    }

    /// Removes every entry (and forgets the slots' numbers).
    @inlinable
    public mutating func removeAll() {
        self = SlotDayTable()
    }

    /// The entry of slot number `slot` on `day`.
    @inlinable
    func entry(slot: Int32, day: Int64) -> Value? {
        let index = Int(slot)
        if index < days.count, let anchor = days[index].anchor {
            let offset = day &- anchor
            if offset >= 0 && offset < Self.span {
                return offset < days[index].entries.count ? days[index].entries[Int(offset)] : nil
            }
        }
        return farDays[FarDay(slot: slot, day: day)]
    }

    /// Sets (or, with `nil`, removes) the entry of slot number `slot` on `day`.
    @inlinable
    mutating func store(_ value: Value?, slot: Int32, day: Int64) {
        let index = Int(slot)
        while days.count <= index { days.append(SlotDays()) }
        let anchor = days[index].anchor ?? (day &- Self.slack)
        let offset = day &- anchor
        guard offset >= 0 && offset < Self.span else {
            farDays[FarDay(slot: slot, day: day)] = value
            return
        }
        days[index].anchor = anchor
        let position = Int(offset)
        if position >= days[index].entries.count {
            guard value != nil else { return }
            days[index].entries.append(contentsOf: repeatElement(nil, count: position + 1 - days[index].entries.count))
        }
        let had = days[index].entries[position] != nil
        days[index].entries[position] = value
        dayCount += (value != nil ? 1 : 0) - (had ? 1 : 0)
    }

    /// The number of `slot`, if it has one: from the memo of recent short ids, else the dictionary.
    @inlinable
    func knownSlotNumber(_ slot: String) -> Int32? {
        recentSlots.value(for: slot) ?? slotNumbers[StringKey(slot)]
    }

    /// The number of `slot`, given it on first sight.
    @inlinable
    mutating func slotNumber(_ slot: String) -> Int32 {
        // Look-ups name a run's slots in turn: a short id is found in the memo by its words.
        if let known = recentSlots.value(for: slot) { return known }
        let number: Int32
        if let known = slotNumbers[StringKey(slot)] {
            number = known
        } else {
            number = Int32(slotNumbers.count)
            slotNumbers[StringKey(slot)] = number
        }
        recentSlots.remember(number, for: slot)
        return number
    }
}

extension SlotDayTable: Sendable where Value: Sendable {}
extension SlotDayTable.SlotDays: Sendable where Value: Sendable {}
extension SlotDayTable.FarDay: Sendable {}
