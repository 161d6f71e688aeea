import DNSimCore
import Foundation
import Synchronization

/// The UTC offsets of one zone as a sorted list of transitions, learned from Foundation once
/// and then answered by binary search.
///
/// Asking ICU (`TimeZone.secondsFromGMT(for:)`) is slow: it took up to 40 % of the time
/// of a device-year run. The table asks it only while building a *chunk*: a fixed span of
/// ``chunkSeconds`` (1461 steps of 6 h, a Julian year of 365.25 days, aligned to the epoch),
/// built the first time an instant in it is asked for. A chunk samples ICU every
/// ``stepSeconds`` and bisects each change to the exact second, as ``Zone/resolve(_:)`` does
/// for gaps, so every answer is the one ICU gives for the instant floored to whole seconds.
///
/// Sampling misses a pair of changes only if the offset goes back to an earlier value
/// within one step. The toolchain's tz data (ICU 76, 443 zones, 1811–2223) has no two
/// changes closer than 6 days, and 6 h sampling over 1850–2100 finds every change that
/// Foundation's transition list reports.
///
/// Instances are shared process-wide per identifier (see `ZoneOffsetTable+Registry.swift`)
/// and are safe to use from several threads: the chunks sit behind a `Mutex`, and a chunk is
/// built under it, so each is built once.
final class ZoneOffsetTable: Sendable {
    /// The spacing of the ICU samples within a chunk.
    static let stepSeconds: Int64 = 6 * 3600
    /// The length of a chunk: 1461 steps, 365.25 days.
    static let chunkSeconds: Int64 = 1461 * stepSeconds

    /// The Foundation zone the offsets come from.
    let timeZone: TimeZone
    private let state = Mutex(State())

    /// A table for `timeZone`, with no chunk built yet.
    init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The UTC offset in force at the whole second `seconds` since the epoch, exactly as
    /// `timeZone.secondsFromGMT(for:)` reports it.
    func offset(atSeconds seconds: Int64) -> Int {
        let index = CivilMath.floorDivide(seconds, by: Self.chunkSeconds)
        return state.withLock { state in
            if state.recent.index != index {
                state.makeRecent(index, timeZone: timeZone)
            }
            return state.recent.offset(atSeconds: seconds)
        }
    }

    /// The UTC offset in force at the whole second `seconds`, and the whole seconds around it
    /// through which it stays in force (cut at the ends of the chunk `seconds` lies in).
    func offsetSpan(atSeconds seconds: Int64) -> (offset: Int, seconds: Range<Int64>) {
        let index = CivilMath.floorDivide(seconds, by: Self.chunkSeconds)
        return state.withLock { state in
            if state.recent.index != index {
                state.makeRecent(index, timeZone: timeZone)
            }
            return state.recent.offsetSpan(atSeconds: seconds)
        }
    }

    /// The UTC offset in force at every whole second from `start` through `end`, when it does
    /// not change in between and both lie in one chunk (one look-up under the lock, where
    /// asking for each end would take two); `nil` otherwise, changed or not.
    func constantOffset(fromSeconds start: Int64, throughSeconds end: Int64) -> Int? {
        let index = CivilMath.floorDivide(start, by: Self.chunkSeconds)
        guard start <= end, CivilMath.floorDivide(end, by: Self.chunkSeconds) == index else { return nil }
        return state.withLock { state in
            if state.recent.index != index {
                state.makeRecent(index, timeZone: timeZone)
            }
            return state.recent.constantOffset(fromSeconds: start, throughSeconds: end)
        }
    }

    /// The first second in (`seconds`, `limit`] at which the offset changes, or `nil`.
    ///
    /// Builds every chunk in between that is not built yet.
    func firstTransition(afterSeconds seconds: Int64, throughSeconds limit: Int64) -> Int64? {
        guard limit > seconds else { return nil }
        var index = CivilMath.floorDivide(seconds + 1, by: Self.chunkSeconds)
        let lastIndex = CivilMath.floorDivide(limit, by: Self.chunkSeconds)
        while index <= lastIndex {
            let found = state.withLock { state in
                if state.recent.index != index {
                    state.makeRecent(index, timeZone: timeZone)
                }
                return state.recent.firstTransition(afterSeconds: seconds)
            }
            if let found {
                return found <= limit ? found : nil
            }
            index += 1
        }
        return nil
    }
}

