import DNSimCalendar
import DNSimCore
@testable import DNSimExplore
import Testing

/// The judge's plan: which occurrences a schedule call owes, on the device's own wall clock.
@Suite("Judge's wall-clock plan")
struct WallPlanTests {
    static let sydney = Zone(identifier: "Australia/Sydney")!
    static let tokyo = Zone(identifier: "Asia/Tokyo")!
    static let newYork = Zone(identifier: "America/New_York")!

    static func instant(_ text: String, in zone: Zone) -> SimInstant { zone.instant(for: LocalDateTime(parsing: text)!)! }

    static func occurrences(
        time: String, calledAt call: SimInstant, segments: [WallPlan.Segment], end: SimInstant
    ) -> [(date: String, optional: Bool)] {
        let intent = WallPlan.Intent(slot: "s", time: LocalTime(parsing: time)!, from: call, until: nil)
        return WallPlan.plan([intent], segments: segments, end: end).map { ($0.date.description, $0.optional) }
    }

    @Test func aTimeAlreadyPassedOnTheCallsDateIsOptionalWhenAClockSetBackBringsItBack() {
        // Asked at 07:01 for 06:44; at 10:17 the clock is set back 5 h 46 min, so the wall clock
        // reads 06:44 on the same date again. The user asked from the next 06:44 on.
        let start = Self.instant("2026-07-27T07:00", in: Self.sydney)
        let back = Self.instant("2026-07-27T10:17:58", in: Self.sydney)
        let segments = [
            WallPlan.Segment(from: start, zone: Self.sydney, offset: .zero),
            WallPlan.Segment(from: back, zone: Self.sydney, offset: .zero - .hours(5) - .minutes(46)),
        ]
        let plan = Self.occurrences(
            time: "06:44", calledAt: start + .minutes(1), segments: segments, end: start + .days(2))
        // (06:44 on 07-29 reads after the end, 07:00 true time, with the clock still 5 h 46 min slow.)
        #expect(plan.map(\.date) == ["2026-07-27", "2026-07-28"])
        #expect(plan.map(\.optional) == [true, false])
    }

    @Test func aClockSetLandingOnAGapDatesShiftedTimeMakesItDueAtTheSet() {
        // Daily 02:30 in Berlin; 2026-03-29 has no 02:30 (02:00 → 03:00), so its occurrence is
        // at 03:30. The clock runs 71.789 s slow from 03:29:37, then a correction at 03:30:04.318
        // sets it to 4.318 s slow: the wall clock goes from 03:28:52.529 to 03:30:00.000, landing
        // on the occurrence's time, which is then due at the correction (shown or not: fine).
        let berlin = Zone(identifier: "Europe/Berlin")!
        let start = Self.instant("2026-03-28T07:00", in: berlin)
        let slow = Self.instant("2026-03-29T03:29:37", in: berlin)
        let landing = Self.instant("2026-03-29T03:30:04.318", in: berlin)
        let segments = [
            WallPlan.Segment(from: start, zone: berlin, offset: .zero),
            WallPlan.Segment(from: slow, zone: berlin, offset: .zero - .milliseconds(71_789)),
            WallPlan.Segment(from: landing, zone: berlin, offset: .zero - .milliseconds(4_318)),
            WallPlan.Segment(from: Self.instant("2026-03-29T08:00", in: berlin), zone: berlin, offset: .zero),
        ]
        let intent = WallPlan.Intent(slot: "s", time: LocalTime(parsing: "02:30")!, from: start + .minutes(1), until: nil)
        let plan = WallPlan.plan([intent], segments: segments, end: start + .days(2) + .hours(1))
        #expect(plan.map(\.date.description) == ["2026-03-29", "2026-03-30"])
        #expect(plan.first?.at == landing)
        #expect(plan.first?.optional == true)
        #expect(plan.last?.optional == false)
    }

    @Test func aClockSetJumpingOverADatesLaterReadingMakesItOptionallyDueAtTheSet() {
        // explore/android-week over 365 days, seed 584: 23:59 in Kiritimati; 02-03's reading
        // there is lost (a reboot on an OEM that blocks BOOT_COMPLETED), the device moves to
        // Pago Pago, where 02-03 comes round again, and a clock set jumps the wall clock from
        // 18:49 to 23:59:59.999, over its 23:59. A plugin that hears of the set may show 02-03
        // then: the date's later reading is optional, due at the set, so such a delivery is 02-03's
        // (not a second 02-02, nor a loss of 02-03).
        let kiritimati = Zone(identifier: "Pacific/Kiritimati")!
        let pagoPago = Zone(identifier: "Pacific/Pago_Pago")!
        let start = Self.instant("2027-02-01T07:00", in: kiritimati)
        let move = Self.instant("2027-02-03T02:55", in: pagoPago)
        let jump = Self.instant("2027-02-03T18:49", in: pagoPago)
        let segments = [
            WallPlan.Segment(from: start, zone: kiritimati, offset: .zero),
            WallPlan.Segment(from: move, zone: pagoPago, offset: .zero),
            WallPlan.Segment(from: jump, zone: pagoPago, offset: .hours(5) + .minutes(10) + .seconds(59) + .milliseconds(999)),
        ]
        let intent = WallPlan.Intent(slot: "s", time: LocalTime(parsing: "23:59")!, from: start + .minutes(1), until: nil)
        let plan = WallPlan.plan([intent], segments: segments, end: jump + .hours(2))
        let thirds = plan.filter { $0.date.description == "2027-02-03" }
        #expect(thirds.map(\.optional) == [false, true])
        #expect(thirds.first?.at == Self.instant("2027-02-03T23:59", in: kiritimati))
        #expect(thirds.last?.at == jump)
    }

