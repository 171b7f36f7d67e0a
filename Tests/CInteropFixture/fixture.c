#include "CInteropFixture.h"
#include <stddef.h>

static const char *scale_source =
    "kernel void fixture_scale(global float *x, const uint n, const float factor)\n"
    "{ const size_t i = get_global_id(0); if (i < n) x[i] *= factor; }\n";

cl_int fixture_scale(cl_command_queue queue, cl_mem buffer, cl_uint count, float factor, cl_event wait_for, cl_event *event) {
    cl_context context;
    cl_device_id device;
    cl_int status = clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof context, &context, NULL);
    if (status != CL_SUCCESS) return status;
    status = clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof device, &device, NULL);
    if (status != CL_SUCCESS) return status;
    cl_program program = clCreateProgramWithSource(context, 1, &scale_source, NULL, &status);
    if (status != CL_SUCCESS) return status;
    status = clBuildProgram(program, 1, &device, "", NULL, NULL);
    cl_kernel kernel = status == CL_SUCCESS ? clCreateKernel(program, "fixture_scale", &status) : NULL;
    if (status == CL_SUCCESS) status = clSetKernelArg(kernel, 0, sizeof buffer, &buffer);
    if (status == CL_SUCCESS) status = clSetKernelArg(kernel, 1, sizeof count, &count);
    if (status == CL_SUCCESS) status = clSetKernelArg(kernel, 2, sizeof factor, &factor);
    if (status == CL_SUCCESS) {
        size_t global = count;
        status = clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, wait_for ? 1 : 0, wait_for ? &wait_for : NULL, event);
    }
    if (kernel) clReleaseKernel(kernel);
    clReleaseProgram(program);
    return status;
}

cl_mem fixture_make_buffer(cl_context context, cl_uint count, float value, cl_int *status) {
    float values[4096];
    if (count == 0 || count > 4096) { *status = CL_INVALID_BUFFER_SIZE; return NULL; }
    for (cl_uint i = 0; i < count; ++i) values[i] = value;
    return clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, count * sizeof(float), values, status);
}

cl_context fixture_make_context(cl_device_id device, cl_int *status) {
    return clCreateContext(NULL, 1, &device, NULL, NULL, status);
}

cl_int fixture_reference_count(cl_mem buffer) {
    cl_uint count = 0;
    return clGetMemObjectInfo(buffer, CL_MEM_REFERENCE_COUNT, sizeof count, &count, NULL) == CL_SUCCESS ? (cl_int)count : -1;
}

void fixture_release_mem(cl_mem buffer) { clReleaseMemObject(buffer); }
void fixture_release_event(cl_event event) { clReleaseEvent(event); }
void fixture_release_context(cl_context context) { clReleaseContext(context); }

cl_int fixture_launch(cl_command_queue queue, cl_kernel kernel, cl_mem input, cl_mem output, size_t global) {
    cl_int status = clSetKernelArg(kernel, 0, sizeof(cl_mem), &input);
    if (status != CL_SUCCESS) return status;
    status = clSetKernelArg(kernel, 1, sizeof(cl_mem), &output);
    if (status != CL_SUCCESS) return status;
    return clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL);
}

cl_command_queue fixture_make_queue(cl_context context, cl_device_id device, int profiling, cl_int *status) {
    cl_queue_properties properties[] = {CL_QUEUE_PROPERTIES, profiling ? CL_QUEUE_PROFILING_ENABLE : 0, 0};
    return clCreateCommandQueueWithProperties(context, device, properties, status);
}

cl_int fixture_queue_reference_count(cl_command_queue queue) {
    cl_uint count = 0;
    return clGetCommandQueueInfo(queue, CL_QUEUE_REFERENCE_COUNT, sizeof count, &count, NULL) == CL_SUCCESS ? (cl_int)count : -1;
}

void fixture_release_queue(cl_command_queue queue) { clReleaseCommandQueue(queue); }
