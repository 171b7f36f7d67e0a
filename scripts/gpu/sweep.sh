#!/usr/bin/env bash
# One device call's worth of GPU measurements, run through the device tool in the repository root after
# scripts/gpu/bundle.sh: every step of scripts/gpu/remote.sh in turn, each under its own time limit, skipped when the
# call's deadline (SWEEP_SECONDS, default 480) would not leave it its limit. Each step's files go to a folder of
# their own, and after every step all of them are packed into $OUT/sweep.tar.gz, so a call cut short still brings
# back what finished. Steps are "limit:step arguments" lines on stdin, or the default list below.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-/tmp/out}
runs=/tmp/sweep
mkdir -p "$out" "$runs"
deadline=$(( $(date +%s) + ${SWEEP_SECONDS:-480} ))
steps=$(cat)
index=0
while IFS= read -r line; do
    [ -z "$line" ] && continue
    limit=${line%%:*}; step=${line#*:}
    index=$((index + 1))
    folder="$runs/$(printf '%02d' "$index")-$(echo "$step" | tr -c 'A-Za-z0-9-' '_' | cut -c1-40)"
    mkdir -p "$folder"
    left=$(( deadline - $(date +%s) ))
    if [ "$left" -lt "$limit" ]; then echo "== skipped ($left s left, needs $limit): $step" | tee "$folder/skipped"; continue; fi
    echo "== $(date +%T) $step (limit $limit s)"
    start=$(date +%s)
    # shellcheck disable=SC2086
    OUT="$folder" timeout -k 5 "$limit" scripts/gpu/remote.sh $step < /dev/null > "$folder/console.log" 2>&1
    echo "rc=$? after $(( $(date +%s) - start )) s" | tee -a "$folder/console.log"
    tail -n 25 "$folder/console.log"
    tar -C "$runs" -czf "$out/sweep.tar.gz" .
done <<< "$steps"
