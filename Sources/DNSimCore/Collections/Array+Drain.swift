extension Array {
    /// Hands each element to `body`, first to last, then empties the array and keeps its
    /// storage: for a log that is read and emptied after every event. If `body` throws, the
    /// array is left as it was.
    @inlinable
    public mutating func drain(_ body: (Element) throws -> Void) rethrows {
        guard !isEmpty else { return }
        for index in indices { try body(self[index]) }
        removeAllKeepingStorage()
    }

    /// Empties the array and keeps its storage, as `removeAll(keepingCapacity: true)` does.
    ///
    /// The elements are taken off the end one by one and destroyed by code made for their
    /// type. `removeAll(keepingCapacity: true)` goes through the general `replaceSubrange`
    /// (some 700 instructions for a single element) and has the runtime destroy each element
    /// through its type's generic witness, which costs several times more per element than
    /// the destroy the compiler writes for a known type.
    @inlinable
    public mutating func removeAllKeepingStorage() {
        while popLast() != nil {}
    }
}
