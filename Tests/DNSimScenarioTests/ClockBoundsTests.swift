import DNSimCore
import DNSimScenario
import Testing

/// The guards on where a scenario may put the device clock: nothing before 1970, and no
/// `setClock` further than ``ScenarioDecoder/clockMargin`` outside the run.
///
/// The minimal scenario runs from 2026-03-25T08:00 to 2026-03-27T08:00 in Berlin (CET, +01:00),
/// so a clock step may set 2025-02-18T08:00+01:00 … 2027-05-01T09:00+02:00 (07:00Z both ends).
struct ClockBoundsTests {
    static let backgroundStep = #"{ "after": "2m", "action": "backgroundApp" }"#
    static let epochReason =
        "device clocks count from the Unix epoch; no real device runs before it, and Android's AlarmManager clamps "
        + "earlier trigger times to it, so such a run would silently show nothing"
    static let berlinWindow =
        "from 2025-02-18T08:00:00+01:00 to 2027-05-01T09:00:00+02:00 in Europe/Berlin (the scenario's span ± 400d, "
        + "not before 1970)"

    /// The minimal scenario with its third step replaced by `steps` (a JSON fragment).
    static func scenario(thirdStep steps: String, more edits: [(String, String)] = []) -> [(String, String)] {
        [(backgroundStep, steps)] + edits
    }

