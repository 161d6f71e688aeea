import DNSimCLI
import Foundation
import Testing

/// Every typo the issue found passing silently is an exit-2 diagnostic naming the file, the JSON
/// pointer, what was expected and what was found (`dnsim validate` and `dnsim run` alike).
struct TypoDiagnosticsTests {
    /// A valid two-slot scenario (`daily-0900` and the slot `evening` at 21:00).
    static let base = """
        {
          "id": "test/typos",
          "title": "Typos",
          "platform": "android",
          "device": { "apiLevel": 34 },
          "timeZone": "Europe/Berlin",
          "start": "2026-03-25T08:00",
          "end": "2026-03-27T08:00",
          "os": { "exactAlarmGranted": true },
          "steps": [
            { "at": "2026-03-25T08:00", "action": "launchApp" },
            { "after": "1m", "action": "scheduleDailyNotification", "time": "09:00" },
            { "after": "1m", "action": "scheduleDailyNotification", "time": "21:00", "id": "evening" }
          ],
          "expected": {
            "os": "OS", "plugin": "Plugin",
            "checks": [
              { "id": "shown", "assert": "deliveryCount", "equals": 4 },
              { "id": "morning", "assert": "delivered", "localDate": "2026-03-26", "slot": "daily-0900" },
              { "id": "evening-at-2100", "assert": "deliveredAtLocalTime", "time": "21:00", "slot": "evening" },
              { "id": "rule", "assert": "ruleApplied", "rule": "A26" }
            ]
          }
        }
        """

    /// `base` with `old` (which must occur once) replaced by `new`.
    static func edited(_ old: String, _ new: String) throws -> String {
        let ranges = base.ranges(of: old)
        try #require(ranges.count == 1, "\(old) occurs \(ranges.count) times")
        return base.replacingCharacters(in: ranges[0], with: new)
    }

    /// Runs `validate` and `run` on `text`; both must exit 2 with `line` among their `error:` lines.
    static func expectDiagnostic(
        _ text: String, _ line: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for command in ["validate", "run"] {
            let run = Invocation([command, "typo.json"], files: ["typo.json": text])
            #expect(run.code == 2, "\(command): \(run.stderr)", sourceLocation: sourceLocation)
            #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
            let lines = run.stderr.split(separator: "\n").map(String.init)
            #expect(lines.contains("error: typo.json: " + line), "\(command): \(run.stderr)", sourceLocation: sourceLocation)
            #expect(lines.allSatisfy { $0.hasPrefix("error: typo.json: ") }, sourceLocation: sourceLocation)
        }
    }

    @Test func theBaseScenarioIsValid() {
        let run = Invocation(["validate", "typo.json"], files: ["typo.json": Self.base])
        #expect(run.code == 0, "\(run.stderr)")
    }

    // MARK: The issue's list

