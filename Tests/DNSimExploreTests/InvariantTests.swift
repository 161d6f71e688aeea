import DNSimCalendar
import DNSimCore
@testable import DNSimExplore
import DNSimPlugin
import DNSimScenario
import Foundation
import Testing

@Suite("Invariants")
struct InvariantTests {
    /// Issue 14's first finding: iOS, 08:00, 13:00 and 20:30 in London, Low Power Mode for two
    /// days, then the zone moves to New York at 12:00 London on day 3 — after that day's 08:00.
    static func londonToNewYork() throws -> World {
        let template = try ExploreFixtures.template(
            """
            {
              "id": "test/london-new-york", "title": "issue 14", "platform": "ios",
              "device": { "osVersions": [17], "profiles": ["ios-default"] },
              "zones": ["Europe/London"],
              "start": { "from": "2026-06-01", "to": "2026-06-01", "time": "07:00" },
              "spanDays": { "min": 3, "max": 3 },
              "slots": { "count": { "min": 3, "max": 3 }, "times": ["08:00", "13:00", "20:30"] }
            }
            """)
        var world = WorldGenerator(template: template, version: "test").world(seed: 1)
        world.slots = [
            .init(id: "morning", time: LocalTime(hour: 8, minute: 0)!), .init(id: "noon", time: LocalTime(hour: 13, minute: 0)!),
            .init(id: "evening", time: LocalTime(hour: 20, minute: 30)!),
        ]
        let start = world.startInstant
        world.enabledKinds = [.lowPowerMode, .zoneChange]
        world.episodes = [
            .init(kind: .lowPowerMode, steps: [
                .init(at: start + .minutes(10), action: .step(["action": "setLowPowerMode", "on": true])),
                .init(at: start + .days(2) + .minutes(10), action: .step(["action": "setLowPowerMode", "on": false])),
            ]),
            .init(kind: .zoneChange, steps: [.init(at: start + .days(2) + .hours(5), action: .step(["action": "setTimeZone", "zone": "America/New_York"]))]),
        ]
        return world
    }

    static func judge(_ world: World, _ profile: PluginProfile) throws -> Judgement {
        let rendered = try world.render(profile: profile)
        let result = try ScenarioRunner.run(rendered.scenario, options: RunOptions(keepTrace: false))
        return InvariantChecker(world: rendered, result: result).judge()
    }

    @Test func londonToNewYorkGoesSilentUnderAsFound() throws {
        // as-found iOS arms one dated request per slot and nothing rolls it over (seed 003's
        // premise), so the second morning is never armed, never shown and never reported.
        let judgement = try Self.judge(Self.londonToNewYork(), .asFound)
        let violation = try #require(judgement.violation(of: .lossReported))
        #expect(violation.slot == "morning")
        #expect(violation.localDate == "2026-06-02")
        #expect(violation.detail.contains("no alarm was armed for this occurrence"))
        #expect(judgement.violation(of: .onePerSlotDate) == nil)
    }

    @Test func londonToNewYorkIsJudgedOnTheWallClockUnderCorrected() throws {
        let judgement = try Self.judge(Self.londonToNewYork(), .corrected)
        // Issue 14's first example: corrected shows morning once on 2026-06-03 (08:00 London),
        // not again at 08:00 New York (ios.travel oncePerLocalDate; scenarios/ios/tz-travel-west-ios).
        #expect(judgement.violation(of: .onePerSlotDate) == nil)
        #expect(judgement.violation(of: .stuck) == nil)
        #expect(judgement.exercised.contains(.stuck))
    }

    @Test func aQuietWorldHoldsEveryInvariantUnderCorrected() throws {
        var world = try Self.londonToNewYork()
        world.episodes = []
        world.enabledKinds = []
        for platformTemplate in ExploreFixtures.shippedTemplates {
            var quiet = WorldGenerator(template: try ExploreFixtures.template(at: platformTemplate), version: "t").world(seed: 3)
            quiet.episodes = []
            #expect(try Self.judge(quiet, .corrected).violations.isEmpty, "\(platformTemplate)")
        }
        #expect(try Self.judge(world, .corrected).violations.isEmpty)
    }

