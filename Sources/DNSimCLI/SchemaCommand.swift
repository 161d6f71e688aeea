import DNSimCore
import DNSimExplore
import DNSimScenario

/// `dnsim schema`: prints the scenario JSON Schema, or with `--explore` the exploration
/// template schema.
enum SchemaCommand {
    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        switch arguments {
        case []: io.writeOut(ScenarioSchema.render())
        case ["--explore"]: io.writeOut(ExploreTemplateSchema.render())
        default:
            return DNSimCommand.usageError("schema takes no arguments", usage: "dnsim schema [--explore]", io: io)
        }
        return .success
    }
}
