import DNSimCLI
import Foundation

// The thin executable: arguments in, exit status out. Everything else lives in DNSimCLI.
let io = ProcessIO()
let code = DNSimCommand.main(Array(CommandLine.arguments.dropFirst()), io: io)
if let problem = io.flush() {
    // The output was computed but could not be delivered: nothing usable came of the run.
    io.writeError("error: \(problem.reason)\n")
    exit(ExitCode.usage.rawValue)
}
exit(code.rawValue)
