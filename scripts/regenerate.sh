#!/usr/bin/env bash
# Regenerates every committed artefact dnsim produces, into DIR (default: the repository): the
# embedded preset policies (from profiles/*.json), the scenario, policy and exploration-template
# schemas, the OS rule catalogue, the decision ablation (reports/decisions.md, dnsim ablate), the report set of `dnsim matrix` (matrix.md,
# matrix.json, junit.xml, seed-claims.md, one behaviour report per scenario and profile), the
# fleet reports of a week and of a year (reports/fleet.md and reports/fleet-year.md, each with its
# charts), and the matrix, fix-list and fleet tables in README.md. Running it twice gives
# identical bytes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root}
cd "$root"
scripts/embed-presets.sh "$out"
swift build --product dnsim >/dev/null
bin=$(swift build --show-bin-path)/dnsim

mkdir -p "$out/schema" "$out/docs/models" "$out/reports"
"$bin" schema >"$out/schema/scenario.schema.json"
"$bin" schema --explore >"$out/schema/explore-template.schema.json"
"$bin" schema --policy >"$out/schema/policy.schema.json"
"$bin" schema --fleet >"$out/schema/fleet.schema.json"
"$bin" rules >"$out/docs/models/rules.md"
# matrix --out replaces the whole report set at once (reports of removed scenarios go with it).
# Exit 1 means a corrected run failed: still write the reports, but tell the caller. The
# matrix's "N passed, N failed" counts scenario runs (failures under as-found and directive are
# findings); it is reworded here so CI logs never mistake it for a test tally.
status=0
summary=$("$bin" matrix scenarios --out "$out/reports") || status=$?
printf '%s\n' "$summary" | sed -e 's/^\([0-9]*\) passed, \([0-9]*\) failed$/matrix: \1 scenario runs went as their scenarios expect, \2 did not (expected findings of as-found and directive count as expected)/'

# reports/decisions.md: which decision fixes which row, and the fix list (dnsim ablate).
"$bin" ablate scenarios --jobs 0 --out "$out/reports/decisions.md" 2>/dev/null

# reports/fleet.md: the bundled population (1 000 devices, one fault week each, every profile).
"$bin" fleet fleet/default.json --devices 1000 --days 7 --jobs 0 --format markdown --charts "$out/reports" >"$out/reports/fleet.md"
# reports/fleet-year.md: the same population over a year (200 devices, 365 fault days each, every
# profile): what a week hides (windows that run out, habits that add up). Its charts are named
# fleet-year-*.svg so they sit beside the week's.
"$bin" fleet fleet/default.json --devices 200 --days 365 --jobs 0 --format markdown --charts "$out/reports" \
    --chart-prefix fleet-year >"$out/reports/fleet-year.md"

# README.md: replace the block between the matrix markers with the matrix's profile table, and
# the block between the fix-list markers with the fix list of reports/decisions.md.
headline=$(awk '/^\| policy \| digest \| runs \|/{on=1} on&&/^$/{exit} on{print}' "$out/reports/matrix.md")
fixlist=$(awk '/^\| platform \| step \|/{on=1} on&&/^$/{exit} on{print}' "$out/reports/decisions.md")
fleet=$(awk '/^\| profile \| platform \| devices \|/{on=1} on&&/^$/{exit} on{print}' "$out/reports/fleet.md" | cut -d'|' -f1-8,13 | sed 's/$/|/')
fleetyear=$(awk '/^\| profile \| platform \| devices \|/{on=1} on&&/^$/{exit} on{print}' "$out/reports/fleet-year.md" | cut -d'|' -f1-8,13 | sed 's/$/|/')
awk -v headline="$headline" -v fixlist="$fixlist" -v fleet="$fleet" -v fleetyear="$fleetyear" '
    /<!-- matrix:begin -->/ { print; print headline; skip=1; next }
    /<!-- matrix:end -->/ { skip=0 }
    /<!-- fixlist:begin -->/ { print; print fixlist; skip=1; next }
    /<!-- fixlist:end -->/ { skip=0 }
    /<!-- fleet:begin -->/ { print; print fleet; skip=1; next }
    /<!-- fleet:end -->/ { skip=0 }
    /<!-- fleet-year:begin -->/ { print; print fleetyear; skip=1; next }
    /<!-- fleet-year:end -->/ { skip=0 }
    !skip { print }
' "$root/README.md" >"$out/README.md.tmp"
mv "$out/README.md.tmp" "$out/README.md"
exit "$status"
