#ifndef SWIFTCL_CCLBLAST_SHIM_H
#define SWIFTCL_CCLBLAST_SHIM_H

// CLBlast's C API (Debian libclblast-dev), imported only inside SwiftCLBLAS (internal import).
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 300
#endif
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <clblast_c.h>

#endif
