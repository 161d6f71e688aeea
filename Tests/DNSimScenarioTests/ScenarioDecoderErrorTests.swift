import DNSimCalendar
import DNSimCore
import DNSimPlugin
import DNSimScenario
import Testing

/// One way to break the minimal scenario, and the exact error it must produce.
struct BadScenario: Sendable, CustomTestStringConvertible {
    var name: String
    var edits: [MinimalScenario.Edit]
    var pointer: String
    var expected: String
    var found: String
    /// When set, `expected` must start with the first phrase and list (at least) the others,
    /// for lists that grow such as the known fields of an object; otherwise it must equal
    /// ``expected``.
    var expectedPhrases: [String]?

    init(_ name: String, _ edits: [(String, String)], at pointer: String, expected: String, found: String) {
        self.name = name
        self.edits = edits.map { MinimalScenario.Edit(old: $0.0, new: $0.1) }
        self.pointer = pointer
        self.expected = expected
        self.found = found
    }

    init(_ name: String, _ edits: [(String, String)], at pointer: String, expecting phrases: [String], found: String) {
        self.init(name, edits, at: pointer, expected: "", found: found)
        expectedPhrases = phrases
    }

    var testDescription: String { name }

    /// The error the decoder must throw.
    var error: ScenarioError {
        ScenarioError(
            file: MinimalScenario.file, kind: .invalidScenario, pointer: MinimalScenario.pointer(pointer),
            expected: expected, found: found)
    }
}

struct ScenarioDecoderErrorTests {
    // MARK: The baseline

    @Test func theMinimalScenarioDecodesWithTheValuesItSpells() throws {
        let scenario = try ScenarioDecoder(file: MinimalScenario.file).decode(Array(MinimalScenario.text.utf8))
        #expect(scenario.id == "test/minimal")
        #expect(scenario.title == "Minimal")
        #expect(scenario.description == "")
        #expect(scenario.row == "")
        #expect(scenario.platform == .android)
        #expect(scenario.deviceProfile == "android-stock")
        #expect(scenario.osVersion == 34)
        #expect(scenario.zone.identifier == "Europe/Berlin")
        #expect(scenario.start == LocalDateTime(parsing: "2026-03-25T08:00"))
        // 2026-03-25T08:00 in Berlin is 07:00 UTC (CET, +01:00).
        #expect(scenario.startInstant == SimInstant(millisecondsSinceEpoch: 1_774_422_000_000))
        #expect(scenario.endInstant - scenario.startInstant == .days(2))
        #expect(scenario.seed == 7)
        #expect(scenario.profile == .corrected)
        #expect(scenario.plugin.bootReceiver == true)
        #expect(scenario.plugin.directBootAware == false)
        #expect(scenario.plugin.targetSdk == 34)
        #expect(scenario.os.exactAlarmGranted == true)
        #expect(scenario.os.postNotificationsGranted == nil)
        #expect(scenario.os.inexactDeferralPercent == nil)
        #expect(scenario.osExpected == "OS text")
        #expect(scenario.pluginExpected == "Plugin text")

        #expect(scenario.steps.map(\.action.name) == ["launchApp", "scheduleDailyNotification", "backgroundApp"])
        #expect(scenario.steps.map { ($0.at - scenario.startInstant).milliseconds } == [0, 60_000, 180_000])
        #expect(scenario.steps.map(\.pointer.description) == ["/steps/0", "/steps/1", "/steps/2"])
        #expect(
            scenario.steps[1].action
                == .scheduleDailyNotification(DailySlotRequest(id: nil, time: "09:00", title: "Hello", body: "")))

