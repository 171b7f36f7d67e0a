// VkFFT's OpenCL backend behind swiftcl_vkfft.h. vkFFT.h is a header-only library of static functions: including it
// here compiles it once; its own warnings are not this package's and are silenced for the include alone.
#define VKFFT_BACKEND 3
#include "swiftcl_vkfft.h"
#include <stdlib.h>
#include <string.h>

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Weverything"
#endif
#include <vkFFT.h>
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

struct swiftcl_vkfft_plan {
    VkFFTApplication application;
    swiftcl_vkfft_mode mode;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    cl_mem complex;
    cl_mem input;
    uint64_t complex_bytes;
    uint64_t input_bytes;
};

int swiftcl_vkfft_create(swiftcl_vkfft_plan **out, cl_device_id device, cl_context context, swiftcl_vkfft_mode mode,
                         unsigned dimensions, const uint64_t *lengths, uint64_t batch, int double_precision,
                         cl_mem complex, cl_mem input) {
    *out = NULL;
    if (dimensions < 1 || dimensions > 3) return VKFFT_ERROR_EMPTY_FFTdim;
    swiftcl_vkfft_plan *plan = calloc(1, sizeof *plan);
    if (plan == NULL) return VKFFT_ERROR_MALLOC_FAILED;
    cl_int status = CL_SUCCESS;
    plan->queue = clCreateCommandQueueWithProperties(context, device, NULL, &status);
    if (status != CL_SUCCESS) {
        free(plan);
        return VKFFT_ERROR_FAILED_TO_CREATE_COMMAND_LIST;
    }
    plan->mode = mode;
    plan->device = device;
    plan->context = context;
    plan->complex = complex;
    plan->input = input;
    int real = mode == SWIFTCL_VKFFT_REAL;
    uint64_t scalar = double_precision ? sizeof(double) : sizeof(float);
    uint64_t elements = 1, half_elements = 1;
    for (unsigned axis = 0; axis < dimensions; axis++) {
        elements *= lengths[axis];
        half_elements *= axis == 0 && real ? lengths[0] / 2 + 1 : lengths[axis];
    }
    plan->complex_bytes = half_elements * batch * 2 * scalar;
    plan->input_bytes = real ? elements * batch * scalar : plan->complex_bytes;

    VkFFTConfiguration configuration = {0};
    configuration.FFTdim = dimensions;
    for (unsigned axis = 0; axis < 3; axis++) configuration.size[axis] = axis < dimensions ? lengths[axis] : 1;
    configuration.numberBatches = batch;
    configuration.doublePrecision = double_precision ? 1 : 0;
    configuration.normalize = 1;
    // Twiddles from tables, not sincos in the kernel: numpy-like accuracy on GPUs (a 2^20 transform's stray bins
    // reached 0.055 without, 1e-7 of the peaks).
    configuration.useLUT = 1;
    configuration.device = &plan->device;
    configuration.context = &plan->context;
    configuration.commandQueue = &plan->queue;
    configuration.buffer = &plan->complex;
    configuration.bufferSize = &plan->complex_bytes;
    if (mode != SWIFTCL_VKFFT_COMPLEX_IN_PLACE) {
        // The input side is packed (a real one is not padded to the half spectrum's rows): strides are the lengths' products.
        configuration.isInputFormatted = 1;
        configuration.inputBuffer = &plan->input;
        configuration.inputBufferSize = &plan->input_bytes;
        uint64_t stride = 1;
        for (unsigned axis = 0; axis < 3; axis++) {
            stride *= configuration.size[axis];
            configuration.inputBufferStride[axis] = stride;
        }
    }
    if (real) {
        configuration.performR2C = 1;
        configuration.inverseReturnToInputBuffer = 1;
    }
    if (mode == SWIFTCL_VKFFT_COMPLEX_FORWARD_OUT_OF_PLACE) configuration.makeForwardPlanOnly = 1;
    VkFFTResult result = initializeVkFFT(&plan->application, configuration);
    clReleaseCommandQueue(plan->queue);
    plan->queue = NULL;
    if (result != VKFFT_SUCCESS) {
        deleteVkFFT(&plan->application);
        free(plan);
        return result;
    }
    *out = plan;
    return VKFFT_SUCCESS;
}

int swiftcl_vkfft_enqueue(swiftcl_vkfft_plan *plan, cl_command_queue queue, int inverse, cl_mem complex, cl_mem input) {
    plan->queue = queue;
    plan->complex = complex;
    plan->input = input;
    VkFFTLaunchParams launch = {0};
    launch.commandQueue = &plan->queue;
    launch.buffer = &plan->complex;
    if (plan->mode != SWIFTCL_VKFFT_COMPLEX_IN_PLACE) launch.inputBuffer = &plan->input;
    // VkFFT's forward transform has the sign -1 (numpy's), its inverse +1.
    return VkFFTAppend(&plan->application, inverse ? 1 : -1, &launch);
}

