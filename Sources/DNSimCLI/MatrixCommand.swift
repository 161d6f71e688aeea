import DNSimCore
import DNSimPlugin
import DNSimReports
import DNSimScenario

/// `dnsim matrix`: every scenario under every profile, as the exploration-template matrix,
/// JSON, JUnit XML, or (with `--out`) the whole report set.
enum MatrixCommand {
    static let usage = "dnsim matrix <path> ... [--profiles <list>] [--format markdown|json|junit] [--out <dir>]"

    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        var scanner = ArgumentScanner(arguments)
        let profiles: [PluginProfile]
        let format: String
        let outDirectory: String?
        let paths: [String]
        do {
            let list = try scanner.option("--profiles") ?? PluginProfile.allCases.map(\.rawValue).joined(separator: ",")
            var chosen: [PluginProfile] = []
            for name in list.split(separator: ",").map(String.init) {
                guard let profile = PluginProfile(rawValue: name) else {
                    return DNSimCommand.usageError("--profiles: unknown profile '\(name)'", usage: usage, io: io)
                }
                if !chosen.contains(profile) { chosen.append(profile) }
            }
            guard !chosen.isEmpty else { return DNSimCommand.usageError("--profiles is empty", usage: usage, io: io) }
            profiles = chosen
            format = try scanner.option("--format") ?? "markdown"
            guard ["markdown", "json", "junit"].contains(format) else {
                return DNSimCommand.usageError("--format expects markdown, json or junit, found '\(format)'", usage: usage, io: io)
            }
            outDirectory = try scanner.option("--out")
            paths = try scanner.positionals()
            guard !paths.isEmpty else { return DNSimCommand.usageError("missing scenario directory or file", usage: usage, io: io) }
        } catch let error as ArgumentScanner.UsageError {
            return DNSimCommand.usageError(error.message, usage: usage, io: io)
        } catch {
            return .usage
        }

        var scenarios: [Scenario] = []
        var fileOfID: [String: String] = [:]
        for path in paths {
            switch io.scenarioFiles(at: path) {
            case .failure(let problem):
                io.writeError("error: \(path): \(problem.reason)\n")
                return .usage
            case .success(let files):
                for file in files {
                    switch DNSimCommand.loadScenario(file, io: io) {
                    case .success(let scenario):
                        if let other = fileOfID[scenario.id] {
                            io.writeError(
                                "error: \(file): at /id: expected an id no other scenario of the matrix has, found \"\(scenario.id)\", the id of \(other)\n")
                            return .usage
                        }
                        fileOfID[scenario.id] = file
                        scenarios.append(scenario)
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

        let clock = ContinuousClock()  // dnsim-host-ok: wall time for the time-compression line only
        let started = clock.now  // dnsim-host-ok: see above
        var results: [RunResult] = []
        for scenario in scenarios {
            for profile in profiles {
                do {
                    // Behaviour reports (`--out`) read the trace; the tables alone do not.
                    let options = RunOptions(keepTrace: outDirectory != nil)
                    results.append(try ScenarioRunner.run(scenario.with(profile: profile), options: options))
                } catch {
                    io.writeError("error: \(scenario.id) under \(profile.rawValue): the simulation stopped: \(error)\n")
                    return .usage
                }
            }
        }
        let elapsed = clock.now - started  // dnsim-host-ok: see above

        if let outDirectory {
            var files: [(String, String)] = [
                ("matrix.md", MatrixReport.markdown(results)), ("matrix.json", MatrixJSON.render(results)),
                ("junit.xml", JUnitReport.render(results)), ("seed-claims.md", SeedClaimsAudit.render(results)),
            ]
            for result in results {
                files.append(("scenarios/" + MatrixReport.reportName(result), BehaviourReport.render(result)))
            }
            for directory in [outDirectory, outDirectory + "/scenarios"] {
                if let problem = io.makeDirectory(directory) {
                    io.writeError("error: \(problem.reason)\n")
                    return .usage
                }
            }
            for (name, text) in files {
                if let problem = io.writeFile(outDirectory + "/" + name, text) {
                    io.writeError("error: \(problem.reason)\n")
                    return .usage
                }
            }
            io.writeOut(MatrixReport.totals(results) + "\n" + compression(results, elapsed) + "\n")
        } else {
            switch format {
            case "json": io.writeOut(MatrixJSON.render(results))
            case "junit": io.writeOut(JUnitReport.render(results))
            default: io.writeOut(MatrixReport.markdown(results))
            }
            io.writeError(MatrixReport.totals(results) + "\n" + compression(results, elapsed) + "\n")
        }
        // A run counts as failed only when it did not go as its scenario expects: a check failed
        // that is not an expected finding, or a finding stopped failing (RunVerdict).
        let unexpected = results.filter { !$0.verdict.asExpected }
        for r in unexpected {
            io.writeError("error: \(r.scenario.id) under \(r.scenario.profile.rawValue): \(r.verdict.summary)\n")
        }
        return unexpected.isEmpty ? .success : .expectationsFailed
    }

    /// "simulated 412d in 0.210 s of wall time: 169 000 000× real time".
    static func compression(_ results: [RunResult], _ elapsed: Duration) -> String {
        let simulated = results.reduce(Int64(0)) { $0 + ($1.scenario.endInstant - $1.scenario.startInstant).milliseconds }
        let wallMicros = max(1, elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000)
        let ratio = simulated * 1000 / wallMicros
        let wallMillis = wallMicros / 1000
        return "time compression: simulated \(SimDuration(milliseconds: simulated)) in \(wallMillis) ms of wall time (\(ratio)× real time)"
    }
}
