@testable import DNSimCore
import Testing

struct InsertionOrderedMapTests {
    @Test func iteratesInInsertionOrderAndAReinsertedKeyGoesLast() {
        var map = InsertionOrderedMap<String, Int>()
        for (key, value) in [("c", 3), ("a", 1), ("b", 2)] { map.append(value, for: key) }
        #expect(map.keys == ["c", "a", "b"])
        #expect(map.removeValue(forKey: "c") == 3)
        map.append(30, for: "c")
        #expect(map.keys == ["a", "b", "c"])
        #expect(map.values == [1, 2, 30])
        #expect(map["b"] == 2 && map["z"] == nil)
        #expect(map.count == 3 && map.contains("a") && !map.contains("z"))
    }

    @Test func theFirstValuesAndTheLeastValueSkipRemovedEntries() {
        var map = InsertionOrderedMap<Int, Int>()
        for key in 0..<10 { map.append(key % 3, for: key) }
        for key in [0, 1, 4] { map.removeValue(forKey: key) }
        #expect(map.firstValues(3) == [2, 0, 2])
        #expect(map.firstValues(0) == [])
        #expect(map.firstValues(50) == map.values)
        // The least by value; of equals, the earliest inserted (key 3, before 6 and 9).
        #expect(map.minValue(by: <) == 0)
        #expect(map.minValue(by: >) == 2)
        var keyed = InsertionOrderedMap<Int, (key: Int, value: Int)>()
        for key in 0..<10 { keyed.append((key, key % 3), for: key) }
        keyed.removeValue(forKey: 0)
        #expect(keyed.minValue { $0.value < $1.value }?.key == 3)
        #expect(InsertionOrderedMap<Int, Int>().minValue(by: <) == nil)
    }

    @Test func updatesInPlaceAndOrderComparesAsInserted() {
        var map = InsertionOrderedMap<Int, [Int]>()
        for key in 0..<5 { map.append([key], for: key) }
        map.update(3) { $0.append(33) }
        map.updateEach { $0.append(-1) }
        #expect(map[3] == [3, 33, -1])
        #expect(map.update(9) { $0.append(0) } == nil)
        #expect(map.order(of: 1)! < map.order(of: 4)!)
        #expect(map.mapValuesInOrder(\.first) == [0, 1, 2, 3, 4])
    }

