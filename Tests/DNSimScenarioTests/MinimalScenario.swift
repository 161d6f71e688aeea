import DNSimCore
import DNSimScenario
import Testing

/// A small valid scenario, as text, and one-edit mutations of it.
///
/// Every edit replaces a fragment that must occur exactly once in the text, so a test whose
/// edit silently misses (and would decode the untouched, valid scenario) fails instead.
enum MinimalScenario {
    static let file = "case.json"

    static let text = """
        {
          "id": "test/minimal",
          "title": "Minimal",
          "platform": "android",
          "device": { "profile": "android-stock", "apiLevel": 34 },
          "timeZone": "Europe/Berlin",
          "start": "2026-03-25T08:00",
          "end": "2026-03-27T08:00",
          "seed": 7,
          "plugin": { "profile": "corrected", "bootReceiver": true },
          "os": { "exactAlarmGranted": true },
          "steps": [
            { "at": "2026-03-25T08:00", "action": "launchApp" },
            { "after": "1m", "action": "scheduleDailyNotification", "time": "09:00", "title": "Hello" },
            { "after": "2m", "action": "backgroundApp" }
          ],
          "expected": {
            "os": "OS text",
            "plugin": "Plugin text",
            "checks": [
              { "id": "two-shown", "assert": "deliveryCount", "equals": 2, "seedClaim": "S1" },
              { "id": "no-errors", "assert": "noErrors" }
            ]
          }
        }
        """

    /// One textual edit: `old` must occur exactly once.
    struct Edit: Sendable {
        var old: String
        var new: String
    }

    /// The text with every edit applied in order, or `nil` (with a recorded issue) when an
    /// edit's fragment does not occur exactly once.
    static func text(applying edits: [Edit], sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        var result = text
        for edit in edits {
            let ranges = result.ranges(of: edit.old)
            guard ranges.count == 1, let range = ranges.first else {
                Issue.record(
                    "the fragment \(edit.old) occurs \(ranges.count) times in the scenario, not once",
                    sourceLocation: sourceLocation)
                return nil
            }
            result.replaceSubrange(range, with: edit.new)
        }
        return result
    }

    /// The first error (in document order) decoding `text` throws, or `nil` when it decodes.
    static func decodingError(_ text: String) -> ScenarioError? {
        decodingErrors(text)?.first
    }

    /// Every error decoding `text` throws, or `nil` when it decodes.
    static func decodingErrors(_ text: String) -> ScenarioErrorList? {
        do {
            _ = try ScenarioDecoder(file: file).decode(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    /// A pointer from its RFC 6901 text (no escapes needed in these tests).
    static func pointer(_ text: String) -> JSONPointer {
        text.isEmpty ? .root : JSONPointer(tokens: text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init))
    }
}
