import DNSimCore
import Testing

/// ``HumanDuration``'s finer forms, used for lateness in the text summary and check observations.
struct HumanDurationTests {
    @Test(arguments: [
        (Int64(0), "0 ms"), (350, "350 ms"), (-999, "999 ms"), (1_000, "1 s"), (3_600_000, "1 h"), (10_800_000, "3 h"),
        (3_661_000, "1 h 1 min"),
    ])
    func fineKeepsWhatIsUnderASecond(_ milliseconds: Int64, _ text: String) {
        #expect(HumanDuration.fine(SimDuration(milliseconds: milliseconds)) == text)
    }

    @Test(arguments: [
        (Int64(0), "on time"), (350, "350 ms late"), (3_600_000, "1 h late"), (-300_000, "5 min early"),
        (-3_600_000, "1 h early"),
    ])
    func latenessSaysLateOrEarly(_ milliseconds: Int64, _ text: String) {
        #expect(HumanDuration.lateness(SimDuration(milliseconds: milliseconds)) == text)
    }
}