    @Test func aClockSetLandingOnADatesLaterReadingMakesItOptionallyDueAtTheSet() {
        // Daily 09:00 in Tokyo, shown at 09:00. At 12:00 the clock is set back 3 h 10 min (the
        // wall reads 08:50 again); at 12:05 a correction sets it 5 min forward, landing on
        // 09:00. That later reading of the date is optional (due at the correction): a plugin
        // may show it (it is then a duplicate of the date, which one-per-slot-date judges) or not.
        let start = Self.instant("2026-12-02T07:00", in: Self.tokyo)
        let back = Self.instant("2026-12-02T12:00", in: Self.tokyo)
        let landing = Self.instant("2026-12-02T12:05", in: Self.tokyo)
        let segments = [
            WallPlan.Segment(from: start, zone: Self.tokyo, offset: .zero),
            WallPlan.Segment(from: back, zone: Self.tokyo, offset: .zero - .hours(3) - .minutes(10)),
            WallPlan.Segment(from: landing, zone: Self.tokyo, offset: .zero - .hours(3) - .minutes(5)),
        ]
        let intent = WallPlan.Intent(slot: "s", time: LocalTime(parsing: "09:00")!, from: start + .minutes(1), until: nil)
        let plan = WallPlan.plan([intent], segments: segments, end: start + .hours(20))
        #expect(plan.map(\.date.description) == ["2026-12-02", "2026-12-02"])
        #expect(plan.map(\.optional) == [false, true])
        #expect(plan.last?.at == landing)
    }

    @Test func aPunctualDeliveryTakesTheOwedOccurrenceBeforeANearerOptionalOne() {
        // A slot moved from 00:00 to 23:59 at 13:25: the old intent's 00:00 of the next date is
        // still planned, optional, within the Electron slack (17 s after the delivery), the new
        // intent's 23:59 is owed (43 s before it). The delivery is the new intent's.
        let at = Self.instant("2026-11-17T19:00:51", in: Self.tokyo)
        let owed = WallPlan.Occurrence(slot: "s", date: LocalDate(year: 2026, month: 11, day: 17)!, at: at - .seconds(43), optional: false)
        let stopped = WallPlan.Occurrence(slot: "s", date: LocalDate(year: 2026, month: 11, day: 18)!, at: at + .seconds(17), optional: true)
        var matcher = WallMatcher([owed, stopped])
        #expect(matcher.take(slot: "s", at: at, within: .minutes(2), preferOwed: true)?.date == owed.date)
        // Without the preference the nearer one is taken.
        var plain = WallMatcher([owed, stopped])
        #expect(plain.take(slot: "s", at: at, within: .minutes(2))?.date == stopped.date)
        // Looking back, the latest occurrence due at or before the time, then the one before.
        var past = WallMatcher([owed, stopped])
        #expect(past.take(slot: "s", at: at + .hours(1), preferPast: true)?.date == stopped.date)
        #expect(past.take(slot: "s", at: at + .hours(1), preferPast: true)?.date == owed.date)
        #expect(past.take(slot: "s", at: at + .hours(1), preferPast: true) == nil)
    }

    @Test func ofDatesDueAtOneJumpADeliveryTakesTheLatest() {
        // A jump east over two dates' readings (both optional at the jump): a plugin that hears
        // of it shows the one just passed, so the delivery is the later date's, and the earlier
        // date (shown before the jump, say) is not given a second delivery.
        let jump = Self.instant("2026-04-29T09:00", in: Self.tokyo)
        let earlier = WallPlan.Occurrence(slot: "s", date: LocalDate(year: 2026, month: 4, day: 28)!, at: jump, optional: true)
        let later = WallPlan.Occurrence(slot: "s", date: LocalDate(year: 2026, month: 4, day: 29)!, at: jump, optional: true)
        var matcher = WallMatcher([earlier, later])
        #expect(matcher.take(slot: "s", at: jump, within: .minutes(2), preferOwed: true)?.date == later.date)
        #expect(matcher.take(slot: "s", at: jump, within: .minutes(2), preferOwed: true)?.date == earlier.date)
        // Looking back, too.
        var past = WallMatcher([earlier, later])
        #expect(past.take(slot: "s", at: jump + .minutes(5), preferPast: true)?.date == later.date)
    }

