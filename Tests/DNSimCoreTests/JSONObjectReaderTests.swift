import DNSimCore
import Testing

struct JSONObjectReaderTests {
    enum Platform: String, CaseIterable {
        case android
        case ios
        case electron
    }

    private let stepsPointer = JSONPointer.root.appending("steps")

    private func decodingError(_ body: () throws(JSONDecodingError) -> Void) -> JSONDecodingError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func readsMembersOfEveryKind() throws {
        let value = try JSONParser.parse(#"""
            {"title": "doze", "seed": 42, "strict": true, "platform": "ios",
             "steps": [{"at": "2025-03-30T02:30"}, {"at": "2025-03-30T03:30"}],
             "device": {"model": "Pixel"}, "extra": [1]}
            """#)
        var reader = try JSONObjectReader(value, at: .root)
        #expect(try reader.string("title") == "doze")
        #expect(try reader.int64("seed") == 42)
        #expect(try reader.bool("strict"))
        #expect(try reader.enumeration("platform", as: Platform.self) == .ios)
        #expect(try reader.optionalString("note") == nil)
        #expect(try reader.optionalInt64("repeat") == nil)
        #expect(try reader.optionalBool("quiet") == nil)
        #expect(try reader.optionalArray("more") == nil)
        #expect(try reader.optionalObject("options") == nil)
        #expect(try reader.optionalEnumeration("fallback", as: Platform.self) == nil)
        #expect(reader.optionalValue("other") == nil)
        #expect(reader.has("extra"))
        #expect(!reader.has("note"))

        let steps = try reader.array("steps")
        #expect(steps.count == 2)
        #expect(steps[1].pointer == stepsPointer.appending(1))
        var step = try JSONObjectReader(steps[1].value, at: steps[1].pointer)
        #expect(try step.string("at") == "2025-03-30T03:30")
        try step.finish()

        var device = try reader.object("device")
        #expect(device.pointer == JSONPointer.root.appending("device"))
        #expect(try device.string("model") == "Pixel")
        try device.finish()

        let extra = try reader.value("extra")
        #expect(extra.value == [1])
        #expect(extra.pointer == JSONPointer.root.appending("extra"))
        try reader.finish()
    }

    @Test func rejectsAValueThatIsNotAnObject() {
        let error = decodingError { () throws(JSONDecodingError) in
            _ = try JSONObjectReader([1, 2, 3], at: stepsPointer.appending(0), expected: "a step object")
        }
        #expect(error == JSONDecodingError(pointer: stepsPointer.appending(0), expected: "a step object", found: "an array of 3 items"))
        #expect(error?.description == "at /steps/0: expected a step object, found an array of 3 items")
    }

    @Test func reportsAMissingMemberAtTheObject() {
        let error = decodingError { () throws(JSONDecodingError) in
            var reader = try JSONObjectReader(["title": "x"], at: stepsPointer.appending(2))
            _ = try reader.string("at", expected: #"a local date-time "YYYY-MM-DDTHH:mm""#)
        }
        #expect(error == JSONDecodingError(
            pointer: stepsPointer.appending(2),
            expected: #"a member "at" (a local date-time "YYYY-MM-DDTHH:mm")"#,
            found: #"no "at" member"#
        ))
        #expect(error?.description == #"at /steps/2: expected a member "at" (a local date-time "YYYY-MM-DDTHH:mm"), found no "at" member"#)
    }

    @Test func reportsAWrongTypeAtTheMember() {
        let error = decodingError { () throws(JSONDecodingError) in
            var reader = try JSONObjectReader(["at": 12], at: stepsPointer.appending(2))
            _ = try reader.string("at", expected: #"a local date-time "YYYY-MM-DDTHH:mm""#)
        }
        #expect(error?.description == #"at /steps/2/at: expected a local date-time "YYYY-MM-DDTHH:mm", found the number 12"#)

        var reader = try? JSONObjectReader(
            ["n": 1.5, "big": .double(1e30), "flag": "yes", "list": ["a": 1], "sub": "x", "none": nil],
            at: .root
        )
        #expect(decodingError { () throws(JSONDecodingError) in _ = try reader?.int64("n") }
            == JSONDecodingError(pointer: JSONPointer.root.appending("n"), expected: "an integer", found: "the number 1.5"))
        #expect(decodingError { () throws(JSONDecodingError) in _ = try reader?.optionalInt64("big") }?.found
            == "the number 1e+30")
        #expect(decodingError { () throws(JSONDecodingError) in _ = try reader?.bool("flag") }?.description
            == #"at /flag: expected true or false, found a string "yes""#)
        #expect(decodingError { () throws(JSONDecodingError) in _ = try reader?.array("list") }?.description
            == "at /list: expected an array, found an object")
        #expect(decodingError { () throws(JSONDecodingError) in _ = try reader?.object("sub") }?.description
            == #"at /sub: expected an object, found a string "x""#)
        #expect(decodingError { () throws(JSONDecodingError) in _ = try reader?.optionalString("none") }?.description
            == "at /none: expected a string, found null")
    }

    @Test func truncatesLongStringsInMessages() {
        let long = String(repeating: "abcdefghij", count: 10)
        let error = decodingError { () throws(JSONDecodingError) in
            var reader = try JSONObjectReader(["n": .string(long)], at: .root)
            _ = try reader.int64("n")
        }
        #expect(error?.found == "a string \"abcdefghijabcdefghijabcdefghijabcdefghij…\"")
        #expect(error?.description == "at /n: expected an integer, found a string \"abcdefghijabcdefghijabcdefghijabcdefghij…\"")
    }

    @Test func reportsTheFirstUnknownFieldAtItsMember() throws {
        let value = try JSONParser.parse(#"{"kind": "alarm", "atx": "09:00", "label": "wake", "zz": 1}"#)
        var reader = try JSONObjectReader(value, at: stepsPointer.appending(4))
        _ = try reader.string("kind")
        _ = try reader.optionalString("at")  // asked for but absent: still a known field
        let error = decodingError { () throws(JSONDecodingError) in try reader.finish(knownKeys: ["label", "repeat"]) }
        #expect(error == JSONDecodingError(
            pointer: stepsPointer.appending(4).appending("atx"),
            expected: "one of the known fields: at, kind, label, repeat",
            found: #"an unknown field "atx", did you mean "at"?"#
        ))
        #expect(error?.description
            == #"at /steps/4/atx: expected one of the known fields: at, kind, label, repeat, found an unknown field "atx", did you mean "at"?"#)
    }

    @Test func reportsEveryUnknownFieldInSourceOrderAndNamesNoFieldWhenNoneIsClose() throws {
        let value = try JSONParser.parse(#"{"kind": "alarm", "atx": "09:00", "label": "wake", "zz": 1}"#)
        var reader = try JSONObjectReader(value, at: .root)
        _ = try reader.string("kind")
        _ = try reader.optionalString("at")
        let errors = reader.unknownFields(knownKeys: ["repeat"])
        #expect(errors.map(\.pointer.description) == ["/atx", "/label", "/zz"])
        #expect(errors.map(\.found) == [
            #"an unknown field "atx", did you mean "at"?"#, #"an unknown field "label""#, #"an unknown field "zz""#,
        ])
    }

    @Test func aMissingMemberNamesTheMemberThatIsOneTypoAway() throws {
        let value = try JSONParser.parse(#"{"timezone": "Europe/Berlin"}"#)
        var reader = try JSONObjectReader(value, at: .root)
        let error = decodingError { () throws(JSONDecodingError) in _ = try reader.string("timeZone") }
        #expect(error?.found == #"no "timeZone" member; is "timezone" a typo for it?"#)
        #expect(reader.unknownFields().map(\.found) == [#"an unknown field "timezone", did you mean "timeZone"?"#])
    }

    @Test func anEnumerationValueOneTypoAwayIsNamed() throws {
        var reader = try JSONObjectReader(["platform": "andriod"], at: .root)
        let error = decodingError { () throws(JSONDecodingError) in _ = try reader.enumeration("platform", as: Platform.self) }
        #expect(error?.found == #"a string "andriod", did you mean "android"?"#)
    }

    @Test func countsFailedAndMissingReadsAsKnown() throws {
        var reader = try JSONObjectReader(["b": "x", "a": 1], at: .root)
        #expect((try? reader.int64("b")) == nil)
        #expect((try? reader.string("missing")) == nil)
        let error = decodingError { () throws(JSONDecodingError) in try reader.finish() }
        #expect(error?.pointer == JSONPointer.root.appending("a"))
        #expect(error?.expected == "one of the known fields: b, missing")
        try reader.finish(knownKeys: ["a"])
    }

    @Test func describesAnObjectThatTakesNoFields() throws {
        let reader = try JSONObjectReader(["x": 1], at: .root)
        let error = decodingError { () throws(JSONDecodingError) in try reader.finish() }
        #expect(error?.description == #"at /x: expected an object with no fields, found an unknown field "x""#)
    }

    @Test func listsTheAllowedValuesOfAnEnumeration() {
        let error = decodingError { () throws(JSONDecodingError) in
            var reader = try JSONObjectReader(["platform": "windows"], at: .root)
            _ = try reader.enumeration("platform", as: Platform.self)
        }
        #expect(error == JSONDecodingError(
            pointer: JSONPointer.root.appending("platform"),
            expected: #"one of "android", "ios", "electron""#,
            found: #"a string "windows""#
        ))
        let missing = decodingError { () throws(JSONDecodingError) in
            var reader = try JSONObjectReader([:], at: .root)
            _ = try reader.enumeration("platform", as: Platform.self)
        }
        #expect(missing?.description
            == #"at (document root): expected a member "platform" (one of "android", "ios", "electron"), found no "platform" member"#)
        let notAString = decodingError { () throws(JSONDecodingError) in
            var reader = try JSONObjectReader(["platform": 3], at: .root)
            _ = try reader.enumeration("platform", as: Platform.self)
        }
        #expect(notAString?.found == "the number 3")
    }

    @Test func describesValuesForErrors() {
        #expect(JSONValue.string("abc").describeForError == #"a string "abc""#)
        #expect(JSONValue.string("a\"b\n").describeForError == #"a string "a\"b\n""#)
        #expect(JSONValue.integer(12).describeForError == "the number 12")
        #expect(JSONValue.double(0.5).describeForError == "the number 0.5")
        #expect(JSONValue.bool(false).describeForError == "false")
        #expect(JSONValue.null.describeForError == "null")
        #expect(JSONValue.array([1]).describeForError == "an array of 1 item")
        #expect(JSONValue.array([]).describeForError == "an empty array")
        #expect(JSONValue.object(["a": 1]).describeForError == "an object")
        #expect(JSONValue.object([:]).describeForError == "an empty object")
        let kinds: [JSONValue] = [nil, true, false, 1, 1.5, "s", [], [:]]
        #expect(kinds.map(\.kindDescription)
            == ["null", "true", "false", "an integer", "a number", "a string", "an array", "an object"])
    }

    @Test func replacesValuesWhenAKeyIsSetAgain() {
        var object = JSONObject([(key: "a", value: 1), (key: "b", value: 2), (key: "a", value: 3)])
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3)
        object["b"] = "x"
        object["c"] = nil
        object["d"] = true
        #expect(object.keys == ["a", "b", "d"])
        object["a"] = nil
        #expect(object.keys == ["b", "d"])
        #expect(object.members.map(\.value) == ["x", true])
        var large = JSONObject()
        for number in 0 ..< 40 { large["k\(number)"] = .integer(Int64(number)) }
        large["k3"] = nil
        #expect(large.count == 39)
        #expect(large["k39"] == 39)
        #expect(large["k3"] == nil)
    }
}
