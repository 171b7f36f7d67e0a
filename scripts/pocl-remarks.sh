#!/usr/bin/env bash
# What PoCL's compiler does with the kernels a command launches.
#
#   scripts/pocl-remarks.sh [--cache DIR] [--raw FILE] -- COMMAND [ARGS...]
#
# Runs COMMAND with POCL_VECTORIZER_REMARKS=1 (LLVM's optimisation remarks) and POCL_DEBUG=all, then prints
# the work-group functions PoCL generated (kernel, local size, time for the work-group IR and for codegen)
# and the loop-vectoriser remarks of the run, counted ("vectorized loop (vectorization width: 8, …)",
# "loop not vectorized: <reason>").
#
# PoCL prints the remarks through a buffer, without the kernel's name, flushed at arbitrary points, so they
# cannot be attributed kernel by kernel from one log. To study one kernel, let the others be compiled first
# into a kept cache, then run again with the same cache: only the new kernel is compiled the second time.
#
#   scripts/pocl-remarks.sh --cache /tmp/kc -- .build/release/swiftcl bench box --quick --variants boxAvg1
#   scripts/pocl-remarks.sh --cache /tmp/kc -- .build/release/swiftcl bench box --quick --variants rows4
#
# Without --cache the kernel cache is a fresh, empty folder, so everything is compiled. The environment may
# add POCL_WORK_GROUP_METHOD (loopvec, the default; loops; cbs) to see what it changes.
set -euo pipefail
usage() { echo "usage: $0 [--cache DIR] [--raw FILE] -- COMMAND [ARGS...]" >&2; exit 2; }
raw=""
cache=""
while [[ $# -gt 0 && "$1" != "--" ]]; do
    case "$1" in
        --raw) raw="$2"; shift 2 ;;
        --cache) cache="$2"; shift 2 ;;
        *) usage ;;
    esac
done
[[ "${1:-}" == "--" ]] && shift
[[ $# -gt 0 ]] || usage

keep_cache=${cache:+yes}
cache=${cache:-$(mktemp -d)}
mkdir -p "$cache"
log=${raw:-$(mktemp)}
trap '[[ -n "$keep_cache" ]] || rm -rf "$cache"; [[ -n "$raw" ]] || rm -f "$log"' EXIT
status=0
POCL_CACHE_DIR="$cache" POCL_DEBUG=all POCL_VECTORIZER_REMARKS=1 "$@" >"$log" 2>&1 || status=$?
if [[ $status -ne 0 ]]; then
    echo "command failed (exit $status); its last lines:" >&2
    tail -5 "$log" >&2
    exit "$status"
fi

# The remarks arrive glued together ("<unknown>:0:0: " separates them, and a debug line may start in the
# middle of one): split them onto lines first.
sed -e 's/<unknown>:0:0: /\n/g' -e 's/\[20[0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9:.]*\] POCL:/\n&/g' "$log" | awk '
    /API: llvm_workgroup_ir_func_gen|API: llvm_codegen/ {
        for (i = 1; i <= NF; i++) if ($i == ">>>") { t = $(i + 1) " " $(i + 2); break }
        times = times ", " (($0 ~ /ir_func_gen/) ? "work-group IR " : "codegen ") t
        next
    }
    /Built a specialized WG function: / {
        path = $0; sub(/.*Built a specialized WG function: /, "", path)
        k = split(path, parts, "/")
        built[++n] = parts[k - 2] " [" parts[k - 1] "]" times
        times = ""
        next
    }
    /^vectorized loop|^loop not vectorized:/ {
        line = $0; sub(/<unkn.*/, "", line); sub(/\r$/, "", line)
        if (!(line in count)) order[++m] = line
        count[line]++
    }
    END {
        printf "Work-group functions generated (%d):\n", n
        for (j = 1; j <= n; j++) printf "  %s\n", built[j]
        printf "Loop-vectoriser remarks:\n"
        if (m == 0) print "  none"
        for (j = 1; j <= m; j++) printf "  %4d × %s\n", count[order[j]], order[j]
    }'
