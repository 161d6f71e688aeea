/// One line of a run's trace: what happened, when, in which subsystem, which rule decided it,
/// and which earlier record caused it.
public struct TraceRecord: Equatable, Sendable {
    /// The record's position in the trace, from 0.
    public var id: Int32
    /// The virtual (true) time of the record.
    public var time: SimInstant
    /// The subsystem that wrote it, such as `android.alarm` or `plugin`.
    public var subsystem: String
    /// What happened, such as `alarm.set` or `notification.posted`.
    public var kind: String
    /// The id of the OS fact that decided the outcome (`A1`, `I14`), when an OS rule did.
    public var rule: String?
    /// The id of the record that caused this one, or -1.
    public var cause: Int32
    /// Further facts as ordered key–value pairs.
    public var details: [TraceDetail]

    /// Creates a record.
    public init(
        id: Int32, time: SimInstant, subsystem: String, kind: String, rule: String?, cause: Int32,
        details: [TraceDetail]
    ) {
        self.id = id
        self.time = time
        self.subsystem = subsystem
        self.kind = kind
        self.rule = rule
        self.cause = cause
        self.details = details
    }

    /// The value of the first detail named `key`.
    public func detail(_ key: String) -> String? {
        details.first { $0.key == key }?.value
    }
}

/// A named fact attached to a ``TraceRecord``.
public struct TraceDetail: Equatable, Sendable {
    /// The fact's name.
    public var key: String
    /// The fact's value, already rendered as text.
    public var value: String

    /// Creates a detail.
    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}
