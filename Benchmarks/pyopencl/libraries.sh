#!/usr/bin/env bash
# SwiftCLBLAS and SwiftCLFFT (CLBlast and clFFT on the OpenCL device) beside numpy's matmul and FFT on the host:
# makes the same virtual environment as compare.sh, builds swiftcl-lab (the lab package), then runs libraries.py, which interleaves
# `swiftcl-lab bench blas fft` rounds with numpy rounds and prints one table.
# Usage: Benchmarks/pyopencl/libraries.sh [--rounds N]
set -euo pipefail
cd "$(dirname "$0")/../.."
. Benchmarks/pyopencl/venv.sh
"$venv/bin/python" -c "import scipy" 2>/dev/null || "$venv/bin/pip" install --quiet scipy
swift build -c release --package-path Benchmarks --product swiftcl-lab
exec "$venv/bin/python" Benchmarks/pyopencl/libraries.py --swiftcl Benchmarks/.build/release/swiftcl-lab "$@"
