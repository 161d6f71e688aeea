import DNSimCalendar
import DNSimCore

extension PluginStore {
    /// One occurrence of a slot: the key the store's history is indexed by (and a run's
    /// result matches deliveries to its plan by). Slot ids compare by their bytes and are
    /// hashed cheaply (``StringKey``): the plugin looks an occurrence up on every delivery and
    /// every prefetch.
    public struct Occurrence: Hashable, Sendable {
        /// The slot id.
        public var slot: String
        /// The occurrence's local date.
        public var localDate: LocalDate

        /// The occurrence of `slot` on `localDate`.
        public init(slot: String, localDate: LocalDate) {
            self.slot = slot
            self.localDate = localDate
        }

        /// Whether both name the same date of slots with the same bytes.
        public static func == (lhs: Occurrence, rhs: Occurrence) -> Bool {
            lhs.localDate == rhs.localDate && StringKey(lhs.slot) == StringKey(rhs.slot)
        }

        /// Feeds the slot's bytes and the date to `hasher`.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(StringKey(slot))
            hasher.combine(localDate)
        }

        /// The slot's folded bytes and the day number, mixed by ``WordMix``.
        public func _rawHashValue(seed: Int) -> Int {
            WordMix.hash(StringKey(slot).word, UInt64(bitPattern: localDate.daysSinceEpoch), seed: seed)
        }
    }
}

extension PluginStore {
    /// The first local date `slot` owes at `now` in `zone`: its stored next date, or an earlier
    /// one a westward move (or the clock set back) brought back. A slot set up at 07:01 in Tokyo
    /// for 00:00 owes 00:00 on that same date in New York, where it is still the evening before.
    ///
    /// Walks back from ``Slot/nextLocalDate`` while the previous date's occurrence falls after
    /// the slot was set up (``Slot/scheduledAt``, or `now` if unknown) and after the plugin last
    /// ran in another zone (``zoneSince``: an instant in this zone before the move was never
    /// reached on the device's clock here), and the slot has no history for it. A date two
    /// zones merge is never stepped onto.
    public func firstOwedDate(of slot: Slot, now: Int64, in zone: Zone) -> LocalDate {
        let floor = max(slot.scheduledAt ?? now, zoneSince ?? .min)
        var date = slot.nextLocalDate
        // Zone offsets differ by at most 26 h, so at most two dates can come back.
        for _ in 0..<3 {
            let previous = date.adding(days: -1)
            guard let at = DailyOccurrence.ownInstant(on: previous, at: slot.time, in: zone), at.millisecondsSinceEpoch > floor,
                !hasHistory(slot: slot.id, localDate: previous)
            else { break }
            date = previous
        }
        return date
    }

    /// After a move from the zone the plugin last ran in (``lastRunZone``) to `zone`, what the
    /// old zone's clock reads at `now` (wall ms): every date-time at or before it had already
    /// passed on the old clock, shown or lost there, however recent it looks in `zone`. `nil`
    /// when the plugin last ran in `zone` or never noted a run.
    public func oldClockReading(movingTo zone: Zone, at now: Int64) -> LocalDateTime? {
        guard let lastRunZone, lastRunZone != zone.identifier, let old = Zone(identifier: lastRunZone) else { return nil }
        return old.localDateTime(at: SimInstant(millisecondsSinceEpoch: now))
    }

    /// Notes that the plugin runs at `now` (wall ms) in `zone`. When the zone differs from the
    /// one it last ran in, the device moved after that run, so ``zoneSince`` becomes its time.
    public mutating func noteRun(in zone: String, at now: Int64) {
        if let lastRunZone, lastRunZone != zone { zoneSince = lastRunAt ?? now }
        lastRunZone = zone
        lastRunAt = now
    }
}
