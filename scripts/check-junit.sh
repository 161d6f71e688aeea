#!/usr/bin/env bash
# Validates dnsim's JUnit XML against the Jenkins JUnit schema (junit-10.xsd), as CI dashboards
# read it: the committed reports/junit.xml (all green), and a matrix with a deliberately flipped
# row (one <failure>). Installs what it needs itself into a scratch virtualenv: xmlschema from
# PyPI, and junit-10.xsd from the pytest source distribution, which carries a copy for its own
# tests (MIT licence; not committed here).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check xmlschema==3.4.3
"$work/venv/bin/pip" download --quiet --disable-pip-version-check --no-deps --no-binary :all: pytest==8.3.3 -d "$work"
tar -xzf "$work"/pytest-8.3.3.tar.gz -C "$work" pytest-8.3.3/testing/example_scripts/junit-10.xsd
xsd="$work/pytest-8.3.3/testing/example_scripts/junit-10.xsd"

cd "$root"
swift build --product dnsim >/dev/null
bin=$(swift build --show-bin-path)/dnsim
mkdir -p "$work/flipped"
# The first bundled scenario with expected findings, without them: its findings become
# unexpected failures.
flip=$(grep -l '"findings":' scenarios/android/*.json | head -n 1)
grep -v '"findings":' "$flip" >"$work/flipped/flipped.json"
status=0
"$bin" matrix "$work/flipped" --format junit >"$work/flipped.xml" 2>/dev/null || status=$?
[ "$status" -eq 1 ] || { echo "check-junit: a flipped row should make dnsim matrix exit 1, got $status" >&2; exit 1; }
grep -q '<failure ' "$work/flipped.xml" || { echo "check-junit: the flipped row has no <failure>" >&2; exit 1; }

"$work/venv/bin/python" - "$xsd" reports/junit.xml "$work/flipped.xml" <<'PY'
import sys, xmlschema
schema = xmlschema.XMLSchema(sys.argv[1])
for path in sys.argv[2:]:
    schema.validate(path)
print("JUnit XML is valid against junit-10.xsd: reports/junit.xml and a flipped matrix")
PY
