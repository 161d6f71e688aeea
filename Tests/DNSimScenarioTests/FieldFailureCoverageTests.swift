import Foundation
import Testing

/// `docs/field-failures.md` maps the field-failure catalogue's 53 failure modes to the scenarios
/// that replay them: every mode has a row, and every scenario a row names exists.
struct FieldFailureCoverageTests {
    static let document: String = {
        let url = BundledScenarios.packageRoot.appendingPathComponent("docs/field-failures.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The table's rows, by failure mode (`FM-A01` …).
    static var rows: [String: String] {
        var rows: [String: String] = [:]
        for line in document.split(separator: "\n") where line.hasPrefix("| FM-") {
            let mode = line.dropFirst(2).prefix { $0 != " " }
            rows[String(mode)] = String(line)
        }
        return rows
    }

    @Test func everyFailureModeOfTheCatalogueHasARow() {
        let modes =
            (1...36).map { String(format: "FM-A%02d", $0) } + (1...13).map { String(format: "FM-I%02d", $0) }
            + (1...4).map { String(format: "FM-X%02d", $0) }
        let rows = Self.rows
        #expect(rows.count == 53)
        for mode in modes { #expect(rows[mode] != nil, "no row for \(mode)") }
    }

    @Test func everyScenarioNamedExists() throws {
        let pattern = try Regex(#"`((?:android|ios|electron|platform)/[a-z0-9/-]+)`"#)
        var named = 0
        for row in Self.rows.values {
            for match in row.matches(of: pattern) {
                let id = String(match.output[1].substring ?? "")
                named += 1
                #expect(BundledScenarios.paths.contains("scenarios/\(id).json"), "\(id) is not a scenario")
            }
        }
        #expect(named > 53)
    }
}
