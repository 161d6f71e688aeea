/// The future-event set: a binary min-heap of events ordered by `(time, priority, sequence)`.
///
/// `sequence` is a counter assigned at insertion, so events with equal time and priority come
/// out in insertion order (FIFO), independent of the heap's internal layout. This ordering is the
/// determinism contract of the engine.
///
/// Cancellation is lazy: ``cancel(_:)`` remembers the handle and the event is dropped when it
/// reaches the top. ``count`` counts only live events.
///
/// - Complexity: ``insert(_:at:priority:cause:)`` and ``popMin()`` are O(log n); ``cancel(_:)``
///   is O(n) (it looks for the event in the heap), and
///   ``cancel(_:nonePoppedAfter:)`` O(1) for an event due after that instant (the engine's
///   common case: an alarm replaced or removed before it is due).
@frozen
public struct EventQueue<Payload> {
    /// One queued event. `order` packs the priority into the top byte and the sequence number
    /// into the low 56 bits, so one integer comparison breaks a time tie.
    @frozen
    public struct Entry {
        /// When the event is due.
        public var time: SimInstant
        @usableFromInline var order: UInt64
        /// The trace record that caused this event, or -1 when there is none.
        public var cause: Int32
        /// What happens when the event is due.
        public var payload: Payload

        @inlinable
        init(time: SimInstant, order: UInt64, cause: Int32, payload: Payload) {
            self.time = time
            self.order = order
            self.cause = cause
            self.payload = payload
        }

        /// The handle returned when the event was inserted.
        @inlinable public var handle: EventHandle { EventHandle(time: time, order: order) }

        /// The priority the event was inserted with.
        @inlinable public var priority: EventPriority { EventPriority(rank: UInt8(truncatingIfNeeded: order >> 56)) }

        @inlinable
        func precedes(_ other: Entry) -> Bool {
            EventQueue.precedes(time, order, other.time, other.order)
        }
    }

    /// Whether the event ordered by `(time, order)` runs before the one ordered by
    /// `(otherTime, otherOrder)`.
    @inlinable
    @inline(__always)
    static func precedes(_ time: SimInstant, _ order: UInt64, _ otherTime: SimInstant, _ otherOrder: UInt64) -> Bool {
        time.millisecondsSinceEpoch < otherTime.millisecondsSinceEpoch
            || (time.millisecondsSinceEpoch == otherTime.millisecondsSinceEpoch && order < otherOrder)
    }

    @usableFromInline static var sequenceMask: UInt64 { EventHandle.sequenceMask }

    @usableFromInline var storage: ContiguousArray<Entry>
    @usableFromInline var nextSequence: UInt64
    /// The cancelled events still in the heap, one bit per sequence number (bit `s % 64` of
    /// word `s / 64`): sequences are dense from 0, so a bit each is both smaller and far
    /// cheaper to test than a hashed set, and every pop tests the top while any are cancelled.
    /// The words grow to the greatest sequence cancelled, never with inserts alone.
    @usableFromInline var cancelledBits: [UInt64]
    /// How many bits of ``cancelledBits`` are set.
    @usableFromInline var cancelledCount: Int
    /// The greatest `(time, order)` of the cancelled events dropped from the heap so far; the
    /// least possible key before the first drop. Tracked on the drop path only, so popping
    /// pays nothing for it.
    @usableFromInline var greatestDroppedTime: SimInstant
    @usableFromInline var greatestDroppedOrder: UInt64

    /// Creates an empty queue.
    @inlinable
    public init() {
        storage = []
        nextSequence = 0
        cancelledBits = []
        cancelledCount = 0
        greatestDroppedTime = SimInstant(millisecondsSinceEpoch: .min)
        greatestDroppedOrder = 0
    }

    /// Creates an empty queue with room for `capacity` events before it reallocates.
    @inlinable
    public init(reservingCapacity capacity: Int) {
        self.init()
        storage.reserveCapacity(capacity)
    }

    /// The number of live (not cancelled) events.
    @inlinable
    public var count: Int { storage.count - cancelledCount }

