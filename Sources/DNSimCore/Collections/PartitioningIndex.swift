extension RandomAccessCollection {
    /// The index of the first element for which `belongsInSecondPartition` is true, or
    /// `endIndex`: a binary search, for a collection partitioned by the predicate (every element
    /// for which it is false comes before every element for which it is true), such as a time
    /// line searched for the first entry after an instant. O(log n) predicate calls.
    ///
    /// The shape of swift-algorithms' `partitioningIndex(where:)`, which dnsim cannot depend on.
    @inlinable
    public func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try belongsInSecondPartition(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