    /// An Android device that never had SCHEDULE_EXACT_ALARM (denied by default on 14+, A19):
    /// the plugin can only ask for a window (A5), so after the heal "on time" is seed 004's
    /// "else ±10 m", not a minute.
    @Test func withoutTheExactAlarmPermissionTheLivenessPhaseAllowsTheWindow() throws {
        let template = try ExploreFixtures.androidTwoSlots(exactAlarm: false)
        var lateAfterHeal = 0
        for seed in 1...6 as ClosedRange<UInt64> {
            var world = WorldGenerator(template: template, version: "test").world(seed: seed)
            world.episodes = []
            let rendered = try world.render(profile: .corrected)
            let result = try ScenarioRunner.run(rendered.scenario, options: RunOptions(keepTrace: false))
            #expect(InvariantChecker.livenessOnTimeMillis(result) == OnTime.windowedMillis)
            lateAfterHeal += result.deliveries.filter { ($0.plannedAt.map { $0 >= rendered.quietFrom } ?? false) && ($0.latenessMs ?? 0) > InvariantChecker.onTimeMillis }.count
            #expect(InvariantChecker(world: rendered, result: result).judge().violation(of: .stuck) == nil, "seed \(seed)")
            // Granted at the heal: a minute again.
            var granted = world
            granted.enabledKinds = [.exactAlarm]
            granted.episodes = [.init(kind: .exactAlarm, steps: [.init(at: world.faultEnd - .hours(1), action: .step(["action": "grantExactAlarm"]))])]
            let grantedResult = try ScenarioRunner.run(try granted.render(profile: .corrected).scenario, options: RunOptions(keepTrace: false))
            #expect(InvariantChecker.livenessOnTimeMillis(grantedResult) == OnTime.exactMillis)
        }
        // The windows did put deliveries after the heal more than a minute late.
        #expect(lateAfterHeal > 0)
    }

    @Test func aClockSetWrongIsJudgedOnTheDevicesOwnClock() throws {
        // The user sets the clock 3 h fast before 08:00: the plugin fires at 08:00 on the
        // device's clock, 05:00 true time; that is on time, not 3 h early.
        var world = try Self.londonToNewYork()
        world.enabledKinds = [.clockJump]
        world.episodes = [.init(kind: .clockJump, steps: [.init(at: world.startInstant + .hours(12), action: .shiftClock(.hours(3), source: "manual"))])]
        let judgement = try Self.judge(world, .corrected)
        #expect(judgement.violation(of: .notEarly) == nil)
        #expect(judgement.violation(of: .deliveryPlanned) == nil)
    }

    @Test func aRequestEvictedByAnotherAppBeforeTheHealIsNotHeldAgainstLiveness() throws {
        // explore/ios-week seed 2531: another app's 28 requests push the plugin's 03-27 request
        // out of the 64 (I1) on 03-25; the device has moved to Pago Pago since it was armed, so the
        // plugin cannot tell its absence from a delivery (I9) and does not add it again.
        let template = try ExploreFixtures.template(at: "explore/templates/ios-week.json")
        let rendered = try WorldGenerator(template: template, version: "test").world(seed: 2531).render(profile: .corrected)
        let result = try ScenarioRunner.run(rendered.scenario, options: RunOptions(keepTrace: false))
        let decision = try #require(result.lastOSDecision(slot: "s1", localDate: "2026-03-27"))
        #expect(decision.kind == "request.droppedOverLimit")
        #expect(decision.rule == "I1")
        #expect(decision.at < rendered.quietFrom)
        #expect(result.overLimitDropsAfterOtherAdd > 0)
        #expect(InvariantChecker(world: rendered, result: result).judge().violations.isEmpty)
    }

    @Test func aSwipeAnOEMTreatsAsAForceStopPermitsALateDelivery() throws {
        // explore/android-week seed 17568: on the aggressive OEM profile a swipe from recents at
        // 23:44 force-stops the app (A30) and removes its 23:59 alarm; the user opens the app at
        // 00:00:01 and the recovery shows 23:59 a minute late.
        let template = try ExploreFixtures.template(at: "explore/templates/android-week.json")
        let rendered = try WorldGenerator(template: template, version: "test").world(seed: 17568).render(profile: .corrected)
        let result = try ScenarioRunner.run(rendered.scenario, options: RunOptions(keepTrace: false))
        #expect(result.deliveries.contains { ($0.latenessMs ?? 0) > InvariantChecker.onTimeMillis })
        #expect(result.ruleCounts["A30", default: 0] > 0)
        #expect(result.kindCounts["package.forceStopped", default: 0] > 0)
        #expect(InvariantChecker(world: rendered, result: result).judge().violation(of: .latenessPermitted) == nil)
    }