    @Test func aTimeStillAheadOnTheCallsDateIsOwedInTheNewZone() {
        // Asked at 07:01 in Tokyo for 09:00: 09:00 that day is owed wherever the device is then.
        let start = Self.instant("2026-12-02T07:00", in: Self.tokyo)
        let move = Self.instant("2026-12-02T08:00", in: Self.tokyo)
        let segments = [
            WallPlan.Segment(from: start, zone: Self.tokyo, offset: .zero),
            WallPlan.Segment(from: move, zone: Self.newYork, offset: .zero),
        ]
        let plan = Self.occurrences(time: "09:00", calledAt: start + .minutes(1), segments: segments, end: start + .days(1))
        #expect(plan.first?.date == "2026-12-02")
        #expect(plan.first?.optional == false)
    }

    @Test func anOccurrenceDueJustAfterACancelIsOptionalWithinTheEarlySlack() {
        // Daily 23:59 in New York with the clock 101.6 s slow; the user cancels 0.1 s before
        // 23:59 on the wall clock. An Electron timer set before a 0.5 s correction fires that
        // much early, so before the cancel: within the slack the occurrence may be shown or not.
        let start = Self.instant("2026-02-25T07:00", in: Self.newYork)
        let slow = SimDuration.zero - .milliseconds(101_629)
        let segments = [WallPlan.Segment(from: start, zone: Self.newYork, offset: slow)]
        let due = Self.instant("2026-02-25T23:59", in: Self.newYork) - slow
        let intent = WallPlan.Intent(
            slot: "s", time: LocalTime(parsing: "23:59")!, from: start + .minutes(1), until: due - .milliseconds(100))
        let end = start + .days(2)
        #expect(WallPlan.plan([intent], segments: segments, end: end).isEmpty)
        let slack = WallPlan.plan([intent], segments: segments, end: end, earlySlack: .milliseconds(539))
        #expect(slack.map(\.date.description) == ["2026-02-25"])
        #expect(slack.map(\.optional) == [true])
        #expect(slack.map(\.at) == [due])
    }

    @Test func aDateTravelWestBroughtBackIsOptionalWhenACancelComesBeforeItsLaterReading() {
        // Daily 23:59 set up in Kiritimati (UTC+14); after 10-30's 23:59 there the phone moves to
        // New York, where 10-30 comes again, and the user cancels 22 s before its 23:59 there.
        let kiritimati = Zone(identifier: "Pacific/Kiritimati")!
        let start = Self.instant("2026-10-28T07:00", in: kiritimati)
        let move = Self.instant("2026-10-31T05:36", in: kiritimati)
        let cancel = Self.instant("2026-10-30T23:58:38", in: Self.newYork)
        let segments = [
            WallPlan.Segment(from: start, zone: kiritimati, offset: .zero),
            WallPlan.Segment(from: move, zone: Self.newYork, offset: .zero),
        ]
        func plan(until: SimInstant?) -> [WallPlan.Occurrence] {
            let intent = WallPlan.Intent(slot: "s", time: LocalTime(parsing: "23:59")!, from: start, until: until)
            return WallPlan.plan([intent], segments: segments, end: start + .days(5)).filter { $0.date.description == "2026-10-30" }
        }
        // Cancelled before the New York reading: the Kiritimati reading may have been given up.
        #expect(plan(until: cancel).map(\.optional) == [true])
        // Not cancelled: the Kiritimati reading is owed, the New York one optional.
        #expect(plan(until: nil).map(\.optional) == [false, true])
    }

    @Test func aClockChangeInTheMillisecondOfTheCallLandsOnTheNewTimeOptionally() {
        // London, the clock 5 h 40 min slow: the user asks for 01:30 at 19:49 on the wall clock,
        // and in the same millisecond the network sets the clock right, to 01:30 exactly. The
        // change may have come after the call, so 01:30 that day was landed on: optional, and
        // an alarm that fires at once pairs with it.
        let london = Zone(identifier: "Europe/London")!
        let start = Self.instant("2026-11-14T01:30", in: london)
        let call = Self.instant("2026-11-18T01:30", in: london)
        let slow = SimDuration.zero - .milliseconds(20_435_790)
        let segments = [
            WallPlan.Segment(from: start, zone: london, offset: slow),
            WallPlan.Segment(from: call, zone: london, offset: .zero),
        ]
        let intent = WallPlan.Intent(slot: "s", time: LocalTime(parsing: "01:30")!, from: call, until: nil)
        let plan = WallPlan.plan([intent], segments: segments, end: call + .days(2))
        #expect(plan.first?.date.description == "2026-11-18")
        #expect(plan.first?.at == call)
        #expect(plan.first?.optional == true)
        #expect(plan.count > 1 && plan.dropFirst().allSatisfy { !$0.optional })
    }
}
