import DNSimCore
import DNSimPlatforms
import DNSimScenario

/// The JSON Schema of exploration templates (`dnsim schema --explore`), built from the names the
/// decoder accepts. Like the scenario schema it declares draft 2020-12 but uses only draft-07
/// keywords; ``ExploreTemplateDecoder`` stays the source of truth (per-kind fields, ranges).
public enum ExploreTemplateSchema {
    /// The schema's `$id`.
    public static let id = "https://dnsim.dev/schema/explore-template.schema.json"

    /// The schema as pretty JSON with a final newline.
    public static func render() -> String { JSONWriter.string(document(), style: .pretty) + "\n" }

    /// The schema document.
    public static func document() -> JSONValue {
        let versions: JSONValue = [
            "type": "array", "minItems": 1, "items": ["type": "integer", "minimum": 15, "maximum": 40],
            "description": "OS versions drawn per seed: Android API levels 26–36, iOS 15–26, Electron 20–40.",
        ]
        let profiles = AndroidDeviceProfile.names + IOSDeviceProfile.names + ElectronDeviceProfile.names
        return .object(
            JSONObject([
                ("$schema", "https://json-schema.org/draft/2020-12/schema"),
                ("$id", .string(id)),
                ("title", "dnsim exploration template"),
                ("description", "The space of random worlds `dnsim explore` draws from: one world per seed (docs/explore.md)."),
                ("type", "object"),
                ("additionalProperties", false),
                ("required", ["id", "title", "platform", "device", "zones", "start", "spanDays", "slots"]),
                (
                    "properties",
                    map([
                        ("$schema", text("Path or URL of this schema, for editors.")),
                        ("id", text("A stable id such as \"explore/ios-week\".")),
                        ("title", text("A one-line title.")),
                        ("description", text("Free text.")),
                        ("platform", enumeration(ScenarioPlatform.allCases.map(\.rawValue), "The platform of every world.")),
                        (
                            "device",
                            object(
                                [
                                    ("osVersions", versions),
                                    ("profiles", ["type": "array", "items": enumeration(profiles, "A device profile of the platform.")]),
                                ], required: ["osVersions"], description: "OS versions and device profiles drawn per seed.")
                        ),
                        ("zones", zones("Start zones drawn per seed (and the default destinations of zoneChange).")),
                        (
                            "start",
                            object(
                                [
                                    ("from", date("The earliest start date.")), ("to", date("The latest start date.")),
                                    ("time", time("The local start time (default 07:00).")),
                                    ("nearTransitionPercent", percent("How often the start is 0–2 days before a DST transition of the start zone (default 0).")),
                                ], required: ["from", "to"], description: "Start dates drawn uniformly.")
                        ),
                        ("spanDays", range(1, 365, "Days of the fault phase, drawn uniformly.")),
                        ("quietDays", ["type": "integer", "minimum": 1, "maximum": 30, "description": "Days of the quiet liveness tail (default 3)."]),
                        (
                            "slots",
                            object(
                                [
                                    ("count", range(1, 8, "How many daily slots a world has.")),
                                    ("times", ["type": "array", "minItems": 1, "items": ["$ref": "#/$defs/localTime"], "description": "Wall times slots are drawn from: include DST gap/fold times and times near midnight."]),
                                    ("randomTimePercent", percent("How often a slot gets a random minute instead (default 0).")),
                                ], required: ["count", "times"], description: "Slot shapes.")
                        ),
                        ("swarmPercent", percent("The default chance that a menu entry is switched on in a world (default 50).")),
                        ("faults", ["type": "array", "items": ["$ref": "#/$defs/fault"], "description": "The fault menu."]),
                        ("plugin", ["$ref": "scenario.schema.json#/$defs/plugin", "description": "Copied into every scenario (no profile: --profile sets it)."]),
                        ("os", ["$ref": "scenario.schema.json#/$defs/os", "description": "Copied into every scenario."]),
                        ("server", ["$ref": "scenario.schema.json#/$defs/server", "description": "Copied into every scenario."]),
                        (
                            "appSession",
                            [
                                "$ref": "#/$defs/durationRange",
                                "description": "Android and iOS: how long the user keeps the app on screen (1s to 12h); every launch is followed by a backgroundApp step after a time drawn from this range. Absent: the app stays in the foreground until something else ends it.",
                            ]
                        ),
                    ])
                ),
                ("$defs", definitions()),
            ]))
    }

