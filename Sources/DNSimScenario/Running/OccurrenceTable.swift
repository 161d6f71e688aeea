import DNSimCalendar

/// A map keyed by an occurrence as the trace names it — a slot id and a local date written
/// `YYYY-MM-DD` — that holds each key in eight bytes: the slot as its number among the slots
/// the table has seen (a run has a handful) and the date as its day number.
///
/// The run index keeps an entry per occurrence of a run (a 50-slot year: 18 000) in two of
/// these; keyed by the two strings, they were a sixth of a device-year's peak memory, and
/// every record about an occurrence hashed both strings.
///
/// A date that is not a four-digit-year `YYYY-MM-DD` (text that is no date, or a year outside
/// 0…9999) is kept by its text, so every distinct key still has its own entry. A date given as
/// a ``LocalDate`` finds the entry its ``LocalDate/description`` would.
struct OccurrenceTable<Value> {
    /// Each slot's number, in the order the slots were first seen.
    private var slotNumbers: [String: Int32] = [:]
    /// Entries whose date is a day number: the slot's number in the high 32 bits, the day in the low.
    private var byDay: [Int64: Value] = [:]
    /// Entries whose date text is not a four-digit-year date.
    private var byText: [TextKey: Value] = [:]

    private struct TextKey: Hashable {
        var slot: String
        var localDate: String
    }

    /// How many occurrences have an entry.
    var count: Int { byDay.count + byText.count }

    /// The entry of the occurrence of `slot` on the date `localDate` names.
    subscript(slot slot: String, localDate localDate: String) -> Value? {
        get {
            guard let day = Self.dayNumber(localDate) else { return byText[TextKey(slot: slot, localDate: localDate)] }
            guard let number = slotNumbers[slot] else { return nil }
            return byDay[Self.packed(number, day)]
        }
        set {
            guard let day = Self.dayNumber(localDate) else {
                byText[TextKey(slot: slot, localDate: localDate)] = newValue
                return
            }
            byDay[Self.packed(slotNumber(slot), day)] = newValue
        }
    }

    /// The entry of the occurrence of `slot` on `date`.
    subscript(slot slot: String, localDate date: LocalDate) -> Value? {
        guard (0...9999).contains(date.year) else { return self[slot: slot, localDate: date.description] }
        guard let number = slotNumbers[slot] else { return nil }
        return byDay[Self.packed(number, date.daysSinceEpoch)]
    }

    /// Gives the occurrence of `slot` on the date `localDate` names the entry `value`, unless
    /// it has one.
    mutating func insertIfAbsent(_ value: Value, slot: String, localDate: String) {
        guard let day = Self.dayNumber(localDate) else {
            let key = TextKey(slot: slot, localDate: localDate)
            if byText[key] == nil { byText[key] = value }
            return
        }
        let key = Self.packed(slotNumber(slot), day)
        if byDay[key] == nil { byDay[key] = value }
    }

    /// The number of `slot`, given it on first sight.
    private mutating func slotNumber(_ slot: String) -> Int32 {
        // Records about one slot come in runs (its window's alarms): the last slot is checked
        // first, which for a short id is a compare of two words instead of a hash.
        if lastSlot.number >= 0, slot == lastSlot.id { return lastSlot.number }
        let number: Int32
        if let known = slotNumbers[slot] {
            number = known
        } else {
            number = Int32(slotNumbers.count)
            slotNumbers[slot] = number
        }
        lastSlot = (slot, number)
        return number
    }

    /// The slot ``slotNumber(_:)`` last numbered (number -1: none yet).
    private var lastSlot: (id: String, number: Int32) = ("", -1)

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
