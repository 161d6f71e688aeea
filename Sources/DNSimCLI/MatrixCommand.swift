import DNSimCore
import DNSimPlugin
import DNSimReports
import DNSimScenario

/// `dnsim matrix`: every scenario under every profile, as the exploration-template matrix,
/// JSON, JUnit XML, or (with `--out`) the whole report set.
enum MatrixCommand {
    static let usage =
        "dnsim matrix <path> ... [--profiles <list>] [--policy <file>[,<file>…]] [--format markdown|json|junit] [--out <dir>] [--jobs <n>] [--max-events <n>]"

    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        var scanner = ArgumentScanner(arguments)
        let profiles: [PluginProfile]
        let policyPaths: [String]
        let format: String
        let outDirectory: String?
        let jobs: Int
        let maxEvents: Int
        let paths: [String]
        do {
            let policyList = try scanner.option("--policy")
            policyPaths = policyList.map { $0.split(separator: ",").map(String.init) } ?? []
            // With --policy, only the policy files run unless --profiles names presets too.
            let list = try scanner.option("--profiles") ?? (policyList == nil ? PluginProfile.allCases.map(\.rawValue).joined(separator: ",") : "")
            var chosen: [PluginProfile] = []
            for name in list.split(separator: ",").map(String.init) {
                guard let profile = PluginProfile(rawValue: name) else {
                    return DNSimCommand.usageError("--profiles: unknown profile '\(name)'", usage: usage, io: io)
                }
                if !chosen.contains(profile) { chosen.append(profile) }
            }
            guard !chosen.isEmpty || !policyPaths.isEmpty else {
                let empty = policyList != nil && policyPaths.isEmpty ? "--policy" : "--profiles"
                return DNSimCommand.usageError("\(empty) is empty", usage: usage, io: io)
            }
            profiles = chosen
            let formatText = try scanner.option("--format")
            format = formatText ?? "markdown"
            guard ["markdown", "json", "junit"].contains(format) else {
                return DNSimCommand.usageError("--format expects markdown, json or junit, found '\(format)'", usage: usage, io: io)
            }
            outDirectory = try scanner.option("--out")
            if outDirectory != nil, let formatText {
                return DNSimCommand.usageError(
                    "--format \(formatText) and --out cannot be used together: --out writes every format "
                        + "(matrix.md, matrix.json, junit.xml); --format chooses the one written to standard output",
                    usage: usage, io: io)
            }
            let jobsText = try scanner.option("--jobs")
            if let jobsText {
                guard let value = JobCount.parse(jobsText) else {
                    return DNSimCommand.usageError("--jobs expects \(JobCount.expected), found '\(jobsText)'", usage: usage, io: io)
                }
                jobs = value
            } else {
                jobs = JobCount.defaultJobs
            }
            let maxEventsText = try scanner.option("--max-events")
            if let maxEventsText {
                guard let value = EventLimit.parse(maxEventsText) else {
                    return DNSimCommand.usageError(
                        "--max-events expects \(EventLimit.expected), found '\(maxEventsText)'", usage: usage, io: io)
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

        // Read every file in order, then decode them on `jobs` threads; report every problem of
        // every file, in file order, whatever the job count.
        var sources: [DNSimCommand.ScenarioBytes] = []
        var readProblems: [String] = []
        for path in paths {
            switch io.scenarioFiles(at: path) {
            case .failure(let problem):
                readProblems.append("\(path): cannot read the scenarios: expected a file or directory, found \(problem.reason)")
            case .success(let files):
                for file in files {
                    switch DNSimCommand.readScenario(file, io: io) {
                    case .success(let source): sources.append(source)
                    case .failure(let error): readProblems.append("\(error)")
                    }
                }
            }
        }
        let read = sources
        let decoded = IndexedParallelMap.map(count: read.count, jobs: jobs) { DNSimCommand.decodeScenario(read[$0]) }
        var scenarios: [Scenario] = []
        var usable = readProblems.isEmpty
        for problem in readProblems { io.writeError("error: \(problem)\n") }
        for (outcome, source) in zip(decoded, read) {
            let resolved: Result<Scenario, ScenarioErrorList>
            switch outcome {
            case .success(let scenario): resolved = DNSimCommand.resolvePolicy(scenario, path: source.path, io: io)
            case .failure(let error): resolved = .failure(error)
            }
            switch resolved {
            case .success(let scenario): scenarios.append(scenario)
            case .failure(let errors):
                DNSimCommand.report(errors, io: io)
                usable = false
            }
        }
        var policies: [PluginPolicy] = profiles.map { .preset($0) }
        for path in policyPaths {
            switch DNSimCommand.loadPolicy(path, io: io) {
            case .success(let file):
                if let other = policies.first(where: { $0.name == file.policy.name }) {
                    if other.digest == file.policy.digest { continue }
                    io.writeError("error: \(path): at /name: expected a name no other policy of the matrix has, found \"\(file.policy.name)\"\n")
                    usable = false
                    continue
                }
                policies.append(file.policy)
            case .failure(let error):
                io.writeError("error: \(error)\n")
                usable = false
            }
        }
        guard usable else { return .usage }
        guard !scenarios.isEmpty else {
            io.writeError("error: \(paths.joined(separator: ", ")): expected scenario files (*.json), found none\n")
            return .usage
        }
        // Report names and JUnit case names come from ids: two files with one id, or with ids
        // that differ only by "/" and "-" (one report name), would collide.
        var fileOfName: [String: (file: String, id: String)] = [:]
        var collisions = false
        for (scenario, source) in zip(scenarios, read) {
            let name = String(scenario.id.map { $0 == "/" ? "-" : $0 })
            if let other = fileOfName[name] {
                let why = other.id == scenario.id ? "the id of \(other.file)" : "which names the same report files as \"\(other.id)\" of \(other.file)"
                io.writeError(
                    "error: \(source.label): at /id: expected an id no other scenario of the matrix has, "
                        + "found \"\(scenario.id)\", \(why)\n")
                collisions = true
            } else {
                fileOfName[name] = (source.label, scenario.id)
            }
        }
        if collisions { return .usage }

        // Scenario-major, policy-minor: the order of every report.
        let runs = scenarios.flatMap { scenario in policies.map { scenario.with(policy: $0) } }
        // Behaviour reports (`--out`) read the trace; the tables alone do not, and a run gives the
        // same result either way.
        let options = RunOptions(keepTrace: outDirectory != nil, maxEvents: maxEvents)
        let clock = ContinuousClock()  // dnsim-host-ok: wall time for the time-compression line only
        let started = clock.now  // dnsim-host-ok: see above
        let results: [RunResult]
        do {
            results = try ScenarioBatch(runs, options: options).run(jobs: jobs)
        } catch {
            io.writeError(
                "error: \(error.scenario.id) under \(error.scenario.policy.name): the simulation stopped: "
                    + "\(EventLimit.explain(error.error, in: error.scenario))\n")
            return .usage
        }

        if let outDirectory {
            // The whole set, swapped in at once: the old set or the new, never a mix.
            var files = reportSet(results, jobs: jobs)
            // Files other commands write into the same directory (`dnsim ablate`'s
            // decisions.md) are carried into the new set unchanged.
            for name in ReportSetLayout.carriedFiles {
                if case .success(let bytes) = io.readFile(outDirectory + "/" + name) {
                    // dnsim writes these as UTF-8: one that is not was put there by someone else,
                    // and decoding it would change its bytes.
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        io.writeError("error: cannot replace \(outDirectory): it holds \(name), which is not UTF-8 text as dnsim writes it\n")
                        return .usage
                    }
                    files.append((path: name, text: text))
                }
            }
            if let problem = io.writeFileSet(files, replacing: outDirectory, owns: ReportSetLayout.owns) {
                io.writeError("error: \(problem.reason)\n")
                return .usage
            }
            let elapsed = clock.now - started  // dnsim-host-ok: see above
            io.writeOut(MatrixReport.totals(results) + "\n")
            io.writeError(compression(results, elapsed) + "\n")
        } else {
            switch format {
            case "json": io.writeOut(MatrixJSON.render(results))
            case "junit": io.writeOut(JUnitReport.render(results))
            default: io.writeOut(MatrixReport.markdown(results))
            }
            let elapsed = clock.now - started  // dnsim-host-ok: see above
            io.writeError(MatrixReport.totals(results) + "\n" + compression(results, elapsed) + "\n")
        }
        // A run counts as failed only when it did not go as its scenario expects: a check failed
        // that is not an expected finding, or a finding stopped failing (RunVerdict).
        let unexpected = results.filter { !$0.verdict.asExpected }
        for r in unexpected {
            io.writeError("error: \(r.scenario.id) under \(r.scenario.policy.name): \(r.verdict.summary)\n")
        }
        return unexpected.isEmpty ? .success : .expectationsFailed
    }

    /// The files of `--out`, as (path relative to the directory, text), rendered on up to
    /// `jobs` threads: matrix.md, matrix.json, junit.xml, seed-claims.md, then one behaviour
    /// report per run under `scenarios/`.
    static func reportSet(_ results: [RunResult], jobs: Int) -> [(path: String, text: String)] {
        let names = ReportSetLayout.topFiles
        let texts = IndexedParallelMap.map(count: names.count + results.count, jobs: jobs) { index -> String in
            switch index {
            case 0: return MatrixReport.markdown(results)
            case 1: return MatrixJSON.render(results)
            case 2: return JUnitReport.render(results)
            case 3: return SeedClaimsAudit.render(results)
            default: return BehaviourReport.render(results[index - names.count])
            }
        }
        let paths = names + results.map { ReportSetLayout.reportsDirectory + "/" + MatrixReport.reportName($0) }
        return zip(paths, texts).map { (path: $0, text: $1) }
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