    private static func definitions() -> JSONValue {
        let kinds = FaultKind.allCases.map(\.rawValue)
        var fields: [(String, JSONValue)] = [
            ("kind", ["type": "string", "enum": .array(kinds.map { .string($0) }), "description": "What happens (docs/explore.md lists each kind's platforms and fields)."]),
            ("perWeek", ["type": "integer", "minimum": 0, "maximum": 1000, "description": "Mean occurrences per 7 days of the time range."]),
            ("enabledPercent", percent("The chance this entry is switched on in a world (default: swarmPercent).")),
            ("from", ["$ref": "#/$defs/duration", "description": "The earliest offset from the start (default 2m)."]),
            ("to", ["$ref": "#/$defs/duration", "description": "The latest offset from the start (default: the fault phase's end)."]),
            ("atFirePercent", percent("How often an occurrence lands in the very millisecond a slot is due (default 10).")),
            ("nearFirePercent", percent("How often it lands within 2 minutes of a slot, or 1 ms either side (default 15).")),
        ]
        var seen = Set(fields.map(\.0))
        for kind in FaultKind.allCases {
            for field in kind.fields where !seen.contains(field) {
                seen.insert(field)
                fields.append((field, fieldSchema(field)))
            }
        }
        return map([
            ("duration", ["type": "string", "pattern": "^([0-9]+d)?([0-9]+h)?([0-9]+m)?([0-9]+s)?([0-9]+ms)?$", "description": "A duration such as 90s, 15m, 2h, 1d2h."]),
            ("durationRange", object([("min", ["$ref": "#/$defs/duration"]), ("max", ["$ref": "#/$defs/duration"])], required: ["min", "max"], description: "A duration drawn uniformly from min to max.")),
            ("localTime", ["type": "string", "pattern": "^[0-9]{2}:[0-9]{2}$", "description": "A wall time HH:mm."]),
            ("fault", object(fields, required: ["kind", "perWeek"], description: "One entry of the fault menu; which fields a kind accepts is in docs/explore.md.")),
        ])
    }

    private static func fieldSchema(_ field: String) -> JSONValue {
        switch field {
        case "duration", "offFor", "unlockAfter", "relaunchAfter", "resetupAfter", "shift":
            return ["$ref": "#/$defs/durationRange"]
        case "relaunchPercent", "resetupPercent", "nearTransitionPercent":
            return percent("A chance in percent.")
        case "zones": return zones("Zones a zone change moves to (default: the template's zones).")
        case "times": return ["type": "array", "items": ["$ref": "#/$defs/localTime"], "description": "Times a rescheduled slot moves to."]
        case "count": return range(1, 200, "How many requests other code adds.")
        case "buckets":
            return ["type": "array", "items": enumeration(AndroidStandbyBucket.allCases.map(\.rawValue).filter { $0 != "active" }, "A standby bucket.")]
        case "serverFaults":
            return ["type": "array", "items": enumeration(ContentServer.Fault.allCases.map(\.rawValue).filter { $0 != "none" }, "A server fault.")]
        default:
            return [:]
        }
    }

    private static func text(_ description: String) -> JSONValue { ["type": "string", "description": .string(description)] }
    private static func date(_ description: String) -> JSONValue {
        ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": .string(description)]
    }
    private static func time(_ description: String) -> JSONValue { ["$ref": "#/$defs/localTime", "description": .string(description)] }
    private static func percent(_ description: String) -> JSONValue {
        ["type": "integer", "minimum": 0, "maximum": 100, "description": .string(description)]
    }
    private static func zones(_ description: String) -> JSONValue {
        ["type": "array", "minItems": 1, "items": ["type": "string"], "description": .string(description)]
    }
    private static func enumeration(_ values: [String], _ description: String) -> JSONValue {
        ["type": "string", "enum": .array(values.map { .string($0) }), "description": .string(description)]
    }
    private static func range(_ low: Int64, _ high: Int64, _ description: String) -> JSONValue {
        object(
            [("min", ["type": "integer", "minimum": .integer(low), "maximum": .integer(high)]), ("max", ["type": "integer", "minimum": .integer(low), "maximum": .integer(high)])],
            required: ["min", "max"], description: description)
    }
    private static func map(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(pairs.map { (key: $0.0, value: $0.1) }))
    }
    private static func object(_ properties: [(String, JSONValue)], required: [String] = [], description: String? = nil) -> JSONValue {
        var object = JSONObject([("type", "object"), ("additionalProperties", false)])
        if let description { object["description"] = .string(description) }
        object["properties"] = .object(JSONObject(properties.map { (key: $0.0, value: $0.1) }))
        if !required.isEmpty { object["required"] = .array(required.map { .string($0) }) }
        return .object(object)
    }
}