    @Test func aCheckOnAMisspeltSlotIsAnError() throws {
        Self.expectDiagnostic(
            try Self.edited(#""slot": "daily-0900""#, #""slot": "daily-090""#),
            #"at /expected/checks/1/slot: expected the id of a slot a scheduleDailyNotification step creates: "#
                + #"daily-0900, evening, found "daily-090", did you mean "daily-0900"?"#)
    }

    @Test func aRuleThatIsNotInTheCatalogueIsAnError() throws {
        Self.expectDiagnostic(
            try Self.edited(#""rule": "A26""#, #""rule": "Z99""#),
            #"at /expected/checks/3/rule: expected an OS rule id of the android rule catalogue (dnsim rules, "#
                + #"docs/models/rules.md), found "Z99", which is not in the catalogue"#)
    }

    @Test func boundsThatNoCountCanMeetAreAnError() throws {
        Self.expectDiagnostic(
            try Self.edited(#""equals": 4"#, #""atLeast": 10, "atMost": 2"#),
            #"at /expected/checks/0/atMost: expected an "atMost" at or above "atLeast" (10), or no count can hold, found 2"#)
    }

    @Test func anEmptyIdIsAnError() throws {
        Self.expectDiagnostic(
            try Self.edited(#""id": "test/typos""#, #""id": """#),
            #"at /id: expected \#(Self.idExpectation), found "", which is empty"#)
    }

    @Test func anIdWithADotDotSegmentIsAnError() throws {
        Self.expectDiagnostic(
            try Self.edited(#""id": "test/typos""#, #""id": "test/../typos""#),
            #"at /id: expected \#(Self.idExpectation), found "test/../typos", which has a ".." segment"#)
    }

    @Test func anIdWithANewlineIsAnError() throws {
        Self.expectDiagnostic(
            try Self.edited(#""id": "test/typos""#, #""id": "test/\ntypos""#),
            #"at /id: expected \#(Self.idExpectation), found "test/\ntypos", which contains a newline"#)
    }

    @Test func anIdWithANULIsAnError() throws {
        Self.expectDiagnostic(
            try Self.edited(#""id": "test/typos""#, #""id": "test/\u0000typos""#),
            #"at /id: expected \#(Self.idExpectation), found "test/\u0000typos", which contains a NUL character"#)
    }

    @Test func aTimeWithOneHourDigitIsAnErrorBeforeTheRun() throws {
        Self.expectDiagnostic(
            try Self.edited(#""time": "09:00""#, #""time": "7:30""#),
            #"at /steps/1/time: expected a wall time "HH:mm" (24-hour, two digits each, as the plugin accepts), found "7:30""#)
    }

    // MARK: Other names and references

    @Test(arguments: [
        (#""id": "test/typos""#, #""id": "/test/typos""#, #"found "/test/typos", which starts with "/""#),
        (#""id": "test/typos""#, #""id": "test\\typos""#, #"found "test\\typos", which contains a backslash"#),
        (#""id": "test/typos""#, #""id": "..""#, #"found "..", which has a ".." segment"#),
        (#""id": "test/typos""#, #""id": "test/\ttypos""#, #"found "test/\ttypos", which contains a tab"#),
    ])
    func anIdThatCannotNameAFileIsAnError(_ old: String, _ new: String, _ found: String) throws {
        Self.expectDiagnostic(try Self.edited(old, new), "at /id: expected \(Self.idExpectation), \(found)")
    }

    @Test func anIdOf300CharactersIsAnErrorNamingItsLength() throws {
        let long = String(repeating: "x", count: 300)
        Self.expectDiagnostic(
            try Self.edited(#""id": "test/typos""#, #""id": "\#(long)""#),
            #"at /id: expected \#(Self.idExpectation), found "\#(String(repeating: "x", count: 40))…", which is 300 bytes long"#)
    }

    @Test func aRuleOfAnotherPlatformIsAnError() throws {
        Self.expectDiagnostic(
            try Self.edited(#""rule": "A26""#, #""rule": "I18""#),
            #"at /expected/checks/3/rule: expected an OS rule id of the android rule catalogue (dnsim rules, "#
                + #"docs/models/rules.md), found "I18", a rule of the ios catalogue, which android runs never apply"#)
    }

    @Test func aSlotOfAStepMustExistToo() throws {
        Self.expectDiagnostic(
            try Self.edited(
                #"{ "at": "2026-03-25T08:00", "action": "launchApp" },"#,
                #"{ "at": "2026-03-25T08:00", "action": "launchApp" }, { "after": "3m", "action": "injectAlarmLoss", "slot": "evenign" },"#),
            #"at /steps/1/slot: expected the id of a slot a scheduleDailyNotification step creates: "#
                + #"daily-0900, evening, found "evenign", did you mean "evening"?"#)
    }

    @Test func aSlotWithoutAnyScheduleStepIsAnError() throws {
        var text = try Self.edited(#"{ "after": "1m", "action": "scheduleDailyNotification", "time": "09:00" },"#, "")
        text = text.replacingOccurrences(
            of: #"{ "after": "1m", "action": "scheduleDailyNotification", "time": "21:00", "id": "evening" }"#,
            with: #"{ "after": "1m", "action": "backgroundApp" }"#)
        Self.expectDiagnostic(
            text, #"at /expected/checks/1/slot: expected a slot that a scheduleDailyNotification step creates (none does), found "daily-0900""#)
    }

    @Test func anEqualsOutsideTheOtherBoundsIsAnError() throws {
        Self.expectDiagnostic(
            try Self.edited(#""equals": 4"#, #""equals": 4, "atMost": 3"#),
            #"at /expected/checks/0/equals: expected an "equals" at or below "atMost" (3), or no count can hold, found 4"#)
    }

    @Test func aStatusFieldTypoNamesTheField() throws {
        Self.expectDiagnostic(
            try Self.edited(#""rule": "A26""#, #""rule": "A26" }, { "id": "s", "assert": "statusReports", "field": "scheduledSlot", "equals": "2""#),
            #"at /expected/checks/4/field: expected one of: notificationsEnabled, canScheduleExactAlarms, mode, "#
                + #"scheduledSlots, missedOccurrences, forceStopDetected, lastSlot, lastLocalDate, found "scheduledSlot", "#
                + #"did you mean "scheduledSlots"?"#)
    }

    @Test func anErrorCodeTypoNamesTheCode() throws {
        Self.expectDiagnostic(
            try Self.edited(#""rule": "A26""#, #""rule": "A26" }, { "id": "e", "assert": "errorCode", "code": "invalid_time_fromat""#),
            #"at /expected/checks/4/code: expected one of: invalid_time_format, notifications_denied, scheduling_failed, "#
                + #"storage_unavailable, found "invalid_time_fromat", did you mean "invalid_time_format"?"#)
    }

    // MARK: Did you mean

    @Test func aMisspeltFieldNamesTheFieldMeant() throws {
        let text = try Self.edited(#""timeZone""#, #""timezone""#)
        Self.expectDiagnostic(
            text,
            #"at (document root): expected a member "timeZone" (an IANA time-zone id such as "Europe/Berlin"), "#
                + #"found no "timeZone" member; is "timezone" a typo for it?"#)
        let run = Invocation(["validate", "typo.json"], files: ["typo.json": text])
        #expect(run.stderr.contains(#"at /timezone: expected one of the known fields: "#))
        #expect(run.stderr.contains(#"found an unknown field "timezone", did you mean "timeZone"?"#))
    }

    @Test func aMisspeltActionNamesTheActionNotAListOfThirty() throws {
        Self.expectDiagnostic(
            try Self.edited(#""action": "launchApp""#, #""action": "forcestop""#),
            #"at /steps/0/action: expected one of the 38 android actions, found "forcestop", did you mean "forceStop"?"#)
    }

    @Test func aMisspeltZoneNamesTheZone() throws {
        Self.expectDiagnostic(
            try Self.edited(#""timeZone": "Europe/Berlin""#, #""timeZone": "Europe/Berln""#),
            #"at /timeZone: expected an IANA time-zone id such as "Europe/Berlin", found "Europe/Berln", "#
                + #"which is not a known zone, did you mean "Europe/Berlin"?"#)
    }

    @Test func aMisspeltRuleNamesTheRule() throws {
        Self.expectDiagnostic(
            try Self.edited(#""rule": "A26""#, #""rule": "a26""#),
            #"at /expected/checks/3/rule: expected an OS rule id of the android rule catalogue (dnsim rules, "#
                + #"docs/models/rules.md), found "a26", which is not in the catalogue, did you mean "A26"?"#)
    }

    @Test func aMisspeltAssertionNamesTheAssertion() throws {
        Self.expectDiagnostic(
            try Self.edited(#""assert": "deliveryCount""#, #""assert": "deliveryCnt""#),
            #"at /expected/checks/0/assert: expected one of the 33 assertions, found "deliveryCnt", did you mean "deliveryCount"?"#)
    }

    // MARK: Every error of a file

    @Test func everyErrorOfAFileIsReportedInDocumentOrder() throws {
        var text = try Self.edited(#""action": "launchApp""#, #""action": "forcestop""#)
        text = text.replacingOccurrences(of: #""time": "09:00""#, with: #""time": "9:00""#)
        text = text.replacingOccurrences(of: #""equals": 4"#, with: #""equals": -4"#)
        text = text.replacingOccurrences(of: #""rule": "A26""#, with: #""rule": "Z99""#)
        // The root's unknown field is found last but comes first in the file.
        text = text.replacingOccurrences(of: #""title": "Typos","#, with: #""title": "Typos", "titel": "x","#)
        let run = Invocation(["validate", "typo.json"], files: ["typo.json": text])
        #expect(run.code == 2)
        let pointers = run.stderr.split(separator: "\n").map { line in
            String(line.dropFirst("error: typo.json: at ".count).prefix { $0 != ":" })
        }
        #expect(
            pointers == ["/titel", "/steps/0/action", "/steps/1/time", "/expected/checks/0/equals", "/expected/checks/3/rule"],
            "\(run.stderr)")
    }

    @Test func aSlotTypoIsReportedBesideABrokenStepThatSchedulesNothing() throws {
        var text = try Self.edited(#""action": "launchApp""#, #""action": "forcestop""#)
        text = text.replacingOccurrences(of: #""slot": "daily-0900""#, with: #""slot": "daily-090""#)
        let run = Invocation(["validate", "typo.json"], files: ["typo.json": text])
        #expect(run.stderr.contains(#"error: typo.json: at /steps/0/action: "#))
        #expect(run.stderr.contains(#"error: typo.json: at /expected/checks/1/slot: "#), "\(run.stderr)")
    }

    @Test func slotsAreNotJudgedWhileAScheduleStepIsBroken() throws {
        // The 21:00 call's time is wrong, so which slots exist is unknown: "evening" is not
        // reported missing (only the time is).
        let text = try Self.edited(#""time": "21:00", "id": "evening""#, #""time": "21.00", "id": "evening""#)
        let run = Invocation(["validate", "typo.json"], files: ["typo.json": text])
        #expect(run.code == 2)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("error: typo.json: at /steps/2/time: "))
    }

    @Test func aFileWithManyErrorsIsCutAtTwentyWithACount() throws {
        let steps = (0..<25).map { _ in #"{ "after": "1m", "action": "fly" }"# }.joined(separator: ", ")
        let text = try Self.edited(#"{ "at": "2026-03-25T08:00", "action": "launchApp" },"#, steps + ",")
        let run = Invocation(["validate", "typo.json"], files: ["typo.json": text])
        #expect(run.code == 2)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 21, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("error: typo.json: at /steps/0/action: ") == true)
        #expect(lines.last == "error: typo.json: … and 5 more errors (only the first 20 are shown)")
    }

    static let idExpectation =
        #"a scenario id that can name report files: 1 to 120 bytes, no control characters, no backslash, "#
        + #"no leading "/" and no ".." segment, such as "android/daily-basic""#
}

/// The README shows exactly what the tool prints.
struct ReadmeExampleTests {
    /// The lines after `$ COMMAND` up to the end of its code block in README.md.
    static func transcript(after command: String) throws -> String {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "\n$ \(command)\n"), "README.md has no `$ \(command)`")
        let rest = readme[start.upperBound...]
        let end = try #require(rest.range(of: "```"))
        return String(rest[..<end.lowerBound])
    }

    @Test func theDirectiveExampleIsTheWholeOutput() throws {
        let shown = try Self.transcript(after: "swift run dnsim run scenarios/ios/dst-spring-0900-ios.json --profile directive")
        let run = Invocation(["run", "scenarios/ios/dst-spring-0900-ios.json", "--profile", "directive"])
        #expect(run.code == 1)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == shown)
    }
}
