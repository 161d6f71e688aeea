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
    /// The extras of the item the record is about (an Intent's extras, a request's `userInfo`),
    /// as the item holds them, when the record carries them apart from ``details``: only a
    /// record handed to an observer with its summary alone, whose summary is those extras
    /// (``TraceRecorder/record(at:subsystem:kind:rule:cause:details:summary:extras:tag:)``).
    /// Empty otherwise: a kept record has its extras among its details. ``extra(_:)`` reads
    /// both.
    public var extras: [StringPair]

    /// Creates a record.
    public init(
        id: Int32, time: SimInstant, subsystem: String, kind: String, rule: String?, cause: Int32,
        details: [TraceDetail], extras: [StringPair] = []
    ) {
        self.id = id
        self.time = time
        self.subsystem = subsystem
        self.kind = kind
        self.rule = rule
        self.cause = cause
        self.details = details
        self.extras = extras
    }

    /// The value of the first detail named `key`.
    public func detail(_ key: String) -> String? {
        let first = key.utf8.first
        // By index: each detail is read in place, not copied out (with its strings) as a
        // `for … in` loop does. A plain detail's name and the key, both ASCII (as the names
        // a record is read by are), are told equal or not from their representations alone
        // (``UTF8Bytes/asciiEquality(_:_:)``): the same bits, or two short strings, or two
        // lengths; only other names are compared as ``TraceDetail/hasKey(_:)`` compares them.
        for index in details.indices {
            if !details[index].isExtra, let equal = UTF8Bytes.asciiEquality(details[index].name, key) {
                if equal { return details[index].value }
                continue
            }
            if details[index].hasKey(key, first: first) { return details[index].value }
        }
        return nil
    }

    /// The value of the first detail named `extra.<name>` (``detail(_:)`` of that key, without
    /// building it), or of the first of ``extras`` named `name`.
    public func extra(_ name: String) -> String? {
        let first = name.utf8.first
        if let value = Self.extra(name, first: first, in: extras[...]) { return value }
        for index in details.indices where details[index].isExtra(named: name, first: first) { return details[index].value }
        return nil
    }

    /// The value of the first of `extras` named `name` as ``extra(_:)`` finds it (keys compare
    /// as `String ==` does), for an observer that reads a record's extras without the record
    /// (``TraceObserver/observe(header:id:time:subsystem:kind:rule:cause:extras:)``).
    ///
    /// Inlined into the observers that read the extras of most records of a run: ASCII keys
    /// (all a run's are) compare by their representation, and `name`'s first byte is read only
    /// for a key that is not ASCII.
    @inlinable @inline(__always)
    public static func extra(_ name: String, in extras: [StringPair]) -> String? {
        for index in extras.indices {
            switch UTF8Bytes.asciiEquality(extras[index].key, name) {
            case true?: return extras[index].value
            case false?: continue
            case nil: return extra(name, first: name.utf8.first, in: extras[index...])
            }
        }
        return nil
    }

    /// ``extra(_:in:)``, told the first UTF-8 byte of `name`.
    @usableFromInline
    static func extra(_ name: String, first: UInt8?, in extras: ArraySlice<StringPair>) -> String? {
        for index in extras.indices {
            switch UTF8Bytes.asciiEquality(extras[index].key, name) {
            case true?: return extras[index].value
            case false?: continue
            case nil:
                if !TraceDetail.differInFirstASCIIByte(extras[index].key.utf8.first, first) && extras[index].key == name {
                    return extras[index].value
                }
            }
        }
        return nil
    }
}

/// A named fact attached to a ``TraceRecord``.
///
/// A detail keeps what it was made from and renders its text only when read: an integer is
/// turned into digits, and an extra's key gets its `extra.` prefix, when ``key`` or ``value``
/// is asked for. Most records of a run that keeps no trace are read for one or two details or
/// none, so building a detail costs no string work.
public struct TraceDetail: Sendable {
    /// The key as given, or the name of an extra (see ``isExtra``).
    @usableFromInline var name: String
    /// Whether the key is `extra.` followed by ``name`` (an Intent extra, a notification's
    /// `userInfo` entry, work input).
    @usableFromInline var isExtra: Bool
    /// The value's text; unused when ``isInteger``.
    @usableFromInline var text: String
    /// The value, when it is an integer.
    @usableFromInline var integer: Int64
    /// Whether the value is ``integer``, written in decimal digits when read.
    @usableFromInline var isInteger: Bool

