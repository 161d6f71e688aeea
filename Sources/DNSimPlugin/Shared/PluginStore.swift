import DNSimCalendar
import DNSimCore
import DNSimPlatforms

/// The plugin's own database (Room on Android, its store on iOS): what survives process death
/// and reboot because it lives in the app's storage, not in memory.
public struct PluginStore: Sendable {
    /// One scheduled daily slot.
    public struct Slot: Sendable, Equatable {
        /// The slot id.
        public var id: String
        /// The wall time.
        public var time: LocalTime
        /// Title and body of the notification.
        public var title: String
        /// The body text.
        public var body: String
        /// The local date of the occurrence armed next.
        public var nextLocalDate: LocalDate
        /// The wall-clock ms the next occurrence is armed for (`nextRunAt`).
        public var nextRunAt: Int64
        /// The alarm request code (Android) for this slot.
        public var requestCode: Int
        /// When the content shown for this slot was last fetched (wall ms), if ever.
        public var contentFetchedAt: Int64? {
            get { fetchedContent.fetchedAt }
            set { fetchedContent.fetchedAt = newValue }
        }
        /// The fetched content's version, if any.
        public var contentVersion: Int? {
            get { fetchedContent.version }
            set { fetchedContent.version = newValue }
        }
        /// The fetched content's version and fetch time, as one value: a fetch that changes
        /// both (``apply(version:etag:fetchedAt:)``) builds ``contentExtras`` once.
        var fetchedContent = FetchedContent() {
            didSet { if fetchedContent != oldValue { contentExtras = Self.contentExtras(contentVersion, contentFetchedAt) } }
        }

        /// What a slot knows of its fetched content.
        struct FetchedContent: Sendable, Equatable {
            var version: Int?
            var fetchedAt: Int64?
        }
        /// The content extras of a fresh occurrence: the version and fetch time as text, kept
        /// in step with ``contentVersion`` and ``contentFetchedAt`` (built when they change, not
        /// at every arming that reads them).
        public private(set) var contentExtras: [StringPair] = []
        /// The fetched content's ETag, sent as `If-None-Match`.
        public var contentETag: String? = nil
        /// Whether the stored record no longer deserializes (fault injection).
        public var isCorrupt = false
        /// When the schedule call that set the slot up was accepted (wall ms): no occurrence
        /// before it was ever owed.
        public var scheduledAt: Int64? = nil
        /// The length of the store's history when the slot was set up: entries before it belong
        /// to earlier set-ups (see ``PluginStore/wasSettled(_:localDate:)``).
        public var historyMark = 0

        /// The body rendered before arming (seed 004: no delivery-time mutation).
        public var renderedBody: String {
            contentVersion.map { Self.renderedBody(body, version: DecimalDigits.string(Int64($0))) } ?? body
        }

        /// `body` then ` [content v<version>]` (`[content v<version>]` alone for an empty body):
        /// the body of an occurrence shown with fetched content, made as one string of its final
        /// size (every delivery renders one; concatenating and interpolating allocated thrice).
        public static func renderedBody(_ body: String, version: String) -> String {
            var body = body
            var version = version
            return body.withUTF8 { head in
                version.withUTF8 { digits in
                    let marker: StaticString = head.isEmpty ? "[content v" : " [content v"
                    let length = head.count + marker.utf8CodeUnitCount + digits.count + 1
                    func write(_ start: UnsafeMutablePointer<UInt8>) {
                        var end = start
                        func copy(_ part: UnsafeBufferPointer<UInt8>) {
                            if let source = part.baseAddress { end.update(from: source, count: part.count) }
                            end += part.count
                        }
                        copy(head)
                        copy(UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount))
                        copy(digits)
                        end.pointee = UInt8(ascii: "]")
                    }
                    // A short body of ASCII (most are) makes a small string without a check of its bytes.
                    if length <= 15 && head.allSatisfy({ $0 < 0x80 }) && digits.allSatisfy({ $0 < 0x80 }) {
                        return String(ascii: length, initializingWith: write)
                    }
                    return String(unsafeUninitializedCapacity: length) { buffer in
                        guard let start = buffer.baseAddress else { return 0 }
                        write(start)
                        return length
                    }
                }
            }
        }

        /// The content extras of a fresh occurrence with content `version` fetched at `fetchedAt`.
        static func contentExtras(_ version: Int?, _ fetchedAt: Int64?) -> [StringPair] {
            guard let version, let fetchedAt else { return [] }
            return [
                StringPair(NotificationExtraKey.contentVersion, DecimalDigits.string(Int64(version))),
                StringPair(NotificationExtraKey.contentFetchedAt, DecimalDigits.string(fetchedAt)),
            ]
        }

