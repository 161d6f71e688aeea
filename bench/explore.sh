#!/usr/bin/env bash
# Exploration throughput: `dnsim explore` of the shipped one-week templates (explore/templates:
# 7 fault days + 3 quiet days, 1-3 slots, swarm faults), in process (one dnsim process runs every
# seed: generate the world, write its scenario JSON, decode it, run it, judge it), release build,
# --jobs 1, no shrinking. Prints, per template and profile, the seeds run, the process's CPU time
# (user + sys, /usr/bin/time) and wall time, and one-week seeds per minute per core (seeds / CPU
# seconds x 60), the figure the target "10 000 one-week seeds per minute per core" is about. The
# table is also written to bench/out/explore.txt.
#
# usage: bench/explore.sh [SEEDS]            (default 2000 seeds per template and profile)
# environment: EXPLORE_PROFILES=corrected    (comma-separated; "all" for the three profiles)
#              DNSIM_BENCH_BIN, DNSIM_BENCH_SCRATCH, DNSIM_BENCH_STATIC, DNSIM_BENCH_LTO: which
#              release build is measured (bench/build-release.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seeds=${1:-2000}
profiles=${EXPLORE_PROFILES:-corrected}
[ "$profiles" = all ] && profiles=as-found,directive,corrected

source bench/build-release.sh
[ -x /usr/bin/time ] || { echo "explore bench: /usr/bin/time is needed (apt-get install time)" >&2; exit 2; }

mkdir -p bench/out
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
    echo "| template | profile | seeds | CPU s | wall s | seeds/min/core | failing runs |"
    echo "|---|---|---:|---:|---:|---:|---:|"
    for template in explore/templates/*.json; do
        for profile in ${profiles//,/ }; do
            /usr/bin/time -f '%U %S %e' -o "$work/time" \
                "$bin" explore "$template" --seeds "1..$seeds" --profile "$profile" --shrink 0 --format json \
                >"$work/out.json" || [ $? -eq 1 ]
            read -r user sys wall < <(tail -n 1 "$work/time")
            failing=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["failingRuns"])' "$work/out.json")
            python3 - "$template" "$profile" "$seeds" "$user" "$sys" "$wall" "$failing" <<'PY'
import sys
template, profile, seeds, user, sys_, wall, failing = sys.argv[1:]
cpu = float(user) + float(sys_)
rate = int(int(seeds) / cpu * 60) if cpu > 0 else 0
print(f"| `{template}` | {profile} | {seeds} | {cpu:.2f} | {float(wall):.2f} | {rate} | {failing} |")
PY
        done
    done
} | tee bench/out/explore.txt
