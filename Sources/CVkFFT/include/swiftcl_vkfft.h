#ifndef SWIFTCL_VKFFT_H
#define SWIFTCL_VKFFT_H

// A small C surface over VkFFT's OpenCL backend (Debian libvkfft-dev, header-only), compiled once in this target and
// imported only inside SwiftCLFFT (internal import). Lengths are fastest-varying first, like VkFFT's and clFFT's.
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 300
#endif
#include <CL/cl.h>
#include <stdint.h>

typedef struct swiftcl_vkfft_plan swiftcl_vkfft_plan;

/// Makes (generates and builds the kernels of) one batched transform. `real` 0: complex-to-complex, in place on the
/// complex buffer. `real` 1: real-to-complex forward from a packed real buffer into a packed half-spectrum buffer, and
/// complex-to-real inverse from the half spectrum into the real buffer. `complex` and `realData` (NULL when not real)
/// are the buffers of the first use; later uses pass their own. Returns VkFFT's result (0: made) and sets `*plan`.
int swiftcl_vkfft_create(swiftcl_vkfft_plan **plan, cl_device_id device, cl_context context, cl_command_queue queue,
                         int real, unsigned dimensions, const uint64_t *lengths, uint64_t batch, int double_precision,
                         cl_mem complex, cl_mem real_data);

/// Enqueues the transform on `queue` (`inverse` 1: the inverse, divided by the elements per transform). A real plan's
/// inverse reads `complex` and may overwrite it. Returns VkFFT's result.
int swiftcl_vkfft_enqueue(swiftcl_vkfft_plan *plan, cl_command_queue queue, int inverse, cl_mem complex, cl_mem real_data);

void swiftcl_vkfft_destroy(swiftcl_vkfft_plan *plan);

/// VkFFT's name for one of its results ("VKFFT_ERROR_..."), or NULL for an unknown one.
const char *swiftcl_vkfft_result_name(int result);

/// VkFFT's version as one number (10226: 1.2.26).
int swiftcl_vkfft_version(void);

#endif
