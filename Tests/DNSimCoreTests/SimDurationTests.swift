import DNSimCore
import Testing

struct SimDurationTests {
    @Test(arguments: [
        ("500ms", 500), ("90s", 90_000), ("15m", 900_000), ("2h", 7_200_000), ("1d", 86_400_000),
        ("1d2h30m", 95_400_000), ("0s", 0),
    ] as [(String, Int64)])
    func parsesTheScenarioDurationSyntax(text: String, milliseconds: Int64) {
        #expect(SimDuration(parsing: text)?.milliseconds == milliseconds)
    }

    @Test(arguments: ["", "5", "m", "-5m", "1.5h", "5 m", "30m2h", "1h1h", "5x", "99999999999999999999d"])
    func rejectsAnythingElse(text: String) {
        #expect(SimDuration(parsing: text) == nil)
    }

    @Test func rendersInTheSameSyntaxItParses() {
        for ms: Int64 in [0, 1, 999, 1000, 61_000, 95_400_000, 90_061_001] {
            let duration = SimDuration(milliseconds: ms)
            #expect(SimDuration(parsing: duration.description) == duration)
        }
        #expect(SimDuration.minutes(-90).description == "-1h30m")
    }
}