    /// The fact's name.
    public var key: String { isExtra ? TraceDetail.extraPrefix + name : name }

    /// The fact's value, as text.
    public var value: String { isInteger ? String(integer) : text }

    /// The prefix of an extra's key.
    public static let extraPrefix = "extra."

    @inlinable
    init(name: String, isExtra: Bool, text: String, integer: Int64, isInteger: Bool) {
        self.name = name
        self.isExtra = isExtra
        self.text = text
        self.integer = integer
        self.isInteger = isInteger
    }

    /// Creates a detail.
    @inlinable
    public init(_ key: String, _ value: String) {
        self.init(name: key, isExtra: false, text: value, integer: 0, isInteger: false)
    }

    /// Creates a detail whose value is an integer, written in decimal digits when read.
    @inlinable
    public init(_ key: String, _ value: Int64) {
        self.init(name: key, isExtra: false, text: "", integer: value, isInteger: true)
    }

    /// Creates a detail whose value is an integer, written in decimal digits when read.
    @inlinable
    public init(_ key: String, _ value: Int) {
        self.init(key, Int64(value))
    }

    /// Creates a detail whose value is an integer, written in decimal digits when read.
    @inlinable
    public init(_ key: String, _ value: Int32) {
        self.init(key, Int64(value))
    }

    /// The detail `extra.<name>` for an extra (an Intent extra, a `userInfo` entry, work input).
    @inlinable
    public static func extra(_ name: String, _ value: String) -> TraceDetail {
        TraceDetail(name: name, isExtra: true, text: value, integer: 0, isInteger: false)
    }

    /// Whether two strings whose first UTF-8 bytes are `lhs` and `rhs` cannot be equal because
    /// those bytes are different ASCII scalars. An ASCII scalar is a starter that decomposes to
    /// itself, so it begins the string's canonical decomposition: two strings that begin with
    /// different ones are not canonically equivalent (not `==`). The check spares the full
    /// comparison of most pairs of names a look-up meets.
    @inline(__always)
    static func differInFirstASCIIByte(_ lhs: UInt8?, _ rhs: UInt8?) -> Bool {
        guard let lhs, let rhs else { return false }
        return lhs != rhs && lhs < 0x80 && rhs < 0x80
    }

    /// Whether the detail is named `extra.<target>` (``hasKey(_:)`` of that key, without
    /// building it), told the first UTF-8 byte of `target` (``TraceRecord/extra(_:)`` reads it
    /// once per look-up).
    func isExtra(named target: String, first targetFirst: UInt8?) -> Bool {
        if isExtra {
            // Names that start with a non-ASCII scalar could join the prefix's "." into one
            // character: then compare the whole keys.
            guard let targetFirst, targetFirst < 0x80, let first = name.utf8.first, first < 0x80 else {
                return key == TraceDetail.extraPrefix + target
            }
            return first == targetFirst && name == target
        }
        // A plain key spelled out as "extra.<name>" (rare: a quick look at its first byte).
        guard name.utf8.first == UInt8(ascii: "e"), name.hasASCIIPrefix(TraceDetail.extraPrefix) else { return false }
        return hasKey(TraceDetail.extraPrefix + target)
    }

    /// Whether the detail is named `key` (without building the name of an extra).
    public func hasKey(_ key: String) -> Bool {
        hasKey(key, first: key.utf8.first)
    }

    /// ``hasKey(_:)``, told the first UTF-8 byte of `key` (``TraceRecord/detail(_:)`` reads it
    /// once per look-up).
    func hasKey(_ key: String, first keyFirst: UInt8?) -> Bool {
        guard isExtra else {
            return !Self.differInFirstASCIIByte(name.utf8.first, keyFirst) && name == key
        }
        // A name that starts with a non-ASCII scalar could join the prefix's "." into one
        // character: compare the whole keys.
        guard let first = name.utf8.first, first < 0x80 else { return key == self.key }
        // "extra." is ASCII starters: a key equal to it plus the name starts with its bytes,
        // and the rest of the key is then equal (canonically, as `==` has it) to the name.
        guard key.hasASCIIPrefix(TraceDetail.extraPrefix) else { return false }
        return Substring(key.utf8.dropFirst(TraceDetail.extraPrefix.utf8.count)) == name
    }
}

extension TraceDetail: Equatable {
    /// Equal when the key and the value read the same.
    public static func == (lhs: TraceDetail, rhs: TraceDetail) -> Bool {
        lhs.key == rhs.key && lhs.value == rhs.value
    }
}
