import DNSimCalendar
import DNSimCore
@testable import DNSimScenario
import Testing

/// The run index's occurrence table maps each (slot, date text) to its own entry, as a
/// dictionary keyed by the two strings would, whether the date is kept as a day number or as text.
struct OccurrenceTableTests {
    static let slots = ["s1", "s2", "", "a-much-longer-slot-identifier-than-fits-a-small-string", "é"]
    static let dates = [
        "2026-03-29", "2026-03-30", "1969-12-31", "0000-01-01", "9999-12-31", "2024-02-29",
        // Not a day number: no such day, not the format, or not a four-digit year.
        "2025-02-29", "2026-13-01", "2026-3-29", "2026-03-29 ", "+12026-03-29", "-0001-01-01", "?", "", "2026/03/29",
        "２０２６-03-29", "2026-03-2x",
    ]

    @Test func everyKeyHasItsOwnEntryAsADictionaryOfTheTwoStringsWould() {
        var table = OccurrenceTable<Int>()
        var reference: [String: Int] = [:]
        var value = 0
        for slot in Self.slots {
            for date in Self.dates {
                value += 1
                table[slot: slot, localDate: date] = value
                reference[slot + "\u{0}" + date] = value
            }
        }
        #expect(table.count == reference.count)
        for slot in Self.slots {
            for date in Self.dates {
                #expect(table[slot: slot, localDate: date] == reference[slot + "\u{0}" + date], "\(slot) \(date)")
            }
        }
        #expect(table[slot: "unseen", localDate: "2026-03-29"] == nil)
        #expect(table[slot: "s1", localDate: "2026-03-31"] == nil)
        table[slot: "s1", localDate: "2026-03-29"] = nil
        table[slot: "s1", localDate: "?"] = nil
        #expect(table[slot: "s1", localDate: "2026-03-29"] == nil && table[slot: "s1", localDate: "?"] == nil)
        #expect(table.count == reference.count - 2)
    }

    /// Hundreds of short slot ids named in turn, more than the table's direct-mapped line of
    /// recent ids holds, so that ids share lines: each keeps its own entries.
    @Test func manyShortSlotIdsNamedInTurnKeepTheirOwnEntries() {
        var table = OccurrenceTable<Int>()
        let slots = (0..<300).map { "slot-\($0)" }
        for round in 0..<3 {
            for (number, slot) in slots.enumerated() {
                table[slot: slot, localDate: "2026-03-2\(round)"] = number * 10 + round
            }
        }
        for round in 0..<3 {
            for (number, slot) in slots.enumerated().reversed() {
                #expect(table[slot: slot, localDate: "2026-03-2\(round)"] == number * 10 + round, "\(slot)")
            }
        }
        #expect(table.count == 900)
    }

    /// Days near a slot's first one (kept in its array), far before and after it (kept apart),
    /// set, replaced, removed and set again, in a seeded random order: the table answers as a
    /// dictionary of the two strings does, and counts as it does.
    @Test func randomSettingsAndRemovalsAnswerAsADictionaryDoes() throws {
        var table = OccurrenceTable<Int>()
        var reference: [String: Int] = [:]
        var random = Xoshiro256StarStar(seed: 5)
        let start = try #require(LocalDate(year: 2026, month: 3, day: 1))
        for step in 0..<20_000 {
            let slot = "s\(random.next() % 4)"
            // Mostly within a year of the start; sometimes decades away either side.
            let spread: UInt64 = random.next() % 10 == 0 ? 30_000 : 500
            let date = start.adding(days: Int(Int64(random.next() % (2 * spread)) - Int64(spread))).description
            let key = slot + "\u{0}" + date
            if random.next() % 4 == 0 {
                table[slot: slot, localDate: date] = nil
                reference[key] = nil
            } else {
                table[slot: slot, localDate: date] = step
                reference[key] = step
            }
            #expect(table[slot: slot, localDate: date] == reference[key])
        }
        Self.expect(table, answersAs: reference)
    }

    /// Records name a few dates in turn (a rolling window's), each time in a string of its own:
    /// the dates the table remembers and those it parses afresh land on the same entries.
    @Test func datesNamedInTurnLandOnTheirOwnEntries() throws {
        var table = OccurrenceTable<Int>()
        var reference: [String: Int] = [:]
        var random = Xoshiro256StarStar(seed: 11)
        let start = try #require(LocalDate(year: 2026, month: 10, day: 24))
        for step in 0..<5_000 {
            // Mostly the two or three dates of the moment; now and then one far off or no date.
            let base = step / 200
            let pick = random.next() % 16
            let date =
                pick == 0 ? "not-a-date" : pick == 1 ? start.adding(days: Int(random.next() % 900)).description
                : start.adding(days: base + Int(pick % 3)).description
            let slot = "s\(random.next() % 3)"
            if pick == 2 {
                table.insertIfAbsent(step, slot: slot, localDate: date)
                if reference[slot + "\u{0}" + date] == nil { reference[slot + "\u{0}" + date] = step }
            } else {
                table[slot: slot, localDate: date] = step
                reference[slot + "\u{0}" + date] = step
            }
        }
        Self.expect(table, answersAs: reference)
    }

    /// `table` has the entries of `reference` (keyed by slot, NUL, date text) and no others,
    /// found by the date's text and, for a date, by the ``LocalDate``.
    private static func expect(_ table: OccurrenceTable<Int>, answersAs reference: [String: Int]) {
        #expect(table.count == reference.count)
        for (key, value) in reference {
            let parts = key.split(separator: "\u{0}").map(String.init)
            #expect(table[slot: parts[0], localDate: parts[1]] == value, "\(key)")
            if let date = LocalDate(parsing: parts[1]) { #expect(table[slot: parts[0], localDate: date] == value, "\(key)") }
        }
    }

    @Test func aLocalDateFindsTheEntryOfItsDescription() throws {
        var table = OccurrenceTable<String>()
        let dates = try [
            #require(LocalDate(year: 2026, month: 3, day: 29)), #require(LocalDate(year: 12026, month: 3, day: 29)),
            #require(LocalDate(year: -1, month: 1, day: 1)), #require(LocalDate(year: 0, month: 1, day: 1)),
        ]
        for date in dates { table[slot: "s1", localDate: date.description] = date.description }
        for date in dates {
            #expect(table[slot: "s1", localDate: date] == date.description)
            #expect(table[slot: "s2", localDate: date] == nil)
        }
    }

    @Test func insertIfAbsentKeepsTheFirstValue() {
        var table = OccurrenceTable<Int>()
        for date in ["2026-03-29", "not a date"] {
            table.insertIfAbsent(1, slot: "s1", localDate: date)
            table.insertIfAbsent(2, slot: "s1", localDate: date)
            table.insertIfAbsent(3, slot: "s2", localDate: date)
            #expect(table[slot: "s1", localDate: date] == 1)
            #expect(table[slot: "s2", localDate: date] == 3)
        }
    }

    @Test func dayNumbersAreTheDatesParsedAsLocalDateParsesThem() {
        for date in Self.dates {
            let parsed = LocalDate(parsing: date)
            #expect(OccurrenceTable<Int>.dayNumber(date) == parsed.map(\.daysSinceEpoch), "\(date)")
        }
    }
}
