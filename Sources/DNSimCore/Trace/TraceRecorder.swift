/// Collects a run's ``TraceRecord``s in order and computes their digest.
///
/// The digest is FNV-1a over a canonical rendering of every record, so two runs with equal
/// digests wrote the same trace.
public final class TraceRecorder {
    /// Whether records are kept. A disabled recorder still numbers records and updates the digest.
    public let isEnabled: Bool
    /// The records so far.
    public private(set) var records: [TraceRecord] = []
    /// The id of the most recent record, or -1.
    public private(set) var lastID: Int32 = -1
    /// The running FNV-1a digest.
    public private(set) var digest: UInt64 = FNV1a.offsetBasis

    /// Creates a recorder.
    public init(enabled: Bool = true) { isEnabled = enabled }

    /// Appends a record and returns its id.
    @discardableResult
    public func record(
        at time: SimInstant, subsystem: String, kind: String, rule: String? = nil, cause: Int32,
        details: [TraceDetail] = []
    ) -> Int32 {
        lastID += 1
        let record = TraceRecord(
            id: lastID, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause, details: details)
        fold(record)
        if isEnabled { records.append(record) }
        return lastID
    }

    /// The digest as 16 hexadecimal digits.
    public var digestHex: String { FNV1a.hex(digest) }

    /// The records of a given kind.
    public func records(kind: String) -> [TraceRecord] { records.filter { $0.kind == kind } }

    private func fold(_ record: TraceRecord) {
        var line = "\(record.id)|\(record.time.millisecondsSinceEpoch)|\(record.subsystem)|\(record.kind)|"
        line += (record.rule ?? "") + "|\(record.cause)"
        for detail in record.details { line += "|\(detail.key)=\(detail.value)" }
        line += "\n"
        FNV1a.update(&digest, with: line)
    }
}
