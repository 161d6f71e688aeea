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
            io.writeOut(HelpText.main)
            return .success
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help": io.writeOut(HelpText.main); return .success
        case "--version": io.writeOut(DNSimVersion.current + "\n"); return .success
        case "help":
            switch rest.first {
            case "run": io.writeOut(HelpText.run)
            case "validate": io.writeOut(HelpText.validate)
            case "schema": io.writeOut(HelpText.schema)
            case "rules": io.writeOut(HelpText.rules)
            case "matrix": io.writeOut(HelpText.matrix)
            case "ablate": io.writeOut(HelpText.ablate)
            case nil: io.writeOut(HelpText.main)
            case let other?: return usageError("unknown subcommand '\(other)'", io: io)
            }
            return .success
        case "run": return wantsHelp(rest) ? help(HelpText.run, io) : RunCommand.execute(rest, io: io)
        case "validate": return wantsHelp(rest) ? help(HelpText.validate, io) : ValidateCommand.execute(rest, io: io)
        case "schema": return wantsHelp(rest) ? help(HelpText.schema, io) : SchemaCommand.execute(rest, io: io)
        case "rules": return wantsHelp(rest) ? help(HelpText.rules, io) : RulesCommand.execute(rest, io: io)
        case "matrix": return wantsHelp(rest) ? help(HelpText.matrix, io) : MatrixCommand.execute(rest, io: io)
        case "ablate": return wantsHelp(rest) ? help(HelpText.ablate, io) : AblateCommand.execute(rest, io: io)
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

    /// Prints `Error: …` / `Usage: …` / `See 'dnsim --help'` to standard error; returns exit 2.
    static func usageError(_ message: String, usage: String = "dnsim <subcommand>", io: any CommandIO) -> ExitCode {
        io.writeError("Error: \(message)\nUsage: \(usage)\n  See 'dnsim --help' for more information.\n")
        return .usage
    }

    /// Reads and decodes one scenario (`-` is standard input), with its policy file if it names one.
    static func loadScenario(_ path: String, io: any CommandIO) -> Result<Scenario, any Error> {
        switch readScenario(path, io: io).flatMap({ decodeScenario($0) }) {
        case .failure(let error): return .failure(error as any Error)
        case .success(let scenario): return resolvePolicy(scenario, path: path, io: io)
        }
    }

    /// `scenario` with its `plugin.policy` file read and applied.
    static func resolvePolicy(_ scenario: Scenario, path: String, io: any CommandIO) -> Result<Scenario, any Error> {
        let label = path == "-" ? "<stdin>" : path
        let resolved = ScenarioPolicyResolver.resolve(scenario, scenarioPath: path, label: label) { file in
            switch io.readFile(file) {
            case .success(let bytes): return (bytes, "")
            case .failure(let problem): return (nil, problem.reason)
            }
        }
        switch resolved {
        case .success(let value): return .success(value)
        case .failure(let problem): return .failure(problem)
        }
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
    @Sendable static func decodeScenario(_ file: ScenarioBytes) -> Result<Scenario, ScenarioError> {
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
