#!/usr/bin/env bash
# Device-year benchmark: `dnsim run` of generated scenarios (bench/device_year.py: Android, iOS and
# Electron x 1/10/50 daily slots x 7/30/365 days x plain/weekly faults, corrected profile,
# Europe/Berlin, slots spread over 08:00-21:59), release build, each run REPEAT times (default 5).
# Prints the median wall time of the process (fork to exit), the peak memory (/usr/bin/time -v,
# maximum resident set, one extra run), the engine events and deliveries, and microseconds per
# delivery. The table is also written to bench/out/device-year.txt.
#
# usage: bench/device-year.sh [--quick]        (--quick: 365-day rows only, 3 repeats)
# environment: DEVICE_YEAR_PLATFORMS=android,ios,electron DEVICE_YEAR_SLOTS=1,10,50
#              DEVICE_YEAR_DAYS=7,30,365 DEVICE_YEAR_FAULTS=plain,weekly REPEAT=5
#              DNSIM_BENCH_BIN, DNSIM_BENCH_SCRATCH, DNSIM_BENCH_STATIC, DNSIM_BENCH_DYNAMIC,
#              DNSIM_BENCH_LTO: which release build is measured (bench/build-release.sh; the
#              default release build on Linux links the Swift runtime statically and has about
#              4 MiB less resident memory per process than the DNSIM_BENCH_DYNAMIC one)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
platforms=${DEVICE_YEAR_PLATFORMS:-android,ios,electron}
slots=${DEVICE_YEAR_SLOTS:-1,10,50}
days=${DEVICE_YEAR_DAYS:-7,30,365}
faults=${DEVICE_YEAR_FAULTS:-plain,weekly}
repeat=${REPEAT:-5}
if [ "${1:-}" = "--quick" ]; then days=365; repeat=3; fi

source bench/build-release.sh
[ -x /usr/bin/time ] || { echo "device-year: /usr/bin/time is needed (apt-get install time)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p bench/out
python3 bench/device_year.py "$work" --platforms "$platforms" --slots "$slots" --days "$days" --faults "$faults" >"$work/list"

python3 bench/device_year.py --measure "$bin" --repeat "$repeat" $(cat "$work/list") | tee bench/out/device-year.txt
