import DNSimCore
import Testing

struct EventQueueTests {
    private func at(_ ms: Int64) -> SimInstant { SimInstant(millisecondsSinceEpoch: ms) }

    @Test func popsInTimeOrder() {
        var queue = EventQueue<String>()
        queue.insert("c", at: at(30))
        queue.insert("a", at: at(10))
        queue.insert("b", at: at(20))
        #expect([queue.popMin()?.payload, queue.popMin()?.payload, queue.popMin()?.payload] == ["a", "b", "c"])
        #expect(queue.popMin() == nil)
        #expect(queue.isEmpty)
    }

    @Test func equalTimesRunByPriorityThenInsertionOrder() {
        var queue = EventQueue<Int>()
        for value in 0..<50 { queue.insert(value, at: at(5), priority: .normal) }
        queue.insert(-1, at: at(5), priority: .system)
        queue.insert(100, at: at(5), priority: .late)
        var out: [Int] = []
        while let entry = queue.popMin() { out.append(entry.payload) }
        #expect(out == [-1] + Array(0..<50) + [100])
    }

    @Test func seededRandomKeysComeOutAsAStableSort() {
        var generator = Xoshiro256StarStar(seed: 99)
        var queue = EventQueue<Int>()
        var reference: [(time: Int64, rank: UInt8, index: Int)] = []
        for index in 0..<5000 {
            let time = Int64(generator.next(below: 200))
            let rank = UInt8(generator.next(below: 3) * 64)
            queue.insert(index, at: at(time), priority: EventPriority(rank: rank))
            reference.append((time, rank, index))
        }
        let expected = reference.sorted { ($0.time, $0.rank, $0.index) < ($1.time, $1.rank, $1.index) }.map(\.index)
        var out: [Int] = []
        while let entry = queue.popMin() { out.append(entry.payload) }
        #expect(out == expected)
    }

    @Test func cancelledEventsNeverRunAndDoNotCount() {
        var queue = EventQueue<String>()
        let a = queue.insert("a", at: at(1))
        let b = queue.insert("b", at: at(2))
        queue.insert("c", at: at(3))
        let first = queue.cancel(a)
        let second = queue.cancel(a)
        #expect(first)
        #expect(!second, "a second cancel of the same handle reports false")
        #expect(queue.count == 2)
        #expect(queue.orderedEntries().map(\.payload) == ["b", "c"])
        #expect(queue.popMin()?.payload == "b")
        let late = queue.cancel(b)
        #expect(!late, "an event that already ran cannot be cancelled")
        #expect(queue.popMin()?.payload == "c")
        #expect(queue.popMin() == nil)
        #expect(queue.count == 0)
    }

    @Test("Cancels far apart in a long queue (sequences across many words of the cancel marks) drop exactly those events")
    func cancelsAcrossManySequencesDropExactlyThoseEvents() {
        var queue = EventQueue<Int>()
        var handles: [EventHandle] = []
        for index in 0..<300 { handles.append(queue.insert(index, at: at(Int64(index)))) }
        // Cancel the newest first (the marks grow once), then some older ones and a repeat.
        let cancelled = [299, 257, 200, 128, 127, 64, 63, 1, 0]
        for index in cancelled {
            let wasQueued = queue.cancel(handles[index])
            #expect(wasQueued, "\(index)")
        }
        let again = queue.cancel(handles[128])
        #expect(!again, "a second cancel reports false")
        #expect(queue.count == 300 - cancelled.count)
        // Events inserted after the cancels are marked nothing.
        let late = queue.insert(300, at: at(300))
        #expect(queue.count == 301 - cancelled.count)
        var out: [Int] = []
        while let entry = queue.popMin() { out.append(entry.payload) }
        #expect(out == (0...300).filter { !cancelled.contains($0) })
        let afterRun = queue.cancel(late)
        #expect(!afterRun, "an event that ran cannot be cancelled")
        #expect(queue.count == 0)
    }

    @Test func aHandleIsLiveExactlyWhileItsEventIsQueued() {
        // Past one 64-bit word of departure bits, through every way an event leaves the queue:
        // popped (after a peek or not), and dropped from the top after a cancel.
        var queue = EventQueue<Int>()
        let handles = (0..<200).map { queue.insert($0, at: at(Int64($0))) }
        #expect(queue.popMin()?.payload == 0)
        #expect(queue.peekMin()?.payload == 1)
        #expect(queue.popMin()?.payload == 1)
        let cancelled = queue.cancel(handles[2])
        #expect(cancelled)
        #expect(queue.popMin()?.payload == 3, "the cancelled event is dropped from the top")
        for index in 0..<4 {
            let live = queue.cancel(handles[index])
            #expect(!live, "event \(index) has left the queue")
        }
        for index in stride(from: 64, to: 200, by: 7) {
            let first = queue.cancel(handles[index])
            let second = queue.cancel(handles[index])
            #expect(first, "event \(index) is still queued")
            #expect(!second, "event \(index) is already cancelled")
        }
        var payloads: [Int] = []
        while let entry = queue.popMin() { payloads.append(entry.payload) }
        #expect(payloads == (4..<200).filter { $0 < 64 || ($0 - 64) % 7 != 0 })
        #expect(queue.count == 0)
        for handle in handles {
            let live = queue.cancel(handle)
            #expect(!live)
        }
    }

