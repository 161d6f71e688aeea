import DNSimCore
import DNSimExplore
import DNSimScenario

/// `dnsim schema [--policy | --explore | --fleet]`: prints the scenario JSON Schema, or the
/// policy, exploration-template or fleet-spec schema.
enum SchemaCommand {
    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        switch arguments {
        case []: io.writeOut(ScenarioSchema.render())
        case ["--explore"]: io.writeOut(ExploreTemplateSchema.render())
        case ["--policy"]: io.writeOut(PolicySchema.render())
        case ["--fleet"]: io.writeOut(FleetSpecSchema.render())
        default:
            return DNSimCommand.usageError(
                "schema takes no arguments but --policy, --explore or --fleet, found '\(arguments.joined(separator: " "))'",
                usage: "dnsim schema [--policy | --explore | --fleet]", io: io)
        }
        return .success
    }
}
