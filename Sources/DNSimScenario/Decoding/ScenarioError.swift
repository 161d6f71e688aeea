import DNSimCore

/// Why a scenario file cannot be used: where, what was expected, what was found.
///
/// Every message names the file and, for content problems, the JSON pointer of the offending
/// value, so a user can go straight to it.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, or `<stdin>`.
    public var file: String
    /// The kind of problem.
    public var kind: Kind
    /// The pointer of the offending value (root for file-level problems).
    public var pointer: JSONPointer
    /// What the format expects there.
    public var expected: String
    /// What the file has there.
    public var found: String

    /// The kinds of unusable input.
    public enum Kind: String, Sendable {
        /// The file could not be read.
        case unreadable
        /// The bytes are not JSON (`line`/`column` are in ``ScenarioError/found``).
        case malformedJSON
        /// JSON, but not a valid scenario.
        case invalidScenario
    }

    /// Creates an error.
    public init(file: String, kind: Kind, pointer: JSONPointer = .root, expected: String, found: String) {
        self.file = file
        self.kind = kind
        self.pointer = pointer
        self.expected = expected
        self.found = found
    }

    public var description: String {
        switch kind {
        case .unreadable:
            return "\(file): cannot read the scenario: expected \(expected), found \(found)"
        case .malformedJSON:
            return "\(file): malformed JSON: \(found)"
        case .invalidScenario:
            return "\(file): at \(pointer.readable): expected \(expected), found \(found)"
        }
    }
}
