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

/// How a plan reads and writes its buffers.
typedef enum swiftcl_vkfft_mode {
    /// Complex-to-complex on one complex buffer, in place, both directions.
    SWIFTCL_VKFFT_COMPLEX_IN_PLACE = 0,
    /// Real-to-complex forward from a packed real buffer (the input buffer) into a packed half-spectrum buffer (the
    /// complex buffer), and complex-to-real inverse from the half spectrum into the real buffer.
    SWIFTCL_VKFFT_REAL = 1,
    /// Complex-to-complex forward only, from the input buffer (left as it was) into the complex buffer.
    SWIFTCL_VKFFT_COMPLEX_FORWARD_OUT_OF_PLACE = 2,
} swiftcl_vkfft_mode;

/// Makes (generates and builds the kernels of) one batched transform on `device` in `context`. Its set-up commands
/// (Bluestein's tables) run on a queue of the plan's own, made and released here, so making a plan never waits for a
/// caller's commands. `complex` and `input` (NULL for SWIFTCL_VKFFT_COMPLEX_IN_PLACE) are the buffers of the first
/// use; later uses pass their own. Returns VkFFT's result (0: made) and sets `*plan`.
int swiftcl_vkfft_create(swiftcl_vkfft_plan **plan, cl_device_id device, cl_context context, swiftcl_vkfft_mode mode,
                         unsigned dimensions, const uint64_t *lengths, uint64_t batch, int double_precision,
                         cl_mem complex, cl_mem input);

/// Enqueues the transform on `queue`, an in-order queue (`inverse` 1: the inverse, divided by the elements per
/// transform; not for SWIFTCL_VKFFT_COMPLEX_FORWARD_OUT_OF_PLACE). A real plan's inverse reads `complex` and may
/// overwrite it. Returns VkFFT's result.
int swiftcl_vkfft_enqueue(swiftcl_vkfft_plan *plan, cl_command_queue queue, int inverse, cl_mem complex, cl_mem input);

void swiftcl_vkfft_destroy(swiftcl_vkfft_plan *plan);

/// VkFFT's name for one of its results ("VKFFT_ERROR_..."), or NULL for an unknown one.
const char *swiftcl_vkfft_result_name(int result);

#endif
