/// Collects a run's ``TraceRecord``s in order and computes their digest.
///
/// The digest is FNV-1a over a canonical rendering of every record, so two runs with equal
/// digests wrote the same trace. The rendering of a record is the line
/// `id|t|subsystem|kind|rule|cause|key=value|key=value…` followed by a newline (`t` in
/// milliseconds since the epoch, an absent rule empty); it is folded into the digest byte by
/// byte as the record is written, without building the line, so the digest costs the same and
/// has the same value whether or not the records are kept.
public final class TraceRecorder {
    /// Whether records are kept. A recorder that does not keep them still numbers records,
    /// updates the digest and tells ``observer`` about each one.
    public let isEnabled: Bool
    /// The records so far (empty when the recorder does not keep them).
    public private(set) var records: [TraceRecord] = []
    /// The id of the most recent record, or -1.
    public private(set) var lastID: Int32 = -1
    /// The running FNV-1a digest.
    public private(set) var digest: UInt64 = FNV1a.offsetBasis
    /// The time of the most recent record.
    private var lastTime = SimInstant(millisecondsSinceEpoch: .min)
    /// Called with every record as it is written, kept or not: the place to index what a result
    /// needs from the trace as the run goes, instead of scanning the trace afterwards.
    public var observer: ((TraceRecord) -> Void)?

    /// Creates a recorder.
    public init(enabled: Bool = true) { isEnabled = enabled }

    /// How many records were written (kept or not).
    public var recordCount: Int { Int(lastID) + 1 }

    /// Appends a record and returns its id.
    @discardableResult
    public func record(
        at time: SimInstant, subsystem: String, kind: String, rule: String? = nil, cause: Int32,
        details: [TraceDetail] = []
    ) -> Int32 {
        // Records are written at the engine's current time, so the trace is in time order; the
        // indexes built from it (see `observer`) rely on that.
        assert(lastID < 0 || time >= lastTime, "trace records must be written in time order")
        lastTime = time
        lastID += 1
        let record = TraceRecord(
            id: lastID, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause, details: details)
        fold(record)
        observer?(record)
        if isEnabled { records.append(record) }
        return lastID
    }

    /// The digest as 16 hexadecimal digits.
    public var digestHex: String { FNV1a.hex(digest) }

    /// The records of a given kind.
    public func records(kind: String) -> [TraceRecord] { records.filter { $0.kind == kind } }

    /// Folds the record's canonical line into the digest.
    private func fold(_ record: TraceRecord) {
        var hash = digest
        let bar = UInt8(ascii: "|")
        FNV1a.update(&hash, decimal: Int64(record.id))
        FNV1a.update(&hash, byte: bar)
        FNV1a.update(&hash, decimal: record.time.millisecondsSinceEpoch)
        FNV1a.update(&hash, byte: bar)
        FNV1a.update(&hash, with: record.subsystem)
        FNV1a.update(&hash, byte: bar)
        FNV1a.update(&hash, with: record.kind)
        FNV1a.update(&hash, byte: bar)
        if let rule = record.rule { FNV1a.update(&hash, with: rule) }
        FNV1a.update(&hash, byte: bar)
        FNV1a.update(&hash, decimal: Int64(record.cause))
        for detail in record.details {
            FNV1a.update(&hash, byte: bar)
            FNV1a.update(&hash, with: detail.key)
            FNV1a.update(&hash, byte: UInt8(ascii: "="))
            FNV1a.update(&hash, with: detail.value)
        }
        FNV1a.update(&hash, byte: UInt8(ascii: "\n"))
        digest = hash
    }
}
