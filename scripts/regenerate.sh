#!/usr/bin/env bash
# Regenerates every committed artefact that dnsim produces, into DIR (default: the repository):
# the scenario schema, the OS rule catalogue, and one behaviour report per bundled scenario and
# plugin profile. Running it twice gives identical bytes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root}
cd "$root"
swift build --product dnsim >/dev/null
bin=$(swift build --show-bin-path)/dnsim

mkdir -p "$out/schema" "$out/docs/models" "$out/reports/scenarios"
"$bin" schema >"$out/schema/scenario.schema.json"
"$bin" rules >"$out/docs/models/rules.md"
rm -f "$out"/reports/scenarios/*.md
find scenarios -name '*.json' | LC_ALL=C sort | while read -r file; do
    name=$(basename "$(dirname "$file")")-$(basename "$file" .json)
    for profile in as-found directive corrected; do
        # Exit 1 (an expectation failed) is a finding, not an error; exit 2 is.
        status=0
        "$bin" run "$file" --profile "$profile" --format markdown >"$out/reports/scenarios/$name.$profile.md" || status=$?
        if [ "$status" -ge 2 ]; then
            echo "error: $file under $profile could not run (exit $status)" >&2
            exit 2
        fi
    done
done
