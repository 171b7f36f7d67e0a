#!/usr/bin/env bash
# Instructions the calling thread executes per launch, SwiftCL's paths against raw C on the same queue, kernel and
# buffers (callgrind; exact where wall-clock ratios on a shared machine are noise). For each path it counts two runs of
# 200 and 600 iterations and divides the difference by 400, so set-up and build costs cancel.
#   scripts/launch-instructions.sh [MODE...]   (default: every mode of swiftcl-launch-probe)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v valgrind > /dev/null; then
    if [ "$(id -u)" = 0 ]; then apt-get install -y valgrind > /dev/null; else sudo apt-get install -y valgrind > /dev/null; fi
fi
swift build -c release --package-path Benchmarks --product swiftcl-launch-probe 2>&1 | grep -E "error|warning:" || true
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Valgrind cannot read the DWARF 5 Swift writes; symbols are enough.
cp Benchmarks/.build/release/swiftcl-launch-probe "$work/probe"
strip --strip-debug "$work/probe"
modes=("$@")
[ ${#modes[@]} -gt 0 ] || modes=(raw-round-trip typed-round-trip plain-round-trip empty-sync raw-batched typed-batched)
declare -A per_run swift_run
# Instructions of a callgrind profile spent in the probe's own code and the Swift runtime libraries.
swift_side() {
    callgrind_annotate --inclusive=no --threshold=100 "$1" 2> /dev/null |
        awk '/\[[^]]*(\/probe|libswift[^]]*)\]$/ { gsub(",", "", $1); sum += $1 } END { print sum + 0 }'
}
for mode in "${modes[@]}"; do
    for n in 200 600; do
        valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$work/$mode-$n" "$work/probe" "$mode" "$n" > /dev/null 2>&1
    done
    # Thread 1 is the calling thread.
    low=$(awk '/^(totals|summary):/ { print $2; exit }' "$work/$mode-200-01")
    high=$(awk '/^(totals|summary):/ { print $2; exit }' "$work/$mode-600-01")
    per_run[$mode]=$(( (high - low) / 400 ))
    # The Swift side alone: instructions in the probe (SwiftCL is linked into it) and the Swift runtime. The total also
    # counts PoCL and glibc's malloc, whose per-launch cost moves by hundreds of instructions with the heap's state
    # (malloc_consolidate); this column does not.
    swift_low=$(swift_side "$work/$mode-200-01")
    swift_high=$(swift_side "$work/$mode-600-01")
    swift_run[$mode]=$(( (swift_high - swift_low) / 400 ))
done
printf '%-18s %12s %14s %12s\n' path "instructions" "over raw C" "Swift side"
for mode in "${modes[@]}"; do
    case "$mode" in
    *round-trip) base=${per_run[raw-round-trip]:-} ;;
    *batched) base=${per_run[raw-batched]:-} ;;
    *) base= ;;
    esac
    over=""
    [ -n "$base" ] && over=$(( per_run[$mode] - base ))
    printf '%-18s %12s %14s %12s\n' "$mode" "${per_run[$mode]}" "$over" "${swift_run[$mode]}"
done
