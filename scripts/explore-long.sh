#!/usr/bin/env bash
# Long-horizon exploration: every shipped exploration template and every fleet class, with its
# fault span raised to DAYS (default 120), under `corrected`, seeds FROM..TO (default 1..1200).
# Weeks are what the committed exploration runs; months find what weeks cannot (clock
# corrections adding up, a set-up's history meeting a later one, travel across the date line).
# The copies and the report go to OUT (default: a new temporary directory); nothing in the
# repository changes. Exit 1 means some invariant failed, which is what the run is for.
#
# usage: scripts/explore-long.sh [DAYS] [FROM..TO] [OUT] [extra dnsim explore options]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
days=${1:-120}
seeds=${2:-1..1200}
out=${3:-$(mktemp -d)}
shift $(( $# < 3 ? $# : 3 ))
[[ "$days" =~ ^[0-9]+$ ]] && [ "$days" -ge 1 ] || { echo "explore-long: DAYS must be a whole number of days, found '$days'" >&2; exit 2; }
swift build -c release --product dnsim >/dev/null
bin=$(swift build -c release --show-bin-path)/dnsim
mkdir -p "$out/templates"
python3 - "$days" "$out/templates" explore/templates/*.json fleet/classes/*.json <<'PY'
import json, os, sys
days, target, paths = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
for path in paths:
    with open(path) as f:
        template = json.load(f)
    template["spanDays"] = {"min": days, "max": days}
    template["id"] = template["id"] + "-%dd" % days
    name = os.path.basename(path) if path.startswith("explore/") else "fleet-" + os.path.basename(path)
    with open(os.path.join(target, name), "w") as f:
        json.dump(template, f, indent=2, sort_keys=True)
        f.write("\n")
PY
status=0
"$bin" explore "$out/templates" --seeds "$seeds" --profile corrected --jobs auto --out "$out" "$@" || status=$?
if [ "$status" -gt 1 ]; then exit "$status"; fi
echo "explore-long: $out/explore.md, shrunk failures in $out/findings (exit $status: 1 = invariants failed)" >&2
exit "$status"
