#!/usr/bin/env bash
# Instruction counts of the standard workloads, under valgrind's callgrind: the performance
# figure that does not depend on how busy the machine is (wall time on a shared 2-vCPU VM varies
# by 2x within an hour). Use it to compare two commits: run it on each and diff the tables.
#
# Workloads (release build, corrected profile, one process each):
#   - `dnsim run` of one device-year, 50 daily slots, weekly faults (bench/device_year.py),
#     Android and iOS, `--format json` to /dev/null;
#   - `dnsim fleet fleet/default.json --devices 20 --days 365 --jobs 1` (mixed platforms);
#   - `dnsim explore` of each shipped one-week template, 100 seeds, `--jobs 1`, no shrinking.
# Prints a Markdown table (also written to bench/out/instructions.txt). Takes about 10 minutes.
#
# usage: bench/instructions.sh
# environment: DNSIM_BENCH_BIN, DNSIM_BENCH_SCRATCH, DNSIM_BENCH_STATIC, DNSIM_BENCH_LTO: which
#   release build is measured (bench/build-release.sh; DNSIM_BENCH_BIN=FILE, e.g. a copy of an
#   older commit's release build, compares two commits on the same workloads);
#   DNSIM_BENCH_OUT=FILE (where the table goes; default bench/out/instructions.txt)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v valgrind >/dev/null || { echo "instructions bench: valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
source bench/build-release.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/device_year.py "$work" --platforms android,ios --slots 50 --days 365 --faults weekly >/dev/null

# count LABEL COMMAND...: the instructions COMMAND executes (its exit code 1, failed
# expectations, is accepted: exploration reports failing worlds that way).
count() {
    local label=$1
    shift
    # Swift seeds its hashing per process, so dictionary layouts (and the count) would vary by
    # about 1 % from run to run; a fixed seed makes two runs of one build agree to a few
    # instructions (dnsim's output never depends on it).
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" >/dev/null 2>"$work/log" || [ $? -eq 1 ]
    local refs
    refs=$(sed -n 's/.*I[[:space:]]*refs:[[:space:]]*//p' "$work/log" | tr -d ',')
    python3 -c 'import sys; print("| %s | %.2f G |" % (sys.argv[1], int(sys.argv[2]) / 1e9))' "$label" "$refs"
}

mkdir -p bench/out
{
    echo "| workload | instructions |"
    echo "|---|---:|"
    for platform in android ios; do
        file=$(ls "$work"/*"$platform"*50*365*weekly*.json 2>/dev/null | head -n 1)
        [ -n "$file" ] || { echo "instructions bench: no generated $platform scenario in $work" >&2; exit 2; }
        count "run, $platform, 50 slots, 365 days, weekly faults" "$bin" run "$file" --format json
    done
    count "fleet, 20 device-years" "$bin" fleet fleet/default.json --devices 20 --days 365 --profiles corrected --jobs 1
    for template in explore/templates/*.json; do
        count "explore $(basename "$template" .json), 100 seeds" \
            "$bin" explore "$template" --seeds 1..100 --profile corrected --shrink 0 --jobs 1 --format json
    done
} | tee "${DNSIM_BENCH_OUT:-bench/out/instructions.txt}"