    /// Whether no live event is queued.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// Inserts an event and returns its handle.
    @inlinable
    @discardableResult
    public mutating func insert(
        _ payload: Payload, at time: SimInstant, priority: EventPriority = .normal, cause: Int32 = -1
    ) -> EventHandle {
        let sequence = nextSequence
        nextSequence &+= 1
        let entry = Entry(time: time, order: UInt64(priority.rank) << 56 | sequence, cause: cause, payload: payload)
        storage.append(entry)
        siftUp(from: storage.count &- 1)
        return entry.handle
    }

    /// Cancels a queued event. Returns `false` when the handle is unknown, already cancelled,
    /// or its event already ran.
    @inlinable
    @discardableResult
    public mutating func cancel(_ handle: EventHandle) -> Bool {
        cancel(handle, nonePoppedAfter: SimInstant(millisecondsSinceEpoch: .max))
    }

    /// ``cancel(_:)``, told that no event due after `instant` has been popped (the engine's
    /// clock, which never runs an event in its past): an event due after it, and ordered after
    /// every cancelled event dropped so far, is still in the heap, so it is cancelled without
    /// looking for it.
    @inlinable
    @discardableResult
    public mutating func cancel(_ handle: EventHandle, nonePoppedAfter instant: SimInstant) -> Bool {
        guard handle.sequence < nextSequence else { return false }
        let mayHaveLeft =
            handle.time <= instant
            || !Self.precedes(greatestDroppedTime, greatestDroppedOrder, handle.time, handle.order)
        if mayHaveLeft, !storage.contains(where: { $0.order == handle.order }) { return false }
        return markCancelled(handle.sequence)
    }

    /// Whether the event with `sequence` is cancelled and still in the heap.
    @inlinable
    func isCancelled(_ sequence: UInt64) -> Bool {
        let word = Int(truncatingIfNeeded: sequence >> 6)
        return word < cancelledBits.count && cancelledBits[word] & (1 &<< (sequence & 63)) != 0
    }

    /// Marks the event with `sequence` cancelled; `false` if it already was. Once most of the
    /// heap is cancelled events (a force stop cancels every alarm at once), the heap is rebuilt
    /// without them (``dropAllCancelled()``).
    @inlinable
    mutating func markCancelled(_ sequence: UInt64) -> Bool {
        guard markCancelledBit(sequence) else { return false }
        if cancelledCount >= Self.cancelledBeforeRebuild && cancelledCount * 2 > storage.count { dropAllCancelled() }
        return true
    }

    /// How many cancelled events the heap holds at least before it is rebuilt without them.
    @inlinable
    static var cancelledBeforeRebuild: Int { 64 }

    /// Removes every cancelled event from the heap at once and restores the heap order: the
    /// events left come out in the same order, for that order is fixed by their keys alone.
    /// One pass over the heap instead of a sift per event as each reaches the top. The removed
    /// events keep their cancel marks (no event in the heap has their sequence numbers), so a
    /// second cancel of one still answers that it was cancelled already; they no longer count
    /// as cancelled events in the heap.
    @inlinable
    mutating func dropAllCancelled() {
        var kept = 0
        for index in storage.indices {
            if isCancelled(storage[index].order & Self.sequenceMask) {
                cancelledCount -= 1
                continue
            }
            if kept != index { storage.swapAt(kept, index) }
            kept += 1
        }
        storage.removeLast(storage.count - kept)
        // Heapify: each parent sifted down, the last first.
        var parent = storage.count / 2 - 1
        while parent >= 0 {
            siftDown(from: parent)
            parent -= 1
        }
    }

    /// Marks the event with `sequence` cancelled (the bit alone); `false` if it already was.
    @inlinable
    mutating func markCancelledBit(_ sequence: UInt64) -> Bool {
        let word = Int(truncatingIfNeeded: sequence >> 6)
        if word >= cancelledBits.count {
            // Room up to the newest sequence at once, so a run's cancels grow the words rarely.
            let words = max(word + 1, Int(truncatingIfNeeded: nextSequence >> 6) + 1)
            cancelledBits.append(contentsOf: repeatElement(0, count: words - cancelledBits.count))
        }
        let bit: UInt64 = 1 &<< (sequence & 63)
        guard cancelledBits[word] & bit == 0 else { return false }
        cancelledBits[word] |= bit
        cancelledCount += 1
        return true
    }

