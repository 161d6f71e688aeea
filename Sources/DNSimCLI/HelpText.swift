import DNSimScenario

/// The `--help` texts, in the toolchain's OVERVIEW/USAGE/OPTIONS/SUBCOMMANDS layout.
enum HelpText {
    static let main = """
        OVERVIEW: dnsim — a deterministic simulator of mobile-OS notification scheduling.

        Replays a scripted scenario (reboots, force stops, clock and zone changes, DST) against
        models of the real OS and the daily-notification plugin, in virtual time.

        USAGE: dnsim <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          run                     Run one scenario and report what happened.
          validate                Check scenario files without running them.
          matrix                  Run scenarios under every profile: matrix, JUnit, reports.
          explore                 Run seeded random worlds from templates; shrink failures.
          ablate                  Which decision of the plugin's logic fixes which row; the fix list.
          fleet                   Delivery KPIs over a device population, with confidence intervals.
          merge                   Merge the tallies of a sharded fleet run.
          schema                  Print the JSON Schema of scenario, policy or exploration-template files.
          rules                   Print the catalogue of modelled OS rules (Markdown).

          See 'dnsim help <subcommand>' for detailed help.

        EXIT STATUS:
          0  every expectation held
          1  at least one expectation failed
          2  unusable input or arguments (nothing was run or written)

        """

    static let run = """
        OVERVIEW: Run one scenario and report what happened.

        USAGE: dnsim run <file> [--seed <n>] [--profile <profile> | --policy <file>] [--format <format>]
                             [--trace <file>] [--check-determinism] [--max-events <n>]

        ARGUMENTS:
          <file>                  A scenario file, or '-' for standard input.

        OPTIONS:
          --seed <n>              Override the scenario's seed (a non-negative integer).
          --profile <profile>     Override the plugin profile: as-found, directive, corrected.
          --policy <file>         Play a policy file instead (profiles/*.json, or your own with
                                  "extends" + overrides; dnsim schema --policy describes it).
          --format <format>       text, json or markdown. (default: text)
          --trace <file>          Also write the trace as JSON Lines to <file>.
          --check-determinism     Run twice in-process; exit 1 if the trace digests differ.
          --max-events <n>        Stop a run that dispatches more than <n> engine events, with exit 2.
                                  (default: \(RunOptions.defaultMaxEvents))
          -h, --help              Show help information.

        EXAMPLES:
          dnsim run scenarios/android/daily-basic.json
          dnsim run scenarios/android/reboot-basic.json --profile as-found --format json

        """

    static let validate = """
        OVERVIEW: Check scenario files without running them.

        USAGE: dnsim validate <path> ...

        ARGUMENTS:
          <path>                  Scenario files, directories (every *.json under them, as for
                                  matrix), or '-' for standard input.

        Every problem of every file is reported, one 'error:' line each (at most 20 per file),
        with the file, the JSON pointer, what was expected and what was found. Exit 2 if any.

        OPTIONS:
          -h, --help              Show help information.

        """

    static let schema = """
        OVERVIEW: Print the JSON Schema (draft 2020-12, draft-07 keywords only) of scenario files.

        USAGE: dnsim schema [--policy | --explore | --fleet]

        OPTIONS:
          --policy                The schema of policy files instead.
          --explore               The schema of exploration templates instead.
          --fleet                 The schema of fleet specs (dnsim fleet) instead.
          -h, --help              Show help information.

        """

