import DNSimCore

/// Look-ups in a time line: values that took effect at instants, in time order (a zone from each
/// zone change on, a clock offset from each clock step on, a permission from each grant or revoke).
enum TimeLine {
    /// The value of the last entry of `timeLine` (in time order) at or before `instant`, if any:
    /// a binary search, so a caller looking up every episode or delivery never rescans the line.
    static func last<Value>(in timeLine: [(SimInstant, Value)], atOrBefore instant: SimInstant) -> Value? {
        let after = timeLine.partitioningIndex { $0.0 > instant }
        return after > 0 ? timeLine[after - 1].1 : nil
    }
}
