import DNSimCalendar
import DNSimCore

/// A map keyed by an occurrence as the trace names it — a slot id and a local date written
/// `YYYY-MM-DD` — that finds an entry without hashing the date: the date is read as a day
/// number, and the entry lies in a ``SlotDayTable`` (slots numbered, each with its days in an
/// array).
///
/// The run index keeps an entry per occurrence of a run (a 50-slot year: 18 000) in two of
/// these, and every record about an occurrence updates one; the records about a slot's
/// rolling window name its dates in turn, so the last two date texts read are remembered.
///
/// A date that is not a four-digit-year `YYYY-MM-DD` (text that is no date, or a year outside
/// 0…9999) is kept by its text, so every distinct key still has its own entry. A date given as
/// a ``LocalDate`` finds the entry its ``LocalDate/description`` would.
struct OccurrenceTable<Value> {
    /// Entries whose date is a four-digit-year date, by slot and day number.
    private var byDay = SlotDayTable<Value>()
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
            return byDay[slot: slot, day: day]
        }
        set {
            guard let day = rememberedDayNumber(localDate) else {
                byText[TextKey(slot: slot, localDate: localDate)] = newValue
                return
            }
            byDay[slot: slot, day: day] = newValue
        }
    }

    /// The entry of the occurrence of `slot` on `date`.
    subscript(slot slot: String, localDate date: LocalDate) -> Value? {
        guard (0...9999).contains(date.year) else { return self[slot: slot, localDate: date.description] }
        return byDay[slot: slot, day: date.daysSinceEpoch]
    }

    /// Gives the occurrence of `slot` on the date `localDate` names the entry `value`, unless
    /// it has one.
    mutating func insertIfAbsent(_ value: Value, slot: String, localDate: String) {
        guard let day = rememberedDayNumber(localDate) else {
            let key = TextKey(slot: slot, localDate: localDate)
            if byText[key] == nil { byText[key] = value }
            return
        }
        byDay.insertIfAbsent(value, slot: slot, day: day)
    }

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
}

extension OccurrenceTable: Sendable where Value: Sendable {}