        /// Applies a fetch result: new content, or a 304 that re-validates the old.
        public mutating func apply(version: Int?, etag: String?, fetchedAt: Int64) {
            if let etag { contentETag = etag }
            fetchedContent = FetchedContent(version: version ?? fetchedContent.version, fetchedAt: fetchedAt)
        }
    }


    /// What happened to one occurrence, as the plugin recorded it.
    public struct HistoryEntry: Sendable, Equatable {
        /// Delivered, detected as missed, or deliberately skipped.
        public enum Status: String, Sendable {
            /// The plugin posted the notification.
            case delivered
            /// The plugin found the occurrence had passed without delivery.
            case missed
            /// The plugin chose not to deliver it (stale content, seed 004 TTL-at-fire).
            case skipped
        }

        /// The slot id.
        public var slot: String
        /// The occurrence's local date.
        public var localDate: LocalDate
        /// What the plugin recorded.
        public var status: Status
    }

    /// The slots, in the order they were first scheduled. Ids are unique: scheduling an id
    /// again replaces its slot.
    public var slots: [Slot] = []
    /// Slot id → position in ``slots`` when ``slotIndex(of:)`` last indexed them: a hint, checked
    /// before it is trusted, since ``slots`` is changed in place.
    private var slotPositions: [StringKey: Int] = [:]
    /// Delivery and missed records, in order. Append through ``appendHistory(_:)``, which keeps
    /// the indexes below in step.
    public private(set) var history: [HistoryEntry] = []
    /// The occurrences that have a history entry, with the position of the latest one
    /// (``hasHistory(slot:localDate:)`` in O(1)), by slot and day number: a slot's days lie
    /// together, so a device-year's history is not a table of tens of thousands of hashed
    /// entries that grows and rehashes as it goes.
    private var recordedOccurrences = SlotDayTable<Int>()
    /// The position in ``history`` of the last delivered entry.
    private var lastDeliveredPosition: Int?
    /// How many history entries are missed.
    public private(set) var missedCount = 0
    /// How many process-exit records the plugin has already examined (Android force-stop detection).
    public var examinedExitRecords = 0
    /// How many times the plugin concluded that the app had been force-stopped.
    public var forceStopsDetected = 0
    /// Settings changed at run time (`configure`, `updateSettings`).
    public var settings = PluginSettings()
    /// The time zone the plugin last ran in, and when (wall ms); see ``noteRun(in:at:)``.
    public internal(set) var lastRunZone: String?, lastRunAt: Int64?
    /// Since when (wall ms) the device has been in the zone it is in now, as far as the plugin
    /// can tell: the last run in the previous zone. `nil` until the plugin sees a zone change.
    public internal(set) var zoneSince: Int64?

    /// The last occurrence the plugin knows was delivered (`getLastNotification`).
    public var lastDelivered: HistoryEntry? { lastDeliveredPosition.map { history[$0] } }

    /// Creates an empty store.
    public init() {}

    /// The position of the slot with this id in ``slots``: what `slots.firstIndex { $0.id == id }`
    /// returns, looked up by id instead of compared against every slot (the plugin finds a
    /// slot on every delivery and every prefetch).
    public mutating func slotIndex(of id: String) -> Int? {
        // A handful of slots are compared faster than an id is hashed.
        if slots.count <= Self.slotsSearchedInOrder { return slots.firstIndex { $0.id == id } }
        // The position a short id was found at lately, if the slot there still has this id
        // (the same words, so the same bytes), without a hash.
        if let position = recentPositions.value(for: id), position < slots.count,
            let words = UTF8Bytes.representation(of: id), UTF8Bytes.representation(of: slots[position].id).map({ $0 == words }) == true
        {
            return position
        }
        let key = StringKey(id)
        if let position = slotPositions[key], position < slots.count, slots[position].id == id {
            recentPositions.remember(position, for: id)
            return position
        }
        // Stale or missing: index the slots again (ids are unique, so the position found is the first).
        slotPositions.removeAll(keepingCapacity: true)
        for position in slots.indices.reversed() { slotPositions[StringKey(slots[position].id)] = position }
        if let position = slotPositions[key] { return position }
        // The index keys ids by their bytes; `==` on ids also matches canonically equivalent
        // spellings, which only a search finds.
        return slots.firstIndex { $0.id == id }
    }

    /// Where ``slotIndex(of:)`` found a short id lately (128 lines, so that a few dozen slots
    /// seldom share one): a position used only if the slot there still has the id.
    private var recentPositions = ShortStringMemo<Int>(lineBits: 7)

    /// Up to how many slots ``slotIndex(of:)`` compares ids in order instead of indexing them.
    static let slotsSearchedInOrder = 8

    /// Marks a slot's record unreadable (fault injection: RESTORE-CORRUPT-RECORD).
    public mutating func corrupt(slot id: String) {
        for index in slots.indices where slots[index].id == id { slots[index].isCorrupt = true }
    }

    /// The slots a restore can use. A careful restore (`tolerant`) skips unreadable records and
    /// returns their ids; a naive one fails as a whole, as a throwing deserializer would.
    public func restorableSlots(tolerant: Bool) -> (slots: [Slot], skipped: [String])? {
        let corrupt = slots.filter(\.isCorrupt).map(\.id)
        if corrupt.isEmpty { return (slots, []) }
        return tolerant ? (slots.filter { !$0.isCorrupt }, corrupt) : nil
    }

    /// Whether an occurrence already has a history entry (so it is never reported twice).
    public func hasHistory(slot: String, localDate: LocalDate) -> Bool {
        recordedOccurrences[slot: slot, day: localDate.daysSinceEpoch] != nil
    }

    /// Whether an occurrence was settled for the slot's current set-up: shown or skipped at any
    /// time, or reported missed since the slot was set up (``Slot/historyMark``). A date reported
    /// missed under an earlier set-up (before a cancel), which travel west brings back ahead, is
    /// owed again to the new one.
    public func wasSettled(_ slot: Slot, localDate: LocalDate) -> Bool {
        wasSettled(slot: slot.id, historyMark: slot.historyMark, localDate: localDate)
    }

    /// ``wasSettled(_:localDate:)`` of the slot with id `slot` and ``Slot/historyMark``
    /// `historyMark` (for a caller that reads a stored slot's fields where they lie).
    public func wasSettled(slot: String, historyMark: Int, localDate: LocalDate) -> Bool {
        guard let position = recordedOccurrences[slot: slot, day: localDate.daysSinceEpoch] else { return false }
        return history[position].status != .missed || position >= historyMark
    }

    /// Records what happened to an occurrence, after every earlier record.
    public mutating func appendHistory(_ entry: HistoryEntry) {
        recordedOccurrences[slot: entry.slot, day: entry.localDate.daysSinceEpoch] = history.count
        switch entry.status {
        case .delivered: lastDeliveredPosition = history.count
        case .missed: missedCount += 1
        case .skipped: break
        }
        history.append(entry)
    }

    /// Forgets every history entry.
    public mutating func removeAllHistory() {
        history.removeAll()
        recordedOccurrences.removeAll()
        lastDeliveredPosition = nil
        missedCount = 0
    }

    /// A stable request code for a slot id (FNV-1a folded to 31 bits), never `Hasher`.
    public static func requestCode(for slotID: String) -> Int {
        var hash = requestCodeBasis
        foldRequestCode(&hash, slotID)
        return Int(hash & 0x7fff_ffff)
    }

    /// The request code of `"<slotID>#<lane>"` (``requestCode(for:)``), without building the
    /// string: every arm of a rolling window asks for one per lane.
    public static func requestCode(for slotID: String, lane: Int) -> Int {
        var hash = requestCodeBasis
        foldRequestCode(&hash, slotID)
        foldRequestCode(&hash, UInt8(ascii: "#"))
        if (0..<10).contains(lane) {
            foldRequestCode(&hash, UInt8(ascii: "0") &+ UInt8(lane))
        } else {
            DecimalDigits.forEach(Int64(lane)) { foldRequestCode(&hash, $0) }
        }
        return Int(hash & 0x7fff_ffff)
    }

    /// The 32-bit FNV-1a offset basis the request codes start from.
    private static let requestCodeBasis: UInt32 = 2_166_136_261

    /// Folds the UTF-8 bytes of `text` into a 32-bit FNV-1a hash, read in place (a slot id is
    /// folded on every arming of each lane of its window).
    private static func foldRequestCode(_ hash: inout UInt32, _ text: String) {
        // A short id's bytes are read out of its two words (little-endian: the first byte lowest).
        #if _endian(little)
            if let words = UTF8Bytes.shortStringWords(of: text), let count = UTF8Bytes.byteCount(words) {
                for index in 0..<count {
                    let word = index < 8 ? words.0 : words.1
                    foldRequestCode(&hash, UInt8(truncatingIfNeeded: word >> UInt64(8 * (index & 7))))
                }
                return
            }
        #endif
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes { foldRequestCode(&hash, byte) }
        }
    }

    /// Folds one byte into a 32-bit FNV-1a hash.
    @inline(__always)
    private static func foldRequestCode(_ hash: inout UInt32, _ byte: UInt8) {
        hash ^= UInt32(byte)
        hash = hash &* 16_777_619
    }
}
