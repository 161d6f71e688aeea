import DNSimCore
import DNSimExplore
import DNSimPlugin
import DNSimReports
import DNSimScenario

/// `dnsim fleet`: delivery KPIs over a device population; `dnsim merge`: the tally of a fleet
/// from its shards. A thin layer over ``Fleet`` and ``FleetTally``.
enum FleetCommand {
    static let usage =
        "dnsim fleet <spec> --devices <n> [--days <d>] [--profiles <list>|all] [--shard <k>/<n>] [--jobs <n>] "
        + "[--out <file>] [--format text|json|markdown] [--charts <dir> [--chart-prefix <name>]] [--progress] [--max-events <n>] [--device <i> --emit]"
    static let mergeUsage = "dnsim merge <tally> ... [--format text|json|markdown] [--charts <dir> [--chart-prefix <name>]] [--out <file>]"

    private struct Options {
        var spec = ""
        var devices = 0
        var days: Int?
        var profiles: [PluginProfile] = PluginProfile.allCases
        var shard = (index: 1, of: 1)
        var jobs = JobCount.defaultJobs
        var out: String?
        var format = "text"
        var charts: String?
        var chartPrefix = FleetCharts.defaultPrefix
        var progress = false
        var maxEvents = 2_000_000
        var device: Int?
        var emit = false
    }

    private struct ParseError: Error {
        var message: String
    }

