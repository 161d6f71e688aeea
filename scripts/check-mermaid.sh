#!/usr/bin/env bash
# Parses and renders every Mermaid chart in the behaviour reports with Mermaid 11.16 in headless
# Chromium, and fails on the first chart Mermaid rejects, naming the file and Mermaid's message.
#
# Usage: scripts/check-mermaid.sh [FILE.md…]    (default: reports/scenarios/*.md)
#
# Exit 0 when every chart parses and renders; 1 when a chart fails, no chart is found, or
# Chromium or Mermaid does not finish (with Chromium's last messages); 2 when Chromium is
# missing and cannot be installed. Safe to run again: the download is cached and checked.
#
# Installs what it needs: Debian's chromium (apt-get, when missing and run as root) and
# Mermaid's mermaid.min.js from the PyPI wheel artoo-mermaid 11.16.0 (pip download, checked
# against the sha256 its NOTICE records), cached in ${XDG_CACHE_HOME:-~/.cache}/dnsim.
# MERMAID_JS=/path/to/mermaid.min.js skips the download. Needs python3 with pip.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

mermaid_version=11.16.0
mermaid_sha256=74d7c46dabca328c2294733910a8aa1ed0c37451776e8d5295da38a2b758fb9b

if [ "$#" -eq 0 ]; then set -- reports/scenarios/*.md; fi

if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "check-mermaid: chromium is missing; install Debian's chromium package" >&2
        exit 2
    fi
    echo "check-mermaid: installing chromium" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

js=${MERMAID_JS:-}
if [ -n "$js" ] && [ ! -f "$js" ]; then
    echo "check-mermaid: MERMAID_JS=$js is not a file" >&2
    exit 2
fi
if [ -z "$js" ]; then
    cache=${XDG_CACHE_HOME:-$HOME/.cache}/dnsim/mermaid-$mermaid_version
    js=$cache/mermaid.min.js
    if [ ! -f "$js" ]; then
        echo "check-mermaid: fetching mermaid $mermaid_version (PyPI artoo-mermaid)" >&2
        mkdir -p "$cache"
        # The wheel declares Python >= 3.12 but is pure data: download it for 3.12, whatever runs here.
        python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.12 \
            "artoo-mermaid==$mermaid_version" -d "$cache/wheel" >&2
        python3 - "$cache" <<'PY'
import glob, sys, zipfile
cache = sys.argv[1]
wheel = glob.glob(cache + "/wheel/artoo_mermaid-*.whl")[0]
with zipfile.ZipFile(wheel) as z:
    open(cache + "/mermaid.min.js.part", "wb").write(z.read("artoo_mermaid/assets/mermaid.min.js"))
PY
        echo "$mermaid_sha256  $cache/mermaid.min.js.part" | sha256sum --check --quiet
        mv "$cache/mermaid.min.js.part" "$js"
    fi
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One page holds every chart; it parses and renders each and writes one line per failure.
python3 - "$js" "$work/check.html" "$@" <<'PY'
import json, re, sys
js, page, files = sys.argv[1], sys.argv[2], sys.argv[3:]
charts = []
for path in files:
    text = open(path, encoding="utf-8").read()
    for n, block in enumerate(re.findall(r"^```mermaid\n(.*?)^```$", text, re.S | re.M)):
        charts.append({"where": f"{path} (chart {n + 1})", "text": block})
with open(page, "w", encoding="utf-8") as out:
    out.write(f"""<!doctype html><html><head><meta charset="utf-8">
<script src="file://{js}"></script></head><body><div id="stage"></div><pre id="result">running</pre>
<script>
const charts = {json.dumps(charts)};
mermaid.initialize({{startOnLoad: false, securityLevel: "strict"}});
(async () => {{
  const failures = [];
  for (let i = 0; i < charts.length; i++) {{
    try {{
      await mermaid.parse(charts[i].text);
      const {{svg}} = await mermaid.render("chart" + i, charts[i].text, document.getElementById("stage"));
      if (!svg.includes("<svg")) throw new Error("no svg");
    }} catch (e) {{
      failures.push("FAIL " + charts[i].where + ": " + String(e && e.message || e).replace(/\\s+/g, " "));
    }}
  }}
  document.getElementById("result").textContent =
    failures.join("\\n") + (failures.length ? "\\n" : "") + "checked " + charts.length + " charts, " + failures.length + " failed";
}})();
</script></body></html>""")
PY

chromium_status=0
dom=$(timeout 900 chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=600000 --run-all-compositor-stages-before-draw \
    --dump-dom "file://$work/check.html" 2>"$work/chromium.log") || chromium_status=$?
report=$(printf '%s\n' "$dom" | python3 -c '
import html, re, sys
m = re.search(r"<pre id=\"result\">(.*?)</pre>", sys.stdin.read(), re.S)
text = html.unescape(m.group(1)) if m else ""
print(text if text.startswith(("FAIL", "checked")) else "check-mermaid: the page did not finish (chromium or mermaid.min.js failed)")')
printf '%s\n' "$report"
case "$report" in
    "checked 0 charts, 0 failed")
        echo "check-mermaid: FAILED: no Mermaid chart found in $# file(s)" >&2
        exit 1 ;;
    *"checked "*", 0 failed") exit 0 ;;
    *"checked "*)
        echo "check-mermaid: FAILED: Mermaid rejected the charts above" >&2
        exit 1 ;;
    *)
        echo "check-mermaid: FAILED: chromium exited with status $chromium_status; its last messages (D-Bus noise left out):" >&2
        { grep -v -e '/dbus/' -e 'dbus/bus.cc' -e 'dbus/object_proxy.cc' "$work/chromium.log" || echo "(none)"; } | tail -n 20 >&2
        exit 1 ;;
esac
