#!/usr/bin/env bash
# SwiftCLArrays side by side with PyOpenCL on the same OpenCL device (PoCL's CPU device here): makes a virtual
# environment with pyopencl and numpy from PyPI (.venv-pyopencl, ignored by git), builds swiftcl, then runs
# compare.py, which interleaves PyOpenCL rounds with `swiftcl bench arrays` rounds and prints one table.
# Usage: Benchmarks/pyopencl/compare.sh [--rounds N] [--count N]
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/install-opencl.sh
venv=.venv-pyopencl
if ! "$venv/bin/python" -c "import pyopencl, numpy, mako" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --upgrade pip
    "$venv/bin/pip" install --quiet pyopencl numpy mako
fi
swift build -c release --product swiftcl
exec "$venv/bin/python" Benchmarks/pyopencl/compare.py --swiftcl .build/release/swiftcl "$@"
