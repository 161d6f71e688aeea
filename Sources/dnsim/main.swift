import DNSimCLI
import Foundation

// The thin executable: arguments in, exit status out. Everything else lives in DNSimCLI.
let io = ProcessIO()
let code = DNSimCommand.main(Array(CommandLine.arguments.dropFirst()), io: io)
io.flush()
exit(code.rawValue)
