import DNSimCore
@testable import DNSimExplore
import DNSimPlugin
import DNSimScenario
import Foundation
import Testing

/// ``ExploreTemplate/appSession``: a user who opens the app leaves it again after a while.
@Suite("App sessions")
struct AppSessionTests {
    /// The every-kind template of `platform` with `appSession` added (or not).
    static func template(_ platform: ScenarioPlatform, session: String?) throws(ScenarioError) -> ExploreTemplate {
        var text = ExploreFixtures.everything(platform)
        if let session {
            text = text.replacingOccurrences(of: "\"faults\": [", with: "\"appSession\": \(session),\n  \"faults\": [")
        }
        return try ExploreFixtures.template(text)
    }

    @Test(arguments: [ScenarioPlatform.android, .ios])
    func everyLaunchIsFollowedByTheUserLeavingTheApp(_ platform: ScenarioPlatform) throws {
        let template = try Self.template(platform, session: #"{ "min": "30s", "max": "10m" }"#)
        #expect(template.appSession == DurationRange(.seconds(30), .minutes(10)))
        let generator = WorldGenerator(template: template, version: "test")
        var sessions = 0
        for seed in 1...30 as ClosedRange<UInt64> {
            let world = generator.world(seed: seed)
            let setup = try #require(world.setupSession)
            let heal = try #require(world.healSession)
            #expect((SimDuration.seconds(30)...SimDuration.minutes(10)).contains(setup))
            #expect((SimDuration.seconds(30)...SimDuration.minutes(10)).contains(heal))
            // In each episode, a launch's next step is the user leaving, within the session range.
            for episode in world.episodes {
                for (position, step) in episode.steps.enumerated() {
                    guard case .step(let body) = step.action, body["action"]?.stringValue == "launchApp" else { continue }
                    let next = try #require(episode.steps.dropFirst(position + 1).first)
                    guard case .step(let leave) = next.action else {
                        Issue.record("a launch followed by \(next.action)")
                        continue
                    }
                    #expect(leave["action"]?.stringValue == "backgroundApp")
                    #expect((SimDuration.seconds(30)...SimDuration.minutes(10)).contains(next.at - step.at))
                    sessions += 1
                }
            }
            // The scenario: as many times left as opened (the set-up's and the heal's included).
            let steps = try world.render(profile: .corrected).scenario.steps
            let launches = steps.filter { $0.action == .launchApp }.count
            let leaves = steps.filter { $0.action == .backgroundApp }.count
            #expect(leaves == launches, "seed \(seed)")
        }
        #expect(sessions > 0)
    }

    @Test(arguments: [ScenarioPlatform.android, .ios])
    func sessionsLeaveTheRestOfTheWorldAsDrawn(_ platform: ScenarioPlatform) throws {
        let with = WorldGenerator(template: try Self.template(platform, session: #"{ "min": "1m", "max": "2m" }"#), version: "test")
        let without = WorldGenerator(template: try Self.template(platform, session: nil), version: "test")
        for seed in 1...20 as ClosedRange<UInt64> {
            let a = with.world(seed: seed), b = without.world(seed: seed)
            #expect(b.setupSession == nil && b.healSession == nil)
            #expect(a.episodes.count == b.episodes.count)
            for (x, y) in zip(a.episodes, b.episodes) {
                let kept = x.steps.filter {
                    guard case .step(let body) = $0.action else { return true }
                    return body["action"]?.stringValue != "backgroundApp"
                }
                #expect(x.kind == y.kind)
                #expect(kept.map(\.at) == y.steps.map(\.at))
            }
            let leaves = try without.world(seed: seed).render(profile: .corrected).scenario.steps.filter { $0.action == .backgroundApp }
            #expect(leaves.isEmpty)
        }
    }

    @Test func anElectronTemplateHasNoSessions() {
        #expect(throws: ScenarioError.self) { try Self.template(.electron, session: #"{ "min": "30s", "max": "10m" }"#) }
        do {
            _ = try Self.template(.electron, session: #"{ "min": "30s", "max": "10m" }"#)
        } catch {
            #expect(error.pointer == JSONPointer.root.appending("appSession"))
            #expect(error.expected.contains("Android and iOS"))
        }
    }

    @Test func aSessionIsBetweenASecondAndTwelveHours() {
        for bad in [#"{ "min": "0s", "max": "1m" }"#, #"{ "min": "1m", "max": "13h" }"#, #"{ "min": "2m", "max": "1m" }"#, #""5m""#] {
            #expect(throws: ScenarioError.self, "\(bad)") { try Self.template(.ios, session: bad) }
        }
    }
}
