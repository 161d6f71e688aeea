#!/usr/bin/env bash
# Runs a fleet as N shards in parallel on one machine with xargs -P (the recipe of docs/fleet.md)
# and merges them: the merged tally is byte-identical to one unsharded run.
#
# usage: scripts/fleet-shards.sh DNSIM SPEC DEVICES SHARDS OUTDIR [fleet options…]
# writes OUTDIR/shard-K.json for each shard and OUTDIR/merged.json
set -euo pipefail
bin=$1 spec=$2 devices=$3 shards=$4 out=$5
shift 5
mkdir -p "$out"
seq 1 "$shards" | xargs -P "$shards" -I{} "$bin" fleet "$spec" --devices "$devices" --shard "{}/$shards" \
    --out "$out/shard-{}.json" --format text "$@" >/dev/null
files=()
for k in $(seq 1 "$shards"); do files+=("$out/shard-$k.json"); done
"$bin" merge "${files[@]}" --out "$out/merged.json" --format text >/dev/null
