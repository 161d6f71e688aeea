import DNSimCore

extension Array where Element == TraceDetail {
    /// `details` followed by an `extra.<key>` detail for each pair (Intent extras, `userInfo`,
    /// work input), then `more`, built in one array of the final size.
    static func details(_ details: [TraceDetail], extras pairs: [StringPair], _ more: [TraceDetail] = []) -> [TraceDetail] {
        var result: [TraceDetail] = []
        result.reserveCapacity(details.count + pairs.count + more.count)
        result.append(contentsOf: details)
        for pair in pairs { result.append(.extra(pair.key, pair.value)) }
        result.append(contentsOf: more)
        return result
    }
}
