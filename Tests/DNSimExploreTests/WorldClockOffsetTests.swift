import DNSimCore
@testable import DNSimExplore
import DNSimPlugin
import DNSimScenario
import Testing

/// A world's device clock: the user's shifts add up, network time corrections do not (each sets
/// the clock to network time, off by its own error), and the offset stays within ±11 h.
@Suite("World clock offset")
struct WorldClockOffsetTests {
    @Test func shiftsAddUpAndACorrectionReplacesTheLastOnesError() {
        var clock = WorldClockOffset()
        #expect(clock.apply(.syncClock(error: .seconds(60))) == .seconds(60))
        #expect(clock.apply(.syncClock(error: .seconds(-30))) == .seconds(-90))
        #expect(clock.offset == .seconds(-30))
        #expect(clock.apply(.shiftClock(.hours(2), source: "manual")) == .hours(2))
        #expect(clock.offset == .hours(2) - .seconds(30))
        // A correction after a manual shift keeps the shift and replaces the error.
        #expect(clock.apply(.syncClock(error: .seconds(10))) == .seconds(40))
        #expect(clock.offset == .hours(2) + .seconds(10))
        #expect(clock.apply(.shiftClock(.zero - .hours(2), source: "network")) == .zero - .hours(2))
        #expect(clock.offset == .seconds(10))
        #expect(clock.apply(.resetup) == nil)
    }

    @Test func theOffsetStaysWithinElevenHours() {
        var clock = WorldClockOffset()
        #expect(clock.apply(.shiftClock(.hours(8), source: "manual")) == .hours(8))
        #expect(clock.apply(.shiftClock(.hours(8), source: "manual")) == .hours(3))
        #expect(clock.apply(.syncClock(error: .seconds(30))) == .zero)
        #expect(clock.offset == .hours(11))
        #expect(clock.apply(.shiftClock(.zero - .hours(1), source: "manual")) == .zero - .hours(1))
        #expect(clock.offset == .hours(10))
        #expect(clock.apply(.syncClock(error: .seconds(30))) == .seconds(30))
        #expect(clock.offset == .hours(10) + .seconds(30))
    }

    /// A year of twice-weekly network corrections leaves the clock within one correction's error
    /// of true time: the scenario's clock steps never add up to more (they did when a correction
    /// moved the clock by its error from wherever it stood: a random walk, minutes off in a year).
    @Test(arguments: [ScenarioPlatform.android, .ios, .electron])
    func aYearOfNetworkCorrectionsStaysWithinOneError(_ platform: ScenarioPlatform) throws {
        let text = ExploreFixtures.everything(platform, perWeek: 4, days: 365)
        let template = try ExploreFixtures.template(text)
        let generator = WorldGenerator(template: template, version: "test")
        var corrections = 0
        for seed in 1...4 as ClosedRange<UInt64> {
            var world = generator.world(seed: seed)
            // Network corrections only: the user's jumps stay where they are by design.
            world.episodes.removeAll { $0.kind != .ntpJitter }
            let steps = try world.render(profile: .corrected).scenario.steps
            var offset = SimDuration.zero
            for step in steps {
                guard case .setClock(.shift(let shift), _) = step.action else { continue }
                offset = offset + shift
                #expect(abs(offset.milliseconds) <= SimDuration.seconds(90).milliseconds, "seed \(seed): \(offset)")
                corrections += 1
            }
            #expect(offset == .zero, "the heal sets the clock right")
        }
        #expect(corrections > 100)
    }
}