    /// Clears the cancel mark of the event with `sequence` (it left the heap); `false` if it
    /// had none.
    @inlinable
    mutating func unmarkCancelled(_ sequence: UInt64) -> Bool {
        guard isCancelled(sequence) else { return false }
        cancelledBits[Int(truncatingIfNeeded: sequence >> 6)] &= ~(1 &<< (sequence & 63))
        cancelledCount -= 1
        return true
    }

    /// The earliest live event, without removing it.
    @inlinable
    public mutating func peekMin() -> Entry? {
        dropCancelledTop()
        return storage.first
    }

    /// Removes and returns the earliest live event.
    @inlinable
    public mutating func popMin() -> Entry? {
        dropCancelledTop()
        return removeTop()
    }

    /// Every live event in the order it would run; for inspection and end-of-run checks.
    public func orderedEntries() -> [Entry] {
        storage.filter { !isCancelled($0.order & Self.sequenceMask) }
            .sorted { $0.precedes($1) }
    }

    /// Drops cancelled events from the top. The common case, nothing cancelled, is one inlined
    /// test of a count; the bit tests live in ``dropCancelledTopSlow()``.
    @inlinable
    @inline(__always)
    mutating func dropCancelledTop() {
        if cancelledCount != 0 { dropCancelledTopSlow() }
    }

    @inlinable
    @inline(never)
    mutating func dropCancelledTopSlow() {
        while cancelledCount != 0, let top = storage.first, unmarkCancelled(top.order & Self.sequenceMask)
        {
            _ = removeTop()
            if Self.precedes(greatestDroppedTime, greatestDroppedOrder, top.time, top.order) {
                greatestDroppedTime = top.time
                greatestDroppedOrder = top.order
            }
        }
    }

    /// Removes the top entry just returned by ``peekMin()``, which has already dropped the
    /// cancelled tops; so this is exactly what ``popMin()`` would do next, minus a second
    /// cancellation check and a second copy of the entry.
    ///
    /// - Precondition: the last mutation was a ``peekMin()`` that returned an entry.
    @inlinable
    mutating func removePeekedMin() {
        let last = storage.removeLast()
        if !storage.isEmpty { siftDown(last) }
    }

    @inlinable
    mutating func removeTop() -> Entry? {
        guard let last = storage.popLast() else { return nil }
        if storage.isEmpty { return last }
        let top = storage[0]
        siftDown(last)
        return top
    }

    /// Moves the element at `index` up until its parent precedes it (hole technique).
    @inlinable
    mutating func siftUp(from index: Int) {
        storage.withUnsafeMutableBufferPointer { buffer in
            var child = index
            let moving = buffer[child]
            while child > 0 {
                let parent = (child &- 1) >> 1
                guard moving.precedes(buffer[parent]) else { break }
                buffer[child] = buffer[parent]
                child = parent
            }
            buffer[child] = moving
        }
    }

    /// Sifts the entry at `index` down until it precedes its children (hole technique).
    @inlinable
    mutating func siftDown(from index: Int) {
        siftDown(storage[index], into: index)
    }

    /// Places `moving` at the root and sifts it down (hole technique).
    @inlinable
    mutating func siftDown(_ moving: Entry) {
        siftDown(moving, into: 0)
    }

    /// Places `moving` in the hole at `start` and sifts it down (hole technique).
    @inlinable
    mutating func siftDown(_ moving: Entry, into start: Int) {
        storage.withUnsafeMutableBufferPointer { buffer in
            let n = buffer.count
            var hole = start
            while true {
                let left = hole &* 2 &+ 1
                if left >= n { break }
                let right = left &+ 1
                var child = left
                if right < n, buffer[right].precedes(buffer[left]) { child = right }
                guard buffer[child].precedes(moving) else { break }
                buffer[hole] = buffer[child]
                hole = child
            }
            buffer[hole] = moving
        }
    }
}

extension EventQueue: Sendable where Payload: Sendable {}
extension EventQueue.Entry: Sendable where Payload: Sendable {}
