#!/usr/bin/env bash
# The long exploration whose results are committed: every template under explore/templates, seeds
# 1..N (default 20000), all three plugin profiles, one thread per processor. Writes
# explore/explore.md and explore/explore.json (not under reports/, which `dnsim matrix --out`
# owns and replaces as one set), and the shrunk failures (the first seed of each template,
# profile and invariant) as scenario files under explore/findings/ (emptied first).
# Exit 1 means some invariant failed, which is what the report is for; the script still succeeds.
#
# usage: scripts/explore.sh [SEEDS] [extra dnsim explore options, e.g. --time-budget 3600]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seeds=${1:-20000}
shift || true
swift build -c release --product dnsim >/dev/null
bin=$(swift build -c release --show-bin-path)/dnsim
mkdir -p explore/findings
rm -f explore/findings/*.json
status=0
"$bin" explore explore/templates/*.json --seeds "1..$seeds" --profile all --jobs auto \
    --out explore --findings explore/findings --progress "$@" || status=$?
if [ "$status" -gt 1 ]; then exit "$status"; fi
echo "explore: explore/explore.md and explore/findings/ written (exit $status: 1 = invariants failed)" >&2
