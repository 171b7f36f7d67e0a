#ifndef SWIFTCL_COPENCL_SHIM_H
#define SWIFTCL_COPENCL_SHIM_H

// SwiftCL targets the OpenCL 3.0 headers but only calls 1.2-level entry points
// unless it checks the platform version first.
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 300
#endif
// 1.2 devices need clCreateCommandQueue, which the 2.0+ headers mark deprecated.
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
// Status codes from extensions (CL_PLATFORM_NOT_FOUND_KHR, ...) for the one status table.
#include <CL/cl_ext.h>
#include <CL/cl_gl.h>

#endif
