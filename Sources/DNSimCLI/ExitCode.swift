/// dnsim's exit status, following the grep/diff family rather than ArgumentParser's 64.
public struct ExitCode: RawRepresentable, Hashable, Sendable {
    /// The process exit status.
    public let rawValue: Int32

    /// Creates an exit code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Every scenario ran and every expectation held.
    public static let success = ExitCode(rawValue: 0)
    /// At least one expectation failed (or `--check-determinism` found a difference).
    public static let expectationsFailed = ExitCode(rawValue: 1)
    /// Unusable input or arguments: nothing was run, or nothing was written.
    public static let usage = ExitCode(rawValue: 2)
}
