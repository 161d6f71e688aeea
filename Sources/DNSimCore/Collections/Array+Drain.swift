extension Array {
    /// Hands each element to `body`, first to last, then empties the array and keeps its
    /// storage: for a log that is read and emptied after every event.
    ///
    /// Emptying takes the elements off the end one by one. For the few elements such a log
    /// holds, that is far cheaper than `removeAll(keepingCapacity: true)`, which goes through
    /// the general `replaceSubrange` (some 700 instructions for a single element); a long
    /// array is emptied by that all the same. If `body` throws, the array is left as it was.
    @inlinable
    public mutating func drain(_ body: (Element) throws -> Void) rethrows {
        guard !isEmpty else { return }
        for index in indices { try body(self[index]) }
        if count > 16 {
            removeAll(keepingCapacity: true)
        } else {
            while popLast() != nil {}
        }
    }
}
