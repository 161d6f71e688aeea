import DNSimCore
import DNSimPlugin
import DNSimReports
import DNSimScenario
import Foundation
import Testing

/// ``ResultJSON/render(_:)`` streams the document; its bytes must be those of the tree
/// ``ResultJSON/value(_:)`` written by ``JSONWriter``, for every bundled scenario and profile.
struct ResultJSONStreamingTests {
    @Test(arguments: TraceKeepingTests.catalogue)
    func renderWritesTheValueTreeBytes(_ path: String) throws {
        for (profile, result) in try TraceKeepingTests.resultsUnderEveryProfile(at: path) {
            let expected = JSONWriter.string(ResultJSON.value(result), style: .pretty) + "\n"
            #expect(ResultJSON.render(result) == expected, "\(path) under \(profile.rawValue)")
        }
    }

    /// ``ResultJSON/write(_:pieceSize:to:)`` (how `dnsim run --format json` sends the document
    /// on): its pieces, joined, are the document, whatever their size, and each but the last
    /// is at least a piece long.
    @Test(arguments: [1, 200, 4096])
    func piecesJoinedAreTheDocument(_ pieceSize: Int) throws {
        for path in TraceKeepingTests.catalogue.prefix(12) {
            let scenario = try TraceKeepingTests.scenario(at: path)
            let result = try ScenarioRunner.run(scenario, options: RunOptions(keepTrace: false))
            var pieces: [[UInt8]] = []
            ResultJSON.write(result, pieceSize: pieceSize) { pieces.append($0) }
            #expect(pieces.joined().elementsEqual(ResultJSON.renderUTF8(result)), "\(path), pieces of \(pieceSize)")
            #expect(pieces.dropLast().allSatisfy { $0.count >= pieceSize }, "\(path), pieces of \(pieceSize)")
            if result.deliveries.count > 1, pieceSize == 1 {
                #expect(pieces.count > result.deliveries.count, "\(path): one piece per delivery at least")
            }
        }
    }
}
