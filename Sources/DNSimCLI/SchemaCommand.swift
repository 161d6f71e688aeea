import DNSimCore
import DNSimScenario

/// `dnsim schema`: prints the scenario JSON Schema.
enum SchemaCommand {
    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        guard arguments.isEmpty else {
            return DNSimCommand.usageError("schema takes no arguments", usage: "dnsim schema", io: io)
        }
        io.writeOut(ScenarioSchema.render())
        return .success
    }
}
