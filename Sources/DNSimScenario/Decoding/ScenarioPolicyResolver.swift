import DNSimCore
import DNSimPlugin

/// Resolves a scenario's `plugin.policy`: reads the policy file named relative to the scenario
/// file and replaces the profile's preset with it.
///
/// ``ScenarioDecoder`` touches no files; whoever reads scenario files (the command line) calls
/// this with a way to read another file.
public enum ScenarioPolicyResolver {
    /// The path of `reference` as seen from the directory of `scenarioPath` (unchanged when it is
    /// absolute or the scenario came from standard input).
    public static func path(of reference: String, from scenarioPath: String) -> String {
        if reference.hasPrefix("/") || scenarioPath == "-" || scenarioPath == "<stdin>" { return reference }
        guard let slash = scenarioPath.lastIndex(of: "/") else { return reference }
        return String(scenarioPath[...slash]) + reference
    }

    /// `scenario` with its policy file applied, if it names one.
    ///
    /// - Parameters:
    ///   - scenarioPath: the scenario file's path (`-` for standard input); messages use `label`.
    ///   - read: reads a file's bytes, or gives `nil` and why it cannot.
    public static func resolve(
        _ scenario: Scenario, scenarioPath: String, label: String, read: (String) -> (bytes: [UInt8]?, problem: String)
    ) -> Result<Scenario, ScenarioError> {
        guard let reference = scenario.plugin.policyFile else { return .success(scenario) }
        let path = path(of: reference, from: scenarioPath)
        let (bytes, reason) = read(path)
        guard let bytes else {
            return .failure(
                ScenarioError(
                    file: label, kind: .invalidScenario, pointer: JSONPointer(tokens: ["plugin", "policy"]),
                    expected: "a readable policy file (relative to this file)", found: "\"\(reference)\": \(path): \(reason)"))
        }
        do throws(PolicyError) {
            let file = try PolicyDecoder(file: path).decode(bytes)
            return .success(scenario.with(policy: file.policy))
        } catch {
            // The policy file's own error, in the same words (file, pointer, expected, found).
            return .failure(
                ScenarioError(
                    file: error.file, kind: error.malformed ? .malformedJSON : .invalidScenario, pointer: error.pointer,
                    expected: error.expected, found: error.found))
        }
    }
}
