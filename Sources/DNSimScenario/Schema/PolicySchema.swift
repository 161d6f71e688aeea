import DNSimCore
import DNSimPlugin

/// The JSON Schema of policy files (`profiles/*.json`, a team's own), built from
/// ``PluginPolicy/decisions``: every decision, its values, and the optional comment.
///
/// Like ``ScenarioSchema`` it declares draft 2020-12 and uses only draft-07 keywords plus
/// `$defs`. ``PolicyDecoder`` stays the source of truth.
public enum PolicySchema {
    /// The schema's `$id`.
    public static let id = "https://dnsim.dev/schema/policy.schema.json"

    /// The schema document.
    public static func document() -> JSONValue {
        var decisions: [(key: String, value: JSONValue)] = []
        for decision in PluginPolicy.decisions {
            let value: JSONValue
            switch decision.kind {
            case .choice(let names): value = ["type": "string", "enum": .array(names.map { .string($0) })]
            case .integer(let range):
                value = ["type": "integer", "minimum": .integer(Int64(range.lowerBound)), "maximum": .integer(Int64(range.upperBound))]
            }
            let claims = decision.seedClaims.isEmpty ? "" : " Seed claims: " + decision.seedClaims.joined(separator: ", ") + "."
            decisions.append(
                (
                    key: decision.key,
                    value: [
                        "description": .string(decision.summary + claims),
                        "oneOf": [
                            value,
                            [
                                "type": "object", "additionalProperties": false, "required": ["value"],
                                "properties": [
                                    "value": value,
                                    "comment": ["type": "string", "description": "Why: the seed passage, OS fact or code it follows."],
                                ],
                            ],
                        ],
                    ]
                ))
        }
        let presets = JSONValue.array(PluginProfile.allCases.map { .string($0.rawValue) })
        return .object(
            JSONObject([
                ("$schema", "https://json-schema.org/draft/2020-12/schema"),
                ("$id", .string(id)),
                ("title", "dnsim plugin policy"),
                (
                    "description",
                    "Every decision of the daily-notification plugin's logic, named: a preset (profiles/*.json) or a team's own code, as 'extends' + overrides."
                ),
                ("type", "object"),
                ("additionalProperties", false),
                ("required", ["name", "decisions"]),
                (
                    "properties",
                    .object(
                        JSONObject([
                            ("$schema", ["type": "string", "description": "Path or URL of this schema, for editors."]),
                            (
                                "name",
                                [
                                    "type": "string", "pattern": "^[a-z0-9][a-z0-9._-]{0,63}$",
                                    "description": "The policy's name, printed in every report; a preset's name only for a file that decides exactly as the preset.",
                                ]
                            ),
                            ("description", ["type": "string", "description": "Free text."]),
                            (
                                "extends",
                                [
                                    "type": "string", "enum": presets,
                                    "description": "The preset whose decisions apply unless overridden; without it every decision must be given.",
                                ]
                            ),
                            (
                                "decisions",
                                [
                                    "type": "object", "additionalProperties": false,
                                    "description": "Decision values by key: a value, or {\"value\": …, \"comment\": \"…\"}.",
                                    "properties": .object(JSONObject(decisions)),
                                ]
                            ),
                        ]))
                ),
            ]))
    }

    /// The schema as pretty JSON with a final newline.
    public static func render() -> String { JSONWriter.string(document(), style: .pretty) + "\n" }
}
