import DNSimReports

/// `dnsim rules`: prints the catalogue of modelled OS rules as Markdown.
enum RulesCommand {
    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        guard arguments.isEmpty else {
            return DNSimCommand.usageError("rules takes no arguments", usage: "dnsim rules", io: io)
        }
        io.writeOut(RulesDocument.render())
        return .success
    }
}
