import DNSimCore
import DNSimScenario
import Foundation
import Testing

struct ScenarioSchemaTests {
    static let committedPath = "schema/scenario.schema.json"
    static let regenerate = "run `swift run dnsim schema > schema/scenario.schema.json` from the package root"

    private func schema() throws -> JSONValue {
        try JSONParser.parse(ScenarioSchema.render())
    }

    @Test func theCommittedSchemaMatchesTheRenderedOneByteForByte() throws {
        let url = BundledScenarios.packageRoot.appendingPathComponent(Self.committedPath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("\(Self.committedPath) does not exist: \(Self.regenerate)")
            return
        }
        let committed = Array(try Data(contentsOf: url))
        let rendered = Array(ScenarioSchema.render().utf8)
        guard committed != rendered else { return }
        let firstDifference = zip(committed, rendered).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(committed.count, rendered.count)
        let line = rendered.prefix(firstDifference).filter { $0 == UInt8(ascii: "\n") }.count + 1
        let message = "\(Self.committedPath) is out of date (first difference at byte \(firstDifference), line \(line); "
            + "committed \(committed.count) bytes, rendered \(rendered.count)): \(Self.regenerate)"
        Issue.record("\(message)")
    }

    @Test func theRenderedSchemaIsPrettyJSONEndingInOneNewline() throws {
        let text = ScenarioSchema.render()
        #expect(text.hasSuffix("}\n"))
        #expect(!text.hasSuffix("\n\n"))
        #expect(text.contains("\n  \"$schema\""))
        #expect(ScenarioSchema.render() == text)
        _ = try schema()
    }

    @Test func theSchemaDeclaresDraft2020_12AndItsId() throws {
        let document = try schema()
        #expect(document["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(document["$id"] == .string(ScenarioSchema.id))
        #expect(document["type"] == "object")
        #expect(document["additionalProperties"] == false)
    }

    @Test func everyActionTheDecoderKnowsIsAConstInTheStepSchema() throws {
        let step = try #require(try schema()["$defs"]?["step"])
        let names = Self.consts(in: step)
        #expect(names == Set(ScenarioAction.allNames))
        #expect(ScenarioAction.allNames.contains("scheduleDailyNotification"))
        for name in ScenarioAction.allNames {
            #expect(names.contains(name), "action \(name) is not a const in $defs/step")
        }
    }

    @Test func everyAssertionTheDecoderKnowsIsAConstInTheCheckSchema() throws {
        let checks = try #require(try schema()["$defs"]?["expected"]?["properties"]?["checks"])
        let names = Self.consts(in: checks)
        #expect(names == Set(ScenarioAssertion.allNames))
        #expect(ScenarioAssertion.allNames.contains("deliveryCount"))
        for name in ScenarioAssertion.allNames {
            #expect(names.contains(name), "assertion \(name) is not a const in $defs/expected/properties/checks")
        }
    }

    @Test(arguments: ["unevaluatedProperties", "$dynamicRef", "prefixItems", "dependentRequired"])
    func theSchemaUsesNoKeywordDraft07Lacks(_ keyword: String) throws {
        let keys = Self.keys(in: try schema())
        #expect(keys.contains("additionalProperties"), "the key walk found nothing: \(keys.count) keys")
        #expect(!keys.contains(keyword))
        #expect(!ScenarioSchema.render().contains("\"\(keyword)\""))
    }

    @Test func everyReferencePointsAtADefinition() throws {
        let document = try schema()
        let definitions = try #require(document["$defs"]?.objectValue)
        let references = Self.strings(forKey: "$ref", in: document)
        #expect(!references.isEmpty)
        for reference in references {
            #expect(reference.hasPrefix("#/$defs/"), "\(reference)")
            let name = String(reference.dropFirst("#/$defs/".count))
            #expect(definitions[name] != nil, "\(reference) names no definition")
        }
    }

    @Test func theRootRequiresWhatTheDecoderRequires() throws {
        let required = try #require(try schema()["required"]?.arrayValue).compactMap(\.stringValue)
        #expect(Set(required) == ["id", "title", "platform", "device", "timeZone", "start", "steps", "expected"])
    }

    // MARK: Walking the document

    /// Every `const` string anywhere under `value`.
    static func consts(in value: JSONValue) -> Set<String> {
        Set(strings(forKey: "const", in: value))
    }

    /// Every string value of a member named `key`, anywhere under `value`.
    static func strings(forKey key: String, in value: JSONValue) -> [String] {
        switch value {
        case .object(let object):
            var result: [String] = []
            for member in object.members {
                if member.key == key, let text = member.value.stringValue { result.append(text) }
                result += strings(forKey: key, in: member.value)
            }
            return result
        case .array(let elements):
            return elements.flatMap { strings(forKey: key, in: $0) }
        default:
            return []
        }
    }

    /// Every member name anywhere under `value`.
    static func keys(in value: JSONValue) -> Set<String> {
        switch value {
        case .object(let object):
            return object.members.reduce(into: Set(object.keys)) { $0.formUnion(keys(in: $1.value)) }
        case .array(let elements):
            return elements.reduce(into: Set<String>()) { $0.formUnion(keys(in: $1)) }
        default:
            return []
        }
    }
}
