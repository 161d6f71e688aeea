import DNSimCore
import Testing

struct TraceDetailTests {
    @Test("An integer detail reads as its decimal digits and equals the same detail made from text")
    func integerValuesReadAsDigits() {
        #expect(TraceDetail("wallMillis", Int64(-1_770_036_900_000)).value == "-1770036900000")
        #expect(TraceDetail("count", 7) == TraceDetail("count", "7"))
        #expect(TraceDetail("count", Int32(7)).value == "7")
        #expect(TraceDetail("count", 7) != TraceDetail("count", "07"))
    }

    @Test("An extra's key is extra.<name>; hasKey matches it without building it, and only it")
    func extrasAreNamedWithTheirPrefix() {
        let detail = TraceDetail.extra("slot", "morning")
        #expect(detail.key == "extra.slot")
        #expect(detail.value == "morning")
        #expect(detail == TraceDetail("extra.slot", "morning"))
        #expect(detail.hasKey("extra.slot"))
        for other in ["slot", "extra.", "extra.slo", "extra.slots", "Extra.slot", "extra-slot", ""] {
            #expect(!detail.hasKey(other), "\(other)")
        }
        // Canonical equivalence, as String == has it: é precomposed and decomposed.
        #expect(TraceDetail.extra("caf\u{E9}", "x").hasKey("extra.cafe\u{301}"))
        #expect(TraceDetail("caf\u{E9}", "x").hasKey("cafe\u{301}"))
        // A name that starts with a combining mark joins the prefix's "." into one character.
        #expect(TraceDetail.extra("\u{301}x", "v").hasKey("extra.\u{301}x"))
        #expect(!TraceDetail.extra("\u{301}x", "v").hasKey("extra.x"))
    }

    @Test("A record finds a detail by key, extras included")
    func recordsFindDetails() {
        let record = TraceRecord(
            id: 0, time: SimInstant(millisecondsSinceEpoch: 0), subsystem: "s", kind: "k", rule: nil, cause: -1,
            details: [TraceDetail("serial", 3), .extra("slot", "a"), .extra("localDate", "2026-03-02")])
        #expect(record.detail("serial") == "3")
        #expect(record.detail("extra.slot") == "a")
        #expect(record.detail("extra.localDate") == "2026-03-02")
        #expect(record.detail("slot") == nil)
        #expect(record.extra("slot") == "a")
        #expect(record.extra("localDate") == "2026-03-02")
        #expect(record.extra("serial") == nil)
        // A key spelled out as "extra.<name>" is found the same way.
        let spelled = TraceRecord(
            id: 1, time: SimInstant(millisecondsSinceEpoch: 0), subsystem: "s", kind: "k", rule: nil, cause: -1,
            details: [TraceDetail("extra.slot", "b"), .extra("\u{301}x", "c")])
        #expect(spelled.extra("slot") == "b")
        #expect(spelled.extra("\u{301}x") == "c")
        #expect(spelled.extra("x") == nil)
    }

    @Test("A look-up that skips names by their first byte finds what String == finds, canonical spellings included")
    func firstByteSkipsAgreeWithStringEquality() {
        // Names that share or differ in their first byte, ASCII or not, and spellings of é.
        let names = ["slot", "slots", "localDate", "l", "s", "caf\u{E9}", "cafe\u{301}", "\u{E9}t\u{E9}", "e\u{301}t\u{E9}",
            "\u{301}x", "x", "extra.slot", ""]
        for key in names {
            for name in names {
                let plain = TraceRecord(
                    id: 0, time: SimInstant(millisecondsSinceEpoch: 0), subsystem: "s", kind: "k", rule: nil, cause: -1,
                    details: [TraceDetail(name, "v")])
                #expect((plain.detail(key) != nil) == (name == key), "detail \(key) in \(name)")
                let extra = TraceRecord(
                    id: 0, time: SimInstant(millisecondsSinceEpoch: 0), subsystem: "s", kind: "k", rule: nil, cause: -1,
                    details: [.extra(name, "v")])
                #expect((extra.extra(key) != nil) == ("extra." + name == "extra." + key), "extra \(key) in \(name)")
                let carried = TraceRecord(
                    id: 0, time: SimInstant(millisecondsSinceEpoch: 0), subsystem: "s", kind: "k", rule: nil, cause: -1,
                    details: [], extras: [StringPair(name, "v")])
                #expect((carried.extra(key) != nil) == ("extra." + name == "extra." + key), "carried extra \(key) in \(name)")
                // An observer's look-up in extras alone, past a pair it passes over.
                let extras = [StringPair("localDate", "d"), StringPair(name, "v")]
                let found = TraceRecord.extra(key, in: extras)
                #expect(found == (key == "localDate" ? "d" : name == key ? "v" : nil), "extras look-up \(key) in \(name)")
            }
        }
    }

    @Test("A record's detail is the first whose key equals the name, names built apart or not")
    func aDetailIsTheFirstWhoseKeyEqualsTheName() {
        // Literals, equal text built at run time (short and long), names an extra's key spells,
        // non-ASCII spellings, and keys given more than once.
        let long = "plannedWallMillisecondsSince"
        let builtLong = String(long.prefix(11)) + String(long.dropFirst(11))
        let names = [
            "slot", "sl" + "ot", "result", long, builtLong, "extra.slot", "caf\u{E9}", "cafe\u{301}", "", "slots",
            String(repeating: "x", count: 20), String(repeating: "x", count: 19) + "y",
        ]
        var random = Xoshiro256StarStar(seed: 31)
        for _ in 0..<400 {
            var details: [TraceDetail] = []
            for position in 0..<Int(random.next(below: 6)) {
                let name = names[Int(random.next(below: UInt64(names.count)))]
                details.append(random.next(below: 4) == 0 ? .extra(name, "e\(position)") : TraceDetail(name, "v\(position)"))
            }
            let record = TraceRecord(
                id: 0, time: SimInstant(millisecondsSinceEpoch: 0), subsystem: "s", kind: "k", rule: nil, cause: -1, details: details)
            for key in names + ["extra." + builtLong, "extra.caf\u{E9}"] {
                #expect(record.detail(key) == details.first { $0.key == key }?.value, "\(key.debugDescription) in \(details)")
            }
        }
    }
}