    static let rejected: [BadScenario] = [
        BadScenario(
            "a setClock to the year 9999",
            scenario(thirdStep: #"{ "after": "2m", "action": "setClock", "to": "9999-12-31T00:00" }"#),
            at: "/steps/2/to", expected: "a local date-time " + berlinWindow,
            found: #""9999-12-31T00:00", which is 9999-12-30T23:00:00Z"#),
        BadScenario(
            "a setClock to one minute after the window",
            scenario(thirdStep: #"{ "after": "2m", "action": "setClock", "to": "2027-05-01T09:01" }"#),
            at: "/steps/2/to", expected: "a local date-time " + berlinWindow,
            found: #""2027-05-01T09:01", which is 2027-05-01T07:01:00Z"#),
        BadScenario(
            "a setClock to one minute before the window",
            scenario(thirdStep: #"{ "after": "2m", "action": "setClock", "to": "2025-02-18T07:59" }"#),
            at: "/steps/2/to", expected: "a local date-time " + berlinWindow,
            found: #""2025-02-18T07:59", which is 2025-02-18T06:59:00Z"#),
        BadScenario(
            "a setClock to 1969",
            scenario(thirdStep: #"{ "after": "2m", "action": "setClock", "to": "1969-07-20T22:56" }"#),
            at: "/steps/2/to",
            expected: "a local date-time at or after 1970-01-01T00:00:00Z (1970-01-01T01:00:00+01:00 in Europe/Berlin): "
                + epochReason,
            found: #""1969-07-20T22:56", which is 1969-07-20T21:56:00Z"#),
        BadScenario(
            "two shifts of 400 days",
            scenario(
                thirdStep: #"{ "after": "2m", "action": "setClock", "shiftBy": "400d" }, "#
                    + #"{ "after": "1m", "action": "setClock", "shiftBy": "400d" }"#),
            at: "/steps/3/shiftBy", expected: "a shift that sets the clock " + berlinWindow,
            found: "a shift by 400d to 2028-06-02T09:04:00+02:00"),
        BadScenario(
            "a to near the window, then a shift past it",
            scenario(
                thirdStep: #"{ "after": "2m", "action": "setClock", "to": "2027-04-30T08:00" }, "#
                    + #"{ "after": "1m", "action": "setClock", "shiftBy": "2d" }"#),
            at: "/steps/3/shiftBy", expected: "a shift that sets the clock " + berlinWindow,
            found: "a shift by 2d to 2027-05-02T08:01:00+02:00"),
        BadScenario(
            "a to read in the zone the device moved to",
            scenario(
                thirdStep: #"{ "after": "2m", "action": "setTimeZone", "zone": "America/Los_Angeles" }, "#
                    + #"{ "after": "1m", "action": "setClock", "to": "2027-05-01T00:30" }"#),
            at: "/steps/3/to",
            expected: "a local date-time from 2025-02-17T23:00:00-08:00 to 2027-05-01T00:00:00-07:00 in "
                + "America/Los_Angeles (the scenario's span ± 400d, not before 1970)",
            found: #""2027-05-01T00:30", which is 2027-05-01T07:30:00Z"#),
        BadScenario(
            "a start in 1969",
            [
                (#""start": "2026-03-25T08:00""#, #""start": "1969-12-31T08:00""#),
                (#""end": "2026-03-27T08:00""#, #""end": "1970-01-02T08:00""#),
                (#""at": "2026-03-25T08:00""#, #""at": "1969-12-31T08:00""#),
            ],
            at: "/start",
            expected: "a start at or after 1970-01-01T00:00:00Z (1970-01-01T01:00:00+01:00 in Europe/Berlin): "
                + epochReason,
            found: #""1969-12-31T08:00", which is 1969-12-31T07:00:00Z"#),
        BadScenario(
            "a start half an hour before the epoch in Berlin",
            [
                (#""start": "2026-03-25T08:00""#, #""start": "1970-01-01T00:30""#),
                (#""end": "2026-03-27T08:00""#, #""end": "1970-01-02T08:00""#),
                (#""at": "2026-03-25T08:00""#, #""at": "1970-01-01T08:00""#),
            ],
            at: "/start",
            expected: "a start at or after 1970-01-01T00:00:00Z (1970-01-01T01:00:00+01:00 in Europe/Berlin): "
                + epochReason,
            found: #""1970-01-01T00:30", which is 1969-12-31T23:30:00Z"#),
        BadScenario(
            "a shift back to before 1970",
            [
                (#""start": "2026-03-25T08:00""#, #""start": "1970-03-01T08:00""#),
                (#""end": "2026-03-27T08:00""#, #""end": "1970-03-03T08:00""#),
                (#""at": "2026-03-25T08:00""#, #""at": "1970-03-01T08:00""#),
                (backgroundStep, #"{ "after": "2m", "action": "setClock", "shiftBy": "-100d" }"#),
            ],
            at: "/steps/2/shiftBy",
            expected: "a shift that sets the clock at or after 1970-01-01T00:00:00Z (1970-01-01T01:00:00+01:00 in "
                + "Europe/Berlin): " + epochReason,
            found: "a shift by -100d to 1969-11-21T08:03:00+01:00"),
    ]

    @Test(arguments: rejected)
    func aClockOutsideTheBoundsIsRejectedAtItsPointer(_ bad: BadScenario) throws {
        let text = try #require(MinimalScenario.text(applying: bad.edits))
        let error = try #require(MinimalScenario.decodingError(text), "\(bad.name): the scenario decoded without an error")
        #expect(error == bad.error)
        #expect(error.description == "case.json: at \(bad.pointer): expected \(bad.expected), found \(bad.found)")
    }

    static let accepted: [(name: String, edits: [(String, String)])] = [
        (
            "a to at the window's last instant",
            scenario(thirdStep: #"{ "after": "2m", "action": "setClock", "to": "2027-05-01T09:00" }"#)
        ),
        (
            "a to at the window's first instant",
            scenario(thirdStep: #"{ "after": "2m", "action": "setClock", "to": "2025-02-18T08:00" }"#)
        ),
        (
            "a shift of 399 days back",
            scenario(thirdStep: #"{ "after": "2m", "action": "setClock", "shiftBy": "-399d" }"#)
        ),
        (
            "a shift forward, then one back",
            scenario(
                thirdStep: #"{ "after": "2m", "action": "setClock", "shiftBy": "400d" }, "#
                    + #"{ "after": "1m", "action": "setClock", "shiftBy": "-400d" }"#)
        ),
        (
            "a start at the epoch in UTC",
            [
                (#""timeZone": "Europe/Berlin""#, #""timeZone": "UTC""#),
                (#""start": "2026-03-25T08:00""#, #""start": "1970-01-01T00:00""#),
                (#""end": "2026-03-27T08:00""#, #""end": "1970-01-03T00:00""#),
                (#""at": "2026-03-25T08:00""#, #""at": "1970-01-01T00:00""#),
            ]
        ),
    ]

    @Test(arguments: accepted.indices)
    func aClockWithinTheBoundsIsAccepted(_ index: Int) throws {
        let (name, edits) = Self.accepted[index]
        let text = try #require(MinimalScenario.text(applying: edits.map { MinimalScenario.Edit(old: $0.0, new: $0.1) }))
        let error = MinimalScenario.decodingError(text)
        #expect(error == nil, "\(name): \(error.map(\.description) ?? "")")
    }
}
