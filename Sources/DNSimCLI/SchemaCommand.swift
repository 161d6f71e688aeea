import DNSimCore
import DNSimScenario

/// `dnsim schema [--policy]`: prints the scenario (or policy) JSON Schema.
enum SchemaCommand {
    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        switch arguments {
        case []: io.writeOut(ScenarioSchema.render())
        case ["--policy"]: io.writeOut(PolicySchema.render())
        default:
            return DNSimCommand.usageError(
                "schema takes no arguments but --policy, found '\(arguments.joined(separator: " "))'",
                usage: "dnsim schema [--policy]", io: io)
        }
        return .success
    }
}
