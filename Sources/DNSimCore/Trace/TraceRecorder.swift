/// Collects a run's ``TraceRecord``s in order and computes their digest.
///
/// The digest covers the run's seed and every record's header: its id, time, subsystem, kind,
/// rule and cause (the record's details are derived from the same state and are not hashed). It
/// is FNV-1a over the seed as 8 little-endian bytes, then, per record: the id as 4 little-endian bytes, the time in milliseconds as 8, the subsystem's
/// UTF-8 bytes and 0x1F, the kind's and 0x1F, the rule's (none when absent) and 0x1F, the cause
/// as 4 little-endian bytes, then 0x1E. Two runs with equal digests wrote the same sequence of
/// decisions. The digest is folded as each record is written, so it costs the same and has the
/// same value whether or not the records are kept.
///
/// The recorder belongs to one simulation and is used from its thread only, and nothing it
/// calls (the ``observer``, the ``detailFilter``, a record's `details`) writes to it, so no two
/// accesses to its state ever overlap: its stored properties are marked
/// `@exclusivity(unchecked)`, which spares every record the run-time exclusivity checks (about
/// 3 % of a device-year run).
///
/// Details are built lazily: a record's `details` are evaluated only when the recorder keeps
/// records or its ``detailFilter`` asks for them, so a run that keeps no trace pays for the
/// details only of the records its indexes read, and for only the summary of those whose
/// summary is all it reads.
public final class TraceRecorder {
    /// Whether records are kept. A recorder that does not keep them still numbers records,
    /// updates the digest and tells ``observer`` about each one.
    public let isEnabled: Bool
    /// Whether the recorder computes the digest. One that does not (for a caller that never
    /// reads it, such as a fleet counting deliveries) leaves ``digest`` at its starting value
    /// and spares every record the fold.
    public let computesDigest: Bool
    /// The records so far (empty when the recorder does not keep them).
    @exclusivity(unchecked) public private(set) var records: [TraceRecord] = []
    /// The id of the most recent record, or -1.
    @exclusivity(unchecked) public private(set) var lastID: Int32 = -1
    /// The running digest (the seed's alone when the recorder does not compute it: ``computesDigest``).
    @exclusivity(unchecked) public private(set) var digest: UInt64 = FNV1a.offsetBasis
    /// The time of the most recent record.
    @exclusivity(unchecked) private var lastTime = SimInstant(millisecondsSinceEpoch: .min)
    /// Called with every record as it is written, kept or not: the place to index what a result
    /// needs from the trace as the run goes, instead of scanning the trace afterwards. When the
    /// recorder does not keep records, a record reaches the observer with its details only if
    /// ``detailFilter`` asked for them (otherwise with none), and not at all if the filter
    /// answered ``DetailDemand/headerOnly``.
    @exclusivity(unchecked) public var observer: ((TraceRecord) -> Void)?
    /// Which details of a record the observer reads, by subsystem, kind, rule and tag (the
    /// `tag` of ``record(at:subsystem:kind:rule:cause:details:summary:extras:tag:)``); consulted only
    /// when the recorder does not keep records.
    @exclusivity(unchecked) public var detailFilter:
        ((_ subsystem: String, _ kind: String, _ rule: String?, _ tag: String?) -> DetailDemand)?

    /// How much of a record's details an observer reads (``detailFilter``).
    public enum DetailDemand: Sendable {
        /// Nothing beyond the header the filter was shown: the filter noted what it needed, and
        /// the record does not reach the observer (no record is built for it). Most records of
        /// a run are of this sort (an index counts them by kind and rule), and building and
        /// handing over a record costs more than folding its header into the digest.
        case headerOnly
        /// None: the record reaches the observer without details.
        case none
        /// Only its summary: the record carries the summary alone when the writer gave one
        /// (`summary` or `extras` of
        /// ``record(at:subsystem:kind:rule:cause:details:summary:extras:tag:)``), else all its
        /// details.
        case summary
        /// All of them.
        case all
    }

    /// Creates a recorder whose digest starts from `seed` (the run's seed, so runs that differ only
    /// in their seed have different digests). With `computesDigest` false the digest is not
    /// computed (``computesDigest``).
    public init(enabled: Bool = true, seed: UInt64 = 0, computesDigest: Bool = true) {
        isEnabled = enabled
        self.computesDigest = computesDigest
        foldCache = RecordHeaderCache(slotBits: computesDigest ? 7 : 0)
        FNV1a.update(&digest, littleEndian: seed, byteCount: 8)
    }

    /// How many records were written (kept or not).
    public var recordCount: Int { Int(lastID) + 1 }

