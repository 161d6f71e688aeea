import DNSimCore

extension DailyOccurrence {
    /// The occurrence after a date's (``DailyOccurrence/nextDate(after:at:in:gap:fold:)`` and its
    /// ``DailyOccurrence/instant(on:at:in:gap:fold:)``, with the default gap and fold policies),
    /// remembered for the dates asked about lately.
    ///
    /// A plugin asks the same question several times per occurrence: moving a slot on at a
    /// delivery, and again for each rolling window it arms over the next day (at the delivery,
    /// and after the prefetch). Each answer looks the zone's offsets up twice. The memo is
    /// direct-mapped: each (date, time) has one line (a mix of the day number and the time), which
    /// holds the last question that mapped there with its zone; an answer is reused only for
    /// the same date and time in a zone with the same offsets (the same offset table), so it is
    /// the answer the calls would give.
    ///
    /// It belongs to one user (a plugin process) and is not for sharing between threads.
    public final class Memo {
        /// One remembered question and its answer: plain values, read without counting
        /// references (and a table of them is freed without visiting its lines). The zone is
        /// known by its offset table's identity (``Zone/tableIdentity``); ``zones`` holds the
        /// zone, so no other table takes that identity meanwhile.
        private struct Line {
            var table: ObjectIdentifier
            var day: Int64
            var millisecondsIntoDay: Int64
            var next: LocalDate
            var instant: SimInstant?
        }

        /// log2 of the number of lines: a plugin moves dozens of slots on, each over a few
        /// dates, and two questions sharing a line evict each other.
        private static var lineBits: Int { 10 }

        /// By line (`nil`: empty; allocated on the first question).
        private var lines: [Line?] = []
        /// The zones of the questions remembered, one per offset table (a run has one or two).
        private var zones: [Zone] = []

        /// An empty memo.
        public init() {}

        /// The date of the occurrence after the one on `date` at `time` in `zone`
        /// (``DailyOccurrence/nextDate(after:at:in:gap:fold:)``) and that occurrence's instant
        /// (``DailyOccurrence/instant(on:at:in:gap:fold:)`` of the date), with the default gap
        /// and fold policies.
        public func next(after date: LocalDate, at time: LocalTime, in zone: Zone) -> (date: LocalDate, instant: SimInstant?) {
            let day = date.daysSinceEpoch
            let milliseconds = time.millisecondsIntoDay
            let table = zone.tableIdentity
            if lines.isEmpty { lines = Array(repeating: nil, count: 1 << Self.lineBits) }
            let mixed = (UInt64(bitPattern: day) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(bitPattern: milliseconds) &* 0xBF58_476D_1CE4_E5B9)
            let index = Int(truncatingIfNeeded: mixed >> UInt64(64 - Self.lineBits))
            if let line = lines[index], line.day == day, line.millisecondsIntoDay == milliseconds, line.table == table {
                return (line.next, line.instant)
            }
            let next = DailyOccurrence.nextDate(after: date, at: time, in: zone)
            let instant = DailyOccurrence.instant(on: next, at: time, in: zone)
            lines[index] = Line(table: table, day: day, millisecondsIntoDay: milliseconds, next: next, instant: instant)
            if !zones.contains(where: { $0.tableIdentity == table }) { zones.append(zone) }
            return (next, instant)
        }
    }
}
