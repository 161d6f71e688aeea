import DNSimCore
import DNSimPlugin
import DNSimReports
import DNSimScenario
import Foundation
import Testing

/// ``ResultJSON/render(_:)`` streams the document; its bytes must be those of the tree
/// ``ResultJSON/value(_:)`` written by ``JSONWriter``, for every bundled scenario and profile.
struct ResultJSONStreamingTests {
    @Test(arguments: TraceKeepingTests.catalogue)
    func renderWritesTheValueTreeBytes(_ path: String) throws {
        let scenario = try TraceKeepingTests.scenario(at: path)
        for profile in PluginProfile.allCases {
            let result = try ScenarioRunner.run(scenario.with(profile: profile), options: RunOptions(keepTrace: false))
            let expected = JSONWriter.string(ResultJSON.value(result), style: .pretty) + "\n"
            #expect(ResultJSON.render(result) == expected, "\(path) under \(profile.rawValue)")
        }
    }
}
