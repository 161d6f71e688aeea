import DNSimCore
import DNSimScenario
import Testing

/// `ScenarioDecoder.decode(_:timedSteps:)`: steps given as bodies with their instants.
struct TimedStepsDecodingTests {
    /// The minimal scenario's document without its steps, and its steps as bodies with instants.
    static func parts() throws -> (root: JSONObject, steps: [(at: SimInstant, body: JSONObject)], file: Scenario) {
        let file = try ScenarioDecoder(file: MinimalScenario.file).decode(Array(MinimalScenario.text.utf8))
        guard case .object(var root) = try JSONParser.parse(Array(MinimalScenario.text.utf8)),
            case .array(let elements)? = root["steps"]
        else { throw ScenarioError(file: "x", kind: .invalidScenario, expected: "an object", found: "other") }
        root["steps"] = nil
        var steps: [(at: SimInstant, body: JSONObject)] = []
        for (element, step) in zip(elements, file.steps) {
            guard case .object(var body) = element else { continue }
            body["at"] = nil
            body["after"] = nil
            steps.append((step.at, body))
        }
        return (root, steps, file)
    }

    @Test func timedStepsGiveTheScenarioOfTheFile() throws {
        let (root, steps, file) = try Self.parts()
        let timed = try ScenarioDecoder(file: MinimalScenario.file).decode(.object(root), timedSteps: steps)
        #expect(timed.steps.count == file.steps.count)
        for (a, b) in zip(timed.steps, file.steps) {
            #expect(a.at == b.at)
            #expect(a.action == b.action)
            #expect(a.pointer == b.pointer)
        }
        #expect(timed.endInstant == file.endInstant)
        #expect(timed.checks.count == file.checks.count)
    }

    @Test func aTimedStepBeforeThePreviousIsRejected() throws {
        var (root, steps, _) = try Self.parts()
        steps[2].at = steps[0].at - .seconds(1)
        #expect(throws: ScenarioErrorList.self) { try ScenarioDecoder(file: MinimalScenario.file).decode(.object(root), timedSteps: steps) }
        // A document that has steps of its own is not read with timed steps.
        root["steps"] = .array([])
        #expect(throws: ScenarioErrorList.self) {
            try ScenarioDecoder(file: MinimalScenario.file).decode(.object(root), timedSteps: try Self.parts().steps)
        }
    }

    @Test func aTimedStepWithATimeMemberIsRejected() throws {
        var (root, steps, _) = try Self.parts()
        root["steps"] = nil
        steps[1].body["after"] = .string("1m")
        #expect(throws: ScenarioErrorList.self) { try ScenarioDecoder(file: MinimalScenario.file).decode(.object(root), timedSteps: steps) }
    }
}
