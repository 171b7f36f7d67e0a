#ifndef SWIFTCL_C_INTEROP_FIXTURE_H
#define SWIFTCL_C_INTEROP_FIXTURE_H

// A small C OpenCL "library" for SwiftCL's interop tests: it knows nothing of Swift and works on the raw handles
// SwiftCL lends it, as CLBlast or clFFT would. Not part of SwiftCL.

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 300
#endif
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

/// Multiplies `count` floats of `buffer` by `factor` with a kernel built in the queue's context, enqueued on `queue`
/// after `wait_for` (NULL: nothing). Writes the kernel's event (the caller releases it) to `event`. Returns a status.
cl_int fixture_scale(cl_command_queue queue, cl_mem buffer, cl_uint count, float factor, cl_event wait_for, cl_event *event);

/// A new buffer of `count` floats in `context`, each `value` (the caller releases it), or NULL with `*status` set.
cl_mem fixture_make_buffer(cl_context context, cl_uint count, float value, cl_int *status);

/// A new context on `device` (the caller releases it), or NULL with `*status` set.
cl_context fixture_make_context(cl_device_id device, cl_int *status);

/// Binds `input` and `output` as arguments 0 and 1 of `kernel` (a kernel SwiftCL lent) and enqueues it over `global`
/// items on `queue`, as a library that launches a caller's kernel would. Returns a status.
cl_int fixture_launch(cl_command_queue queue, cl_kernel kernel, cl_mem input, cl_mem output, size_t global);

/// A new in-order queue on `device` in `context`, with profiling when `profiling` is non-zero (the caller releases it),
/// or NULL with `*status` set.
cl_command_queue fixture_make_queue(cl_context context, cl_device_id device, int profiling, cl_int *status);

/// The reference count OpenCL reports for `queue` (`CL_QUEUE_REFERENCE_COUNT`), or -1.
cl_int fixture_queue_reference_count(cl_command_queue queue);
void fixture_release_queue(cl_command_queue queue);

/// The reference count OpenCL reports for `buffer` (`CL_MEM_REFERENCE_COUNT`), or -1.
cl_int fixture_reference_count(cl_mem buffer);

/// Releases the reference the caller got from this library (as a C caller would when done).
void fixture_release_mem(cl_mem buffer);
void fixture_release_event(cl_event event);
void fixture_release_context(cl_context context);

#endif