void swiftcl_vkfft_destroy(swiftcl_vkfft_plan *plan) {
    if (plan == NULL) return;
    deleteVkFFT(&plan->application);
    free(plan);
}

const char *swiftcl_vkfft_result_name(int result) {
    switch (result) {
    case 0: return "VKFFT_SUCCESS";
    case 1: return "VKFFT_ERROR_MALLOC_FAILED";
    case 2: return "VKFFT_ERROR_INSUFFICIENT_CODE_BUFFER";
    case 3: return "VKFFT_ERROR_INSUFFICIENT_TEMP_BUFFER";
    case 4: return "VKFFT_ERROR_PLAN_NOT_INITIALIZED";
    case 5: return "VKFFT_ERROR_NULL_TEMP_PASSED";
    case 1001: return "VKFFT_ERROR_INVALID_PHYSICAL_DEVICE";
    case 1002: return "VKFFT_ERROR_INVALID_DEVICE";
    case 1003: return "VKFFT_ERROR_INVALID_QUEUE";
    case 1004: return "VKFFT_ERROR_INVALID_COMMAND_POOL";
    case 1005: return "VKFFT_ERROR_INVALID_FENCE";
    case 1006: return "VKFFT_ERROR_ONLY_FORWARD_FFT_INITIALIZED";
    case 1007: return "VKFFT_ERROR_ONLY_INVERSE_FFT_INITIALIZED";
    case 1008: return "VKFFT_ERROR_INVALID_CONTEXT";
    case 1009: return "VKFFT_ERROR_INVALID_PLATFORM";
    case 1010: return "VKFFT_ERROR_ENABLED_saveApplicationToString";
    case 1011: return "VKFFT_ERROR_EMPTY_FILE";
    case 2001: return "VKFFT_ERROR_EMPTY_FFTdim";
    case 2002: return "VKFFT_ERROR_EMPTY_size";
    case 2003: return "VKFFT_ERROR_EMPTY_bufferSize";
    case 2004: return "VKFFT_ERROR_EMPTY_buffer";
    case 2005: return "VKFFT_ERROR_EMPTY_tempBufferSize";
    case 2006: return "VKFFT_ERROR_EMPTY_tempBuffer";
    case 2007: return "VKFFT_ERROR_EMPTY_inputBufferSize";
    case 2008: return "VKFFT_ERROR_EMPTY_inputBuffer";
    case 2009: return "VKFFT_ERROR_EMPTY_outputBufferSize";
    case 2010: return "VKFFT_ERROR_EMPTY_outputBuffer";
    case 2011: return "VKFFT_ERROR_EMPTY_kernelSize";
    case 2012: return "VKFFT_ERROR_EMPTY_kernel";
    case 2013: return "VKFFT_ERROR_EMPTY_applicationString";
    case 2014: return "VKFFT_ERROR_EMPRY_useCustomBluesteinPaddingPattern_arrays";
    case 3001: return "VKFFT_ERROR_UNSUPPORTED_RADIX";
    case 3002: return "VKFFT_ERROR_UNSUPPORTED_FFT_LENGTH";
    case 3003: return "VKFFT_ERROR_UNSUPPORTED_FFT_LENGTH_R2C";
    case 3004: return "VKFFT_ERROR_UNSUPPORTED_FFT_LENGTH_DCT";
    case 3005: return "VKFFT_ERROR_UNSUPPORTED_FFT_OMIT";
    case 4001: return "VKFFT_ERROR_FAILED_TO_ALLOCATE";
    case 4002: return "VKFFT_ERROR_FAILED_TO_MAP_MEMORY";
    case 4003: return "VKFFT_ERROR_FAILED_TO_ALLOCATE_COMMAND_BUFFERS";
    case 4004: return "VKFFT_ERROR_FAILED_TO_BEGIN_COMMAND_BUFFER";
    case 4005: return "VKFFT_ERROR_FAILED_TO_END_COMMAND_BUFFER";
    case 4006: return "VKFFT_ERROR_FAILED_TO_SUBMIT_QUEUE";
    case 4007: return "VKFFT_ERROR_FAILED_TO_WAIT_FOR_FENCES";
    case 4008: return "VKFFT_ERROR_FAILED_TO_RESET_FENCES";
    case 4009: return "VKFFT_ERROR_FAILED_TO_CREATE_DESCRIPTOR_POOL";
    case 4010: return "VKFFT_ERROR_FAILED_TO_CREATE_DESCRIPTOR_SET_LAYOUT";
    case 4011: return "VKFFT_ERROR_FAILED_TO_ALLOCATE_DESCRIPTOR_SETS";
    case 4012: return "VKFFT_ERROR_FAILED_TO_CREATE_PIPELINE_LAYOUT";
    case 4013: return "VKFFT_ERROR_FAILED_SHADER_PREPROCESS";
    case 4014: return "VKFFT_ERROR_FAILED_SHADER_PARSE";
    case 4015: return "VKFFT_ERROR_FAILED_SHADER_LINK";
    case 4016: return "VKFFT_ERROR_FAILED_SPIRV_GENERATE";
    case 4017: return "VKFFT_ERROR_FAILED_TO_CREATE_SHADER_MODULE";
    case 4018: return "VKFFT_ERROR_FAILED_TO_CREATE_INSTANCE";
    case 4019: return "VKFFT_ERROR_FAILED_TO_SETUP_DEBUG_MESSENGER";
    case 4020: return "VKFFT_ERROR_FAILED_TO_FIND_PHYSICAL_DEVICE";
    case 4021: return "VKFFT_ERROR_FAILED_TO_CREATE_DEVICE";
    case 4022: return "VKFFT_ERROR_FAILED_TO_CREATE_FENCE";
    case 4023: return "VKFFT_ERROR_FAILED_TO_CREATE_COMMAND_POOL";
    case 4024: return "VKFFT_ERROR_FAILED_TO_CREATE_BUFFER";
    case 4025: return "VKFFT_ERROR_FAILED_TO_ALLOCATE_MEMORY";
    case 4026: return "VKFFT_ERROR_FAILED_TO_BIND_BUFFER_MEMORY";
    case 4027: return "VKFFT_ERROR_FAILED_TO_FIND_MEMORY";
    case 4028: return "VKFFT_ERROR_FAILED_TO_SYNCHRONIZE";
    case 4029: return "VKFFT_ERROR_FAILED_TO_COPY";
    case 4030: return "VKFFT_ERROR_FAILED_TO_CREATE_PROGRAM";
    case 4031: return "VKFFT_ERROR_FAILED_TO_COMPILE_PROGRAM";
    case 4032: return "VKFFT_ERROR_FAILED_TO_GET_CODE_SIZE";
    case 4033: return "VKFFT_ERROR_FAILED_TO_GET_CODE";
    case 4034: return "VKFFT_ERROR_FAILED_TO_DESTROY_PROGRAM";
    case 4035: return "VKFFT_ERROR_FAILED_TO_LOAD_MODULE";
    case 4036: return "VKFFT_ERROR_FAILED_TO_GET_FUNCTION";
    case 4037: return "VKFFT_ERROR_FAILED_TO_SET_DYNAMIC_SHARED_MEMORY";
    case 4038: return "VKFFT_ERROR_FAILED_TO_MODULE_GET_GLOBAL";
    case 4039: return "VKFFT_ERROR_FAILED_TO_LAUNCH_KERNEL";
    case 4040: return "VKFFT_ERROR_FAILED_TO_EVENT_RECORD";
    case 4041: return "VKFFT_ERROR_FAILED_TO_ADD_NAME_EXPRESSION";
    case 4042: return "VKFFT_ERROR_FAILED_TO_INITIALIZE";
    case 4043: return "VKFFT_ERROR_FAILED_TO_SET_DEVICE_ID";
    case 4044: return "VKFFT_ERROR_FAILED_TO_GET_DEVICE";
    case 4045: return "VKFFT_ERROR_FAILED_TO_CREATE_CONTEXT";
    case 4046: return "VKFFT_ERROR_FAILED_TO_CREATE_PIPELINE";
    case 4047: return "VKFFT_ERROR_FAILED_TO_SET_KERNEL_ARG";
    case 4048: return "VKFFT_ERROR_FAILED_TO_CREATE_COMMAND_QUEUE";
    case 4049: return "VKFFT_ERROR_FAILED_TO_RELEASE_COMMAND_QUEUE";
    case 4050: return "VKFFT_ERROR_FAILED_TO_ENUMERATE_DEVICES";
    case 4051: return "VKFFT_ERROR_FAILED_TO_GET_ATTRIBUTE";
    case 4052: return "VKFFT_ERROR_FAILED_TO_CREATE_EVENT";
    case 4053: return "VKFFT_ERROR_FAILED_TO_CREATE_COMMAND_LIST";
    case 4054: return "VKFFT_ERROR_FAILED_TO_DESTROY_COMMAND_LIST";
    case 4055: return "VKFFT_ERROR_FAILED_TO_SUBMIT_BARRIER";
    default: return NULL;
    }
}
