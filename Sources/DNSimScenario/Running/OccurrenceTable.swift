import DNSimCalendar
import DNSimCore

/// A map keyed by an occurrence as the trace names it — a slot id and a local date written
/// `YYYY-MM-DD` — that finds an entry without hashing the date: the slot is numbered in the
/// order the table first sees it (a run has a handful; ids compare by their bytes,
/// ``StringKey``), and the date is a day number.
///
/// The run index keeps an entry per occurrence of a run (a 50-slot year: 18 000) in two of
/// these, and every record about an occurrence updates one. Each slot keeps its days in an
/// array indexed by the day's distance from an anchor set a little before the first day it
/// saw (a run's days are a few hundred consecutive ones), so most look-ups are an index; a day
/// outside the slot's ``span`` (a clock set years away) goes to a dictionary keyed by the slot
/// and day numbers packed into eight bytes.
///
/// A date that is not a four-digit-year `YYYY-MM-DD` (text that is no date, or a year outside
/// 0…9999) is kept by its text, so every distinct key still has its own entry. A date given as
/// a ``LocalDate`` finds the entry its ``LocalDate/description`` would.
struct OccurrenceTable<Value> {
    /// Each slot's number, in the order the slots were first seen.
    private var slotNumbers: [StringKey: Int32] = [:]
    /// Each numbered slot's days near its anchor, by slot number.
    private var days: [SlotDays] = []
    /// How many entries ``days`` holds.
    private var dayCount = 0
    /// Entries whose day lies outside its slot's span: the slot's number in the high 32 bits,
    /// the day in the low.
    private var farDays: [Int64: Value] = [:]
    /// Entries whose date text is not a four-digit-year date.
    private var byText: [TextKey: Value] = [:]

    /// One slot's days: entry `k` is the day `anchor + k`.
    fileprivate struct SlotDays {
        /// The day of entry 0: ``slack`` days before the first day the slot was given.
        var anchor: Int64?
        var entries: [Value?] = []
    }

    /// How many days before its first one a slot's array starts (a clock moved back a little).
    private static var slack: Int64 { 64 }
    /// How many days from its anchor a slot's array may reach (11 years); days beyond go to
    /// ``farDays``.
    private static var span: Int64 { 4096 }

    private struct TextKey: Hashable {
        var slot: String
        var localDate: String
    }

    /// How many occurrences have an entry.
    var count: Int { dayCount + farDays.count + byText.count }

    /// The entry of the occurrence of `slot` on the date `localDate` names.
    subscript(slot slot: String, localDate localDate: String) -> Value? {
        get {
            guard let day = Self.dayNumber(localDate) else { return byText[TextKey(slot: slot, localDate: localDate)] }
            guard let number = knownSlotNumber(slot) else { return nil }
            return entry(slot: number, day: day)
        }
        set {
            guard let day = rememberedDayNumber(localDate) else {
                byText[TextKey(slot: slot, localDate: localDate)] = newValue
                return
            }
            store(newValue, slot: slotNumber(slot), day: day)
        }
    }

    /// The entry of the occurrence of `slot` on `date`.
    subscript(slot slot: String, localDate date: LocalDate) -> Value? {
        guard (0...9999).contains(date.year) else { return self[slot: slot, localDate: date.description] }
        guard let number = knownSlotNumber(slot) else { return nil }
        return entry(slot: number, day: date.daysSinceEpoch)
    }

    /// Gives the occurrence of `slot` on the date `localDate` names the entry `value`, unless
    /// it has one.
    mutating func insertIfAbsent(_ value: Value, slot: String, localDate: String) {
        guard let day = rememberedDayNumber(localDate) else {
            let key = TextKey(slot: slot, localDate: localDate)
            if byText[key] == nil { byText[key] = value }
            return
        }
        let number = slotNumber(slot)
        if entry(slot: number, day: day) == nil { store(value, slot: number, day: day) }
    }

    /// The entry of slot number `slot` on `day`.
    private func entry(slot: Int32, day: Int64) -> Value? {
        let index = Int(slot)
        if index < days.count, let anchor = days[index].anchor {
            let offset = day - anchor
            if offset >= 0 && offset < Self.span {
                return offset < days[index].entries.count ? days[index].entries[Int(offset)] : nil
            }
        }
        return farDays[Self.packed(slot, day)]
    }

    /// Sets (or, with `nil`, removes) the entry of slot number `slot` on `day`.
    private mutating func store(_ value: Value?, slot: Int32, day: Int64) {
        let index = Int(slot)
        while days.count <= index { days.append(SlotDays()) }
        let anchor = days[index].anchor ?? (day - Self.slack)
        let offset = day - anchor
        guard offset >= 0 && offset < Self.span else {
            farDays[Self.packed(slot, day)] = value
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
    private func knownSlotNumber(_ slot: String) -> Int32? {
        recentSlots.value(for: slot) ?? slotNumbers[StringKey(slot)]
    }

    /// The number of `slot`, given it on first sight.
    private mutating func slotNumber(_ slot: String) -> Int32 {
        // Records name a run's slots in turn: a short id is found in the memo by its words.
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

    /// The numbers of the short slot ids numbered lately (256 lines, so that a run's few dozen
    /// slots seldom share one), in front of ``slotNumbers``.
    private var recentSlots = ShortStringMemo<Int32>(lineBits: 8)

    /// ``dayNumber(_:)`` of `text`, remembered for the two date texts read last: the records
    /// about a slot's rolling window name its dates in turn. A date text is a short string,
    /// whose words are its bytes, so a remembered one is found by comparing words.
    private mutating func rememberedDayNumber(_ text: String) -> Int64? {
        guard let words = UTF8Bytes.shortStringWords(of: text) else { return Self.dayNumber(text) }
        if words == recentDates.0.words { return recentDates.0.day }
        if words == recentDates.1.words { return recentDates.1.day }
        guard let day = Self.dayNumber(text) else { return nil }
        recentDates = ((words, day), recentDates.0)
        return day
    }

    /// The two date texts ``rememberedDayNumber(_:)`` read last, by their words, with their day
    /// numbers (zero words: none; no string has them).
    private var recentDates: (RecentDate, RecentDate) = (((0, 0), 0), ((0, 0), 0))
    private typealias RecentDate = (words: (UInt64, UInt64), day: Int64)

    /// The day number of a `YYYY-MM-DD` date with a four-digit year (the only text that is some
    /// date's ``LocalDate/description`` and reads back as that date), else `nil`.
    ///
    /// Read byte by byte, as ``LocalDate/init(parsing:)`` reads it (four, two and two ASCII
    /// digits between dashes, a real day): every record about an occurrence comes here.
    static func dayNumber(_ text: String) -> Int64? {
        guard text.utf8.count == 10 else { return nil }
        let fields = text.utf8.withContiguousStorageIfAvailable { bytes -> (year: Int, month: Int, day: Int)? in
            guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for position in range {
                    let digit = bytes[position] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int(digit)
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
            return (year, month, day)
        }
        guard let fields = fields ?? LocalDate(parsing: text).map({ ($0.year, $0.month, $0.day) }),
            let date = LocalDate(year: fields.year, month: fields.month, day: fields.day)
        else { return nil }
        return date.daysSinceEpoch
    }

    /// A slot's number and a day number of a four-digit year (within ±2²³) as one key.
    private static func packed(_ slot: Int32, _ day: Int64) -> Int64 {
        Int64(slot) << 32 | Int64(UInt32(truncatingIfNeeded: day))
    }
}

extension OccurrenceTable: Sendable where Value: Sendable {}
extension OccurrenceTable.SlotDays: Sendable where Value: Sendable {}
