/// Reads a run's records as a ``TraceRecorder`` writes them: the place to index what a result
/// needs from the trace as the run goes, instead of scanning the trace afterwards
/// (``TraceRecorder/observer``). Subclass it and override both methods.
///
/// The recorder numbers the distinct headers (subsystem, kind and rule) of its run in the order
/// it first writes them, from 0, and hands each record's number along with it: an observer
/// works out once per header what it does with such records and finds that again by the number,
/// an array index, instead of looking three strings up for every record.
///
/// It is a class, not a closure, so that a record reaches it through one indirect call: the
/// recorder holds it without counting references per record (see ``TraceRecorder/observer``).
open class TraceObserver {
    /// Creates an observer.
    public init() {}

    /// Which details of a record with this header and `tag` ``observe(_:header:)`` reads, asked
    /// before the record is built when the recorder keeps no records. `header` is the recorder's
    /// number for the header (`subsystem`, `kind`, `rule`); `tag` is the value of the one detail
    /// such a record may be counted by
    /// (``TraceRecorder/record(at:subsystem:kind:rule:cause:details:summary:extras:tag:)``).
    /// The default reads every detail.
    open func detailDemand(header: Int, subsystem: String, kind: String, rule: String?, tag: String?)
        -> TraceRecorder.DetailDemand
    {
        .all
    }

    /// The demand of every record whose header the recorder numbered `header`, when it depends
    /// on the header alone; `nil` when it may depend on a record's `tag`, in which case the
    /// recorder asks ``detailDemand(header:subsystem:kind:rule:tag:)`` for each such record.
    /// Asked once per header, on its first record, when the recorder keeps no records: a run
    /// writes most of its records under a few dozen headers, and the recorder answers those
    /// itself. The default is `nil`.
    open func fixedDetailDemand(header: Int, subsystem: String, kind: String, rule: String?) -> TraceRecorder.DetailDemand? {
        nil
    }

    /// Reads one record, whose header the recorder numbered `header`. When the recorder keeps no
    /// records, the record carries the details the observer asked for
    /// (``fixedDetailDemand(header:subsystem:kind:rule:)`` or
    /// ``detailDemand(header:subsystem:kind:rule:tag:)``), and does not arrive at all when the
    /// answer was ``TraceRecorder/DetailDemand/headerOnly``. The default does nothing.
    open func observe(_ record: consuming TraceRecord, header: Int) {}

    /// Reads a record that reaches the observer with the extras of the item it is about and no
    /// details (``TraceRecorder/DetailDemand/summary`` of a record written with `extras`). The
    /// default builds that record and hands it to ``observe(_:header:)``; an observer that reads
    /// many such records can override this to read the extras without the record being built.
    open func observe(
        header: Int, id: Int32, time: SimInstant, subsystem: String, kind: String, rule: String?, cause: Int32,
        extras: [StringPair]
    ) {
        observe(
            TraceRecord(id: id, time: time, subsystem: subsystem, kind: kind, rule: rule, cause: cause, details: [], extras: extras),
            header: header)
    }
}
