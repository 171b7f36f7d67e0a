#include "RawOpenCL.h"

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct raw_cl {
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    cl_kernel kernel;
    cl_mem input;
    cl_mem output;
};

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

raw_cl *raw_cl_create(int platform_index, int device_index, const char *source, const char *kernel_name,
                      size_t count, char *error, size_t error_capacity) {
    cl_platform_id platforms[16];
    cl_uint platform_count = 0;
    cl_int status = clGetPlatformIDs(16, platforms, &platform_count);
    if (status != CL_SUCCESS || platform_index < 0 || (cl_uint)platform_index >= platform_count) {
        snprintf(error, error_capacity, "clGetPlatformIDs: status %d, %u platforms", status, platform_count);
        return NULL;
    }
    cl_device_id devices[16];
    cl_uint device_count = 0;
    status = clGetDeviceIDs(platforms[platform_index], CL_DEVICE_TYPE_ALL, 16, devices, &device_count);
    if (status != CL_SUCCESS || device_index < 0 || (cl_uint)device_index >= device_count) {
        snprintf(error, error_capacity, "clGetDeviceIDs: status %d, %u devices", status, device_count);
        return NULL;
    }
    cl_device_id device = devices[device_index];
    raw_cl *raw = calloc(1, sizeof(raw_cl));
    if (!raw) {
        snprintf(error, error_capacity, "out of memory");
        return NULL;
    }
    raw->context = clCreateContext(NULL, 1, &device, NULL, NULL, &status);
    if (status != CL_SUCCESS) goto fail;
    cl_queue_properties properties[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    raw->queue = clCreateCommandQueueWithProperties(raw->context, device, properties, &status);
    if (status != CL_SUCCESS) goto fail;
    raw->program = clCreateProgramWithSource(raw->context, 1, &source, NULL, &status);
    if (status != CL_SUCCESS) goto fail;
    status = clBuildProgram(raw->program, 1, &device, "", NULL, NULL);
    if (status != CL_SUCCESS) goto fail;
    raw->kernel = clCreateKernel(raw->program, kernel_name, &status);
    if (status != CL_SUCCESS) goto fail;
    raw->input = clCreateBuffer(raw->context, CL_MEM_READ_WRITE, count * sizeof(float), NULL, &status);
    if (status != CL_SUCCESS) goto fail;
    raw->output = clCreateBuffer(raw->context, CL_MEM_READ_WRITE, count * sizeof(float), NULL, &status);
    if (status != CL_SUCCESS) goto fail;
    return raw;
fail:
    snprintf(error, error_capacity, "OpenCL set-up failed with status %d", status);
    raw_cl_destroy(raw);
    return NULL;
}

void raw_cl_destroy(raw_cl *raw) {
    if (!raw) return;
    if (raw->queue) clFinish(raw->queue);
    if (raw->input) clReleaseMemObject(raw->input);
    if (raw->output) clReleaseMemObject(raw->output);
    if (raw->kernel) clReleaseKernel(raw->kernel);
    if (raw->program) clReleaseProgram(raw->program);
    if (raw->queue) clReleaseCommandQueue(raw->queue);
    if (raw->context) clReleaseContext(raw->context);
    free(raw);
}

int raw_cl_write_input(raw_cl *raw, const float *input, size_t count) {
    return clEnqueueWriteBuffer(raw->queue, raw->input, CL_TRUE, 0, count * sizeof(float), input, 0, NULL, NULL);
}

int raw_cl_read_output(raw_cl *raw, float *output, size_t count) {
    return clEnqueueReadBuffer(raw->queue, raw->output, CL_TRUE, 0, count * sizeof(float), output, 0, NULL, NULL);
}

static cl_int enqueue_once(raw_cl *raw, size_t global) {
    cl_int status = clSetKernelArg(raw->kernel, 0, sizeof(cl_mem), &raw->input);
    status |= clSetKernelArg(raw->kernel, 1, sizeof(cl_mem), &raw->output);
    if (status != CL_SUCCESS) return status;
    return clEnqueueNDRangeKernel(raw->queue, raw->kernel, 1, NULL, &global, NULL, 0, NULL, NULL);
}

double raw_cl_batched(raw_cl *raw, size_t global, size_t launches) {
    double start = now_seconds();
    for (size_t i = 0; i < launches; i++) {
        cl_int status = enqueue_once(raw, global);
        if (status != CL_SUCCESS) return (double)(status < 0 ? status : -1);
    }
    cl_int status = clFinish(raw->queue);
    if (status != CL_SUCCESS) return (double)status;
    return now_seconds() - start;
}

double raw_cl_launch_and_wait(raw_cl *raw, size_t global) {
    double start = now_seconds();
    cl_int status = enqueue_once(raw, global);
    if (status != CL_SUCCESS) return (double)(status < 0 ? status : -1);
    status = clFinish(raw->queue);
    if (status != CL_SUCCESS) return (double)status;
    return now_seconds() - start;
}

/* The launch loop on a caller's queue, kernel and buffers: clFinish after every launch (round trips) or once. */
static double kernel_loop_on(void *queue, void *kernel_handle, void *input, void *output, size_t global, size_t launches,
                             int wait_each) {
    cl_command_queue q = (cl_command_queue)queue;
    cl_kernel kernel = (cl_kernel)kernel_handle;
    cl_mem in = (cl_mem)input, out = (cl_mem)output;
    cl_int status = CL_SUCCESS;
    double start = now_seconds();
    for (size_t i = 0; i < launches && status == CL_SUCCESS; i++) {
        status = clSetKernelArg(kernel, 0, sizeof(cl_mem), &in);
        status |= clSetKernelArg(kernel, 1, sizeof(cl_mem), &out);
        if (status == CL_SUCCESS) status = clEnqueueNDRangeKernel(q, kernel, 1, NULL, &global, NULL, 0, NULL, NULL);
        if (status == CL_SUCCESS && wait_each) status = clFinish(q);
    }
    if (status == CL_SUCCESS && !wait_each) status = clFinish(q);
    return status == CL_SUCCESS ? now_seconds() - start : (double)(status < 0 ? status : -1);
}

double raw_cl_batched_kernel_on(void *queue, void *kernel_handle, void *input, void *output, size_t global, size_t launches) {
    return kernel_loop_on(queue, kernel_handle, input, output, global, launches, 0);
}

double raw_cl_round_trips_kernel_on(void *queue, void *kernel_handle, void *input, void *output, size_t global,
                                    size_t launches) {
    return kernel_loop_on(queue, kernel_handle, input, output, global, launches, 1);
}

double raw_cl_batched_on(void *context, void *queue, void *input, void *output, const char *source,
                         const char *kernel_name, const char *options, size_t global, size_t launches) {
    cl_context ctx = (cl_context)context;
    cl_command_queue q = (cl_command_queue)queue;
    cl_mem in = (cl_mem)input, out = (cl_mem)output;
    cl_device_id device;
    cl_int status = clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof device, &device, NULL);
    if (status != CL_SUCCESS) return (double)status;
    cl_program program = clCreateProgramWithSource(ctx, 1, &source, NULL, &status);
    if (status != CL_SUCCESS) return (double)status;
    status = clBuildProgram(program, 1, &device, options, NULL, NULL);
    cl_kernel kernel = status == CL_SUCCESS ? clCreateKernel(program, kernel_name, &status) : NULL;
    double elapsed = status == CL_SUCCESS ? raw_cl_batched_kernel_on(queue, kernel, input, output, global, launches) : (double)status;
    if (kernel) clReleaseKernel(kernel);
    clReleaseProgram(program);
    return elapsed;
}

int raw_cl_enqueue_timed_on(void *queue, void *kernel_handle, void *input, void *output, size_t global, size_t launches,
                            double *enqueue_seconds, double *total_seconds) {
    cl_command_queue q = (cl_command_queue)queue;
    cl_kernel kernel = (cl_kernel)kernel_handle;
    cl_mem in = (cl_mem)input, out = (cl_mem)output;
    cl_int status = clSetKernelArg(kernel, 0, sizeof(cl_mem), &in);
    status |= clSetKernelArg(kernel, 1, sizeof(cl_mem), &out);
    if (status != CL_SUCCESS) return status;
    double start = now_seconds();
    for (size_t i = 0; i < launches && status == CL_SUCCESS; i++)
        status = clEnqueueNDRangeKernel(q, kernel, 1, NULL, &global, NULL, 0, NULL, NULL);
    double enqueued = now_seconds();
    if (status == CL_SUCCESS) status = clFinish(q);
    *enqueue_seconds = enqueued - start;
    *total_seconds = now_seconds() - start;
    return status;
}