    /// Battery saver (A60) and the Restricted battery setting (A62) hold a backgrounded app's
    /// alarms until they end: the 07:30 alarm of day 2 fires when the setting is turned off at
    /// 09:00, ninety minutes late, and the judge admits it because that rule, and no other that
    /// permits lateness, acted.
    /// (Battery saver lets an exact while-idle alarm through under its quota, so its case runs
    /// `directive`, whose exact alarms are plain `setExact`.)
    @Test(arguments: [(FaultKind.batterySaver, PluginProfile.directive, "A60"), (.backgroundRestricted, .corrected, "A62")])
    func aPowerSettingThatHeldAnAlarmPermitsItsLateDelivery(kind: FaultKind, profile: PluginProfile, rule: String) throws {
        let template = try ExploreFixtures.androidTwoSlots(exactAlarm: true)
        var world = WorldGenerator(template: template, version: "test").world(seed: 1)
        // The app goes to the background five minutes after the set-up and stays there.
        world.setupSession = .minutes(5)
        world.enabledKinds = [kind]
        let (action, field, on, off) = try #require(kind.toggle)
        world.episodes = [
            .init(kind: kind, steps: [
                .init(at: world.startInstant + .days(1) - .minutes(10), action: .step(["action": .string(action), field: .bool(on)])),
                .init(at: world.startInstant + .days(1) + .hours(2), action: .step(["action": .string(action), field: .bool(off)])),
            ])
        ]
        let rendered = try world.render(profile: profile)
        let result = try ScenarioRunner.run(rendered.scenario, options: RunOptions(keepTrace: false))
        let held = try #require(result.deliveries.first { ($0.latenessMs ?? 0) > InvariantChecker.onTimeMillis })
        #expect(held.latenessMs == Int64(90 * 60_000))
        let acting = InvariantChecker.latenessPermits(.android).filter { (result.ruleCounts[$0.rule] ?? 0) > 0 }.map(\.rule)
        #expect(acting == [rule])
        #expect(InvariantChecker(world: rendered, result: result).judge().violation(of: .latenessPermitted) == nil)
    }

    @Test func aClockSetForwardOverASlotAndBackInOneMillisecondJumpedOverIt() throws {
        // 06:00 on day 2 the user sets the clock 4 h forward (over 08:00) and the network sets it
        // back in the same millisecond. The app heard both changes and may have settled 08:00 as
        // passed; the judge keeps the zero-length segment, so that date's later 08:00 is optional.
        var world = try Self.londonToNewYork()
        world.slots = [.init(id: "morning", time: LocalTime(hour: 8, minute: 0)!)]
        let jump = world.startInstant + .days(1) - .hours(1)
        world.enabledKinds = [.clockJump]
        world.episodes = [
            .init(kind: .clockJump, steps: [
                .init(at: jump, action: .shiftClock(.hours(4), source: "manual")),
                .init(at: jump, action: .shiftClock(.zero - .hours(4), source: "network")),
            ])
        ]
        let rendered = try world.render(profile: .corrected)
        let result = try ScenarioRunner.run(rendered.scenario, options: RunOptions(keepTrace: false))
        let segments = WallPlan.segments(of: result).filter { $0.from == jump }
        #expect(segments.map(\.offset) == [.hours(4), .zero])
        let plan = WallPlan.plan(
            [WallPlan.Intent(slot: "morning", time: LocalTime(hour: 8, minute: 0)!, from: world.startInstant + .minutes(1), until: nil)],
            segments: WallPlan.segments(of: result), end: result.scenario.endInstant)
        let secondDay = plan.filter { $0.date.description == "2026-06-02" }
        #expect(secondDay.allSatisfy { $0.optional })
        #expect(plan.contains { $0.date.description == "2026-06-02" })
        #expect(InvariantChecker(world: rendered, result: result).judge().violation(of: .stuck) == nil)
    }