    @Test("cancel tells queued from removed events also when an insertion is ordered before removed ones (an earlier time, or a higher priority at the same time)")
    func cancelAfterOutOfOrderInsertions() {
        var queue = EventQueue<Int>()
        let late = queue.insert(0, at: at(10))
        queue.insert(1, at: at(5))
        #expect(queue.popMin()?.payload == 1)
        let earlier = queue.insert(2, at: at(3))
        let urgent = queue.insert(3, at: at(5), priority: .input)
        let earlierCancelled = queue.cancel(earlier)
        #expect(earlierCancelled, "ordered before the removed event, yet queued")
        #expect(queue.popMin()?.payload == 3)
        let urgentCancelled = queue.cancel(urgent)
        #expect(!urgentCancelled, "ran")
        let lateCancelled = queue.cancel(late)
        #expect(lateCancelled)
        #expect(queue.popMin() == nil)

        // Against a reference model: random inserts (some before what was removed), pops and
        // cancels of any handle ever issued, told the latest time popped (as the engine tells
        // its clock) or not.
        var generator = Xoshiro256StarStar(seed: 7)
        var model = EventQueue<Int>()
        var handles: [EventHandle] = []
        var live: Set<UInt64> = []
        var now: Int64 = 0
        var latestPopped = Int64.min
        for step in 0..<40_000 {
            switch generator.next(below: 5) {
            case 0, 1:
                let time = now + Int64(generator.next(below: 50)) - 5
                let rank = UInt8(generator.next(below: 3) * 64)
                let handle = model.insert(step, at: at(time), priority: EventPriority(rank: rank))
                handles.append(handle)
                live.insert(handle.sequence)
            case 2:
                if let entry = model.popMin() {
                    now = max(now, entry.time.millisecondsSinceEpoch)
                    latestPopped = max(latestPopped, entry.time.millisecondsSinceEpoch)
                    #expect(live.remove(entry.handle.sequence) != nil)
                }
            case 3:
                // A peek drops the cancelled events on top without popping anything, as the
                // engine's run does when the next event is past its end.
                _ = model.peekMin()
            default:
                guard !handles.isEmpty else { continue }
                let handle = handles[Int(generator.next(below: UInt64(handles.count)))]
                let wasLive = live.remove(handle.sequence) != nil
                let cancelled =
                    step % 2 == 0 ? model.cancel(handle) : model.cancel(handle, nonePoppedAfter: at(latestPopped))
                #expect(cancelled == wasLive, "step \(step)")
            }
            #expect(model.count == live.count)
        }
    }

    /// Most of the heap cancelled at once (a force stop) rebuilds it without them: what is left
    /// comes out in the same order, counts stay right, and a cancelled event's handle still
    /// answers that it was cancelled or has left.
    @Test func massCancelsLeaveTheSameOrderAndAnswers() {
        var generator = Xoshiro256StarStar(seed: 23)
        var queue = EventQueue<Int>()
        // The reference: live events by handle, popped in (time, priority, insertion) order.
        var live: [UInt64: (time: Int64, order: UInt64, payload: Int)] = [:]
        var handles: [EventHandle] = []
        var cancelledOnce: Set<UInt64> = []
        var now: Int64 = 0
        for round in 0..<60 {
            for _ in 0..<Int(generator.next(below: 150)) + 20 {
                let time = now + Int64(generator.next(below: 500))
                let rank = UInt8(generator.next(below: 3) * 64)
                let handle = queue.insert(handles.count, at: at(time), priority: EventPriority(rank: rank))
                live[handle.sequence] = (time, UInt64(rank) << 56 | handle.sequence, handles.count)
                handles.append(handle)
            }
            // Cancel most of what is queued (a force stop), some twice, in random order.
            for handle in handles.shuffled(using: &generator) where live[handle.sequence] != nil && generator.next(below: 10) < 8 {
                let first = queue.cancel(handle, nonePoppedAfter: at(now))
                #expect(first)
                live[handle.sequence] = nil
                cancelledOnce.insert(handle.sequence)
                let second = queue.cancel(handle)
                #expect(!second, "a second cancel reports false")
            }
            #expect(queue.count == live.count)
            // Every handle ever cancelled still answers false.
            for sequence in cancelledOnce.prefix(20) {
                let handle = handles.first { $0.sequence == sequence }!
                let again = queue.cancel(handle, nonePoppedAfter: at(now))
                #expect(!again)
            }
            // Pop some, in the reference order.
            for _ in 0..<Int(generator.next(below: 40)) {
                guard let entry = queue.popMin() else { break }
                let expected = live.min { ($0.value.time, $0.value.order) < ($1.value.time, $1.value.order) }
                #expect(entry.payload == expected?.value.payload, "round \(round)")
                live[entry.handle.sequence] = nil
                now = entry.time.millisecondsSinceEpoch
            }
            #expect(queue.count == live.count)
        }
        var rest: [Int] = []
        while let entry = queue.popMin() { rest.append(entry.payload) }
        #expect(rest == live.values.sorted { ($0.time, $0.order) < ($1.time, $1.order) }.map(\.payload))
    }

    @Test func entriesKeepTheirCauseAndPriority() {
        var queue = EventQueue<Int>()
        queue.insert(1, at: at(1), priority: .input, cause: 41)
        let entry = queue.popMin()
        #expect(entry?.cause == 41)
        #expect(entry?.priority == .input)
    }
}
