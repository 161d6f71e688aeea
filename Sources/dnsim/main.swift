import DNSimCLI
import Foundation

// The thin executable: arguments in, exit status out. Everything else lives in DNSimCLI.
ProcessHeap.prepare(environment: ProcessInfo.processInfo.environment)  // dnsim-host-ok: the process's own heap settings, no input to any run
let io = ProcessIO()
let code = DNSimCommand.main(Array(CommandLine.arguments.dropFirst()), io: io)
if let problem = io.flush() {
    // The output was computed but could not be delivered: nothing usable came of the run.
    io.writeError("error: \(problem.reason)\n")
    exit(ExitCode.usage.rawValue)
}
exit(code.rawValue)
