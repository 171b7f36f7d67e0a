// Issue 44 probe: VkFFT's OpenCL backend (Debian's libvkfft-dev, header-only) on the first OpenCL device, beside what
// SwiftCLFFT reports for the same shapes. Plain C, no SwiftCL (needs `apt-get install libvkfft-dev`):
//   cc -O2 vkfft-on-pocl.c -o /tmp/vkfft-probe -lOpenCL -lm && /tmp/vkfft-probe [SHAPE ...]   (SHAPE: N or NxM)
// For each shape: the first-use latency (initializeVkFFT: generates and builds its kernels), a check of 16 bins of an
// in-place forward c2c against a direct DFT in double, then min / median / max of 7 timed transforms
// (enqueue + clFinish) in GFLOP/s (5 N log2 N). Lengths with large primes exercise its Bluestein path.
#define CL_TARGET_OPENCL_VERSION 300
#define VKFFT_BACKEND 3
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <vkFFT.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int ascending(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

static int run(cl_device_id device, cl_context context, cl_command_queue queue, uint64_t nx, uint64_t ny) {
    uint64_t n = nx * ny, bytes = n * 2 * sizeof(float);
    float *host = malloc(bytes), *result = malloc(bytes);
    for (uint64_t i = 0; i < n; i++) { host[2 * i] = (float)((i * 7919) % 1009) / 1009.0f - 0.5f; host[2 * i + 1] = (float)((i * 104729) % 997) / 997.0f - 0.5f; }
    cl_int status;
    cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, host, &status);
    if (status != CL_SUCCESS) { printf("clCreateBuffer: %d\n", status); return 1; }
    VkFFTConfiguration configuration = {0};
    VkFFTApplication application = {0};
    configuration.FFTdim = ny > 1 ? 2 : 1;
    configuration.size[0] = nx;
    configuration.size[1] = ny;
    configuration.device = &device;
    configuration.context = &context;
    configuration.buffer = &buffer;
    configuration.bufferSize = &bytes;
    double started = now();
    VkFFTResult made = initializeVkFFT(&application, configuration);
    double firstUse = now() - started;
    if (made != VKFFT_SUCCESS) { printf("%8llu x %-5llu initializeVkFFT failed: %d\n", (unsigned long long)nx, (unsigned long long)ny, made); return 0; }
    VkFFTLaunchParams launch = {0};
    launch.commandQueue = &queue;
    launch.buffer = &buffer;
    if (VkFFTAppend(&application, -1, &launch) != VKFFT_SUCCESS || clFinish(queue) != CL_SUCCESS) { printf("append failed\n"); return 1; }
    clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, bytes, result, 0, NULL, NULL);
    // 16 bins against a direct DFT in double (VkFFT's forward sign is -1, like numpy's).
    double worst = 0, scale = 0;
    for (int probe = 0; probe < 16; probe++) {
        uint64_t kx = (probe * 2654435761u) % nx, ky = ny > 1 ? (probe * 40503u) % ny : 0;
        double re = 0, im = 0;
        for (uint64_t y = 0; y < ny; y++) for (uint64_t x = 0; x < nx; x++) {
            double angle = -2 * M_PI * ((double)(kx * x % nx) / nx + (double)(ky * y % ny) / ny);
            double a = host[2 * (y * nx + x)], b = host[2 * (y * nx + x) + 1];
            re += a * cos(angle) - b * sin(angle); im += a * sin(angle) + b * cos(angle);
        }
        double dr = result[2 * (ky * nx + kx)] - re, di = result[2 * (ky * nx + kx) + 1] - im;
        worst = fmax(worst, sqrt(dr * dr + di * di)); scale = fmax(scale, sqrt(re * re + im * im));
    }
    double times[7];
    for (int round = 0; round < 7; round++) {
        double a = now();
        VkFFTAppend(&application, -1, &launch);
        clFinish(queue);
        times[round] = now() - a;
    }
    qsort(times, 7, sizeof *times, ascending);
    double flops = 5.0 * n * log2((double)n);
    printf("%8llu x %-5llu first use %6.2f s  error %.1e of %.1e  %s  GFLOP/s %.2f / %.2f / %.2f\n", (unsigned long long)nx,
           (unsigned long long)ny, firstUse, worst, scale, worst <= 1e-4 * scale * log2((double)n) ? "ok  " : "WRONG",
           flops / times[6] / 1e9, flops / times[3] / 1e9, flops / times[0] / 1e9);
    deleteVkFFT(&application);
    clReleaseMemObject(buffer);
    free(host); free(result);
    return 0;
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IONBF, 0);   // a crash inside a kernel must not lose the lines before it
    cl_platform_id platform; cl_device_id device; cl_int status;
    clGetPlatformIDs(1, &platform, NULL);
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    char name[256]; clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, NULL);
    printf("VkFFT %d on %s, c2c float, in place\n", VkFFTGetVersion(), name);
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &status);
    cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &status);
    // Shapes as arguments (`1048576 2048x2048 17408 1009`), each run in order; by default issue 44's.
    const char *defaults[] = {"1048576", "2048x2048", "17408", "1009", "65521"};
    int count = argc > 1 ? argc - 1 : 5;
    for (int i = 0; i < count; i++) {
        const char *shape = argc > 1 ? argv[i + 1] : defaults[i];
        unsigned long long nx = 0, ny = 1;
        if (sscanf(shape, "%llux%llu", &nx, &ny) < 1 || nx == 0 || ny == 0) { printf("bad shape %s\n", shape); return 2; }
        if (run(device, context, queue, nx, ny)) return 1;
    }
    return 0;
}
