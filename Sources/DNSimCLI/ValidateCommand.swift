import DNSimScenario

/// `dnsim validate`: decodes scenario files and reports the first problem in each.
enum ValidateCommand {
    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        var scanner = ArgumentScanner(arguments)
        let files: [String]
        do {
            files = try scanner.positionals()
        } catch let error as ArgumentScanner.UsageError {
            return DNSimCommand.usageError(error.message, usage: "dnsim validate <file> ...", io: io)
        } catch {
            return .usage
        }
        guard !files.isEmpty else {
            return DNSimCommand.usageError("missing scenario file", usage: "dnsim validate <file> ...", io: io)
        }
        var ok = true
        for file in files {
            switch DNSimCommand.loadScenario(file, io: io) {
            case .success(let scenario):
                io.writeOut("\(file == "-" ? "<stdin>" : file): ok (\(scenario.id), \(scenario.steps.count) steps, \(scenario.checks.count) checks)\n")
            case .failure(let error):
                io.writeError("error: \(error)\n")
                ok = false
            }
        }
        return ok ? .success : .usage
    }
}