    @Test func movingToTheEndReplacesAsRemovingAndAppendingWould() {
        var moved = InsertionOrderedMap<Int, Int>()
        var reference = InsertionOrderedMap<Int, Int>()
        for key in 0..<10 {
            #expect(moved.moveToEnd(key, for: key) == nil)
            reference.append(key, for: key)
        }
        // Many replacements: each reuses its key's slot in place.
        for step in 0..<500 {
            let key = (step * 7) % 10
            #expect(moved.moveToEnd(1_000 + step, for: key) == reference.removeValue(forKey: key))
            reference.append(1_000 + step, for: key)
            #expect(moved.keys == reference.keys)
        }
        #expect(moved.values == reference.values)
        for key in 0..<10 { #expect(moved.order(of: key) != nil && moved[key] == reference[key]) }
    }

    @Test func staysOrderedThroughManyRemovalsAndSlotReuses() {
        var map = InsertionOrderedMap<Int, Int>()
        var model: [Int] = []
        for key in 0..<2_000 {
            map.append(key, for: key)
            model.append(key)
            if key % 3 != 0 {
                let victim = model.remove(at: model.count / 2)
                #expect(map.removeValue(forKey: victim) == victim)
            }
        }
        #expect(map.keys == model)
        #expect(map.count == model.count)
        for key in model { #expect(map.order(of: key) != nil && map[key] == key) }
        // Orders compare as inserted, through the reuse of freed slots.
        let orders = model.map { map.order(of: $0) ?? -1 }
        #expect(orders == orders.sorted() && Set(orders).count == orders.count)
        let removed = map.removeAll { $0 % 2 == 0 }
        #expect(removed == model.filter { $0 % 2 == 0 })
        #expect(map.keys == model.filter { $0 % 2 != 0 })
        map.removeAll()
        #expect(map.isEmpty && map.values.isEmpty)
    }

    @Test(arguments: [false, true])
    func emptiedAndFilledAgainItAnswersAsNew(keepingCapacity: Bool) {
        var map = InsertionOrderedMap<Int, Int>()
        for round in 0..<3 {
            for key in 0..<100 { map.append(key * 10 + round, for: key) }
            _ = map.removeValue(forKey: 50)
            #expect(map.keys == Array(0..<50) + Array(51..<100))
            #expect(map[7] == 70 + round && map[50] == nil && map.count == 99)
            map.removeAll(keepingCapacity: keepingCapacity)
            #expect(map.isEmpty && map.values.isEmpty && map[7] == nil && map.order(of: 7) == nil)
        }
    }

    /// Freed slots are reused: a map that keeps a few keys live through many insertions and
    /// removals (an alarm table over a year) holds no more slots than it ever had live keys,
    /// and its order stays that of the insertions.
    @Test func reusesFreedSlotsAndKeepsTheOrderOfInsertions() {
        var map = InsertionOrderedMap<Int, Int>()
        var model: [Int] = []
        for key in 0..<5_000 {
            map.append(key, for: key)
            model.append(key)
            if model.count > 20 {
                let victim = model.remove(at: (key * 7) % model.count)
                #expect(map.removeValue(forKey: victim) == victim)
            }
            if key % 5 == 0, let first = model.first {
                map.moveToEnd(first, for: first)
                model.append(model.removeFirst())
            }
        }
        #expect(map.keys == model && map.values == model)
        #expect(map.entries.count <= 21, "slots are reused")
        let orders = model.map { map.order(of: $0) ?? -1 }
        #expect(orders == orders.sorted())
    }

    /// The slot calls do what the calls by key do: a model map driven by key and one driven by
    /// the slots the keys were found at stay equal through appends, in-place updates,
    /// replacements that move an entry to the end, and removals that free slots for reuse.
    @Test func slotCallsActAsTheCallsByKey() {
        var bySlot = InsertionOrderedMap<Int, [Int]>()
        var byKey = InsertionOrderedMap<Int, [Int]>()
        var live: [Int] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        for step in 0..<3_000 {
            let key = next(50)
            if let slot = bySlot.slot(forKey: key) {
                #expect(bySlot.value(inSlot: slot) == byKey[key])
                #expect(bySlot.read(inSlot: slot) { $0.count } == byKey[key]?.count)
                switch next(3) {
                case 0:
                    bySlot.update(inSlot: slot) { $0.append(step) }
                    byKey.update(key) { $0.append(step) }
                case 1:
                    #expect(bySlot.moveToEnd([step], inSlot: slot) == byKey.moveToEnd([step], for: key))
                default:
                    #expect(bySlot.remove(inSlot: slot) == byKey.removeValue(forKey: key))
                    live.removeAll { $0 == key }
                    #expect(bySlot.slot(forKey: key) == nil)
                }
            } else {
                let slot = bySlot.appendAbsent([step], for: key)
                byKey.append([step], for: key)
                live.append(key)
                #expect(bySlot.slot(forKey: key) == slot)
            }
            if bySlot.keys != byKey.keys {
                Issue.record("the orders part at step \(step)")
                break
            }
        }
        #expect(bySlot.keys == byKey.keys && bySlot.values == byKey.values)
        #expect(Set(bySlot.keys) == Set(live))
        #expect(bySlot.entries.count <= 50, "freed slots are reused")
        let orders = bySlot.keys.map { bySlot.order(of: $0) ?? -1 }
        #expect(orders == orders.sorted())
    }

    /// A slot read with ``InsertionOrderedMap/readIfLive(inSlot:_:)`` gives the value of the
    /// key that holds it now, and nothing once it is freed (or before it was ever used), without
    /// trapping; ``InsertionOrderedMap/updateEachInSlot(_:)`` names each entry's own slot.
    @Test func aSlotIsReadWhileLiveAndEachUpdateIsToldItsSlot() {
        var map = InsertionOrderedMap<String, Int>()
        let a = map.append(1, for: "a")
        let b = map.append(2, for: "b")
        #expect(map.readIfLive(inSlot: a) { $0 } == 1)
        #expect(map.readIfLive(inSlot: b) { $0 } == 2)
        #expect(map.readIfLive(inSlot: 2) { $0 } == nil, "never used")
        #expect(map.readIfLive(inSlot: -1) { $0 } == nil)
        map.removeValue(forKey: "a")
        #expect(map.readIfLive(inSlot: a) { $0 } == nil, "freed")
        let c = map.append(3, for: "c")
        #expect(c == a, "the freed slot is reused")
        #expect(map.readIfLive(inSlot: a) { $0 } == 3, "the slot now holds c")
        var seen: [String: Int] = [:]
        map.updateEachInSlot { slot, value in
            value *= 10
            seen[slot == b ? "b" : slot == c ? "c" : "?"] = value
        }
        #expect(seen == ["b": 20, "c": 30])
        #expect(map.keys == ["b", "c"] && map.values == [20, 30])
    }
}
