import DNSimCore
import DNSimPlugin
import DNSimScenario

/// JUnit XML of a matrix, valid against the Jenkins JUnit schema (`junit-10.xsd`) and shaped for
/// GitLab, Jenkins and GitHub test-report actions.
///
/// One `testsuite` per platform and profile (`android.directive`), with the dnsim version,
/// platform and profile as suite `properties`; one `testcase` per scenario run, named by the
/// scenario id. A case fails only when the run did not go as its scenario expects
/// (``RunVerdict``): a check failed that is not an expected finding, or an expected finding
/// stopped failing. An expected finding (a seed claim the `directive` or `as-found` plugin gets
/// wrong) is a passing case whose `system-out` names the failing checks and the seed claims
/// they expose; so the counts here, `dnsim matrix`'s closing line and its exit code agree.
///
/// `time` is 0: a run takes microseconds of host time, and a measured value would make the
/// committed file differ on every regeneration. The simulated span is in the case's output.
public enum JUnitReport {
    /// Renders the XML document.
    public static func render(_ results: [RunResult]) -> String {
        var suites: [String: [RunResult]] = [:]
        for r in results { suites["\(r.scenario.platform.rawValue).\(r.scenario.policy.name)", default: []].append(r) }
        let failures = results.filter { !$0.verdict.asExpected }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"dnsim\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" time=\"0\">\n"
        for name in suites.keys.sorted() {
            let runs = suites[name, default: []].sorted { $0.scenario.id < $1.scenario.id }
            let failed = runs.filter { !$0.verdict.asExpected }.count
            out += "  <testsuite name=\"\(escape(name))\" tests=\"\(runs.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
            out += "    <properties>\n"
            out += "      <property name=\"dnsimVersion\" value=\"\(escape(DNSimVersion.current))\"/>\n"
            if let first = runs.first {
                out += "      <property name=\"platform\" value=\"\(first.scenario.platform.rawValue)\"/>\n"
                out += "      <property name=\"pluginProfile\" value=\"\(escape(first.scenario.policy.name))\"/>\n"
                out += "      <property name=\"pluginPolicyDigest\" value=\"\(first.scenario.policy.digest)\"/>\n"
            }
            out += "    </properties>\n"
            for r in runs { out += testcase(r, suite: name) }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    private static func testcase(_ r: RunResult, suite: String) -> String {
        let verdict = r.verdict
        var out = "    <testcase classname=\"\(escape(suite))\" name=\"\(escape(r.scenario.id))\" time=\"0\">\n"
        if !verdict.asExpected {
            let type = verdict.kind == .findingResolved ? "FindingResolved" : "UnexpectedFailure"
            let details = (verdict.unexpectedFailures + verdict.resolvedFindings).map { "\($0.id): \($0.observed)" }
            out += "      <failure message=\"\(escape(verdict.summary))\" type=\"\(type)\">"
            out += escape((details + ["scenario: " + r.scenario.title]).joined(separator: "\n"))
            out += "</failure>\n"
        }
        var lines = ["verdict: " + verdict.summary]
        for e in r.expectations {
            let claim = e.seedClaim.map { " [seed claim \($0)]" } ?? ""
            lines.append("\(e.passed ? "pass" : "FAIL") \(e.id): \(e.observed)\(claim)")
        }
        let span = SimDuration(milliseconds: (r.scenario.endInstant - r.scenario.startInstant).milliseconds)
        lines.append("seed \(r.scenario.seed), simulated \(span), \(r.eventCount) events, trace digest \(r.traceDigest)")
        out += "      <system-out>\(escape(lines.joined(separator: "\n")))</system-out>\n"
        out += "    </testcase>\n"
        return out
    }

    /// Escapes `& < > " '` and drops characters XML 1.0 forbids (``XMLText/escape(_:)``).
    static func escape(_ text: String) -> String { XMLText.escape(text) }
}
