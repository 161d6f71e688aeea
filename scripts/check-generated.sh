#!/usr/bin/env bash
# Fails with a readable diff when a committed generated file (embedded presets, schemas, rule
# catalogue, matrix, JUnit, seed-claims audit, behaviour reports) no longer matches what the
# code produces.
# Fix: scripts/regenerate.sh, then commit.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$root/scripts/regenerate.sh" "$tmp"
status=0
for path in Sources/DNSimPlugin/Shared/PluginPolicy+PresetFiles.swift schema/scenario.schema.json \
    schema/policy.schema.json schema/explore-template.schema.json schema/fleet.schema.json docs/models/rules.md reports README.md; do
    if ! diff -ru "$root/$path" "$tmp/$path"; then status=1; fi
done
if [ "$status" -ne 0 ]; then
    echo "generated files are stale: run scripts/regenerate.sh and commit the result" >&2
    exit 1
fi
echo "generated files are current"
