import DNSimCore
import DNSimPlugin
import DNSimReports
import DNSimScenario

/// `dnsim ablate`: which decision fixes which row, and the ordered fix list (`reports/decisions.md`).
enum AblateCommand {
    static let usage =
        "dnsim ablate <path> ... [--from <policy>] [--to <policy>] [--out <file>] [--jobs <n>] [--max-subsets <n>] [--max-events <n>]"

    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        var scanner = ArgumentScanner(arguments)
        let fromText: String
        let toText: String
        let outPath: String?
        let jobs: Int
        let maxSubsets: Int
        let maxEvents: Int
        let paths: [String]
        do {
            fromText = try scanner.option("--from") ?? PluginProfile.asFound.rawValue
            toText = try scanner.option("--to") ?? PluginProfile.corrected.rawValue
            outPath = try scanner.option("--out")
            if let text = try scanner.option("--jobs") {
                guard let value = JobCount.parse(text) else {
                    return DNSimCommand.usageError("--jobs expects \(JobCount.expected), found '\(text)'", usage: usage, io: io)
                }
                jobs = value
            } else {
                jobs = JobCount.defaultJobs
            }
            if let text = try scanner.option("--max-subsets") {
                guard let value = Int(text), value >= 0 else {
                    return DNSimCommand.usageError("--max-subsets expects a non-negative integer, found '\(text)'", usage: usage, io: io)
                }
                maxSubsets = value
            } else {
                maxSubsets = 4096
            }
            if let text = try scanner.option("--max-events") {
                guard let value = EventLimit.parse(text) else {
                    return DNSimCommand.usageError("--max-events expects \(EventLimit.expected), found '\(text)'", usage: usage, io: io)
                }
                maxEvents = value
            } else {
                maxEvents = RunOptions.defaultMaxEvents
            }
            paths = try scanner.positionals()
            guard !paths.isEmpty else { return DNSimCommand.usageError("missing scenario directory or file", usage: usage, io: io) }
        } catch let error as ArgumentScanner.UsageError {
            return DNSimCommand.usageError(error.message, usage: usage, io: io)
        } catch {
            return .usage
        }

        var policies: [PluginPolicy] = []
        for text in [fromText, toText] {
            if let profile = PluginProfile(rawValue: text) {
                policies.append(.preset(profile))
                continue
            }
            switch DNSimCommand.loadPolicy(text, io: io) {
            case .success(let file): policies.append(file.policy)
            case .failure(let error):
                io.writeError("error: \(error)\n")
                return .usage
            }
        }
        var scenarios: [Scenario] = []
        for path in paths {
            switch io.scenarioFiles(at: path) {
            case .failure(let problem):
                io.writeError("error: \(path): \(problem.reason)\n")
                return .usage
            case .success(let files):
                for file in files {
                    switch DNSimCommand.loadScenario(file, io: io) {
                    case .success(let scenario): scenarios.append(scenario)
                    case .failure(let error):
                        io.writeError("error: \(error)\n")
                        return .usage
                    }
                }
            }
        }
        guard !scenarios.isEmpty else {
            io.writeError("error: \(paths.joined(separator: ", ")): expected scenario files (*.json), found none\n")
            return .usage
        }
        let ablation = DecisionAblation(
            from: policies[0], to: policies[1], scenarios: scenarios, options: RunOptions(keepTrace: false, maxEvents: maxEvents),
            jobs: jobs, maxSubsets: maxSubsets)
        let report: DecisionAblation.Report
        do {
            report = try ablation.run()
        } catch {
            io.writeError(
                "error: \(error.scenario.id) under \(error.scenario.policy.name): the simulation stopped: "
                    + "\(EventLimit.explain(error.error, in: error.scenario))\n")
            return .usage
        }
        var command = "dnsim ablate " + paths.joined(separator: " ")
        if fromText != PluginProfile.asFound.rawValue { command += " --from \(fromText)" }
        if toText != PluginProfile.corrected.rawValue { command += " --to \(toText)" }
        let text = DecisionsReport.render(report, command: command)
        if let outPath {
            if let problem = io.writeFile(outPath, text) {
                io.writeError("error: \(problem.reason)\n")
                return .usage
            }
        } else {
            io.writeOut(text)
        }
        io.writeError("ablate: \(report.decisions.count) differing decisions, \(report.runs) runs\n")
        return .success
    }
}
