#!/usr/bin/env bash
# Packs what a GPU machine without Swift needs to run SwiftCL's test suite and benchmarks: the debug test binary,
# the debug and release `swiftcl`, the lab's release `swiftcl-lab`, the Swift runtime libraries they load and the ICD loader (libOpenCL.so.1), into
# .gpu/bundle.tar.xz (ignored by git). scripts/gpu/remote.sh unpacks and runs it there. Build first:
#   swift build --build-tests && swift build -c release --product swiftcl &&
#   swift build -c release --package-path Benchmarks --product swiftcl-lab
set -euo pipefail
cd "$(dirname "$0")/../.."
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/lib" .gpu
cp .build/debug/SwiftCLPackageTests.xctest "$stage/bin/"
cp .build/debug/swiftcl "$stage/bin/swiftcl-debug"
cp .build/release/swiftcl "$stage/bin/swiftcl-release"
cp Benchmarks/.build/release/swiftcl-lab "$stage/bin/swiftcl-lab-release"
# Plain C probes (no SwiftCL) and CLBlast's GEMM tuner, for scripts/gpu/sweep.sh; each only where it builds here.
cc -O2 Benchmarks/probes/command-buffer-replay.c -o "$stage/bin/command-buffer-replay" -lOpenCL
if [ -f /usr/include/vkFFT.h ] || [ -f /usr/include/vkFFT/vkFFT.h ]; then
    cc -O2 Benchmarks/probes/vkfft-on-pocl.c -o "$stage/bin/vkfft-probe" -lOpenCL -lm
fi
if command -v clblast_tuner_xgemm > /dev/null; then cp "$(command -v clblast_tuner_xgemm)" "$stage/bin/"; fi
# Every shared library the binaries load except the C runtime's own (the GPU machine's glibc is newer than ours).
for binary in "$stage"/bin/*; do
    ldd "$binary" | awk '$3 ~ /^\// { print $3 }'
done | sort -u | grep -v -E '/(libc|libm|libstdc\+\+|libgcc_s|libpthread|libdl|librt)\.so' |
while read -r library; do cp -L "$library" "$stage/lib/"; done
strip --strip-debug "$stage"/bin/* "$stage"/lib/*.so* 2>/dev/null || true
tar -C "$stage" -cJf .gpu/bundle.tar.xz bin lib
ls -la .gpu/bundle.tar.xz
