import DNSimCore
import DNSimPlugin
import DNSimReports
import DNSimScenario

/// `dnsim run`: runs one scenario and prints its result.
enum RunCommand {
    static let usage =
        "dnsim run <file> [--seed <n>] [--profile <profile> | --policy <file>] [--format text|json|markdown] [--trace <file>] [--check-determinism] [--max-events <n>]"

    enum Format: String, CaseIterable {
        case text, json, markdown
    }

    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        var scanner = ArgumentScanner(arguments)
        let seed: UInt64?
        let profile: PluginProfile?
        let policyPath: String?
        let format: Format
        let tracePath: String?
        let checkDeterminism: Bool
        let maxEvents: Int
        let path: String
        do {
            let seedText = try scanner.option("--seed")
            let profileText = try scanner.option("--profile")
            policyPath = try scanner.option("--policy")
            if profileText != nil && policyPath != nil {
                return DNSimCommand.usageError("--profile and --policy cannot be combined (a policy file names its base with \"extends\")", usage: usage, io: io)
            }
            let formatText = try scanner.option("--format") ?? "text"
            tracePath = try scanner.option("--trace")
            let maxEventsText = try scanner.option("--max-events")
            checkDeterminism = scanner.flag("--check-determinism")
            let files = try scanner.positionals()
            if let seedText {
                guard let value = UInt64(seedText), value <= UInt64(Int64.max) else {
                    return DNSimCommand.usageError("--seed expects a non-negative integer up to \(Int64.max), found '\(seedText)'", usage: usage, io: io)
                }
                seed = value
            } else {
                seed = nil
            }
            if let profileText {
                guard let value = PluginProfile(rawValue: profileText) else {
                    let names = PluginProfile.allCases.map(\.rawValue).joined(separator: ", ")
                    return DNSimCommand.usageError("--profile expects one of \(names), found '\(profileText)'", usage: usage, io: io)
                }
                profile = value
            } else {
                profile = nil
            }
            if let maxEventsText {
                guard let value = EventLimit.parse(maxEventsText) else {
                    return DNSimCommand.usageError(
                        "--max-events expects \(EventLimit.expected), found '\(maxEventsText)'", usage: usage, io: io)
                }
                maxEvents = value
            } else {
                maxEvents = RunOptions.defaultMaxEvents
            }
            guard let value = Format(rawValue: formatText) else {
                return DNSimCommand.usageError("--format expects text, json or markdown, found '\(formatText)'", usage: usage, io: io)
            }
            format = value
            guard files.count == 1 else {
                return DNSimCommand.usageError(
                    files.isEmpty ? "missing scenario file (use '-' for standard input)" : "run takes one scenario file",
                    usage: usage, io: io)
            }
            path = files[0]
        } catch let error as ArgumentScanner.UsageError {
            return DNSimCommand.usageError(error.message, usage: usage, io: io)
        } catch {
            return DNSimCommand.usageError("\(error)", usage: usage, io: io)
        }

        var scenario: Scenario
        switch DNSimCommand.loadScenario(path, io: io) {
        case .success(let value): scenario = value.with(profile: profile, seed: seed)
        case .failure(let errors):
            DNSimCommand.report(errors, io: io)
            return .usage
        }
        if let policyPath {
            switch DNSimCommand.loadPolicy(policyPath, io: io) {
            case .success(let file): scenario = scenario.with(policy: file.policy)
            case .failure(let error):
                io.writeError("error: \(error)\n")
                return .usage
            }
        }

        let result: RunResult
        // The trace is kept only when something will read it: the trace file, the Markdown
        // report's event log and timeline, or the determinism check's comparison.
        let options = RunOptions(
            keepTrace: tracePath != nil || format == .markdown || checkDeterminism, maxEvents: maxEvents)
        do {
            result = try ScenarioRunner.run(scenario, options: options)
            if checkDeterminism {
                let again = try ScenarioRunner.run(scenario, options: options)
                let first = ResultJSON.render(result) + TraceJSONLines.render(result)
                let second = ResultJSON.render(again) + TraceJSONLines.render(again)
                if result.traceDigest != again.traceDigest || first != second {
                    io.writeError(
                        "error: the run is not deterministic: trace digests \(result.traceDigest) and \(again.traceDigest)\n")
                    return .expectationsFailed
                }
                io.writeError("determinism: two runs gave trace digest \(result.traceDigest) and identical output\n")
            }
        } catch {
            io.writeError("error: \(scenario.id): the simulation stopped: \(EventLimit.explain(error, in: scenario))\n")
            return .usage
        }

        if let tracePath {
            if let problem = io.writeFile(tracePath, TraceJSONLines.render(result)) {
                io.writeError("error: cannot write the trace: \(problem.reason)\n")
                return .usage
            }
        }
        switch format {
        case .text: io.writeOut(TextSummary.render(result))
        case .json:
            // Sent on in pieces as it is written: a device-year's document is megabytes.
            ResultJSON.write(result) { io.writeOutNow(utf8: $0) }
        case .markdown: io.writeOut(BehaviourReport.render(result))
        }
        return result.passed ? .success : .expectationsFailed
    }
}
