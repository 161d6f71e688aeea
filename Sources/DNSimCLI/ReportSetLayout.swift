import DNSimExplore

/// What `dnsim matrix --out DIR` writes, and what it may replace.
///
/// The set is `matrix.md`, `matrix.json`, `junit.xml`, `seed-claims.md` and one behaviour
/// report per run, `scenarios/<platform>-<name>.<profile>.md` (the scenario id with `/` written
/// as `-`). The whole directory is replaced by ``FileSetWriter``, so reports of removed
/// scenarios go; a directory holding anything else is refused rather than emptied.
enum ReportSetLayout {
    /// The files at the top of the set, in the order written.
    static let topFiles = ["matrix.md", "matrix.json", "junit.xml", "seed-claims.md"]

    /// Files other commands write into a report directory (`dnsim ablate --out DIR/decisions.md`,
    /// `dnsim fleet --format markdown --charts DIR > DIR/fleet.md`, and the year-long population
    /// report beside it, `--chart-prefix fleet-year > DIR/fleet-year.md`): a new set keeps them as
    /// they are.
    static let carriedFiles =
        ["decisions.md"] + fleetReports.flatMap { ["\($0).md"] + FleetCharts.fileNames(prefix: $0) }

    /// The fleet reports a report directory holds, by name (the Markdown file's name without
    /// `.md`, which is also its charts' prefix): `scripts/regenerate.sh` writes both.
    static let fleetReports = [FleetCharts.defaultPrefix, "fleet-year"]

    /// The directory of the behaviour reports.
    static let reportsDirectory = "scenarios"

    /// Whether an entry found in an existing `DIR` (its path relative to `DIR`) belongs to an
    /// earlier report set: a top file, the reports directory, a Markdown report in it, or a
    /// temporary file an earlier per-file writer left (`.NAME.dnsim-<pid>-<n>.tmp`).
    static func owns(_ relativePath: String, isDirectory: Bool) -> Bool {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 1:
            if isDirectory { return parts[0] == reportsDirectory }
            return topFiles.contains(parts[0]) || carriedFiles.contains(parts[0]) || AtomicFileWriter.isTemporaryName(parts[0])
        case 2:
            guard parts[0] == reportsDirectory, !isDirectory else { return false }
            return parts[1].hasSuffix(".md") || AtomicFileWriter.isTemporaryName(parts[1])
        default:
            return false
        }
    }
}
