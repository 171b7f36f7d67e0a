#!/usr/bin/env bash
# Install OpenCL if missing, then run the whole test suite against the real runtime (PoCL).
# Extra arguments go to `swift test` (e.g. --sanitize=thread).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-opencl.sh
swift test "$@"
