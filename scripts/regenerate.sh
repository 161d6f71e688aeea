#!/usr/bin/env bash
# Regenerates every committed artefact dnsim produces, into DIR (default: the repository): the
# scenario schema, the OS rule catalogue, and the report set of `dnsim matrix` (matrix.md,
# matrix.json, junit.xml, seed-claims.md, one behaviour report per scenario and profile).
# Running it twice gives identical bytes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root}
cd "$root"
swift build --product dnsim >/dev/null
bin=$(swift build --show-bin-path)/dnsim

mkdir -p "$out/schema" "$out/docs/models" "$out/reports"
"$bin" schema >"$out/schema/scenario.schema.json"
"$bin" rules >"$out/docs/models/rules.md"
rm -rf "$out/reports/scenarios"
# Exit 1 means a corrected run failed: still write the reports, but tell the caller.
status=0
"$bin" matrix scenarios --out "$out/reports" || status=$?
exit "$status"