extension ZoneOffsetTable {
    /// The chunks built so far, and the last one used (the one nearly every query wants).
    private struct State {
        var chunks: [Int64: Chunk] = [:]
        var recent = Chunk.none

        /// Makes chunk `index` the recent one, building it if needed.
        mutating func makeRecent(_ index: Int64, timeZone: TimeZone) {
            if let chunk = chunks[index] {
                recent = chunk
            } else {
                let chunk = Chunk(index: index, timeZone: timeZone)
                chunks[index] = chunk
                recent = chunk
            }
        }
    }

    /// The transitions in one span [`index` × ``chunkSeconds``, (`index` + 1) × ``chunkSeconds``).
    private struct Chunk {
        /// Which span; `Int64.min` only for ``none``, which no instant maps to.
        let index: Int64
        /// The offset in force just before the span starts.
        let offsetBefore: Int
        /// The seconds at which the offset changes, ascending.
        let instants: [Int64]
        /// The offset from the matching instant on.
        let offsets: [Int]

        /// A placeholder that matches no chunk index.
        static let none = Chunk(index: .min, offsetBefore: 0, instants: [], offsets: [])

        private init(index: Int64, offsetBefore: Int, instants: [Int64], offsets: [Int]) {
            self.index = index
            self.offsetBefore = offsetBefore
            self.instants = instants
            self.offsets = offsets
        }

        /// Builds span `index` by sampling `timeZone` and bisecting every change.
        init(index: Int64, timeZone: TimeZone) {
            func icuOffset(_ seconds: Int64) -> Int {
                timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
            }
            let start = index * ZoneOffsetTable.chunkSeconds
            let end = start + ZoneOffsetTable.chunkSeconds
            var instants: [Int64] = []
            var offsets: [Int] = []
            // Samples: start − 1 (the offset before), start, then every step, then end − 1.
            var previous = start - 1
            var previousOffset = icuOffset(previous)
            let before = previousOffset
            var sample = start
            while true {
                let sampleOffset = icuOffset(sample)
                // Bisect (previous, sample] until the offset there is the sample's; more than
                // one change between two samples is found one after another.
                while previousOffset != sampleOffset {
                    // Invariant: offset(low) == previousOffset, offset(high) != previousOffset.
                    var low = previous
                    var high = sample
                    while high - low > 1 {
                        let middle = low + (high - low) / 2
                        if icuOffset(middle) == previousOffset {
                            low = middle
                        } else {
                            high = middle
                        }
                    }
                    previous = high
                    previousOffset = icuOffset(high)
                    instants.append(high)
                    offsets.append(previousOffset)
                }
                previous = sample
                if sample == end - 1 { break }
                sample = min(sample + ZoneOffsetTable.stepSeconds, end - 1)
            }
            self.init(index: index, offsetBefore: before, instants: instants, offsets: offsets)
        }

        /// The offset at `seconds`, which must lie in this span.
        func offset(atSeconds seconds: Int64) -> Int {
            // The number of transitions at or before `seconds`.
            let count = instants.partitioningIndex { $0 > seconds }
            return count == 0 ? offsetBefore : offsets[count - 1]
        }

        /// The offset at `seconds`, which must lie in this span, and the seconds of this span
        /// through which it is in force.
        func offsetSpan(atSeconds seconds: Int64) -> (offset: Int, seconds: Range<Int64>) {
            let count = instants.partitioningIndex { $0 > seconds }
            let lower = count == 0 ? index * ZoneOffsetTable.chunkSeconds : instants[count - 1]
            let upper = count == instants.count ? (index + 1) * ZoneOffsetTable.chunkSeconds : instants[count]
            return (count == 0 ? offsetBefore : offsets[count - 1], lower..<upper)
        }

        /// The offset at `start`, if no transition of this span falls in (`start`, `end`]; both
        /// must lie in this span.
        func constantOffset(fromSeconds start: Int64, throughSeconds end: Int64) -> Int? {
            let count = instants.partitioningIndex { $0 > start }
            guard count == instants.count || instants[count] > end else { return nil }
            return count == 0 ? offsetBefore : offsets[count - 1]
        }

        /// The first transition of this span strictly after `seconds`, or `nil`.
        func firstTransition(afterSeconds seconds: Int64) -> Int64? {
            instants.first { $0 > seconds }
        }
    }
}
