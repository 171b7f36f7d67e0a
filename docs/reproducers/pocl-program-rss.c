// RSS per distinct program built and released, in plain C on PoCL, with 64 programs alive at once (SwiftCL's program
// cache), for comparison with LifetimeTests.distinctSourcesRetention (docs/known-gaps.md).
// Build and run: gcc -O1 pocl-program-rss.c -o pocl-program-rss -lOpenCL && ./pocl-program-rss 1000 SALT
// (a new SALT compiles cold; the same SALT again finds PoCL's kernel cache warm).
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define CHECK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { fprintf(stderr, "%s: %d\n", #x, e_); exit(2); } } while (0)
static long rss_kb(void) {
    FILE *f = fopen("/proc/self/status", "r"); char line[256]; long kb = -1;
    while (fgets(line, sizeof line, f)) if (!strncmp(line, "VmRSS:", 6)) kb = atol(line + 6);
    fclose(f); return kb;
}
int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 400, salt = argc > 2 ? atoi(argv[2]) : 0;
    cl_platform_id plat; CHECK(clGetPlatformIDs(1, &plat, NULL));
    cl_device_id dev; CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));
    cl_int err; cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err); CHECK(err);
    long start = 0;
    cl_program ring[64] = {0};
    for (int i = 0; i < count; i++) {
        char src[256]; snprintf(src, sizeof src, "kernel void k(global int *a) { a[get_global_id(0)] = %d; }", i * 1000 + salt);
        const char *s = src;
        cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &err); CHECK(err);
        CHECK(clBuildProgram(p, 1, &dev, "-cl-kernel-arg-info", NULL, NULL));
        cl_kernel k = clCreateKernel(p, "k", &err); CHECK(err);
        clReleaseKernel(k);
        if (ring[i % 64]) clReleaseProgram(ring[i % 64]);
        ring[i % 64] = p;   /* 64 programs alive at once, the oldest released: SwiftCL's program cache */
        if (i == 2 * 64) start = rss_kb();
    }
    long end = rss_kb();
    printf("distinct programs %d..%d: RSS %ld -> %ld kB, %.1f kB per program\n", 2 * 64, count, start, end, (double)(end - start) / (count - 2 * 64));
    clReleaseContext(ctx);
    return 0;
}
