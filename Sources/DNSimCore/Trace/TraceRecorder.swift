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
/// calls (the ``observer``, a record's `details`) writes to it, so no two
/// accesses to its state ever overlap: its stored properties are marked
/// `@exclusivity(unchecked)`, which spares every record the run-time exclusivity checks (about
/// 3 % of a device-year run).
///
/// Details are built lazily: a record's `details` are evaluated only when the recorder keeps
/// records or its ``observer`` asks for them, so a run that keeps no trace pays for the
/// details only of the records its indexes read, and for only the summary of those whose
/// summary is all it reads.
public final class TraceRecorder {
    /// Whether records are kept. A recorder that does not keep them still numbers records,
    /// updates the digest, counts them per header (``recordCountsByHeader``) and hands
    /// ``observer`` each one it asks for.
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
    /// Told about every record as it is written, kept or not (``TraceObserver``). When the
    /// recorder does not keep records, a record reaches the observer with the details the
    /// observer's ``TraceObserver/detailDemand(header:subsystem:kind:rule:tag:)`` asked for, and
    /// not at all if it answered ``DetailDemand/headerOnly``. The recorder holds it strongly and
    /// calls it through an unowned copy, so a record costs no reference counting for it.
    public var observer: TraceObserver? {
        didSet {
            observerReference = observer.map { Unmanaged.passUnretained($0) }
            observerDemands = Array(repeating: .unasked, count: observerDemands.count)
            recordCountsByHeader = Array(repeating: 0, count: recordCountsByHeader.count)
        }
    }
    /// How many records were written under each header number (``TraceObserver``) since
    /// ``observer`` was last set, while one was: what an observer that is not handed every
    /// record (``DetailDemand/headerOnly``) counts records by.
    @exclusivity(unchecked) public private(set) var recordCountsByHeader: [Int] = []
    /// What the observer said of each header number's demand
    /// (``TraceObserver/fixedDetailDemand(header:subsystem:kind:rule:)``).
    @exclusivity(unchecked) private var observerDemands: [ObserverDemand] = []

    /// What the recorder knows of its observer's demand for the records of one header.
    enum ObserverDemand {
        /// Not asked yet.
        case unasked
        /// The same for every record of the header.
        case fixed(DetailDemand)
        /// Asked per record (it depends on the record's tag).
        case perRecord
    }
    /// ``observer``, which keeps it alive, unretained: what each record calls.
    @exclusivity(unchecked) private var observerReference: Unmanaged<TraceObserver>?

    /// How much of a record's details an observer reads
    /// (``TraceObserver/detailDemand(header:subsystem:kind:rule:tag:)``).
    public enum DetailDemand: Sendable {
        /// Nothing beyond the header: the observer noted what it needed (it reads the record's
        /// count in ``recordCountsByHeader``, and the `tag` it was shown, if it was asked per
        /// record), and the record does not reach ``TraceObserver/observe(_:header:)`` (no
        /// record is built for it). Most records of a run are of this sort (an index counts
        /// them by kind and rule), and building and handing over a record costs more than
        /// folding its header into the digest.
        case headerOnly
        /// None: the record reaches the observer without details.
        case none
        /// Only its summary: the record carries the summary alone when the writer gave one
        /// (`summary` or `extras` of
        /// ``record(at:subsystem:kind:rule:cause:details:summary:extras:tag:)``; a record with
        /// extras reaches ``TraceObserver/observe(header:id:time:subsystem:kind:rule:cause:extras:)``,
        /// and so does one whose summary is empty, with no extras), else all its details.
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
        // A run writes some fifty headers; where each lands depends on where the binary's
        // literals lie, and three hot ones in a slot and its neighbour would evict one another
        // at every record (seen at 128 slots: 3 % more instructions for an Android year). At 1 024
        // slots, three of fifty meet in a slot pair about once in twenty builds.
        headerCache = RecordHeaderCache(slotBits: 10)
        FNV1a.update(&digest, littleEndian: seed, byteCount: 8)
    }

    /// How many records were written (kept or not).
    public var recordCount: Int { Int(lastID) + 1 }

