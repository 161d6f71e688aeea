/// Every problem found in one scenario file, in document order: what ``ScenarioDecoder`` throws.
///
/// The decoder does not stop at the first problem: it reports each step, check and top-level
/// section that is wrong, so one round of fixes clears a file. At most ``cap`` errors are kept;
/// ``omitted`` counts the rest. Each error is printed on its own line:
///
/// ```
/// error: typo.json: at /timezone: expected one of the known fields: …, found an unknown field "timezone", did you mean "timeZone"?
/// error: typo.json: at /steps/1/action: expected one of the 33 android actions, found "forcestop", did you mean "forceStop"?
/// ```
public struct ScenarioErrorList: Error, Equatable, Sendable, CustomStringConvertible {
    /// The most errors kept for one file; the rest are counted in ``omitted``.
    public static let cap = 20

    /// The errors, in document order (an error at an object before those inside it); never
    /// empty, at most ``cap``.
    public private(set) var errors: [ScenarioError]
    /// How many more errors the file has beyond ``errors``.
    public private(set) var omitted: Int

    /// A list of one error.
    public init(_ error: ScenarioError) {
        errors = [error]
        omitted = 0
    }

    /// The first ``cap`` of `errors` (which must not be empty), in the order given; the rest are
    /// counted.
    public init(_ errors: [ScenarioError]) {
        precondition(!errors.isEmpty, "a ScenarioErrorList needs at least one error")
        self.errors = Array(errors.prefix(Self.cap))
        omitted = errors.count - self.errors.count
    }

    /// The first error in document order.
    public var first: ScenarioError { errors[0] }

    /// The file the errors are about.
    public var file: String { errors[0].file }

    /// One line per error (``ScenarioError/description``), then, when errors were left out,
    /// `FILE: … and N more errors (only the first 20 are shown)`. The command line prefixes each
    /// with `error: `.
    public var lines: [String] {
        var result = errors.map(\.description)
        if omitted > 0 {
            result.append(
                "\(file): … and \(omitted) more \(omitted == 1 ? "error" : "errors") "
                    + "(only the first \(Self.cap) are shown)")
        }
        return result
    }

    /// ``lines``, joined by newlines.
    public var description: String { lines.joined(separator: "\n") }
}
