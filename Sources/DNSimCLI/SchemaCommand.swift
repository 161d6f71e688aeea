import DNSimCore
import DNSimExplore
import DNSimScenario

/// `dnsim schema [--policy | --explore]`: prints the scenario JSON Schema, or the policy or
/// exploration-template schema.
enum SchemaCommand {
    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        switch arguments {
        case []: io.writeOut(ScenarioSchema.render())
        case ["--explore"]: io.writeOut(ExploreTemplateSchema.render())
        case ["--policy"]: io.writeOut(PolicySchema.render())
        default:
            return DNSimCommand.usageError(
                "schema takes no arguments but --policy or --explore, found '\(arguments.joined(separator: " "))'",
                usage: "dnsim schema [--policy | --explore]", io: io)
        }
        return .success
    }
}
