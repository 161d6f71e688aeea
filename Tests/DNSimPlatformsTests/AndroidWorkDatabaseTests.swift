import DNSimCore
@testable import DNSimPlatforms
import Testing

/// ``AndroidWorkDatabase``: through many enqueues, finishes, unique-name deletions and prunes —
/// enough to compact its storage many times — it answers every look-up as a plain list of the
/// records it keeps would.
struct AndroidWorkDatabaseTests {
    /// One record as the reference list keeps it.
    struct Kept {
        var serial: Int32
        var name: String
        var state: AndroidWorkState
        var lastEnqueue: Int64
    }

    static func work(serial: Int32, name: String, at time: Int64) -> AndroidWork {
        AndroidWork(
            serial: serial, name: name, request: AndroidWorkRequest(worker: "W", kind: .oneTime(initialDelay: .zero)),
            state: .enqueued, runAttemptCount: 0, lastEnqueueWallMillis: time, nextRunWallMillis: time,
            earliestRun: SimInstant(millisecondsSinceEpoch: time), jobScheduled: true)
    }

    @Test func answersAsAListOfTheKeptRecordsThroughManyCompactions() {
        var database = AndroidWorkDatabase()
        var kept: [Kept] = []
        var serial: Int32 = 0
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        // Some 7 000 deletions: several compactions at ``AndroidWorkDatabase/deletionsBeforeCompaction``.
        for step in 0..<12_000 {
            let time = Int64(step)
            switch next(10) {
            case 0..<6:
                // enqueueUniqueWork(name, REPLACE): the live one cancelled, the name's records deleted.
                let name = "prefetch-s\(next(12))"
                if let index = database.liveIndex(named: name) {
                    database.update(at: index) { $0.state = .cancelled }
                    if let position = kept.firstIndex(where: { $0.name == name && AndroidWorkDatabase.isLive($0.state) }) {
                        kept[position].state = .cancelled
                    }
                }
                database.deleteRecords(named: name)
                kept.removeAll { $0.name == name }
                _ = database.append(Self.work(serial: serial, name: name, at: time))
                kept.append(Kept(serial: serial, name: name, state: .enqueued, lastEnqueue: time))
                serial += 1
            case 6..<9:
                // A live item runs and finishes.
                guard !database.liveIndices.isEmpty else { continue }
                let index = database.liveIndices[next(database.liveIndices.count)]
                let finished = database[index].serial
                let state: AndroidWorkState = next(4) == 0 ? .failed : .succeeded
                database.update(at: index) { $0.state = state }
                kept[kept.firstIndex { $0.serial == finished }!].state = state
            default:
                // The database opens: finished records last enqueued long ago are pruned.
                database.pruneFinished(lastEnqueuedBefore: time - 40)
                kept.removeAll { !AndroidWorkDatabase.isLive($0.state) && $0.lastEnqueue < time - 40 }
                // Every name's records right after a prune: none pruned still listed.
                for number in 0..<12 {
                    let name = "prefetch-s\(number)"
                    #expect(database.states(named: name) == kept.filter { $0.name == name }.map(\.state), "step \(step): \(name)")
                }
            }
            #expect(database.works.map(\.serial) == kept.map(\.serial), "step \(step)")
            #expect(database.liveIndices.map { database[$0].serial } == kept.filter { AndroidWorkDatabase.isLive($0.state) }.map(\.serial))
        }
        for name in Set(kept.map(\.name)) {
            #expect(database.states(named: name) == kept.filter { $0.name == name }.map(\.state))
            let live = kept.first { $0.name == name && AndroidWorkDatabase.isLive($0.state) }?.serial
            #expect(database.liveIndex(named: name).map { database[$0].serial } == live)
        }
        for serial in 0..<serial {
            let index = database.index(ofSerial: serial)
            #expect(index.map { database[$0].serial } == (kept.contains { $0.serial == serial } ? serial : nil))
        }
    }
}
