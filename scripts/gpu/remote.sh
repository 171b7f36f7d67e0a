#!/usr/bin/env bash
# Runs on the GPU machine (through the device tool) in the repository root: unpacks .gpu/bundle.tar.xz (made by
# scripts/gpu/bundle.sh), points the ICD loader at the NVIDIA OpenCL driver only, and runs what $1 names:
# `devices`, `tests [swift-testing arguments...]`, `bench [swiftcl bench arguments...]`, `lab [swiftcl-lab bench
# arguments...]` (the lab package's suites: launch, square-c, arrays, blas, fft, build, svm, recording), `probe NAME
# [arguments...]` (a C probe the bundle carries: command-buffer-replay, vkfft-probe, clblast_tuner_xgemm), `compare [compare.py
# arguments...]` (SwiftCLArrays beside PyOpenCL on the GPU) or `libraries [libraries.py arguments...]` (CLBlast/clFFT
# beside numpy on the host). The last two need PyOpenCL's wheels carried in .whl (the machine has no registry):
#   python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
#     --platform manylinux_2_28_x86_64 --platform manylinux2014_x86_64 -d .whl pyopencl pytools platformdirs siphash24 mako
# Output goes to $OUT. Only a few files come back from one device call (8 in session 16; the rest are dropped) and
# $OUT is emptied between calls: for several runs, copy each run's files aside and tar them into one file in $OUT. The
# whole test suite takes longer than one call leaves after the bundle starts: split it with --filter/--skip.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-/tmp/out}
mkdir -p "$out" /tmp/gpu
[ -x /tmp/gpu/bin/swiftcl-release ] || tar -C /tmp/gpu -xJf .gpu/bundle.tar.xz
export LD_LIBRARY_PATH=/tmp/gpu/lib
driver=$( (ldconfig -p | awk '/libnvidia-opencl\.so\.1/ { print $NF }'; \
           find / -xdev -name 'libnvidia-opencl.so.1*' 2>/dev/null) | head -1)
if [ -z "$driver" ]; then
    driver=$(find /usr/local/nvidia /usr/lib /usr/lib64 /lib -name 'libnvidia-opencl.so*' 2>/dev/null | head -1)
fi
echo "NVIDIA OpenCL driver: ${driver:-none found}"
mkdir -p /tmp/icd
echo "$driver" > /tmp/icd/nvidia.icd
export OCL_ICD_VENDORS=/tmp/icd
mkdir -p .build/debug .build/release
cp /tmp/gpu/bin/swiftcl-debug .build/debug/swiftcl
cp /tmp/gpu/bin/swiftcl-release .build/release/swiftcl
mkdir -p Benchmarks/.build/release
cp /tmp/gpu/bin/swiftcl-lab-release Benchmarks/.build/release/swiftcl-lab
what=${1:-devices}
shift || true
case "$what" in
devices) .build/release/swiftcl devices 2>&1 | tee "$out/devices.txt" ;;
tests) /tmp/gpu/bin/SwiftCLPackageTests.xctest --testing-library swift-testing "$@" 2>&1 |
           sed -u 's/\x1b\[[0-9;]*m//g' > "$out/tests.log"; status=${PIPESTATUS[0]}  # -u: a run killed by its limit still leaves its log
       grep -E '✘|recorded an issue|Test run with' "$out/tests.log" | head -150
       exit $status ;;
compare|libraries)
       python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
           || exit 1
       export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
       python3 "Benchmarks/pyopencl/$what.py" --swiftcl Benchmarks/.build/release/swiftcl-lab "$@" 2>&1 | tee "$out/$what.log" ;;
bench) .build/release/swiftcl bench --json "$out/bench.json" --markdown "$out/bench.md" "$@" 2>&1 | tee "$out/bench.log" ;;
probe) name=$1; shift   # a plain C probe or CLBlast's tuner from the bundle; it runs in $out, where the tuner writes its JSON
       (cd "$out" && /tmp/gpu/bin/"$name" "$@") 2>&1 | tee "$out/$name.log" ;;
lab) Benchmarks/.build/release/swiftcl-lab bench --json "$out/lab.json" --markdown "$out/lab.md" "$@" 2>&1 | tee "$out/lab.log" ;;
*) echo "unknown step $what"; exit 64 ;;
esac