    /// Appends a record and returns its id. `details` is evaluated only when the record is kept
    /// or the ``observer`` asks for it. `summary`, when given, is the few details among
    /// `details` that indexes read, in the same order and with the same values (an item's
    /// `extra.<name>` details, a telemetry event's name and slot): what an observer that asks
    /// only for the summary gets, sparing the rest of the details (see ``DetailDemand/summary``).
    /// `extras`, when given, are the extras of the item the record is about (an Intent's
    /// extras, a request's `userInfo`), which `details` include as `extra.<key>` details, and
    /// are the record's summary: an observer that asks only for the summary gets a record that
    /// carries them as they are, in ``TraceRecord/extras``, and no details (no detail is built
    /// from them: most records a run indexes are about such items). `summary` is then unused.
    /// `tag`, when given, is the value of one of those details that a record may be counted by
    /// (a telemetry event's name): the observer sees it with the header, so a record that is
    /// only counted by it is never built. It is not part of the record.
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
        let observer = observerReference
        guard computesDigest || observer != nil || isEnabled else { return lastID }
        let header = knownHeader(subsystem: subsystem, kind: kind, rule: rule)
        if computesDigest { fold(id: lastID, time: time, header: header.fold, cause: cause) }
        guard let observer else {
            if isEnabled {
                records.append(
                    TraceRecord(id: lastID, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause, details: details()))
            }
            return lastID
        }
        recordCountsByHeader[header.number] += 1
        // The observer is called unretained: ``observer`` keeps it alive.
        return observer._withUnsafeGuaranteedRef { observer in
            if isEnabled {
                let record = TraceRecord(
                    id: lastID, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause, details: details())
                observer.observe(record, header: header.number)
                records.append(record)
                return lastID
            }
            let demand: DetailDemand
            switch observerDemands[header.number] {
            case .fixed(let fixed): demand = fixed
            case .perRecord: demand = observer.detailDemand(header: header.number, subsystem: subsystem, kind: kind, rule: rule, tag: tag)
            case .unasked:
                if let fixed = observer.fixedDetailDemand(header: header.number, subsystem: subsystem, kind: kind, rule: rule) {
                    observerDemands[header.number] = .fixed(fixed)
                    demand = fixed
                } else {
                    observerDemands[header.number] = .perRecord
                    demand = observer.detailDemand(header: header.number, subsystem: subsystem, kind: kind, rule: rule, tag: tag)
                }
            }
            let recordDetails: [TraceDetail]
            switch demand {
            case .headerOnly: return lastID
            case .none: recordDetails = []
            case .summary:
                if let extras {
                    observer.observe(
                        header: header.number, id: lastID, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause,
                        extras: extras)
                    return lastID
                }
                recordDetails = summary() ?? details()
                // An empty summary is a record about no item's extras: it reaches the observer
                // as one with no extras does, which need not be built.
                if recordDetails.isEmpty {
                    observer.observe(
                        header: header.number, id: lastID, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause,
                        extras: [])
                    return lastID
                }
            case .all: recordDetails = details()
            }
            observer.observe(
                TraceRecord(id: lastID, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause, details: recordDetails),
                header: header.number)
            return lastID
        }
    }

    /// The digest as 16 hexadecimal digits.
    public var digestHex: String { FNV1a.hex(digest) }

    /// The records of a given kind.
    public func records(kind: String) -> [TraceRecord] { records.filter { $0.kind == kind } }

    /// The digest of a run with `seed` that wrote `records`, as a recorder computes it.
    public static func digest(of records: some Sequence<TraceRecord>, seed: UInt64 = 0) -> UInt64 {
        let recorder = TraceRecorder(enabled: false, seed: seed)
        for r in records {
            let header = recorder.knownHeader(subsystem: r.subsystem, kind: r.kind, rule: r.rule)
            recorder.fold(id: r.id, time: r.time, header: header.fold, cause: r.cause)
        }
        return recorder.digest
    }

    /// Folds one record header into the digest. The header's text (subsystem, kind, rule and
    /// their separators) is folded in one step (``FNV1a/Fold``), exactly as byte by byte.
    @inline(__always)
    private func fold(id: Int32, time: SimInstant, header: FNV1a.Fold.Step, cause: Int32) {
        var hash = digest
        FNV1a.update(&hash, littleEndian: UInt64(UInt32(bitPattern: id)), byteCount: 4)
        FNV1a.update(&hash, littleEndian: UInt64(bitPattern: time.millisecondsSinceEpoch), byteCount: 8)
        hash = header.apply(to: hash)
        FNV1a.update(&hash, littleEndian: UInt64(UInt32(bitPattern: cause)), byteCount: 4)
        FNV1a.update(&hash, byte: 0x1E)
        digest = hash
    }

    /// What the recorder knows of one record header: its number (``TraceObserver``) and the
    /// fold of its text.
    struct Header {
        /// The header's number in this recorder: headers are numbered in the order first written.
        var number: Int
        /// The fold of `subsystem`, 0x1F, `kind`, 0x1F, `rule` (none when absent), 0x1F: the
        /// process-wide fold (``FNV1a/Fold/shared(_:)``), which lives as long as the process,
        /// so its plain ``FNV1a/Fold/Step`` stays valid.
        var fold: FNV1a.Fold.Step
    }

    /// The number and fold of a header: from the cache of recent headers, else from
    /// ``headerNumbers`` (a header written before keeps its number), else a new number.
    @inline(__always)
    private func knownHeader(subsystem: String, kind: String, rule: String?) -> Header {
        headerCache.value(subsystem: subsystem, kind: kind, rule: rule) {
            let key = StringTriple(subsystem, kind, rule)
            if let known = headerNumbers[key] { return known }
            let header = Header(
                number: headerNumbers.count,
                fold: FNV1a.Fold.shared(subsystem + "\u{1F}" + kind + "\u{1F}" + (rule ?? "") + "\u{1F}").step)
            headerNumbers[key] = header
            recordCountsByHeader.append(0)
            observerDemands.append(.unasked)
            return header
        }
    }

    /// The headers written so far, each with its number and fold.
    @exclusivity(unchecked) private var headerNumbers: [StringTriple: Header] = [:]
    /// The recently written headers, in front of ``headerNumbers`` (header strings are mostly
    /// literals: finding one there is a compare of bits, not a hash of three strings).
    @exclusivity(unchecked) private var headerCache: RecordHeaderCache<Header>
}

/// A header's three strings as a dictionary key.
struct StringTriple: Hashable {
    var subsystem: String
    var kind: String
    var rule: String?

    init(_ subsystem: String, _ kind: String, _ rule: String?) {
        self.subsystem = subsystem
        self.kind = kind
        self.rule = rule
    }
}
