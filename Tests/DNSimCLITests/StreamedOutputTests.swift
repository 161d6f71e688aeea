import DNSimCLI
import DNSimReports
import DNSimScenario
import Foundation
import Testing

/// `dnsim run --format json` sends its document on in pieces as it writes it
/// (``CommandIO/writeOutNow(utf8:)``): the process's standard output is still the whole
/// document, in order.
struct StreamedOutputTests {
    @Test func aDocumentOfManyPiecesArrivesWholeAndInOrder() throws {
        let binary = try #require(DNSimBinary.locate(), "no dnsim executable among \(DNSimBinary.candidates.map(\.path))")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dnsim-pieces-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Twelve slots for sixty days: several pieces of JSON.
        var steps = [#"{"at": "2026-03-02T07:00", "action": "launchApp"}"#]
        for k in 0..<12 {
            steps.append(
                #"{"after": "1s", "action": "scheduleDailyNotification", "time": "\#(10 + k):15", "id": "s\#(k)", "title": "t", "body": "b"}"#)
        }
        let text = """
            {"id": "pieces", "title": "pieces", "platform": "android", "device": {"profile": "android-stock", "apiLevel": 34},
             "timeZone": "Europe/Berlin", "start": "2026-03-02T06:55", "duration": "60d", "plugin": {"profile": "corrected"},
             "os": {"exactAlarmGranted": true}, "steps": [\(steps.joined(separator: ", "))],
             "expected": {"os": "-", "plugin": "-", "checks": [{"id": "n", "assert": "noErrors"}]}}
            """
        let file = directory.appendingPathComponent("pieces.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let run = try ProcessRun(binary, ["run", file.path, "--format", "json"], environment: [:])
        #expect(run.code == 0, "\(run.stderr)")
        let scenario = try ScenarioDecoder(file: file.path).decode(Array(text.utf8))
        let expected = ResultJSON.renderUTF8(try ScenarioRunner.run(scenario, options: RunOptions(keepTrace: false)))
        #expect(expected.count > 3 * 64 * 1024, "the document should take several pieces: \(expected.count) bytes")
        #expect(run.stdout == expected)
    }
}
