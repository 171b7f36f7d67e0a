// An attempt to reproduce, in plain C, the PoCL 3.1 abort seen once in SwiftCL's suite (docs/known-gaps.md):
// `pocl_release_dlhandle_cache: Assertion 'found->ref_count > 0' failed`. PoCL's release looks up the first cache item
// with the command's kernel hash and local size, not the item the command took. Here one kernel runs from two threads
// (own contexts, global offsets 0 and 16/32 alternating, one local size), a third thread builds 300 other kernels so
// cache items are evicted, and a fourth makes and releases contexts over the root device and a sub-device.
// Build and run: gcc -O1 pocl-dlhandle.c -o pocl-dlhandle -lOpenCL -lpthread && ./pocl-dlhandle 20000
// Session 18: 0 failures in 3 runs of this file (and 0 in 45 runs of simpler variants: fewer threads, no churn).
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define CHECK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { fprintf(stderr, "%s: %d\n", #x, e_); exit(2); } } while (0)
static const char *src = "kernel void k(global int *a) { a[get_global_id(0)] += 1; }";
static cl_device_id dev;
static int rounds;
static void *worker(void *arg) {
    size_t offset = (size_t)arg;
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err); CHECK(err);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err); CHECK(err);
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err); CHECK(err);
    CHECK(clBuildProgram(p, 0, NULL, "", NULL, NULL));
    cl_kernel k = clCreateKernel(p, "k", &err); CHECK(err);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4096 * sizeof(int), NULL, &err); CHECK(err);
    CHECK(clSetKernelArg(k, 0, sizeof b, &b));
    for (int i = 0; i < rounds; i++) {
        size_t g = 1024, l = 16;
        size_t o = (i % 2) ? offset : 0;
        CHECK(clEnqueueNDRangeKernel(q, k, 1, &o, &g, &l, 0, NULL, NULL));
        if (i % 8 == 7) CHECK(clFinish(q));
    }
    CHECK(clFinish(q));
    clReleaseMemObject(b); clReleaseKernel(k); clReleaseProgram(p); clReleaseCommandQueue(q); clReleaseContext(ctx);
    return NULL;
}
static void *churn(void *arg) {
    (void)arg;
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err); CHECK(err);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err); CHECK(err);
    for (int i = 0; i < 300; i++) {
        char text[200]; snprintf(text, sizeof text, "kernel void c(global int *a) { a[get_global_id(0)] = %d; }", i);
        const char *t = text;
        cl_program p = clCreateProgramWithSource(ctx, 1, &t, NULL, &err); CHECK(err);
        CHECK(clBuildProgram(p, 0, NULL, "", NULL, NULL));
        cl_kernel k = clCreateKernel(p, "c", &err); CHECK(err);
        cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64 * sizeof(int), NULL, &err); CHECK(err);
        CHECK(clSetKernelArg(k, 0, sizeof b, &b));
        size_t g = 64; CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
        CHECK(clFinish(q));
        clReleaseMemObject(b); clReleaseKernel(k); clReleaseProgram(p);
    }
    clReleaseCommandQueue(q); clReleaseContext(ctx);
    return NULL;
}
static void *subDevices(void *arg) {
    (void)arg;
    for (int r = 0; r < 40; r++) {
        cl_device_partition_property props[] = { CL_DEVICE_PARTITION_EQUALLY, 1, 0 };
        cl_device_id subs[64]; cl_uint n = 0;
        CHECK(clCreateSubDevices(dev, props, 64, subs, &n));
        cl_device_id both[2] = { dev, subs[0] };
        cl_int err;
        cl_context ctx = clCreateContext(NULL, 2, both, NULL, NULL, &err); CHECK(err);
        cl_command_queue q = clCreateCommandQueueWithProperties(ctx, subs[0], NULL, &err); CHECK(err);
        cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err); CHECK(err);
        CHECK(clBuildProgram(p, 0, NULL, "", NULL, NULL));
        cl_kernel k = clCreateKernel(p, "k", &err); CHECK(err);
        cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1024 * sizeof(int), NULL, &err); CHECK(err);
        CHECK(clSetKernelArg(k, 0, sizeof b, &b));
        size_t g = 1024, l = 16;
        for (int i = 0; i < 20; i++) CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
        CHECK(clFinish(q));
        clReleaseMemObject(b); clReleaseKernel(k); clReleaseProgram(p); clReleaseCommandQueue(q);
        for (cl_uint i = 0; i < n; i++) clReleaseDevice(subs[i]);
        clReleaseContext(ctx);
    }
    return NULL;
}
int main(int argc, char **argv) {
    rounds = argc > 1 ? atoi(argv[1]) : 2000;
    cl_platform_id plat; CHECK(clGetPlatformIDs(1, &plat, NULL));
    CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));
    pthread_t a, b, c, d;
    pthread_create(&a, NULL, worker, (void *)16);
    pthread_create(&b, NULL, worker, (void *)32);
    pthread_create(&c, NULL, churn, NULL);
    pthread_create(&d, NULL, subDevices, NULL);
    pthread_join(d, NULL); pthread_join(c, NULL); pthread_join(a, NULL); pthread_join(b, NULL);
    puts("ok");
    return 0;
}
