import DNSimCore
import DNSimPlugin
import Foundation
import Testing

/// The package root: this file is `Tests/DNSimPluginTests/PluginPolicyTests.swift`.
private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Policies: the presets as files, the decision table, digests, and the diagnostics of policy files.
struct PluginPolicyTests {
    private func decode(_ text: String) throws(PolicyError) -> PolicyFile {
        try PolicyDecoder(file: "mine.json").decode(Array(text.utf8))
    }

    private func error(_ text: String) -> String {
        do {
            _ = try decode(text)
            return "no error"
        } catch {
            return error.description
        }
    }

    // MARK: Presets

    @Test(arguments: PluginProfile.allCases)
    func theEmbeddedPresetIsTheFileByteForByte(profile: PluginProfile) throws {
        let url = packageRoot.appendingPathComponent("profiles/\(profile.rawValue).json")
        let onDisk = try PolicyDecoder(file: url.path).decode(Array(try Data(contentsOf: url)))
        #expect(onDisk.policy == PluginPolicy.preset(profile), "profiles/\(profile.rawValue).json: run scripts/embed-presets.sh")
        #expect(onDisk.comments == PluginPolicy.presetFile(profile).comments, "run scripts/embed-presets.sh")
        #expect(PluginPolicy.preset(profile).name == profile.rawValue)
    }

    @Test(arguments: PluginProfile.allCases)
    func everyPresetDecisionCitesItsSource(profile: PluginProfile) {
        let comments = PluginPolicy.presetFile(profile).comments
        for decision in PluginPolicy.decisions {
            let comment = comments[decision.key] ?? ""
            // A seed passage ("seed 004 §5"), an OS or time fact id (A33, I10, E3, T2), or a
            // statement that the seeds are silent.
            let cites = comment.contains("seed") || comment.range(of: #"\b[AIET][0-9]+\b"#, options: .regularExpression) != nil
            #expect(cites, "\(profile.rawValue): \(decision.key) cites nothing: \"\(comment)\"")
        }
    }

    @Test func thePresetsDifferAndTheDigestIgnoresTheName() {
        let digests = PluginProfile.allCases.map { PluginPolicy.preset($0).digest }
        #expect(Set(digests).count == 3)
        var renamed = PluginPolicy.preset(.corrected)
        renamed.name = "ours"
        #expect(renamed.digest == PluginPolicy.preset(.corrected).digest)
        #expect(digests.allSatisfy { $0.count == 16 })
    }

    @Test func everyDecisionReadsBackWhatWasWritten() {
        var policy = PluginPolicy.preset(.asFound)
        let target = PluginPolicy.preset(.corrected)
        for decision in policy.differences(from: target) {
            #expect(decision.set(decision.value(in: target), in: &policy))
        }
        policy.name = target.name
        #expect(policy == target)
        #expect(Set(PluginPolicy.decisions.map(\.key)).count == PluginPolicy.decisions.count)
    }

    // MARK: A team's own policy

    @Test func extendsAPresetWithOverrides() throws {
        let file = try decode(
            #"""
            { "name": "ours-1.4", "extends": "as-found", "description": "our code",
              "decisions": { "android.launchRecovery": { "value": "recover", "comment": "PR 212" },
                             "android.missedGraceMinutes": 3 } }
            """#)
        var expected = PluginPolicy.preset(.asFound)
        expected.name = "ours-1.4"
        expected.android.launchRecovery = .recover
        expected.android.missedGraceMinutes = 3
        #expect(file.policy == expected)
        #expect(file.extends == .asFound)
        #expect(file.comments == ["android.launchRecovery": "PR 212"])
    }

    @Test func aMisspeltDecisionGetsADidYouMean() {
        #expect(
            error(#"{ "name": "x", "extends": "corrected", "decisions": { "android.rolover": "add24Hours" } }"#)
                == #"mine.json: at /decisions/android.rolover: expected a decision name (dnsim schema --policy lists them), found an unknown decision "android.rolover", did you mean "android.rollover"?"#)
    }

    @Test func aMisspeltValueGetsADidYouMean() {
        #expect(
            error(#"{ "name": "x", "extends": "corrected", "decisions": { "android.rollover": { "value": "calendarday" } } }"#)
                == #"mine.json: at /decisions/android.rollover/value: expected one of "calendarDay", "add24Hours", found a string "calendarday", did you mean "calendarDay"?"#)
    }

    @Test func aNumberOutOfRangeIsAnError() {
        #expect(
            error(#"{ "name": "x", "extends": "corrected", "decisions": { "electron.missedGraceMinutes": 90 } }"#)
                == "mine.json: at /decisions/electron.missedGraceMinutes: expected an integer from 0 to 60, found the number 90")
    }

    @Test func anUnknownPresetGetsADidYouMean() {
        #expect(
            error(#"{ "name": "x", "extends": "corected", "decisions": {} }"#)
                == #"mine.json: at /extends: expected a preset name: as-found, directive, corrected, found "corected", did you mean "corrected"?"#)
    }

    @Test func withoutExtendsEveryDecisionIsRequired() {
        #expect(
            error(#"{ "name": "x", "decisions": { "android.rollover": "add24Hours" } }"#)
                == #"mine.json: at /decisions: expected every decision, since the policy extends no preset (or an "extends"), found no "android.windowDays", "android.exactAlarm", "android.inexactFallback" and \#(PluginPolicy.decisions.count - 4) more"#)
    }

    @Test func unknownFieldsAreErrors() {
        #expect(error(#"{ "name": "x", "extends": "corrected", "decisions": {}, "extend": 1 }"#).hasPrefix("mine.json: at /extend: expected one of the known fields"))
        #expect(
            error(#"{ "name": "x", "extends": "corrected", "decisions": { "ios.ttl": { "value": "none", "coment": "" } } }"#)
                .hasPrefix("mine.json: at /decisions/ios.ttl/coment: expected one of the known fields: comment, value"))
    }

    @Test func aPresetNameIsReservedForThePreset() throws {
        #expect(
            error(#"{ "name": "corrected", "extends": "corrected", "decisions": { "ios.windowDays": 7 } }"#)
                .hasPrefix(#"mine.json: at /name: expected a name other than a preset's (as-found, directive, corrected) for a policy that decides differently, found "corrected", which differs from the preset in ios.windowDays"#))
        // A file that decides exactly as the preset may carry its name.
        #expect(try decode(#"{ "name": "corrected", "extends": "corrected", "decisions": {} }"#).policy == .preset(.corrected))
    }

    @Test func namesAreFileNameSafe() {
        #expect(error(#"{ "name": "Our Plugin", "extends": "corrected", "decisions": {} }"#).hasPrefix("mine.json: at /name: expected a name of lowercase letters"))
    }

    @Test func malformedJSONSaysWhere() {
        #expect(error("{ \"name\": ").hasPrefix("mine.json: malformed JSON: "))
    }

    // MARK: The plugin's logic asks the policy

    @Test func noProfileComparisonIsLeftInThePluginLogic() throws {
        let directory = packageRoot.appendingPathComponent("Sources/DNSimPlugin")
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var offenders: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", !url.lastPathComponent.hasPrefix("PluginPolicy+Preset"),
                url.lastPathComponent != "PluginProfile.swift"
            else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for pattern in ["profile ==", "profile !=", "case .asFound", "case .directive", "case .corrected", "switch profile"]
            where text.contains(pattern) {
                offenders.append("\(url.lastPathComponent): \(pattern)")
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