        #expect(scenario.checks.map(\.id) == ["two-shown", "no-errors"])
        #expect(scenario.checks.map(\.seedClaim) == ["S1", nil])
        #expect(scenario.checks.map(\.description) == ["", ""])
        guard case .deliveryCount(let count, let slot) = scenario.checks[0].assertion else {
            Issue.record("expected a deliveryCount assertion, got \(scenario.checks[0].assertion)")
            return
        }
        #expect(count.equals == 2 && count.atLeast == nil && count.atMost == nil)
        #expect(slot == nil)
        #expect(scenario.checks[1].assertion == .noErrors)
    }

    @Test func optionalSectionsTakeTheirDocumentedDefaults() throws {
        let text = try #require(
            MinimalScenario.text(applying: [
                .init(old: #""device": { "profile": "android-stock", "apiLevel": 34 }"#, new: #""device": { "apiLevel": 30 }"#),
                .init(old: #""seed": 7,"#, new: ""),
                .init(old: #""plugin": { "profile": "corrected", "bootReceiver": true },"#, new: ""),
                .init(old: #""os": { "exactAlarmGranted": true },"#, new: ""),
                .init(old: #""end": "2026-03-27T08:00","#, new: #""duration": "1d2h","#),
            ]))
        let scenario = try ScenarioDecoder(file: MinimalScenario.file).decode(Array(text.utf8))
        #expect(scenario.deviceProfile == "android-stock")
        #expect(scenario.osVersion == 30)
        #expect(scenario.seed == 1)
        #expect(scenario.profile == .corrected)
        #expect(scenario.plugin.bootReceiver == true)
        #expect(scenario.plugin.directBootAware == false)
        #expect(scenario.plugin.targetSdk == 34)
        #expect(scenario.os.exactAlarmGranted == nil)
        #expect(scenario.os.postNotificationsGranted == nil)
        #expect(scenario.os.inexactDeferralPercent == nil)
        #expect(scenario.endInstant - scenario.startInstant == .hours(26))
    }

    // MARK: Not JSON at all

    @Test(arguments: [
        ("{\n  \"id\": \"x\",\n  \"title\" \"y\"\n}", 3, 11),
        ("{\"id\": \"x\",}", 1, 11),
        ("{\n\t\"seed\": 01\n}", 2, 10),
        ("{\"id\": \"x\"\n", 2, 1),
        ("{\"id\": \"x\"} trailing", 1, 13),
    ])
    func malformedJSONNamesLineAndColumn(text: String, line: Int, column: Int) throws {
        let error = try #require(MinimalScenario.decodingError(text))
        #expect(error.kind == .malformedJSON)
        #expect(error.file == MinimalScenario.file)
        #expect(error.pointer == .root)
        #expect(error.expected == "a JSON document")
        #expect(error.found.hasPrefix("line \(line), column \(column): "), "found: \(error.found)")
        #expect(error.description == "case.json: malformed JSON: \(error.found)")
    }

    @Test func aMissingColonIsDescribedPrecisely() throws {
        let error = try #require(MinimalScenario.decodingError("{\n  \"id\": \"x\",\n  \"title\" \"y\"\n}"))
        #expect(error.description == #"case.json: malformed JSON: line 3, column 11: expected ':' after the key "title", found '"'"#)
    }

    @Test(arguments: [
        ("", "line 1, column 1: the input is empty"),
        ("  \n", "line 2, column 1: the input contains only whitespace"),
    ])
    func emptyInputIsMalformedJSONNotACrash(text: String, found: String) throws {
        let error = try #require(MinimalScenario.decodingError(text))
        #expect(error == ScenarioError(file: "case.json", kind: .malformedJSON, expected: "a JSON document", found: found))
    }

    @Test func everyTruncationOfAValidScenarioIsMalformedJSON() {
        let bytes = Array(MinimalScenario.text.utf8)
        #expect(bytes.last == UInt8(ascii: "}"))
        var wrong: [Int] = []
        for length in 0..<bytes.count {
            do {
                _ = try ScenarioDecoder(file: "cut.json").decode(Array(bytes[..<length]))
                wrong.append(length)
            } catch {
                if error.first.kind != .malformedJSON || !error.description.hasPrefix("cut.json: malformed JSON: line ") {
                    wrong.append(length)
                }
            }
        }
        #expect(wrong.isEmpty, "prefixes of these lengths were not reported as malformed JSON: \(wrong)")
    }

    @Test func deletingAnySingleByteGivesAnErrorOrAScenarioNeverACrash() {
        let bytes = Array(MinimalScenario.text.utf8)
        var errors = 0
        for index in bytes.indices {
            var damaged = bytes
            damaged.remove(at: index)
            do {
                _ = try ScenarioDecoder(file: "cut.json").decode(damaged)
            } catch {
                errors += 1
                for line in error.lines { #expect(line.hasPrefix("cut.json: "), "\(error)") }
                for problem in error.errors { #expect(!problem.expected.isEmpty && !problem.found.isEmpty, "\(error)") }
            }
        }
        // Most bytes matter (quotes, letters of keys and values); only layout spaces do not.
        #expect(errors > bytes.count / 3)
    }

    @Test(arguments: [
        ("[]", "an empty array"),
        ("null", "null"),
        ("\"scenario\"", "a string \"scenario\""),
        ("42", "the number 42"),
    ])
    func aDocumentThatIsNotAnObjectIsRejectedAtTheRoot(text: String, found: String) throws {
        let error = try #require(MinimalScenario.decodingError(text))
        #expect(
            error
                == ScenarioError(
                    file: "case.json", kind: .invalidScenario, pointer: .root, expected: "a scenario object", found: found))
        #expect(error.description == "case.json: at (document root): expected a scenario object, found \(found)")
    }

    // MARK: One edit away from valid

    static let wrongTypes: [BadScenario] = [
        BadScenario(
            "a string seed", [(#""seed": 7"#, #""seed": "one""#)], at: "/seed",
            expected: "a non-negative integer seed", found: #"a string "one""#),
        BadScenario(
            "a negative seed", [(#""seed": 7"#, #""seed": -1"#)], at: "/seed",
            expected: "a non-negative integer seed", found: "-1"),
        BadScenario(
            "a fractional seed", [(#""seed": 7"#, #""seed": 1.5"#)], at: "/seed",
            expected: "a non-negative integer seed", found: "the number 1.5"),
        BadScenario(
            "a string API level", [(#""apiLevel": 34"#, #""apiLevel": "34""#)], at: "/device/apiLevel",
            expected: "an Android API level from 26 to 36", found: #"a string "34""#),
        BadScenario(
            "a null title", [(#""title": "Minimal""#, #""title": null"#)], at: "/title",
            expected: "a string", found: "null"),
        BadScenario(
            "a string for a Boolean", [(#""bootReceiver": true"#, #""bootReceiver": "yes""#)],
            at: "/plugin/bootReceiver", expected: "true or false", found: #"a string "yes""#),
        BadScenario(
            "a string count", [(#""equals": 2"#, #""equals": "2""#)], at: "/expected/checks/0/equals",
            expected: "a non-negative integer", found: #"a string "2""#),
        BadScenario(
            "a numeric step time", [(#""after": "1m""#, #""after": 60"#)], at: "/steps/1/after",
            expected: #"a duration such as "90s", "15m", "2h" or "1d2h""#, found: "the number 60"),
        BadScenario(
            "an object for the steps", [(#""steps": ["#, #""steps": {}, "x": ["#)], at: "/steps",
            expected: "an array", found: "an empty object"),
        BadScenario(
            "a string for a step", [(#"{ "after": "2m", "action": "backgroundApp" }"#, #""backgroundApp""#)],
            at: "/steps/2", expected: "a step object", found: #"a string "backgroundApp""#),
        BadScenario(
            "an unsupported platform", [(#""platform": "android""#, #""platform": "web""#)], at: "/platform",
            expected: #"one of "android", "ios", "electron""#, found: #"a string "web""#),
        BadScenario(
            "an unknown plugin profile", [(#""profile": "corrected""#, #""profile": "fixed""#)], at: "/plugin/profile",
            expected: #"one of "as-found", "directive", "corrected""#, found: #"a string "fixed""#),
        BadScenario(
            "a missing title", [(#""title": "Minimal","#, "")], at: "",
            expected: #"a member "title" (a string)"#, found: #"no "title" member"#),
        BadScenario(
            "a missing API level", [(#", "apiLevel": 34"#, "")], at: "/device",
            expected: #"a member "apiLevel" (an Android API level from 26 to 36)"#, found: #"no "apiLevel" member"#),
    ]

    @Test(arguments: wrongTypes)
    func aValueOfTheWrongTypeIsRejectedWhereItIs(_ bad: BadScenario) throws {
        try expectError(bad)
    }

    static let unknownFields: [BadScenario] = [
        BadScenario(
            "a typo at the root", [(#""title": "Minimal","#, #""title": "Minimal", "titel": "x","#)], at: "/titel",
            expecting: ["one of the known fields: ", "$schema", "description", "device", "duration", "end", "expected", "id", "os", "platform", "plugin", "row", "seed", "start", "steps", "timeZone", "title"],
            found: #"an unknown field "titel", did you mean "title"?"#),
        BadScenario(
            "a typo in a step", [(#""action": "launchApp" }"#, #""action": "launchApp", "acton": "x" }"#)],
            at: "/steps/0/acton", expecting: ["one of the known fields: ", "action", "after", "at"],
            found: #"an unknown field "acton", did you mean "action"?"#),
        BadScenario(
            "a typo in an action's field", [(#""title": "Hello" }"#, #""title": "Hello", "bdy": "x" }"#)],
            at: "/steps/1/bdy", expecting: ["one of the known fields: ", "action", "after", "at", "body", "id", "time", "title"],
            found: #"an unknown field "bdy", did you mean "body"?"#),
        BadScenario(
            "a typo in a reboot step",
            [(#"{ "after": "2m", "action": "backgroundApp" }"#, #"{ "after": "2m", "action": "reboot", "offfor": "1m" }"#)],
            at: "/steps/2/offfor", expecting: ["one of the known fields: ", "action", "after", "at", "offFor", "unlockAfter"],
            found: #"an unknown field "offfor", did you mean "offFor"?"#),
        BadScenario(
            "a typo in a check", [(#""assert": "noErrors" }"#, #""assert": "noErrors", "seedclaim": "S1" }"#)],
            at: "/expected/checks/1/seedclaim",
            expecting: ["one of the known fields: ", "assert", "description", "id", "seedClaim"],
            found: #"an unknown field "seedclaim", did you mean "seedClaim"?"#),
        BadScenario(
            "a count check's typo", [(#""equals": 2,"#, #""equals": 2, "atleast": 1,"#)],
            at: "/expected/checks/0/atleast",
            expecting: ["one of the known fields: ", "assert", "atLeast", "atMost", "description", "equals", "id", "seedClaim", "slot"],
            found: #"an unknown field "atleast", did you mean "atLeast"?"#),
        BadScenario(
            "a typo in expected", [(#""os": "OS text","#, #""os": "OS text", "check": [],"#)], at: "/expected/check",
            expecting: ["one of the known fields: ", "checks", "os", "plugin"], found: #"an unknown field "check", did you mean "checks"?"#),
        BadScenario(
            "a typo in the device", [(#""apiLevel": 34"#, #""apiLevel": 34, "apilevel": 30"#)],
            at: "/device/apilevel", expecting: ["one of the known fields: ", "apiLevel", "profile"],
            found: #"an unknown field "apilevel", did you mean "apiLevel"?"#),
        BadScenario(
            "a typo in the plugin", [(#""bootReceiver": true"#, #""bootReciever": false"#)],
            at: "/plugin/bootReciever",
            expecting: ["one of the known fields: ", "bootReceiver", "directBootAware", "profile", "targetSdk"],
            found: #"an unknown field "bootReciever", did you mean "bootReceiver"?"#),
        BadScenario(
            "a typo in the OS options", [(#""exactAlarmGranted": true"#, #""exactAlarmGrant": true"#)],
            at: "/os/exactAlarmGrant",
            expecting: ["one of the known fields: ", "exactAlarmGranted", "inexactDeferralPercent", "postNotificationsGranted"],
            found: #"an unknown field "exactAlarmGrant", did you mean "exactAlarmGranted"?"#),
    ]

    @Test(arguments: unknownFields)
    func anUnknownFieldIsAnErrorListingTheKnownOnes(_ bad: BadScenario) throws {
        try expectError(bad)
    }

    static let badTimes: [BadScenario] = [
        BadScenario(
            "an unknown zone", [(#""timeZone": "Europe/Berlin""#, #""timeZone": "Mars/Olympus""#)], at: "/timeZone",
            expected: #"an IANA time-zone id such as "Europe/Berlin""#,
            found: #""Mars/Olympus", which is not a known zone"#),
        BadScenario(
            "a zone in the wrong case", [(#""timeZone": "Europe/Berlin""#, #""timeZone": "europe/berlin""#)],
            at: "/timeZone", expected: #"an IANA time-zone id such as "Europe/Berlin""#,
            found: #""europe/berlin", which is not a known zone, did you mean "Europe/Berlin"?"#),
        BadScenario(
            "an empty zone", [(#""timeZone": "Europe/Berlin""#, #""timeZone": """#)], at: "/timeZone",
            expected: #"an IANA time-zone id such as "Europe/Berlin""#, found: #""", which is not a known zone"#),
        BadScenario(
            "an unknown zone in a step",
            [(#"{ "after": "2m", "action": "backgroundApp" }"#, #"{ "after": "2m", "action": "setTimeZone", "zone": "Nowhere/X" }"#)],
            at: "/steps/2/zone", expected: #"an IANA time-zone id such as "Europe/Berlin""#,
            found: #""Nowhere/X", which is not a known zone"#),
        BadScenario(
            "February 30th", [(#""start": "2026-03-25T08:00""#, #""start": "2026-02-30T09:00""#)], at: "/start",
            expected: #"a local date-time "YYYY-MM-DDTHH:mm""#,
            found: #""2026-02-30T09:00", which is not a real date and time"#),
        BadScenario(
            "month 13", [(#""start": "2026-03-25T08:00""#, #""start": "2026-13-01T00:00""#)], at: "/start",
            expected: #"a local date-time "YYYY-MM-DDTHH:mm""#,
            found: #""2026-13-01T00:00", which is not a real date and time"#),
        BadScenario(
            "February 29th of a common year", [(#""start": "2026-03-25T08:00""#, #""start": "2026-02-29T09:00""#)],
            at: "/start", expected: #"a local date-time "YYYY-MM-DDTHH:mm""#,
            found: #""2026-02-29T09:00", which is not a real date and time"#),
        BadScenario(
            "hour 24", [(#""start": "2026-03-25T08:00""#, #""start": "2026-03-25T24:00""#)], at: "/start",
            expected: #"a local date-time "YYYY-MM-DDTHH:mm""#,
            found: #""2026-03-25T24:00", which is not a real date and time"#),
        BadScenario(
            "April 31st as the end", [(#""end": "2026-03-27T08:00""#, #""end": "2026-04-31T08:00""#)], at: "/end",
            expected: #"a local date-time "YYYY-MM-DDTHH:mm""#,
            found: #""2026-04-31T08:00", which is not a real date and time"#),
        BadScenario(
            "an impossible step time", [(#""at": "2026-03-25T08:00""#, #""at": "2026-02-30T08:00""#)],
            at: "/steps/0/at", expected: #"a local date-time "YYYY-MM-DDTHH:mm""#,
            found: #""2026-02-30T08:00", which is not a real date and time"#),
        BadScenario(
            "words for a date", [(#""start": "2026-03-25T08:00""#, #""start": "tomorrow""#)], at: "/start",
            expected: #"a local date-time "YYYY-MM-DDTHH:mm""#, found: #""tomorrow""#),
        BadScenario(
            "a start in the spring DST gap", [(#""start": "2026-03-25T08:00""#, #""start": "2026-03-29T02:30""#)],
            at: "/start", expected: "a local time that exists in Europe/Berlin", found: #""2026-03-29T02:30""#),
        BadScenario(
            "an end in the spring DST gap", [(#""end": "2026-03-27T08:00""#, #""end": "2026-03-29T02:30""#)],
            at: "/end", expected: "a local time that exists in Europe/Berlin", found: #""2026-03-29T02:30""#),
        BadScenario(
            "a step in the spring DST gap",
            [
                (#""end": "2026-03-27T08:00""#, #""end": "2026-03-30T08:00""#),
                (#"{ "after": "2m", "action": "backgroundApp" }"#, #"{ "at": "2026-03-29T02:00", "action": "unlock" }"#),
            ],
            at: "/steps/2/at", expected: "a local time that exists in Europe/Berlin", found: #""2026-03-29T02:00""#),
    ]

    @Test(arguments: badTimes)
    func aZoneOrLocalTimeThatDoesNotExistIsRejected(_ bad: BadScenario) throws {
        try expectError(bad)
    }

    @Test func aStartInTheAutumnFoldIsAcceptedAsTheEarlierInstant() throws {
        let text = try #require(
            MinimalScenario.text(applying: [
                .init(old: #""start": "2026-03-25T08:00""#, new: #""start": "2026-10-25T02:30""#),
                .init(old: #""end": "2026-03-27T08:00""#, new: #""end": "2026-10-27T08:00""#),
                .init(old: #""at": "2026-03-25T08:00""#, new: #""at": "2026-10-25T08:00""#),
            ]))
        let scenario = try ScenarioDecoder(file: MinimalScenario.file).decode(Array(text.utf8))
        // 02:30 happens twice on 2026-10-25 in Berlin; the earlier one is CEST, 00:30 UTC.
        #expect(scenario.startInstant == SimInstant(millisecondsSinceEpoch: 1_792_888_200_000))
    }

    static let duration = #"a duration such as "90s", "15m", "2h" or "1d2h""#
    static let badDurations: [BadScenario] = [
        BadScenario(
            "a negative step delay", [(#""after": "1m""#, #""after": "-5m""#)], at: "/steps/1/after",
            expected: duration, found: #"the negative duration "-5m""#),
        BadScenario(
            "an absurd step delay", [(#""after": "1m""#, #""after": "9999d""#)], at: "/steps/1/after",
            expected: "a duration of at most 400d", found: #""9999d""#),
        BadScenario(
            "a step delay in words", [(#""after": "1m""#, #""after": "5 minutes""#)], at: "/steps/1/after",
            expected: duration, found: #""5 minutes""#),
        BadScenario(
            "a fractional step delay", [(#""after": "1m""#, #""after": "1.5h""#)], at: "/steps/1/after",
            expected: duration, found: #""1.5h""#),
        BadScenario(
            "units out of order", [(#""after": "1m""#, #""after": "1m1h""#)], at: "/steps/1/after",
            expected: duration, found: #""1m1h""#),
        BadScenario(
            "a negative reboot duration",
            [(#"{ "after": "2m", "action": "backgroundApp" }"#, #"{ "after": "2m", "action": "reboot", "offFor": "-1m" }"#)],
            at: "/steps/2/offFor", expected: duration, found: #"the negative duration "-1m""#),
        BadScenario(
            "an absurd run duration", [(#""end": "2026-03-27T08:00""#, #""duration": "9999d""#)], at: "/duration",
            expected: "a duration of at most 400d", found: #""9999d""#),
        BadScenario(
            "a run duration that overflows",
            [(#""end": "2026-03-27T08:00""#, #""duration": "99999999999999999999d""#)], at: "/duration",
            expected: duration, found: #""99999999999999999999d""#),
        BadScenario(
            "a zero run duration", [(#""end": "2026-03-27T08:00""#, #""duration": "0m""#)], at: "/duration",
            expected: "an end after the start", found: "an end at or before the start"),
        BadScenario(
            "an end more than 400 days away", [(#""end": "2026-03-27T08:00""#, #""end": "2027-04-30T08:00""#)],
            at: "/end", expected: "a run of at most 400d", found: "a run of 400d23h"),
    ]

    @Test(arguments: badDurations)
    func aNegativeMalformedOrAbsurdDurationIsRejected(_ bad: BadScenario) throws {
        try expectError(bad)
    }

    static let endOrDuration = #"exactly one of "end" (a local date-time) or "duration" (such as "10d")"#
    static let atOrAfter = #"exactly one of "at" (a local date-time) or "after" (a duration since the previous step)"#
    static let badTimelines: [BadScenario] = [
        BadScenario(
            "an end before the start", [(#""end": "2026-03-27T08:00""#, #""end": "2026-03-24T08:00""#)], at: "/end",
            expected: "an end after the start", found: "an end at or before the start"),
        BadScenario(
            "an end equal to the start", [(#""end": "2026-03-27T08:00""#, #""end": "2026-03-25T08:00""#)], at: "/end",
            expected: "an end after the start", found: "an end at or before the start"),
        BadScenario(
            "both end and duration", [(#""end": "2026-03-27T08:00","#, #""end": "2026-03-27T08:00", "duration": "2d","#)],
            at: "", expected: endOrDuration, found: "both"),
        BadScenario(
            "neither end nor duration", [(#""end": "2026-03-27T08:00","#, "")], at: "", expected: endOrDuration,
            found: "neither"),
        BadScenario(
            "a step with both at and after", [(#"{ "after": "1m","#, #"{ "after": "1m", "at": "2026-03-25T08:01","#)],
            at: "/steps/1", expected: atOrAfter, found: "both"),
        BadScenario(
            "a step with neither at nor after", [(#"{ "after": "1m", "#, "{ ")], at: "/steps/1", expected: atOrAfter,
            found: "neither"),
        BadScenario(
            "steps out of order",
            [(#"{ "after": "2m", "action": "backgroundApp" }"#, #"{ "at": "2026-03-25T08:00", "action": "backgroundApp" }"#)],
            at: "/steps/2/at", expected: "a time at or after the previous step (2026-03-25T08:01:00+01:00)",
            found: "2026-03-25T08:00:00+01:00"),
        BadScenario(
            "a step before the start", [(#""at": "2026-03-25T08:00""#, #""at": "2026-03-25T07:59""#)],
            at: "/steps/0/at", expected: "a time at or after the start (2026-03-25T08:00:00+01:00)",
            found: "2026-03-25T07:59:00+01:00"),
        BadScenario(
            "a step delay past the end", [(#""after": "2m""#, #""after": "2d""#)], at: "/steps/2/after",
            expected: "a time at or before the end (2026-03-27T08:00:00+01:00)", found: "2026-03-27T08:01:00+01:00"),
        BadScenario(
            "a step time past the end",
            [(#"{ "after": "2m", "action": "backgroundApp" }"#, #"{ "at": "2026-04-01T09:00", "action": "backgroundApp" }"#)],
            at: "/steps/2/at", expected: "a time at or before the end (2026-03-27T08:00:00+01:00)",
            found: "2026-04-01T09:00:00+02:00"),
    ]

    @Test(arguments: badTimelines)
    func anInconsistentTimelineIsRejected(_ bad: BadScenario) throws {
        try expectError(bad)
    }

    @Test func aStepExactlyAtTheEndIsAccepted() throws {
        let text = try #require(
            MinimalScenario.text(applying: [
                .init(
                    old: #"{ "after": "2m", "action": "backgroundApp" }"#,
                    new: #"{ "at": "2026-03-27T08:00", "action": "backgroundApp" }"#)
            ]))
        let scenario = try ScenarioDecoder(file: MinimalScenario.file).decode(Array(text.utf8))
        #expect(scenario.steps.last?.at == scenario.endInstant)
    }

    static let actions =
        "one of the android actions: "
        + ScenarioAction.allNames.filter { ScenarioAction.platforms(of: $0).contains(.android) }.joined(separator: ", ")
    static let assertions = "one of the assertions: " + ScenarioAssertion.allNames.joined(separator: ", ")
    static let seedClaim = "a seed claim id S1…S30"
    static let badContent: [BadScenario] = [
        BadScenario(
            "an unknown action", [(#""action": "launchApp""#, #""action": "fly""#)], at: "/steps/0/action",
            expected: actions, found: #""fly""#),
        BadScenario(
            "a misspelt action", [(#""action": "launchApp""#, #""action": "launch""#)], at: "/steps/0/action",
            expected: "one of the 38 android actions", found: #""launch", did you mean "launchApp"?"#),
        BadScenario(
            "an action in the wrong case", [(#""action": "launchApp""#, #""action": "launchapp""#)], at: "/steps/0/action",
            expected: "one of the 38 android actions", found: #""launchapp", did you mean "launchApp"?"#),
        BadScenario(
            "a step without an action", [(#", "action": "launchApp""#, "")], at: "/steps/0",
            expected: #"a member "action" ("# + actions + ")", found: #"no "action" member"#),
        BadScenario(
            "setClock with neither to nor shiftBy",
            [(#"{ "after": "2m", "action": "backgroundApp" }"#, #"{ "after": "2m", "action": "setClock" }"#)],
            at: "/steps/2", expected: #"exactly one of "to" (a local date-time) or "shiftBy" (a signed duration)"#,
            found: "neither"),
        BadScenario(
            "an unknown assertion", [(#""assert": "deliveryCount""#, #""assert": "shown""#)],
            at: "/expected/checks/0/assert", expected: assertions, found: #""shown""#),
        BadScenario(
            "a misspelt assertion", [(#""assert": "deliveryCount""#, #""assert": "deliverycount""#)],
            at: "/expected/checks/0/assert", expected: "one of the 33 assertions",
            found: #""deliverycount", did you mean "deliveryCount"?"#),
        BadScenario(
            "a duplicate check id", [(#""id": "no-errors""#, #""id": "two-shown""#)], at: "/expected/checks/1/id",
            expected: "a check id unique in the scenario", found: #"the repeated id "two-shown""#),
        BadScenario(
            "seed claim S99", [(#""seedClaim": "S1""#, #""seedClaim": "S99""#)], at: "/expected/checks/0/seedClaim",
            expected: seedClaim, found: #""S99""#),
        BadScenario(
            "seed claim S31", [(#""seedClaim": "S1""#, #""seedClaim": "S31""#)], at: "/expected/checks/0/seedClaim",
            expected: seedClaim, found: #""S31""#),
        BadScenario(
            "seed claim S0", [(#""seedClaim": "S1""#, #""seedClaim": "S0""#)], at: "/expected/checks/0/seedClaim",
            expected: seedClaim, found: #""S0""#),
        BadScenario(
            "seed claim S01", [(#""seedClaim": "S1""#, #""seedClaim": "S01""#)], at: "/expected/checks/0/seedClaim",
            expected: seedClaim, found: #""S01""#),
        BadScenario(
            "a lower-case seed claim", [(#""seedClaim": "S1""#, #""seedClaim": "s1""#)],
            at: "/expected/checks/0/seedClaim", expected: seedClaim, found: #""s1""#),
        BadScenario(
            "a numeric seed claim", [(#""seedClaim": "S1""#, #""seedClaim": 1"#)], at: "/expected/checks/0/seedClaim",
            expected: seedClaim, found: "the number 1"),
        BadScenario(
            "a count check with no bound", [(#""equals": 2, "#, "")], at: "/expected/checks/0",
            expected: #"at least one of "equals", "atLeast", "atMost""#, found: "none of them"),
        BadScenario(
            "a negative count", [(#""equals": 2"#, #""equals": -1"#)], at: "/expected/checks/0/equals",
            expected: "a non-negative integer", found: "-1"),
        BadScenario(
            "a bad wall time in a check", [(#""assert": "noErrors""#, #""assert": "deliveredAtLocalTime", "time": "25:00""#)],
            at: "/expected/checks/1/time", expected: #"a wall time "HH:mm""#, found: #""25:00""#),
        BadScenario(
            "API level 25", [(#""apiLevel": 34"#, #""apiLevel": 25"#)], at: "/device/apiLevel",
            expected: "an Android API level from 26 to 36", found: "25"),
        BadScenario(
            "API level 37", [(#""apiLevel": 34"#, #""apiLevel": 37"#)], at: "/device/apiLevel",
            expected: "an Android API level from 26 to 36", found: "37"),
        BadScenario(
            "a huge API level", [(#""apiLevel": 34"#, #""apiLevel": 9223372036854775807"#)], at: "/device/apiLevel",
            expected: "an Android API level from 26 to 36", found: "9223372036854775807"),
        BadScenario(
            "an unknown device profile", [(#""profile": "android-stock""#, #""profile": "pixel-9""#)],
            at: "/device/profile", expecting: ["one of: ", "android-stock", "android-aggressive-oem"], found: #""pixel-9""#),
        BadScenario(
            "an out-of-range deferral", [(#""exactAlarmGranted": true"#, #""inexactDeferralPercent": 101"#)],
            at: "/os/inexactDeferralPercent", expected: "a percentage from 0 to 100", found: "101"),
    ]

    @Test(arguments: badContent)
    func anUnknownNameOrOutOfRangeValueIsRejected(_ bad: BadScenario) throws {
        try expectError(bad)
    }

    @Test func theMessageNamesFilePointerExpectedAndFound() throws {
        let text = try #require(MinimalScenario.text(applying: [.init(old: #""seed": 7"#, new: #""seed": "one""#)]))
        let error = try #require(MinimalScenario.decodingError(text))
        #expect(error.description == #"case.json: at /seed: expected a non-negative integer seed, found a string "one""#)
    }

    @Test func everyValidSeedClaimIsAccepted() throws {
        for number in 1...30 {
            let text = try #require(
                MinimalScenario.text(applying: [.init(old: #""seedClaim": "S1""#, new: #""seedClaim": "S\#(number)""#)]))
            let error = MinimalScenario.decodingError(text)
            #expect(error == nil, "S\(number) was rejected: \(String(describing: error))")
        }
    }

    // MARK: Helpers

    private func expectError(_ bad: BadScenario, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try #require(MinimalScenario.text(applying: bad.edits, sourceLocation: sourceLocation))
        guard let error = MinimalScenario.decodingError(text) else {
            Issue.record("\(bad.name): the scenario decoded without an error", sourceLocation: sourceLocation)
            return
        }
        #expect(error.pointer.description == bad.pointer, sourceLocation: sourceLocation)
        #expect(error.description.hasPrefix("case.json: at \(bad.pointer.isEmpty ? "(document root)" : bad.pointer): expected "), sourceLocation: sourceLocation)
        if let phrases = bad.expectedPhrases {
            #expect(error.kind == .invalidScenario, sourceLocation: sourceLocation)
            #expect(error.file == MinimalScenario.file, sourceLocation: sourceLocation)
            #expect(error.found == bad.found, sourceLocation: sourceLocation)
            // A growing list: the prefix, then names (sorted) that must include these.
            let prefix = phrases[0]
            #expect(error.expected.hasPrefix(prefix), sourceLocation: sourceLocation)
            let listed = error.expected.dropFirst(prefix.count).split(separator: ", ").map(String.init)
            if prefix == "one of the known fields: " {
                #expect(listed == listed.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, sourceLocation: sourceLocation)
            }
            for name in phrases.dropFirst() {
                #expect(listed.contains(name), "\(name) is not among the known fields \(listed)", sourceLocation: sourceLocation)
            }
        } else {
            #expect(error == bad.error, sourceLocation: sourceLocation)
            #expect(
                error.description
                    == "case.json: at \(bad.pointer.isEmpty ? "(document root)" : bad.pointer): expected \(bad.expected), found \(bad.found)",
                sourceLocation: sourceLocation)
        }
    }
}
