#ifndef SWIFTCL_RAW_OPENCL_H
#define SWIFTCL_RAW_OPENCL_H

// Plain C OpenCL loops: the yardstick SwiftCL's launch and square benchmarks are compared with, on
// the same device in the same process. Not part of the library.

#include <stddef.h>

typedef struct raw_cl raw_cl;

/// Builds `kernel_name` from `source` on device `device_index` of platform `platform_index` and
/// allocates two float buffers of `count` elements (argument 0 input, argument 1 output).
/// Returns NULL and writes a message into `error` on failure.
raw_cl *raw_cl_create(int platform_index, int device_index, const char *source, const char *kernel_name,
                      size_t count, char *error, size_t error_capacity);
void raw_cl_destroy(raw_cl *raw);

/// Copies `count` floats from `input` into the input buffer (blocking). Returns a cl_int status.
int raw_cl_write_input(raw_cl *raw, const float *input, size_t count);
/// Copies `count` floats of the output buffer into `output` (blocking). Returns a cl_int status.
int raw_cl_read_output(raw_cl *raw, float *output, size_t count);

/// Sets the two arguments and enqueues the kernel over `global` items `launches` times, then waits
/// once. Returns the wall time in seconds, or a negative cl_int status on failure.
double raw_cl_batched(raw_cl *raw, size_t global, size_t launches);
/// Sets the arguments, enqueues once over `global` items and waits. Wall seconds, or a negative status.
double raw_cl_launch_and_wait(raw_cl *raw, size_t global);

/// The batched loop of `raw_cl_batched` on objects a caller made (SwiftCL's context, queue and buffers, lent through
/// its interop API): builds `kernel_name` from `source` with `options` in `context` (not timed), then sets the two
/// arguments and enqueues over `global` items `launches` times on `queue` and waits once. Wall seconds of the loop,
/// or a negative cl_int status. Separates what SwiftCL's objects cost from what its own code costs.
double raw_cl_batched_on(void *context, void *queue, void *input, void *output, const char *source,
                         const char *kernel_name, const char *options, size_t global, size_t launches);

/// The same loop with a kernel object the caller made (SwiftCL's, lent with its launch lock held): nothing built.
double raw_cl_batched_kernel_on(void *queue, void *kernel, void *input, void *output, size_t global, size_t launches);
/// Like raw_cl_batched_kernel_on, each launch followed by clFinish (enqueue+wait round trips).
double raw_cl_round_trips_kernel_on(void *queue, void *kernel, void *input, void *output, size_t global, size_t launches);

/// Issue 45's yardstick: sets `kernel(input, output)` once and enqueues it over `global` items `launches` times on
/// `queue`, then waits. Writes the enqueue loop's seconds to `enqueue_seconds` and the seconds until the queue finished
/// to `total_seconds`. Returns a cl_int status.
int raw_cl_enqueue_timed_on(void *queue, void *kernel, void *input, void *output, size_t global, size_t launches,
                            double *enqueue_seconds, double *total_seconds);

#endif
