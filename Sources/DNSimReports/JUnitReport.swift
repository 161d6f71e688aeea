import DNSimCore
import DNSimPlugin
import DNSimScenario

/// JUnit XML of a matrix, shaped for GitLab, Jenkins and GitHub test-report actions: one
/// `testsuite` per platform and profile, one `testcase` per expectation with
/// `classname="<platform>.<profile>"` and `name="<scenario id>: <check id>"` (unique pairs),
/// the failure reason in both `message` and the element text, and `<properties>` with the seed,
/// the scenario's trace digest and the dnsim version. `time` is 0: runs take microseconds of
/// host time, and a measured value would make the file differ between runs.
public enum JUnitReport {
    /// Renders the XML document.
    public static func render(_ results: [RunResult]) -> String {
        var suites: [(String, [RunResult])] = []
        for r in results {
            let key = "\(r.scenario.platform.rawValue).\(r.scenario.profile.rawValue)"
            if let index = suites.firstIndex(where: { $0.0 == key }) {
                suites[index].1.append(r)
            } else {
                suites.append((key, [r]))
            }
        }
        suites.sort { $0.0 < $1.0 }
        let total = results.reduce(0) { $0 + $1.expectations.count }
        let failures = results.reduce(0) { $0 + $1.expectations.filter { !$0.passed }.count }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"dnsim\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
        for (name, runs) in suites {
            let tests = runs.reduce(0) { $0 + $1.expectations.count }
            let failed = runs.reduce(0) { $0 + $1.expectations.filter { !$0.passed }.count }
            out += "  <testsuite name=\"\(escape(name))\" tests=\"\(tests)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
            out += "    <properties>\n      <property name=\"dnsimVersion\" value=\"\(escape(DNSimVersion.current))\"/>\n    </properties>\n"
            for r in runs.sorted(by: { $0.scenario.id < $1.scenario.id }) {
                for e in r.expectations {
                    out += "    <testcase classname=\"\(escape(name))\" name=\"\(escape(r.scenario.id + ": " + e.id))\" time=\"0\">\n"
                    out += "      <properties>\n"
                    out += "        <property name=\"seed\" value=\"\(r.scenario.seed)\"/>\n"
                    out += "        <property name=\"scenarioDigest\" value=\"\(r.traceDigest)\"/>\n"
                    out += "        <property name=\"dnsimVersion\" value=\"\(escape(DNSimVersion.current))\"/>\n"
                    if let claim = e.seedClaim { out += "        <property name=\"seedClaim\" value=\"\(claim)\"/>\n" }
                    out += "      </properties>\n"
                    if !e.passed {
                        var message = "\(e.id): \(e.observed)"
                        if let claim = e.seedClaim { message += " (exposes seed claim \(claim))" }
                        out += "      <failure message=\"\(escape(message))\" type=\"ExpectationFailed\">"
                        out += escape(message + "\n" + (e.description.isEmpty ? "" : e.description + "\n") + "scenario: " + r.scenario.title)
                        out += "</failure>\n"
                    }
                    out += "    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// Escapes `& < > " '` and drops characters XML 1.0 forbids.
    static func escape(_ text: String) -> String {
        guard xmlSpecials.intersects(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xD800...0xDFFF).contains(scalar.value) || scalar.value == 0xFFFE
                    || scalar.value == 0xFFFF
                {
                    continue
                }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The bytes that send ``escape(_:)`` down its slow path: the five markup characters, the
    /// C0 controls other than tab, line feed and carriage return, and 0xEF, the lead byte of U+FFFE and U+FFFF (a text without any of them
    /// comes out unchanged). Surrogates cannot occur in a Swift string.
    private static let xmlSpecials: ByteSet = {
        var set = ByteSet("&<>\"'")
        set.insert(0x00...0x08)
        set.insert(0x0B...0x0C)
        set.insert(0x0E...0x1F)
        set.insert(0xEF)
        return set
    }()
}
