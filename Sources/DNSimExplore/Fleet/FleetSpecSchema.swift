import DNSimCore

/// The JSON Schema of fleet specs (`dnsim schema --fleet`). It declares draft 2020-12 but uses only
/// draft-07 keywords; ``FleetSpecDecoder`` stays the source of truth.
public enum FleetSpecSchema {
    /// The schema's `$id`.
    public static let id = "https://dnsim.dev/schema/fleet.schema.json"

    /// The schema as pretty JSON with a final newline.
    public static func render() -> String { JSONWriter.string(document(), style: .pretty) + "\n" }

    /// The schema document.
    public static func document() -> JSONValue {
        let deviceClass: JSONValue = [
            "type": "object",
            "additionalProperties": false,
            "required": ["name", "weight", "template"],
            "properties": [
                "name": ["type": "string", "description": "The class's name in reports, used once (e.g. \"android-daily\")."],
                "weight": [
                    "type": "integer", "minimum": 1, "maximum": 1_000_000,
                    "description": "Relative weight in the population (the weights need not sum to 100).",
                ],
                "template": [
                    "type": "string",
                    "description": "Path of the exploration template (dnsim schema --explore) its devices are drawn from, relative to this file.",
                ],
            ],
        ]
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": .string(id),
            "title": "dnsim fleet spec",
            "description": "A device population for `dnsim fleet`: weighted device classes, each an exploration template (docs/fleet.md).",
            "type": "object",
            "additionalProperties": false,
            "required": ["id", "title", "classes"],
            "properties": [
                "$schema": ["type": "string", "description": "Path or URL of this schema, for editors."],
                "id": ["type": "string", "description": "A stable id such as \"fleet/default\"."],
                "title": ["type": "string", "description": "A one-line title."],
                "description": ["type": "string", "description": "The population's assumptions, with their sources."],
                "classes": ["type": "array", "minItems": 1, "items": deviceClass, "description": "The device classes."],
            ],
        ]
    }
}
