import DNSimCore
import DNSimPlugin
import DNSimReports
import DNSimScenario

/// The `dnsim` command line: turns arguments into output and an ``ExitCode``.
///
/// All reading and writing goes through ``CommandIO``, so the whole CLI runs in tests.
public enum DNSimCommand {
    /// Runs the command line `arguments` (without the program name).
    public static func main(_ arguments: [String], io: any CommandIO) -> ExitCode {
        guard let first = arguments.first else {
            // Nothing to do is a usage error: the overview goes to standard error, exit 2.
            io.writeError(HelpText.main)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help":
            guard rest.isEmpty else { return usageError("--help takes no arguments, found '\(rest[0])'", io: io) }
            io.writeOut(HelpText.main)
            return .success
        case "--version":
            guard rest.isEmpty else {
                return usageError("--version takes no arguments, found '\(rest[0])'", usage: "dnsim --version", io: io)
            }
            io.writeOut(DNSimVersion.current + "\n")
            return .success
        case "help":
            switch rest.first {
            case "run": io.writeOut(HelpText.run)
            case "validate": io.writeOut(HelpText.validate)
            case "schema": io.writeOut(HelpText.schema)
            case "rules": io.writeOut(HelpText.rules)
            case "matrix": io.writeOut(HelpText.matrix)
            case "explore": io.writeOut(HelpText.explore)
            case "ablate": io.writeOut(HelpText.ablate)
            case "fleet": io.writeOut(HelpText.fleet)
            case "merge": io.writeOut(HelpText.merge)
            case nil: io.writeOut(HelpText.main)
            case let other?: return usageError("unknown subcommand '\(other)'", io: io)
            }
            return .success
        case "run": return wantsHelp(rest) ? help(HelpText.run, io) : RunCommand.execute(rest, io: io)
        case "validate": return wantsHelp(rest) ? help(HelpText.validate, io) : ValidateCommand.execute(rest, io: io)
        case "schema": return wantsHelp(rest) ? help(HelpText.schema, io) : SchemaCommand.execute(rest, io: io)
        case "rules": return wantsHelp(rest) ? help(HelpText.rules, io) : RulesCommand.execute(rest, io: io)
        case "matrix": return wantsHelp(rest) ? help(HelpText.matrix, io) : MatrixCommand.execute(rest, io: io)
        case "explore": return wantsHelp(rest) ? help(HelpText.explore, io) : ExploreCommand.execute(rest, io: io)
        case "ablate": return wantsHelp(rest) ? help(HelpText.ablate, io) : AblateCommand.execute(rest, io: io)
        case "fleet": return wantsHelp(rest) ? help(HelpText.fleet, io) : FleetCommand.execute(rest, io: io)
        case "merge": return wantsHelp(rest) ? help(HelpText.merge, io) : FleetCommand.executeMerge(rest, io: io)
        default: return usageError("unknown subcommand '\(first)'", io: io)
        }
    }

    private static func wantsHelp(_ arguments: [String]) -> Bool {
        arguments.contains("--help") || arguments.contains("-h")
    }

    private static func help(_ text: String, _ io: any CommandIO) -> ExitCode {
        io.writeOut(text)
        return .success
    }

    /// Prints `error: …` / `Usage: …` / `See 'dnsim --help'` to standard error; returns exit 2.
    static func usageError(_ message: String, usage: String = "dnsim <subcommand>", io: any CommandIO) -> ExitCode {
        io.writeError("error: \(message)\nUsage: \(usage)\n  See 'dnsim --help' for more information.\n")
        return .usage
    }

    /// Prints each error of `list` on its own `error: …` line of standard error.
    static func report(_ list: ScenarioErrorList, io: any CommandIO) {
        for line in list.lines { io.writeError("error: \(line)\n") }
    }

    /// Reads and decodes one scenario (`-` is standard input), with its policy file if it names one.
    static func loadScenario(_ path: String, io: any CommandIO) -> Result<Scenario, ScenarioErrorList> {
        let decoded: Result<Scenario, ScenarioErrorList>
        switch readScenario(path, io: io) {
        case .success(let bytes): decoded = decodeScenario(bytes)
        case .failure(let error): decoded = .failure(ScenarioErrorList(error))
        }
        return decoded.flatMap { resolvePolicy($0, path: path, io: io) }
    }

    /// `scenario` with its `plugin.policy` file read and applied.
    static func resolvePolicy(_ scenario: Scenario, path: String, io: any CommandIO) -> Result<Scenario, ScenarioErrorList> {
        let label = path == "-" ? "<stdin>" : path
        let resolved = ScenarioPolicyResolver.resolve(scenario, scenarioPath: path, label: label) { file in
            switch io.readFile(file) {
            case .success(let bytes): return (bytes, "")
            case .failure(let problem): return (nil, problem.reason)
            }
        }
        return resolved.mapError { ScenarioErrorList($0) }
    }

    /// Reads and decodes a policy file (`--policy`).
    static func loadPolicy(_ path: String, io: any CommandIO) -> Result<PolicyFile, any Error> {
        switch io.readFile(path) {
        case .failure(let problem):
            return .failure(PolicyError(file: path, expected: "a readable policy file", found: problem.reason))
        case .success(let bytes):
            do {
                return .success(try PolicyDecoder(file: path).decode(bytes))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The bytes of one scenario file (`-` is standard input), with the name messages use.
    static func readScenario(_ path: String, io: any CommandIO) -> Result<ScenarioBytes, ScenarioError> {
        let label = path == "-" ? "<stdin>" : path
        if path == "-" { return .success(ScenarioBytes(label: label, bytes: io.readStandardInput(), path: path)) }
        switch io.readFile(path) {
        case .success(let data): return .success(ScenarioBytes(label: label, bytes: data, path: path))
        case .failure(let problem):
            return .failure(
                ScenarioError(file: label, kind: .unreadable, expected: "a readable scenario file", found: problem.reason))
        }
    }

    /// Decodes bytes read by ``readScenario(_:io:)``; touches nothing else, so it may run on any thread.
    @Sendable static func decodeScenario(_ file: ScenarioBytes) -> Result<Scenario, ScenarioErrorList> {
        do {
            return .success(try ScenarioDecoder(file: file.label).decode(file.bytes))
        } catch {
            return .failure(error)
        }
    }

    /// A scenario file's bytes and the name its messages use (`<stdin>` for standard input).
    struct ScenarioBytes: Sendable {
        var label: String
        var bytes: [UInt8]
        /// The path as given (`-` for standard input), for resolving relative references.
        var path: String
    }
}
