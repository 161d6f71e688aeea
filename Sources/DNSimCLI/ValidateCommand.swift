import DNSimScenario

/// `dnsim validate`: decodes scenario files (a directory stands for every `*.json` under it, as
/// for `matrix`) and reports every problem of every file.
enum ValidateCommand {
    static let usage = "dnsim validate <path> ..."

    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        var scanner = ArgumentScanner(arguments)
        let paths: [String]
        do {
            paths = try scanner.positionals()
        } catch let error as ArgumentScanner.UsageError {
            return DNSimCommand.usageError(error.message, usage: usage, io: io)
        } catch {
            return .usage
        }
        guard !paths.isEmpty else {
            return DNSimCommand.usageError("missing scenario file or directory", usage: usage, io: io)
        }
        var ok = true
        for path in paths {
            let files: [String]
            if path == "-" || !io.isDirectory(path) {
                files = [path]
            } else {
                switch io.scenarioFiles(at: path) {
                case .success(let found) where found.isEmpty:
                    io.writeError("error: \(path): expected scenario files (*.json), found none\n")
                    ok = false
                    continue
                case .success(let found):
                    files = found
                case .failure(let problem):
                    io.writeError("error: \(path): cannot read the scenario: expected a readable scenario file, found \(problem.reason)\n")
                    ok = false
                    continue
                }
            }
            for file in files {
                switch DNSimCommand.loadScenario(file, io: io) {
                case .success(let scenario):
                    io.writeOut(
                        "\(file == "-" ? "<stdin>" : file): ok (\(scenario.id), \(scenario.steps.count) steps, "
                            + "\(scenario.checks.count) checks)\n")
                case .failure(let errors):
                    DNSimCommand.report(errors, io: io)
                    ok = false
                }
            }
        }
        return ok ? .success : .usage
    }
}
