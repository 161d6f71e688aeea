import DNSimPlugin

/// Whether a run went as its scenario expects under its profile: every check passed, or the
/// checks that failed are exactly the profile's expected findings (``Scenario/expectedFindings``).
///
/// This is the unit a CI dashboard counts: one verdict per scenario and profile. A finding that
/// keeps failing is expected; a check that fails without being a finding is a regression; a
/// finding that stopped failing is unexpected too (the plugin changed, or the model did).
public struct RunVerdict: Sendable, Equatable {
    /// What happened, against what the scenario expects.
    public enum Kind: String, Sendable {
        /// Every check passed, as expected.
        case pass
        /// The failing checks are exactly the expected findings.
        case expectedFinding
        /// A check failed that is not an expected finding.
        case unexpectedFailure
        /// No unexpected failure, but an expected finding passed.
        case findingResolved
    }

    /// The verdict.
    public var kind: Kind
    /// Failing checks that are expected findings.
    public var findings: [ExpectationOutcome]
    /// Failing checks that are not expected findings.
    public var unexpectedFailures: [ExpectationOutcome]
    /// Expected findings whose checks passed.
    public var resolvedFindings: [ExpectationOutcome]

    /// Whether the run went as expected (``Kind/pass`` or ``Kind/expectedFinding``).
    public var asExpected: Bool { kind == .pass || kind == .expectedFinding }

    /// Judges `expectations` against the ids of the checks expected to fail.
    public init(expectations: [ExpectationOutcome], expectedToFail: [String]) {
        findings = expectations.filter { !$0.passed && expectedToFail.contains($0.id) }
        unexpectedFailures = expectations.filter { !$0.passed && !expectedToFail.contains($0.id) }
        resolvedFindings = expectations.filter { $0.passed && expectedToFail.contains($0.id) }
        if !unexpectedFailures.isEmpty {
            kind = .unexpectedFailure
        } else if !resolvedFindings.isEmpty {
            kind = .findingResolved
        } else {
            kind = findings.isEmpty ? .pass : .expectedFinding
        }
    }

    /// One line saying what went unexpectedly, or what was expected.
    public var summary: String {
        func list(_ outcomes: [ExpectationOutcome]) -> String {
            outcomes.map { $0.id + ($0.seedClaim.map { " (\($0))" } ?? "") }.joined(separator: ", ")
        }
        switch kind {
        case .pass: return "every check passed"
        case .expectedFinding: return "expected finding: " + list(findings) + " fail"
        case .unexpectedFailure: return "unexpected failure: " + list(unexpectedFailures)
        case .findingResolved:
            return "finding resolved: " + list(resolvedFindings)
                + " now pass; remove them from expected.findings if the change is intended"
        }
    }
}

extension RunResult {
    /// The run's verdict against its scenario's expected findings for its profile.
    public var verdict: RunVerdict {
        RunVerdict(expectations: expectations, expectedToFail: scenario.expectedFindings[scenario.policy.name] ?? [])
    }
}
