#!/usr/bin/env bash
# Installs the OpenCL pieces SwiftCL needs, only those missing: the ICD loader and headers, PoCL
# (the CPU OpenCL device), Oclgrind (the simulator used for memory checking), CLBlast and OpenBLAS (SwiftCLBLAS: its host engine on CPU devices), clFFT, VkFFT (its GPU engine) and FFTW (SwiftCLFFT: its host engine on CPU devices), libpng (SwiftCLImageIO), Open MPI (SwiftCLMPI) and libcrypto's headers (SwiftCLBinaryCache's SHA-256). Idempotent.
# Runs apt-get as root, or through sudo when not root.
set -euo pipefail

packages=(ocl-icd-opencl-dev opencl-headers pocl-opencl-icd oclgrind pkg-config libclblast-dev libopenblas0-pthread libclfft-dev libvkfft-dev libfftw3-single3 libfftw3-double3 libpng-dev openmpi-bin libopenmpi-dev libssl-dev)
missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
else
    echo "install-opencl: missing ${missing[*]} and not root (no sudo either)" >&2
    exit 1
fi

echo "install-opencl: installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
