#!/usr/bin/env bash
# Kernel Tuner and `swiftcl tune` side by side on the PoCL device (see compare.py): installs OpenCL if missing, makes
# .venv-pyopencl with pyopencl and kernel-tuner from PyPI, builds swiftcl in release mode, then runs compare.py
# (arguments pass through: cases transpose sgemm box, --runs N, --seeds N).
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/pyopencl/venv.sh
if ! "$venv/bin/python" -c "import kernel_tuner, sklearn" 2>/dev/null; then
    "$venv/bin/pip" install --quiet "kernel-tuner>=1.5,<1.6" scikit-learn
fi
swift build -c release --product swiftcl
"$venv/bin/python" -c "import kernel_tuner; print('Kernel Tuner', kernel_tuner.__version__)"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$venv/bin/python" Benchmarks/kerneltuner/compare.py "$@"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
