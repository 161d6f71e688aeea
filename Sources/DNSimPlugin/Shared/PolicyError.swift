import DNSimCore

/// Why a policy file cannot be used: where, what was expected, what was found — the same shape
/// as a scenario's errors.
public struct PolicyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, or `<stdin>`.
    public var file: String
    /// The pointer of the offending value (root for file-level problems).
    public var pointer: JSONPointer
    /// What the format expects there.
    public var expected: String
    /// What the file has there.
    public var found: String
    /// Whether the bytes are not JSON at all (then ``found`` has the line and column).
    public var malformed: Bool

    /// Creates an error.
    public init(file: String, pointer: JSONPointer = .root, expected: String, found: String, malformed: Bool = false) {
        self.file = file
        self.pointer = pointer
        self.expected = expected
        self.found = found
        self.malformed = malformed
    }

    public var description: String {
        malformed
            ? "\(file): malformed JSON: \(found)"
            : "\(file): at \(pointer.readable): expected \(expected), found \(found)"
    }
}
