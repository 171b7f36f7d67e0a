#!/usr/bin/env bash
# SwiftCLArrays side by side with PyOpenCL on the same OpenCL device (PoCL's CPU device here): makes a virtual
# environment with pyopencl and numpy from PyPI (.venv-pyopencl, ignored by git), builds swiftcl-lab (the lab package), then runs
# compare.py, which interleaves PyOpenCL rounds with `swiftcl-lab bench arrays` rounds and prints one table.
# Usage: Benchmarks/pyopencl/compare.sh [--rounds N] [--count N]
set -euo pipefail
cd "$(dirname "$0")/../.."
. Benchmarks/pyopencl/venv.sh
swift build -c release --package-path Benchmarks --product swiftcl-lab
exec "$venv/bin/python" Benchmarks/pyopencl/compare.py --swiftcl Benchmarks/.build/release/swiftcl-lab "$@"
