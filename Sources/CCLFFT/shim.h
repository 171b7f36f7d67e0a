#ifndef SWIFTCL_CCLFFT_SHIM_H
#define SWIFTCL_CCLFFT_SHIM_H

// clFFT's C API (Debian libclfft-dev), imported only inside SwiftCLFFT (internal import).
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 300
#endif
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <clFFT.h>

// clFFT's own initialiser of the setup data is an inline function in its header; this one is a plain static function
// Swift can call without emitting the header's inline definition.
static inline clfftStatus swiftcl_clfft_setup(void) {
    clfftSetupData data;
    data.major = clfftVersionMajor;
    data.minor = clfftVersionMinor;
    data.patch = clfftVersionPatch;
    data.debugFlags = 0;
    return clfftSetup(&data);
}

#endif
