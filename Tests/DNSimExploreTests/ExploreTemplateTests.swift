import DNSimCore
import DNSimExplore
import DNSimScenario
import Foundation
import Testing

@Suite("Exploration templates")
struct ExploreTemplateTests {
    @Test(arguments: ExploreFixtures.shippedTemplates)
    func aShippedTemplateDecodes(_ path: String) throws {
        let template = try ExploreFixtures.template(at: path)
        #expect(!template.faults.isEmpty)
        #expect(template.digest.count == 16)
    }

    @Test func theDigestIgnoresLayoutButNotContent() throws {
        let text = ExploreFixtures.everything(.ios)
        let a = try ExploreFixtures.template(text)
        let b = try ExploreFixtures.template(text.replacingOccurrences(of: "\n", with: " "))
        let c = try ExploreFixtures.template(text.replacingOccurrences(of: "\"23:59\"", with: "\"23:58\""))
        #expect(a.digest == b.digest)
        #expect(a.digest != c.digest)
    }

    @Test func aMisspeltFaultKindNamesItsPointerAndTheClosestKind() {
        let text = ExploreFixtures.everything(.android).replacingOccurrences(of: "\"kind\": \"reboot\"", with: "\"kind\": \"rebot\"")
        #expect {
            _ = try ExploreFixtures.template(text)
        } throws: { error in
            let message = "\(error)"
            return message.contains("at /faults/0/kind") && message.contains("did you mean \"reboot\"?")
        }
    }

    @Test func aFaultKindOfAnotherPlatformIsRejected() {
        let text = ExploreFixtures.everything(.ios).replacingOccurrences(of: "\"kind\": \"lowPowerMode\"", with: "\"kind\": \"forceStop\"")
        #expect {
            _ = try ExploreFixtures.template(text)
        } throws: { error in
            "\(error)".contains("\"forceStop\", which does not exist on ios")
        }
    }

    @Test func aFieldTheKindDoesNotTakeIsAnUnknownField() {
        let text = ExploreFixtures.everything(.ios).replacingOccurrences(
            of: "\"kind\": \"reboot\", \"perWeek\": 10,", with: "\"kind\": \"reboot\", \"perWeek\": 10, \"duration\": {\"min\": \"1m\", \"max\": \"2m\"},")
        #expect {
            _ = try ExploreFixtures.template(text)
        } throws: { error in
            let message = "\(error)"
            return message.contains("/faults/0/duration") && message.contains("offFor") && message.contains("an unknown field \"duration\"")
        }
    }

    @Test func aClockShiftBeyondElevenHoursIsRefused() {
        let text = ExploreFixtures.everything(.electron).replacingOccurrences(
            of: "\"kind\": \"clockJump\", \"perWeek\": 10,", with: "\"kind\": \"clockJump\", \"perWeek\": 10, \"shift\": {\"min\": \"1h\", \"max\": \"12h\"},")
        #expect {
            _ = try ExploreFixtures.template(text)
        } throws: { error in
            "\(error)".contains("paired with their plan within 12 h")
        }
    }

    @Test func aBadCopiedOSObjectIsReportedAtItsOwnPointer() {
        let text = ExploreFixtures.everything(.android).replacingOccurrences(of: "\"title\": \"every fault kind\",", with: "\"title\": \"x\", \"os\": {\"exactAlarmGrantd\": true},")
        #expect {
            _ = try ExploreFixtures.template(text)
        } throws: { error in
            "\(error)".contains("at /os/exactAlarmGrantd")
        }
    }

    @Test func theCommittedSchemaMatchesTheRenderedOne() throws {
        let url = ExploreFixtures.packageRoot.appendingPathComponent("schema/explore-template.schema.json")
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == ExploreTemplateSchema.render(), "run `swift run dnsim schema --explore > schema/explore-template.schema.json`")
    }

    @Test func theSchemaNamesEveryFaultKind() throws {
        let schema = ExploreTemplateSchema.render()
        for kind in FaultKind.allCases { #expect(schema.contains("\"\(kind.rawValue)\""), "\(kind)") }
        _ = try JSONParser.parse(schema)
    }
}
