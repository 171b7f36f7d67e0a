#!/usr/bin/env bash
# Reductions along an axis (`swiftcl-lab bench axes`) beside NumPy's on the host: makes the same virtual environment
# as compare.sh, builds swiftcl-lab (the lab package), then runs axes.py, which interleaves the two round by round.
# Usage: Benchmarks/pyopencl/axes.sh [--rounds N]
set -euo pipefail
cd "$(dirname "$0")/../.."
. Benchmarks/pyopencl/venv.sh
swift build -c release --package-path Benchmarks --product swiftcl-lab
exec "$venv/bin/python" Benchmarks/pyopencl/axes.py --swiftcl Benchmarks/.build/release/swiftcl-lab "$@"
