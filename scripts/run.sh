#!/usr/bin/env bash
# The main job: install OpenCL if missing, list the devices, run the guide's square sample, then the
# benchmark suite (every variant verified before it is timed). Extra arguments go to `swiftcl bench`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-opencl.sh
swift build -c release --product swiftcl
swiftcl=.build/release/swiftcl
"$swiftcl" devices
"$swiftcl" sample square
"$swiftcl" sample red-to-green
"$swiftcl" bench --json bench-out/bench.json --markdown bench-out/bench.md --chart bench-out/box.svg "$@"