    /// Appends a record and returns its id. `details` is evaluated only when the record is kept
    /// or the ``detailFilter`` asks for it. `summary`, when given, is the few details among
    /// `details` that indexes read, in the same order and with the same values (an item's
    /// `extra.<name>` details, a telemetry event's name and slot): what an observer that asks
    /// only for the summary gets, sparing the rest of the details (see ``DetailDemand/summary``).
    /// `extras`, when given, are the extras of the item the record is about (an Intent's
    /// extras, a request's `userInfo`), which `details` include as `extra.<key>` details, and
    /// are the record's summary: an observer that asks only for the summary gets a record that
    /// carries them as they are, in ``TraceRecord/extras``, and no details (no detail is built
    /// from them: most records a run indexes are about such items). `summary` is then unused.
    /// `tag`, when given, is the value of one of those details that a record may be counted by
    /// (a telemetry event's name): the ``detailFilter`` sees it with the header, so a record
    /// that is only counted by it is never built. It is not part of the record.
    @discardableResult
    public func record(
        at time: SimInstant, subsystem: String, kind: String, rule: String? = nil, cause: Int32,
        details: @autoclosure () -> [TraceDetail] = [], summary: @autoclosure () -> [TraceDetail]? = nil,
        extras: [StringPair]? = nil, tag: String? = nil
    ) -> Int32 {
        // Records are written at the engine's current time, so the trace is in time order; the
        // indexes built from it (see `observer`) rely on that.
        assert(lastID < 0 || time >= lastTime, "trace records must be written in time order")
        lastTime = time
        lastID += 1
        if computesDigest { fold(id: lastID, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause) }
        if isEnabled {
            let record = TraceRecord(
                id: lastID, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause, details: details())
            observer?(record)
            records.append(record)
            return lastID
        }
        guard let observer else { return lastID }
        let recordDetails: [TraceDetail]
        switch detailFilter?(subsystem, kind, rule, tag) ?? .all {
        case .headerOnly: return lastID
        case .none: recordDetails = []
        case .summary:
            if let extras {
                observer(
                    TraceRecord(
                        id: lastID, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause, details: [],
                        extras: extras))
                return lastID
            }
            recordDetails = summary() ?? details()
        case .all: recordDetails = details()
        }
        observer(TraceRecord(id: lastID, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause, details: recordDetails))
        return lastID
    }

    /// The digest as 16 hexadecimal digits.
    public var digestHex: String { FNV1a.hex(digest) }

    /// The records of a given kind.
    public func records(kind: String) -> [TraceRecord] { records.filter { $0.kind == kind } }

    /// The digest of a run with `seed` that wrote `records`, as a recorder computes it.
    public static func digest(of records: some Sequence<TraceRecord>, seed: UInt64 = 0) -> UInt64 {
        let recorder = TraceRecorder(enabled: false, seed: seed)
        for r in records {
            recorder.fold(id: r.id, time: r.time, subsystem: r.subsystem, kind: r.kind, rule: r.rule, cause: r.cause)
        }
        return recorder.digest
    }

    /// Folds one record header into the digest. The header's text (subsystem, kind, rule and
    /// their separators) is folded in one step (``FNV1a/Fold``), exactly as byte by byte.
    private func fold(id: Int32, time: SimInstant, subsystem: String, kind: String, rule: String?, cause: Int32) {
        var hash = digest
        FNV1a.update(&hash, littleEndian: UInt64(UInt32(bitPattern: id)), byteCount: 4)
        FNV1a.update(&hash, littleEndian: UInt64(bitPattern: time.millisecondsSinceEpoch), byteCount: 8)
        hash = headerFold(subsystem: subsystem, kind: kind, rule: rule).apply(to: hash)
        FNV1a.update(&hash, littleEndian: UInt64(UInt32(bitPattern: cause)), byteCount: 4)
        FNV1a.update(&hash, byte: 0x1E)
        digest = hash
    }

    /// The fold of a header's text: `subsystem`, 0x1F, `kind`, 0x1F, `rule` (none when absent),
    /// 0x1F: the process-wide fold (``FNV1a/Fold/shared(_:)``), cached by header.
    private func headerFold(subsystem: String, kind: String, rule: String?) -> FNV1a.Fold {
        foldCache.value(subsystem: subsystem, kind: kind, rule: rule) {
            FNV1a.Fold.shared(subsystem + "\u{1F}" + kind + "\u{1F}" + (rule ?? "") + "\u{1F}")
        }
    }

    /// The header folds this recorder uses (no slots when it computes no digest).
    @exclusivity(unchecked) private var foldCache: RecordHeaderCache<FNV1a.Fold>
}
