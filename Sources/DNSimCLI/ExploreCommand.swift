import DNSimCore
import DNSimExplore
import DNSimPlugin
import DNSimReports
import DNSimScenario
import Foundation

/// `dnsim explore`: seeded random worlds from templates, judged by invariants, failures shrunk.
///
/// A thin layer over ``Exploration``: it reads the templates, runs the seeds, prints progress
/// (the only host-clock reads, marked), and writes the summary, `explore.md`, `explore.json`
/// and the shrunk scenarios.
enum ExploreCommand {
    static let usage =
        "dnsim explore <template> ... --seeds <a>..<b> [--profile <list>] [--jobs <n>] [--out <dir>] [--findings <dir>] "
        + "[--time-budget <s>] [--format text|json] [--progress] [--shrink <n>] [--max-events <n>] [--scenario]"

    /// The event guard of an explored run unless `--max-events` says otherwise: a one-year world
    /// with eight slots and busy faults stays far below it.
    static let defaultMaxEvents = 1_000_000

    private struct Options {
        var paths: [String] = []
        var seeds: ClosedRange<UInt64> = 1...1
        var profiles: [PluginProfile] = [.corrected]
        var jobs = JobCount.defaultJobs
        var out: String?
        var findings: String?
        var timeBudget: Int?
        var format = "text"
        var progress = false
        var shrinkPerInvariant = 1
        var maxEvents = ExploreCommand.defaultMaxEvents
        var printScenario = false
    }

    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        let options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error): return DNSimCommand.usageError(error.message, usage: usage, io: io)
        }
        // Templates: files, or directories searched for *.json.
        var templates: [ExploreTemplate] = []
        for path in options.paths {
            let files: [String]
            switch io.scenarioFiles(at: path) {
            case .success(let found): files = found
            case .failure(let problem):
                io.writeError("error: \(path): \(problem.reason)\n")
                return .usage
            }
            for file in files {
                switch io.readFile(file) {
                case .failure(let problem):
                    io.writeError("error: \(file): cannot read the template: \(problem.reason)\n")
                    return .usage
                case .success(let bytes):
                    do {
                        templates.append(try ExploreTemplateDecoder(file: file).decode(bytes))
                    } catch {
                        io.writeError("error: \(error)\n")
                        return .usage
                    }
                }
            }
        }
        guard !templates.isEmpty else {
            io.writeError("error: \(options.paths.joined(separator: ", ")): expected exploration templates (*.json), found none\n")
            return .usage
        }
        if let duplicate = templates.map(\.id).enumerated().first(where: { item in templates.prefix(item.offset).contains { $0.id == item.element } }) {
            io.writeError("error: two templates have the id \"\(duplicate.element)\"\n")
            return .usage
        }

        if options.printScenario {
            // Replay: the world of one seed as a scenario file, under the first profile.
            guard templates.count == 1, options.seeds.count == 1 else {
                return DNSimCommand.usageError("--scenario needs one template and one seed", usage: usage, io: io)
            }
            do {
                let world = WorldGenerator(template: templates[0], version: DNSimVersion.current).world(seed: options.seeds.lowerBound)
                io.writeOut(try world.render(profile: options.profiles[0]).text)
                return .success
            } catch {
                io.writeError("error: \(error)\n")
                return .usage
            }
        }
        let exploration = Exploration(
            templates: templates, seeds: options.seeds, profiles: options.profiles, version: DNSimVersion.current,
            maxEvents: options.maxEvents)
        let showProgress = options.progress || ((io as? any TerminalAwareIO)?.standardErrorIsTerminal ?? false)
        let clock = ContinuousClock()  // dnsim-host-ok: progress line, ETA and --time-budget only; never in any output file
        let started = clock.now  // dnsim-host-ok: see above
        var printedProgress = false
        let result = exploration.run(jobs: options.jobs) { progress in
            let elapsed = clock.now - started  // dnsim-host-ok: see above
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            if showProgress, seconds >= 1 {
                let rate = Double(progress.done) / max(seconds, 0.001)
                let eta = rate > 0 ? Int((Double(progress.total - progress.done) / rate).rounded(.up)) : 0
                let line = "explore: \(progress.done)/\(progress.total) worlds, \(progress.failures) failing runs, "
                    + "\(Int(rate * 60)) worlds/min, ETA \(eta)s"
                io.writeError(options.progress ? line + "\n" : "\r" + line + "\u{1B}[K")
                printedProgress = true
            }
            if let budget = options.timeBudget, seconds >= Double(budget) { return false }
            return true
        }
        if printedProgress && !options.progress { io.writeError("\n") }

        let shrinkStarted = clock.now  // dnsim-host-ok: see above
        let shrunk = options.shrinkPerInvariant > 0
            ? exploration.shrinkFailures(of: result, perInvariant: options.shrinkPerInvariant, jobs: options.jobs) : []
        if showProgress, !shrunk.isEmpty {
            let elapsed = clock.now - shrinkStarted  // dnsim-host-ok: see above
            let millis = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
            io.writeError("explore: shrank \(shrunk.count) failures in \(millis) ms\n")
        }
        let findingsDirectory = options.findings ?? (options.out.map { $0 + "/findings" })
        let findingsLink = findingsDirectory.map { relativePath(from: options.out ?? ".", to: $0) } ?? "findings"
        let report = ExploreReport(
            result: result, shrunk: shrunk, command: commandLine(options), findingsLink: findingsLink)

        // The report files and the findings are written together: nothing changes unless all do.
        var files: [(path: String, text: String)] = []
        if let out = options.out {
            if let problem = FileSetWriter.makeDirectory(out) {
                io.writeError("error: \(problem.reason)\n")
                return .usage
            }
            files = [(out + "/explore.md", report.markdown()), (out + "/explore.json", report.json())]
        }
        let problem = io.writeFiles(files) { () -> FileProblem? in
            guard let findingsDirectory, options.shrinkPerInvariant > 0 else { return nil }
            // The findings directory holds exactly this run's shrunk scenarios, replaced at once;
            // only an earlier run's findings are replaced: a directory with other files (its
            // templates, a user's scenarios) is refused, not emptied.
            let findings = shrunk.compactMap(\.file).map { (path: $0.name, text: $0.text) }
            return io.writeFileSet(findings, replacing: findingsDirectory, owns: { path, isDirectory in
                !isDirectory && !path.contains("/") && (ShrunkScenario.isFileName(path) || AtomicFileWriter.isTemporaryName(path))
            })
        }
        if let problem {
            io.writeError("error: \(problem.reason)\n")
            return .usage
        }
        io.writeOut(options.format == "json" ? report.json() : report.text())
        if result.seedsRun * templates.count < Int(options.seeds.upperBound - options.seeds.lowerBound + 1) * templates.count {
            io.writeError("explore: time budget reached after \(result.seedsRun) seeds per template\n")
        }
        return result.failingRuns == 0 ? .success : .expectationsFailed
    }

    /// The command as the report quotes it: what decides the results, not how fast they came.
    private static func commandLine(_ options: Options) -> String {
        let first = options.seeds.lowerBound
        return "dnsim explore " + options.paths.joined(separator: " ") + " --seeds \(first)..\(options.seeds.upperBound)"
            + " --profile " + options.profiles.map(\.rawValue).joined(separator: ",")
    }

    private struct ParseError: Error {
        var message: String
    }

    private static func parse(_ arguments: [String]) -> Result<Options, ParseError> {
        var scanner = ArgumentScanner(arguments)
        var options = Options()
        do {
            guard let seeds = try scanner.option("--seeds") else { return .failure(ParseError(message: "--seeds is required (e.g. --seeds 1..1000)")) }
            guard let range = parseSeeds(seeds) else {
                return .failure(ParseError(message: "--seeds expects A..B with 0 ≤ A ≤ B ≤ \(Int64.max) and at most 100000000 seeds (or one seed N), found '\(seeds)'"))
            }
            options.seeds = range
            if let list = try scanner.option("--profile") ?? scanner.option("--profiles") {
                switch ProfileList.parse(list, option: "--profile") {
                case .success(let profiles): options.profiles = profiles
                case .failure(let error): return .failure(ParseError(message: error.message))
                }
            }
            if let text = try scanner.option("--jobs") {
                guard let value = JobCount.parse(text) else {
                    return .failure(ParseError(message: "--jobs expects \(JobCount.expected), found '\(text)'"))
                }
                options.jobs = value
            }
            options.out = try scanner.option("--out")
            options.findings = try scanner.option("--findings")
            if let text = try scanner.option("--time-budget") {
                guard let value = Int(text), value > 0 else {
                    return .failure(ParseError(message: "--time-budget expects a positive number of seconds, found '\(text)'"))
                }
                options.timeBudget = value
            }
            if let format = try scanner.option("--format") {
                guard ["text", "json"].contains(format) else {
                    return .failure(ParseError(message: "--format expects text or json, found '\(format)'"))
                }
                options.format = format
            }
            if let text = try scanner.option("--shrink") {
                guard let value = Int(text), (0...100).contains(value) else {
                    return .failure(ParseError(message: "--shrink expects a number of failures per invariant from 0 to 100, found '\(text)'"))
                }
                options.shrinkPerInvariant = value
            }
            if let text = try scanner.option("--max-events") {
                guard let value = EventLimit.parse(text) else {
                    return .failure(ParseError(message: "--max-events expects \(EventLimit.expected), found '\(text)'"))
                }
                options.maxEvents = value
            }
            options.progress = scanner.flag("--progress")
            options.printScenario = scanner.flag("--scenario")
            options.paths = try scanner.positionals()
        } catch let error as ArgumentScanner.UsageError {
            return .failure(ParseError(message: error.message))
        } catch {
            return .failure(ParseError(message: "\(error)"))
        }
        guard !options.paths.isEmpty else { return .failure(ParseError(message: "missing template file")) }
        return .success(options)
    }


    /// `A..B` or `N`.
    static func parseSeeds(_ text: String) -> ClosedRange<UInt64>? {
        let parts = text.components(separatedBy: "..")
        // A world's seed is its scenario's run seed: a non-negative Int64, as `run --seed` takes.
        let largest = UInt64(Int64.max)
        if parts.count == 1, let seed = UInt64(parts[0]), seed <= largest { return seed...seed }
        guard parts.count == 2, let low = UInt64(parts[0]), let high = UInt64(parts[1]), low <= high, high <= largest,
            high - low < 100_000_000
        else { return nil }
        return low...high
    }

    /// The path of `target` relative to the directory `base` (both as given, relative or absolute).
    static func relativePath(from base: String, to target: String) -> String {
        let baseParts = base.split(separator: "/").filter { $0 != "." }
        let targetParts = target.split(separator: "/").filter { $0 != "." }
        var common = 0
        while common < baseParts.count, common < targetParts.count, baseParts[common] == targetParts[common] { common += 1 }
        let ups = Array(repeating: "..", count: baseParts.count - common)
        let rest = targetParts[common...].map(String.init)
        let joined = (ups + rest).joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }
}

/// An IO that can tell whether standard error is a terminal (for progress lines).
protocol TerminalAwareIO {
    /// Whether standard error is a terminal.
    var standardErrorIsTerminal: Bool { get }
}

extension ProcessIO: TerminalAwareIO {
    var standardErrorIsTerminal: Bool { isatty(2) != 0 }  // dnsim-host-ok: only decides whether to draw a progress line
}