    static func execute(_ arguments: [String], io: any CommandIO) -> ExitCode {
        let options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error): return DNSimCommand.usageError(error.message, usage: usage, io: io)
        }
        let spec: FleetSpec
        switch io.readFile(options.spec) {
        case .failure(let problem):
            io.writeError("error: \(options.spec): cannot read the fleet spec: \(problem.reason)\n")
            return .usage
        case .success(let bytes):
            do {
                spec = try FleetSpecDecoder(file: options.spec).decode(bytes) { path in
                    io.readFile(path).mapError { ScenarioError(file: path, kind: .unreadable, expected: "a readable file", found: $0.reason) }
                }
            } catch {
                io.writeError("error: \(error)\n")
                return .usage
            }
        }
        let fleet = Fleet(
            spec: spec, size: options.devices, shard: options.shard, profiles: options.profiles, days: options.days,
            version: DNSimVersion.current, maxEvents: options.maxEvents)
        if let device = options.device {
            // Replay: one device's world as a scenario file, under the first profile.
            guard device < options.devices else {
                return DNSimCommand.usageError("--device expects an index below --devices (\(options.devices)), found \(device)", usage: usage, io: io)
            }
            do {
                let rendered = try fleet.world(ofDevice: device).render(profile: options.profiles[0], id: "\(spec.id)/device-\(device)")
                io.writeOut(rendered.text)
                return .success
            } catch {
                io.writeError("error: device \(device) could not be rendered: \(error)\n")
                return .usage
            }
        }
        let showProgress = options.progress || ((io as? any TerminalAwareIO)?.standardErrorIsTerminal ?? false)
        let clock = ContinuousClock()  // dnsim-host-ok: progress line and ETA only; never in any output
        let started = clock.now  // dnsim-host-ok: see above
        var printedProgress = false
        let tally = fleet.run(jobs: options.jobs) { progress in
            guard showProgress else { return }
            let elapsed = clock.now - started  // dnsim-host-ok: see above
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            guard seconds >= 1 else { return }
            let rate = Double(progress.0) / max(seconds, 0.001)
            let eta = rate > 0 ? Int((Double(progress.1 - progress.0) / rate).rounded(.up)) : 0
            let line = "fleet: \(progress.0)/\(progress.1) devices, \(Int(rate * 60)) devices/min, ETA \(eta)s"
            io.writeError(options.progress ? line + "\n" : "\r" + line + "\u{1B}[K")
            printedProgress = true
        }
        if printedProgress && !options.progress { io.writeError("\n") }
        return write(
            FleetReport(tally: tally, title: spec.title, description: spec.description), format: options.format, out: options.out,
            charts: options.charts, chartPrefix: options.chartPrefix, io: io)
    }

    /// `dnsim merge`.
    static func executeMerge(_ arguments: [String], io: any CommandIO) -> ExitCode {
        var scanner = ArgumentScanner(arguments)
        let format: String
        let out: String?
        let charts: String?
        let chartPrefix: String
        let paths: [String]
        do {
            format = try scanner.option("--format") ?? "text"
            out = try scanner.option("--out")
            charts = try scanner.option("--charts")
            switch chartPrefixOption(try scanner.option("--chart-prefix"), charts: charts) {
            case .success(let prefix): chartPrefix = prefix
            case .failure(let error): return DNSimCommand.usageError(error.message, usage: mergeUsage, io: io)
            }
            paths = try scanner.positionals()
        } catch let error as ArgumentScanner.UsageError {
            return DNSimCommand.usageError(error.message, usage: mergeUsage, io: io)
        } catch {
            return DNSimCommand.usageError("\(error)", usage: mergeUsage, io: io)
        }
        guard ["text", "json", "markdown"].contains(format) else {
            return DNSimCommand.usageError("--format expects text, json or markdown, found '\(format)'", usage: mergeUsage, io: io)
        }
        guard !paths.isEmpty else { return DNSimCommand.usageError("missing tally file", usage: mergeUsage, io: io) }
        var shards: [(file: String, tally: FleetTally)] = []
        for path in paths {
            switch io.readFile(path) {
            case .failure(let problem):
                io.writeError("error: \(path): cannot read the tally: \(problem.reason)\n")
                return .usage
            case .success(let bytes):
                do {
                    shards.append((path, try FleetTally.decode(bytes, file: path)))
                } catch {
                    io.writeError("error: \(error)\n")
                    return .usage
                }
            }
        }
        do {
            return write(
                FleetReport(tally: try FleetTally.merge(shards)), format: format, out: out, charts: charts, chartPrefix: chartPrefix, io: io)
        } catch {
            io.writeError("error: \(error)\n")
            return .usage
        }
    }

    /// Prints the report in `format`; writes the tally JSON to `out`, and the SVG charts named
    /// with `chartPrefix` into the directory `charts` (where the Markdown goes: it links them by
    /// file name), when given.
    private static func write(
        _ report: FleetReport, format: String, out: String?, charts: String?, chartPrefix: String, io: any CommandIO
    ) -> ExitCode {
        var report = report
        let json = JSONWriter.string(report.tally.json) + "\n"
        // The charts and the tally are written together: nothing changes unless all do.
        var files: [(path: String, text: String)] = []
        if let charts {
            report.withCharts = true
            report.chartPrefix = chartPrefix
            let directory = charts.hasSuffix("/") ? String(charts.dropLast()) : charts
            files = FleetCharts(report: report).files.map { (directory + "/" + $0.name, $0.text) }
        }
        if let out { files.append((out, json)) }
        if let problem = io.writeFiles(files, committingAfter: { nil }) {
            io.writeError("error: \(problem.reason)\n")
            return .usage
        }
        switch format {
        case "json": io.writeOut(json)
        case "markdown": io.writeOut(report.markdown)
        default: io.writeOut(report.text)
        }
        return .success
    }

    /// The chart prefix `--chart-prefix` gives (the default when absent): a plain file-name
    /// start (``FleetCharts/isValidPrefix(_:)``), and only with `--charts`, whose files it names.
    private static func chartPrefixOption(_ text: String?, charts: String?) -> Result<String, ParseError> {
        guard let text else { return .success(FleetCharts.defaultPrefix) }
        guard charts != nil else {
            return .failure(ParseError(message: "--chart-prefix names the files of --charts <dir>: give --charts too"))
        }
        guard FleetCharts.isValidPrefix(text) else {
            return .failure(
                ParseError(
                    message: "--chart-prefix expects 1 to 64 letters, digits, '-', '_' or '.' (not starting with '.' or '-'), found '\(text)'"))
        }
        return .success(text)
    }

    private static func parse(_ arguments: [String]) -> Result<Options, ParseError> {
        var scanner = ArgumentScanner(arguments)
        var options = Options()
        do {
            guard let devices = try scanner.option("--devices") else { return .failure(ParseError(message: "--devices is required (e.g. --devices 1000)")) }
            guard let count = Int(devices), (1...100_000_000).contains(count) else {
                return .failure(ParseError(message: "--devices expects a number of devices from 1 to 100000000, found '\(devices)'"))
            }
            options.devices = count
            if let text = try scanner.option("--days") {
                guard let days = Int(text), (1...ExploreTemplateDecoder.maximumDays - 10).contains(days) else {
                    return .failure(ParseError(message: "--days expects a number of days from 1 to \(ExploreTemplateDecoder.maximumDays - 10), found '\(text)'"))
                }
                options.days = days
            }
            if let list = try scanner.option("--profiles") ?? scanner.option("--profile") {
                switch ProfileList.parse(list, option: "--profiles") {
                case .success(let profiles): options.profiles = profiles
                case .failure(let error): return .failure(ParseError(message: error.message))
                }
            }
            if let text = try scanner.option("--shard") {
                let parts = text.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, let index = Int(parts[0]), let of = Int(parts[1]), of >= 1, (1...of).contains(index) else {
                    return .failure(ParseError(message: "--shard expects K/N with 1 ≤ K ≤ N (e.g. 3/8), found '\(text)'"))
                }
                options.shard = (index, of)
            }
            if let text = try scanner.option("--jobs") {
                guard let value = JobCount.parse(text) else {
                    return .failure(ParseError(message: "--jobs expects \(JobCount.expected), found '\(text)'"))
                }
                options.jobs = value
            }
            options.out = try scanner.option("--out")
            options.charts = try scanner.option("--charts")
            switch chartPrefixOption(try scanner.option("--chart-prefix"), charts: options.charts) {
            case .success(let prefix): options.chartPrefix = prefix
            case .failure(let error): return .failure(error)
            }
            if let format = try scanner.option("--format") {
                guard ["text", "json", "markdown"].contains(format) else {
                    return .failure(ParseError(message: "--format expects text, json or markdown, found '\(format)'"))
                }
                options.format = format
            }
            if let text = try scanner.option("--max-events") {
                guard let value = EventLimit.parse(text) else {
                    return .failure(ParseError(message: "--max-events expects \(EventLimit.expected), found '\(text)'"))
                }
                options.maxEvents = value
            }
            if let text = try scanner.option("--device") {
                guard let value = Int(text), value >= 0 else {
                    return .failure(ParseError(message: "--device expects a device index (0 or more), found '\(text)'"))
                }
                options.device = value
            }
            options.emit = scanner.flag("--emit")
            options.progress = scanner.flag("--progress")
            let paths = try scanner.positionals()
            guard paths.count == 1 else {
                return .failure(ParseError(message: paths.isEmpty ? "missing fleet spec file" : "expected one fleet spec file, found \(paths.count)"))
            }
            options.spec = paths[0]
        } catch let error as ArgumentScanner.UsageError {
            return .failure(ParseError(message: error.message))
        } catch {
            return .failure(ParseError(message: "\(error)"))
        }
        if options.emit != (options.device != nil) {
            return .failure(ParseError(message: "--device and --emit go together (--device N --emit writes device N's scenario)"))
        }
        return .success(options)
    }
}