    /// One 08:00 slot in London; the app is killed at 08:30 on day 1, notifications are denied
    /// from 12:00 on day 1 to 12:00 on day 2, so day 2's 08:00 is not shown (I8); with
    /// `launchDuringDenial` the user opens the app at 07:00 on day 2, while the denial lasts.
    static func denial(launchDuringDenial: Bool) throws -> World {
        var world = try londonToNewYork()
        world.slots = [.init(id: "morning", time: LocalTime(hour: 8, minute: 0)!)]
        let start = world.startInstant
        world.enabledKinds = [.killProcess, .notificationPermission] + (launchDuringDenial ? [.appLaunch] : [])
        world.episodes = [
            .init(kind: .killProcess, steps: [.init(at: start + .minutes(90), action: .step(["action": "killProcess"]))]),
            .init(kind: .notificationPermission, steps: [
                .init(at: start + .hours(5), action: .step(["action": "setNotificationPermission", "granted": false])),
                .init(at: start + .days(1) + .hours(5), action: .step(["action": "setNotificationPermission", "granted": true])),
            ]),
        ]
        if launchDuringDenial {
            world.episodes.append(.init(kind: .appLaunch, steps: [.init(at: start + .days(1), action: .step(["action": "launchApp"]))]))
        }
        return world
    }

    @Test func aDateWhoseLaterReadingWasPostedAndSuppressedIsNotALoss() throws {
        // explore/android-week seed 10961: 00:30 in Tokyo, the device moves to Pago Pago (travel
        // west, 10-30 comes again) and notifications are denied; 10-30's post at its second
        // reading is dropped (A49). The date is done, as it would be had the post been shown:
        // the first reading is not a loss to report.
        let template = try ExploreFixtures.template(at: "explore/templates/android-week.json")
        let rendered = try WorldGenerator(template: template, version: "test").world(seed: 10961).render(profile: .corrected)
        let result = try ScenarioRunner.run(rendered.scenario, options: RunOptions(keepTrace: false))
        let post = try #require(result.suppressed.first { $0.localDate == "2026-10-30" })
        #expect(post.reason.contains("A49"))
        #expect(InvariantChecker(world: rendered, result: result).judge().violation(of: .lossReported) == nil)
    }

    @Test func aDateThePluginSkippedAtItsLaterReadingIsNotALoss() throws {
        // explore/electron-week over 120 days, seed 468 (scenarios/electron/quit-across-date-line-
        // west-stale-skip-electron): the app is quit in Kiritimati over 02-26 23:59, the computer
        // moves to Pago Pago, where 02-26 comes round again, and the launch a minute after its
        // 23:59 there skips it as stale. The result lists the skip under 02-26 (the plan's
        // reading of 02-26 is a day earlier, beyond the matching window), and the judge takes
        // the skipped date as settled, not as a silent loss.
        let path = "explore/templates/electron-week.json"
        let text = try String(contentsOf: ExploreFixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
        let long = text.replacingOccurrences(of: #""spanDays": { "min": 7, "max": 7 }"#, with: #""spanDays": { "min": 120, "max": 120 }"#)
        #expect(long != text)
        let rendered = try WorldGenerator(template: ExploreFixtures.template(long), version: "test").world(seed: 468).render(profile: .corrected)
        let result = try ScenarioRunner.run(rendered.scenario, options: RunOptions(keepTrace: false))
        let skip = try #require(result.skipped.first { $0.localDate == "2027-02-26" })
        #expect(skip.reason.contains("stale at fire"))
        #expect(!result.missed.contains { $0.localDate == "2027-02-26" })
        #expect(InvariantChecker(world: rendered, result: result).judge().violation(of: .lossReported) == nil)
    }

    @Test func aDenialTheAppNeverSawExemptsItsLossButOneItSawDoesNot() throws {
        // Unseen: the app was not running while notifications were denied; nothing reaches a
        // denied app (I8) and the request is gone afterwards as if shown, so no plugin can know
        // (corrected, too, takes it for shown here).
        #expect(try Self.judge(Self.denial(launchDuringDenial: false), .corrected).violation(of: .lossReported) == nil)
        // Seen: the app ran during the denial. as-found takes the gone request for a delivery
        // and reports nothing; corrected remembers the denial and reports the loss.
        let seen = try Self.denial(launchDuringDenial: true)
        let asFound = try #require(try Self.judge(seen, .asFound).violation(of: .lossReported))
        #expect(asFound.localDate == "2026-06-02")
        #expect(try Self.judge(seen, .corrected).violation(of: .lossReported) == nil)
    }
}
