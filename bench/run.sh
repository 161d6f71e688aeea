#!/usr/bin/env bash
# The hold-model benchmark (Vaucher & Duval 1975): dnsim vs a plain C binary heap vs SimPy.
#
# Builds the Swift bench in release mode, compiles bench/hold.c with gcc -O2 into bench/out/,
# installs SimPy into the scratch virtualenv bench/.venv, runs all three at each size and prints
# one table plus a line saying whether the targets hold. See bench/README.md.
#
# Environment (all optional):
#   DNSIM_BENCH_SCRATCH  scratch path for `swift build` (default: the package's .build)
#   DNSIM_BENCH_SIZES    comma-separated pending-event counts (default 10,1000,100000)
#   DNSIM_BENCH_EVENTS   holds per timed round for dnsim and C (default 10 M for N <= 1000,
#                        5 M above)
#   SIMPY_EVENTS         holds per timed round for SimPy (default 1000000)
set -euo pipefail
export LC_ALL=C

bench_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$bench_dir/.." && pwd)"
out="$bench_dir/out"
venv="$bench_dir/.venv"
sizes="${DNSIM_BENCH_SIZES:-10,1000,100000}"
simpy_events="${SIMPY_EVENTS:-1000000}"
events_args=()
if [[ -n "${DNSIM_BENCH_EVENTS:-}" ]]; then events_args=(--events "$DNSIM_BENCH_EVENTS"); fi

mkdir -p "$out"

# 1. dnsim, release build.
swift_args=(-c release --product DNSimBench --package-path "$root")
if [[ -n "${DNSIM_BENCH_SCRATCH:-}" ]]; then swift_args+=(--scratch-path "$DNSIM_BENCH_SCRATCH"); fi
echo "building DNSimBench (release)..." >&2
swift build "${swift_args[@]}" >&2
dnsim_bin="$(swift build "${swift_args[@]}" --show-bin-path)/DNSimBench"

# 2. The C heap.
echo "compiling bench/hold.c (gcc -O2)..." >&2
gcc -O2 -o "$out/hold" "$bench_dir/hold.c" -lm

# 3. SimPy in a scratch virtualenv.
if [[ ! -x "$venv/bin/python" ]]; then
    echo "creating $venv..." >&2
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c 'import simpy' 2>/dev/null; then
    echo "installing simpy==4.1.1..." >&2
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check simpy==4.1.1 >&2
fi

# Run one after another (never in parallel: each needs a quiet core).
results="$out/results.txt"
: >"$results"
echo "running dnsim..." >&2
"$dnsim_bin" --sizes "$sizes" "${events_args[@]}" | tee -a "$results" >&2
echo "running C heap..." >&2
"$out/hold" --sizes "$sizes" "${events_args[@]}" | tee -a "$results" >&2
echo "running SimPy..." >&2
"$venv/bin/python" "$bench_dir/hold_simpy.py" --sizes "$sizes" --events "$simpy_events" | tee -a "$results" >&2

# The dnsim and C runs share seed and model, so their final virtual times must agree.
awk '
    { for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] } }
    $1 == "dnsim" { d[f["n"]] = f["final_ms"] }
    $1 == "c" { c[f["n"]] = f["final_ms"] }
    END {
        for (n in d) if (d[n] != c[n]) {
            printf "warning: dnsim and C disagree at N=%s (final_ms %s vs %s)\n", n, d[n], c[n]
        }
    }
' "$results" >&2

echo
awk -v sizes="$sizes" '
    function mega(x) { return sprintf("%.2f M", x / 1000000) }
    { for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] } rate[$1, f["n"]] = f["events_per_s"] }
    END {
        count = split(sizes, ns, ",")
        printf "%-8s | %-16s | %-16s | %-16s | %-11s | %-7s\n", "N", "dnsim events/s", "C heap events/s", "SimPy events/s", "dnsim/SimPy", "C/dnsim"
        printf "%-8s-+-%-16s-+-%-16s-+-%-16s-+-%-11s-+-%-7s\n", "--------", "----------------", "----------------", "----------------", "-----------", "-------"
        speed_ok = 1; simpy_ok = 1; c_ok = 1; at1000 = ""
        minSimpy = -1; maxC = -1
        for (k = 1; k <= count; k++) {
            n = ns[k]; d = rate["dnsim", n]; c = rate["c", n]; s = rate["simpy", n]
            rs = (s > 0) ? d / s : 0; rc = (d > 0) ? c / d : 0
            printf "%-8s | %16s | %16s | %16s | %10.1fx | %7.2f\n", n, mega(d), mega(c), mega(s), rs, rc
            if (n == 1000) { at1000 = d; if (d < 10000000) speed_ok = 0 }
            if (rs < 15) simpy_ok = 0
            if (rc > 1.5) c_ok = 0
            if (minSimpy < 0 || rs < minSimpy) minSimpy = rs
            if (maxC < 0 || rc > maxC) maxC = rc
        }
        print ""
        if (at1000 == "") line = "targets: >= 10 M events/s at N=1000: not measured (N=1000 not run)"
        else line = sprintf("targets: >= 10 M events/s at N=1000: %s (%s)", speed_ok ? "HOLDS" : "MISSED", mega(at1000))
        line = line sprintf("; >= 15x SimPy: %s (lowest %.1fx)", simpy_ok ? "HOLDS" : "MISSED", minSimpy)
        line = line sprintf("; within 1.5x of the C heap: %s (highest C/dnsim %.2f)", c_ok ? "HOLDS" : "MISSED", maxC)
        print line
    }
' "$results"
