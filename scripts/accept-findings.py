#!/usr/bin/env python3
"""Records the checks that currently fail under the as-found and directive profiles as each
scenario's expected findings (`expected.findings`), so `dnsim matrix` treats them as expected.

A maintainer's tool, to run after a deliberate change of a profile's logic, and to review with
`git diff` before committing: every line it writes claims "this failure is a finding about the
plugin, not a regression". It never records a finding for `corrected` (a corrected failure is a
bug to fix), and it refuses to run when a corrected run fails.

usage: scripts/accept-findings.py [DNSIM_BINARY]   (default: the debug build)
"""
import json
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build", "debug", "dnsim")
out = subprocess.run([binary, "matrix", "scenarios", "--format", "json"], cwd=root, capture_output=True, text=True)
matrix = json.loads(out.stdout)
findings = {}
for row in matrix["rows"]:
    if row["pluginProfile"] == "corrected":
        if row["failedChecks"]:
            sys.exit("corrected fails %s: %s — fix the bug; it is not a finding" % (row["scenario"], row["failedChecks"]))
        continue
    if row["failedChecks"]:
        findings.setdefault(row["scenario"], {})[row["pluginProfile"]] = row["failedChecks"]

for dirpath, _, files in os.walk(os.path.join(root, "scenarios")):
    for name in sorted(files):
        if not name.endswith(".json"):
            continue
        path = os.path.join(dirpath, name)
        text = original = open(path).read()
        scenario_id = json.loads(text).get("id")
        if scenario_id is None or "expected" not in json.loads(text):
            continue
        # Drop any findings line written before, then write the current one before "checks".
        text = re.sub(r'\n[ \t]*"findings": \{[^\n]*\},?(?=\n)', "", text)
        entry = findings.get(scenario_id)
        if entry:
            ordered = {p: entry[p] for p in ("as-found", "directive") if p in entry}
            line = '"findings": ' + json.dumps(ordered, ensure_ascii=False).replace("{", "{ ", 1)[:-1] + " },"
            text, n = re.subn(r'(\n([ \t]*)"checks": \[)', lambda m: "\n" + m.group(2) + line + m.group(1), text, count=1)
            if n != 1:
                sys.exit("%s: no \"checks\" member to put the findings before" % path)
        json.loads(text)  # still valid JSON
        if text != original:  # unchanged files keep their bytes and their mtime
            with open(path, "w") as f:
                f.write(text)
