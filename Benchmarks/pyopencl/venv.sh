# Sourced by the comparison scripts: installs OpenCL if missing and makes .venv-pyopencl (ignored by git) with
# pyopencl, numpy and mako from PyPI when it lacks them; sets $venv.
scripts/install-opencl.sh
venv=.venv-pyopencl
if ! "$venv/bin/python" -c "import pyopencl, numpy, mako" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --upgrade pip
    "$venv/bin/pip" install --quiet pyopencl numpy mako
fi
