#!/usr/bin/env bash
# Fleet throughput: `dnsim fleet` of the bundled population (fleet/default.json: mixed platforms,
# 1-2 slots per device), corrected profile, release build, on every core (--jobs 0). Prints wall
# time, CPU time, peak memory (/usr/bin/time -v) and devices per second for device-years and
# device-weeks, and extrapolates to the issue's targets (10 000 device-years; 100 000 device-weeks).
# A third row runs the device-weeks with 5 slots on every device (the issue's target workload;
# the bundled population has 1-2): a copy of fleet/ whose classes ask for 5 slots each.
# The table is also written to bench/out/fleet.txt.
#
# usage: bench/fleet.sh [YEAR_DEVICES] [WEEK_DEVICES]      (defaults 500 and 20000)
# environment: DNSIM_BENCH_BIN, DNSIM_BENCH_SCRATCH, DNSIM_BENCH_STATIC, DNSIM_BENCH_LTO: which
#              release build is measured (bench/build-release.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
years=${1:-500}
weeks=${2:-20000}
source bench/build-release.sh
[ -x /usr/bin/time ] || { echo "fleet bench: /usr/bin/time is needed (apt-get install time)" >&2; exit 2; }
mkdir -p bench/out
five=$(mktemp -d)
trap 'rm -rf "$five"' EXIT
cp -r fleet "$five/fleet"
python3 - "$five/fleet/classes" <<'PY'
import glob, json, sys
for path in glob.glob(sys.argv[1] + "/*.json"):
    template = json.load(open(path))
    template["slots"]["count"] = {"min": 5, "max": 5}
    json.dump(template, open(path, "w"), indent=1)
PY
measure() { # label devices days target [spec]
    local log
    log=$(mktemp)
    /usr/bin/time -v "$bin" fleet "${5:-fleet/default.json}" --devices "$2" --days "$3" --profiles corrected --jobs 0 >/dev/null 2>"$log"
    python3 - "$log" "$1" "$2" "$4" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
label, devices, target = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
def field(name):
    return re.search(re.escape(name) + r":\s*(.+)", text).group(1).strip()
wall = field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")
seconds = sum(float(part) * 60 ** index for index, part in enumerate(reversed(wall)))
cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
peak = int(field("Maximum resident set size (kbytes)")) / 1024
rate = devices / seconds
print("| %s | %d | %.2f | %.2f | %.0f | %.1f | %.0f s |" % (label, devices, seconds, cpu, rate, peak, target / rate))
PY
    rm -f "$log"
}
{
    echo "| run | devices | wall s | CPU s | devices/s | peak MiB | extrapolated to target |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    measure "device-years (358 fault days + 1 quiet)" "$years" 358 10000
    measure "device-weeks (7 fault days + 1 quiet)" "$weeks" 7 100000
    measure "device-weeks, 5 slots each" "$weeks" 7 100000 "$five/fleet/default.json"
} | tee bench/out/fleet.txt
