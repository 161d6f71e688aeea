import DNSimCore
import DNSimPlugin
import DNSimScenario
import Foundation
import Testing

@testable import DNSimReports

/// ``TraceJSONLines/render(_:)`` streams its lines; their bytes must be those of each record
/// built as a ``JSONObject`` and written by ``JSONWriter`` (the reference below).
struct TraceJSONLinesTests {
    /// Each record as a JSON object written compact, the way the trace lines were first defined.
    static func reference(_ result: RunResult) -> String {
        var out = ""
        for record in result.trace {
            var object = JSONObject([
                ("id", .integer(Int64(record.id))), ("t", .integer(record.time.millisecondsSinceEpoch)),
                ("at", .string(result.iso(record.time))), ("subsystem", .string(record.subsystem)),
                ("kind", .string(record.kind)),
            ])
            if let rule = record.rule { object["rule"] = .string(rule) }
            if record.cause >= 0 { object["cause"] = .integer(Int64(record.cause)) }
            if !record.details.isEmpty {
                var details = JSONObject()
                for detail in record.details {
                    if case .string(let earlier)? = details[detail.key] {
                        details[detail.key] = .string(earlier + "; " + detail.value)
                    } else {
                        details[detail.key] = .string(detail.value)
                    }
                }
                object["details"] = .object(details)
            }
            out += JSONWriter.string(.object(object), style: .compact) + "\n"
        }
        return out
    }

    @Test(arguments: TraceKeepingTests.catalogue)
    func renderWritesTheReferenceBytes(_ path: String) throws {
        let bytes = Array(try Data(contentsOf: TraceKeepingTests.packageRoot.appendingPathComponent(path)))
        let scenario = try ScenarioDecoder(file: path).decode(bytes)
        let result = try ScenarioRunner.run(scenario, options: RunOptions(keepTrace: true))
        #expect(TraceJSONLines.render(result) == Self.reference(result), "\(path)")
    }

    @Test func detailsAreSortedByBytesAndRepeatedKeysJoined() {
        var members: [(key: String, value: String)] = [("stale", "x")]
        let details = [
            TraceDetail("b", "1"), TraceDetail("a", 2), .extra("slot", "s1"), TraceDetail("b", "3"),
            TraceDetail("B", "4"), TraceDetail("é", "5"), TraceDetail("e\u{301}", "6"), TraceDetail("b", "7"),
        ]
        TraceJSONLines.collect(details, into: &members)
        // "e" + U+0301 (65 CC 81) sorts after "extra.slot" and before precomposed "é" (C3 A9),
        // and is a key of its own though Swift's `==` calls the two equal.
        #expect(members.map(\.key).map { Array($0.utf8) } == ["B", "a", "b", "extra.slot", "e\u{301}", "é"].map { Array($0.utf8) })
        #expect(members.map(\.value) == ["4", "2", "1; 3; 7", "s1", "6", "5"])
    }
}