    static let matrix = """
        OVERVIEW: Run every scenario under each plugin profile and write the exploration matrix.

        USAGE: dnsim matrix <path> ... [--profiles <list>] [--policy <files>] [--format <format>]
                                       [--out <dir>] [--jobs <n>] [--max-events <n>]

        ARGUMENTS:
          <path>                  Scenario files or directories (searched recursively for *.json).

        OPTIONS:
          --profiles <list>       Comma-separated profiles. (default: as-found,directive,corrected,
                                  or none when --policy is given)
          --policy <files>        Comma-separated policy files, each run as a column of its own.
          --format <format>       markdown, json or junit, written to standard output. (default: markdown)
          --out <dir>             Write the whole set instead of standard output: matrix.md,
                                  matrix.json, junit.xml, seed-claims.md and one report per run,
                                  scenarios/<platform>-<name>.<policy>.md (the id with '/' as
                                  '-'). The set replaces <dir> at once: a new sibling directory
                                  renamed into place, so readers see the old set or the new one;
                                  reports of removed scenarios go. <dir> must hold nothing else.
                                  Not with --format (--out writes every format).
          --jobs <n>              Run and render on <n> threads; 0 or auto: one per processor.
                                  The output is the same bytes for any <n>. (default: 1)
          --max-events <n>        Stop a run that dispatches more than <n> engine events, with exit 2.
                                  (default: \(RunOptions.defaultMaxEvents))
          -h, --help              Show help information.

        EXIT STATUS:
          0  every run went as its scenario expects (the failures it lists as expected findings
             of as-found and directive included)
          1  a run did not: a check failed that is not an expected finding, or a finding stopped
             failing
          2  unusable input or arguments, or a run stopped by the event guard (nothing written)

        """

    static let explore = """
        OVERVIEW: Run seeded random worlds drawn from exploration templates, judge each run by the
        safety and liveness invariants, and shrink failures to small scenario files.

        USAGE: dnsim explore <template> ... --seeds <a>..<b> [--profile <list>] [--jobs <n>]
                             [--out <dir>] [--findings <dir>] [--time-budget <s>]
                             [--format <format>] [--progress] [--shrink <n>] [--max-events <n>]
                             [--scenario]

        ARGUMENTS:
          <template>              Exploration templates, or directories searched for *.json
                                  (format: docs/explore.md; schema: dnsim schema --explore).

        OPTIONS:
          --seeds <a>..<b>        The seeds to run, inclusive (or one seed <n>).
          --profile <list>        Comma-separated profiles, or all. (default: corrected)
          --jobs <n>              Run on <n> threads; 0 or auto: one per processor. The results
                                  are the same for any <n>. (default: 1)
          --out <dir>             Also write explore.md and explore.json to <dir>.
          --findings <dir>        Where shrunk scenarios go. (default: <out>/findings)
          --time-budget <s>       Start no new seeds after <s> seconds; the report covers the
                                  seeds run (a prefix of the range for every template).
          --format <format>       text or json, written to standard output. (default: text)
          --progress              Print progress lines even when standard error is not a terminal.
          --shrink <n>            Shrink the first <n> failing seeds of each template, profile and
                                  invariant; 0 shrinks nothing. (default: 1)
          --max-events <n>        The event guard of each run. (default: \(ExploreCommand.defaultMaxEvents))
          --scenario              Print the world of one template and one seed as a scenario file
                                  (under the first --profile) instead of running anything.
          -h, --help              Show help information.

        EXIT STATUS:
          0  every run held every invariant
          1  an invariant failed (or a run was stopped by the event guard)
          2  unusable input or arguments
        """

    static let fleet = """
        OVERVIEW: Delivery KPIs over a device population: each device an independent seeded world
        drawn from the spec's weighted device classes (exploration templates), run under each
        profile and folded into exact counts; rates carry 95 % Wilson score intervals.

        USAGE: dnsim fleet <spec> --devices <n> [--days <d>] [--profiles <list>|all]
                           [--shard <k>/<n>] [--jobs <n>] [--out <file>] [--format <format>]
                           [--charts <dir> [--chart-prefix <name>]] [--progress]
                           [--max-events <n>] [--device <i> --emit]

        ARGUMENTS:
          <spec>                  A fleet spec (format: docs/fleet.md).

        OPTIONS:
          --devices <n>           Devices in the fleet (device i is the same in any run of it).
          --days <d>              Fault days per device instead of each class's own span.
          --profiles <list>       Comma-separated profiles, or all. (default: all)
          --shard <k>/<n>         Run only devices i with i mod n = k - 1; 'dnsim merge' adds the
                                  shards up to the unsharded result, byte for byte.
          --jobs <n>              Run on <n> threads; 0 or auto: one per processor. The results
                                  are the same for any <n>. (default: 1)
          --out <file>            Also write the tally (exact counts, JSON) for 'dnsim merge'.
          --format <format>       text, json (the tally) or markdown (the report). (default: text)
          --charts <dir>          Also write the report's SVG charts (fleet-*.svg) into <dir>, the
                                  directory the Markdown goes to (it links them by file name).
          --chart-prefix <name>   Name the charts <name>-*.svg instead, so two reports (a week's
                                  and a year's) share a directory. (default: fleet)
          --progress              Print progress lines even when standard error is not a terminal.
          --max-events <n>        The event guard of each run. (default: 2000000)
          --device <i> --emit     Print device <i>'s world as a scenario file (under the first
                                  profile) instead of running the fleet.
          -h, --help              Show help information.

        EXIT STATUS:
          0  the fleet ran
          2  unusable input or arguments
        """

    static let merge = """
        OVERVIEW: Merge the tallies of a sharded fleet run ('dnsim fleet --shard k/n --out f').

        USAGE: dnsim merge <tally> ... [--format <format>] [--charts <dir> [--chart-prefix <name>]]
                           [--out <file>]

        ARGUMENTS:
          <tally>                 Every shard's tally, each once, of the same fleet.

        OPTIONS:
          --format <format>       text, json (the merged tally) or markdown. (default: text)
          --charts <dir>          Also write the SVG charts to <dir> (see dnsim help fleet).
          --chart-prefix <name>   Name the charts <name>-*.svg. (default: fleet)
          --out <file>            Also write the merged tally.
          -h, --help              Show help information.

        EXIT STATUS:
          0  merged
          2  unusable input: unreadable tallies, shards of different fleets, a shard twice or missing
        """

    static let ablate = """
        OVERVIEW: Which decision of the plugin's logic fixes which row, and the ordered fix list.

        For every decision where the two policies differ, runs the catalogue with <to> minus that
        decision (the rows it is necessary for) and with <from> plus that decision alone (the rows
        it fixes alone); then, per platform, finds the smallest set of <to>'s decisions that makes
        every row <to> passes pass from <from>: greedy, proven minimal by running every smaller
        subset when there are at most --max-subsets of them.

        USAGE: dnsim ablate <path> ... [--from <policy>] [--to <policy>] [--out <file>] [--jobs <n>]
                                       [--max-subsets <n>] [--max-events <n>]

        ARGUMENTS:
          <path>                  Scenario files or directories (searched recursively for *.json).

        OPTIONS:
          --from <policy>         The policy you have: a preset name or a policy file. (default: as-found)
          --to <policy>           The policy you want: a preset name or a policy file. (default: corrected)
          --out <file>            Write the Markdown report to <file> instead of standard output.
          --jobs <n>              Run on <n> threads; 0 or auto: one per processor. (default: 1)
          --max-subsets <n>       The most subsets of one platform's decisions the minimality proof
                                  may run. (default: 4096)
          --max-events <n>        Stop a run that dispatches more than <n> engine events, with exit 2.
                                  (default: \(RunOptions.defaultMaxEvents))
          -h, --help              Show help information.

        EXAMPLES:
          dnsim ablate scenarios --out reports/decisions.md
          dnsim ablate scenarios --from our-plugin.json

        """

    static let rules = """
        OVERVIEW: Print the catalogue of modelled OS rules (fact ids, sources, confidence) as Markdown.

        USAGE: dnsim rules

        OPTIONS:
          -h, --help              Show help information.

        """
}
