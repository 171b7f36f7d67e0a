// Issue 45 probe: does replaying a cl_khr_command_buffer recording of 1,000 small launches cost less host time than
// enqueueing the same launches one by one? Plain C against the ICD loader, no SwiftCL.
//   cc -O2 command-buffer-replay.c -o /tmp/cb-replay -lOpenCL && /tmp/cb-replay
// Prints the device's command-buffer capabilities, then min/median/max over 11 interleaved rounds of: the host time of
// 1,000 clEnqueueNDRangeKernel calls, of one clEnqueueCommandBufferKHR of the recording, and each with its clFinish.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define LAUNCHES 1000
#define ROUNDS 11
#define CHECK(x) do { cl_int status_ = (x); if (status_ != CL_SUCCESS) { fprintf(stderr, "%s: %d\n", #x, status_); return 1; } } while (0)

static double seconds(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int ascending(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
static void report(const char *what, double *samples) {
    qsort(samples, ROUNDS, sizeof *samples, ascending);
    printf("%-34s %8.3f / %8.3f / %8.3f ms\n", what, samples[0] * 1e3, samples[ROUNDS / 2] * 1e3, samples[ROUNDS - 1] * 1e3);
}

int main(void) {
    cl_platform_id platform; cl_device_id device; cl_int status;
    CHECK(clGetPlatformIDs(1, &platform, NULL));
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
    cl_device_command_buffer_capabilities_khr capabilities = 0;
    if (clGetDeviceInfo(device, CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR, sizeof capabilities, &capabilities, NULL) != CL_SUCCESS) {
        printf("no cl_khr_command_buffer\n");
        return 0;
    }
    printf("CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR 0x%llx\n", (unsigned long long)capabilities);
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &status); CHECK(status);
    cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &status); CHECK(status);
    const char *source = "kernel void increment(global int *a) { a[get_global_id(0)] += 1; }";
    cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &status); CHECK(status);
    CHECK(clBuildProgram(program, 1, &device, "", NULL, NULL));
    cl_kernel kernel = clCreateKernel(program, "increment", &status); CHECK(status);
    cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64 * sizeof(int), NULL, &status); CHECK(status);
    int zero = 0;
    CHECK(clEnqueueFillBuffer(queue, buffer, &zero, sizeof zero, 0, 64 * sizeof(int), 0, NULL, NULL));
    CHECK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));

    clCreateCommandBufferKHR_fn create = (clCreateCommandBufferKHR_fn)clGetExtensionFunctionAddressForPlatform(platform, "clCreateCommandBufferKHR");
    clCommandNDRangeKernelKHR_fn record = (clCommandNDRangeKernelKHR_fn)clGetExtensionFunctionAddressForPlatform(platform, "clCommandNDRangeKernelKHR");
    clFinalizeCommandBufferKHR_fn finalize = (clFinalizeCommandBufferKHR_fn)clGetExtensionFunctionAddressForPlatform(platform, "clFinalizeCommandBufferKHR");
    clEnqueueCommandBufferKHR_fn replay = (clEnqueueCommandBufferKHR_fn)clGetExtensionFunctionAddressForPlatform(platform, "clEnqueueCommandBufferKHR");
    if (!create || !record || !finalize || !replay) { printf("extension entry points missing\n"); return 1; }
    cl_command_buffer_khr recording = create(1, &queue, NULL, &status); CHECK(status);
    size_t global = 64, local = 64;
    double started = seconds();
    for (int i = 0; i < LAUNCHES; i++) CHECK(record(recording, NULL, NULL, kernel, 1, NULL, &global, &local, 0, NULL, NULL, NULL));
    CHECK(finalize(recording));
    printf("recording %d launches: %.3f ms\n", LAUNCHES, (seconds() - started) * 1e3);

    double oneByOne[ROUNDS], oneByOneDone[ROUNDS], replayed[ROUNDS], replayedDone[ROUNDS];
    for (int round = 0; round < ROUNDS; round++) {
        double a = seconds();
        for (int i = 0; i < LAUNCHES; i++) CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL));
        double b = seconds(); CHECK(clFinish(queue)); double c = seconds();
        CHECK(replay(0, NULL, recording, 0, NULL, NULL));
        double d = seconds(); CHECK(clFinish(queue)); double e = seconds();
        oneByOne[round] = b - a; oneByOneDone[round] = c - a; replayed[round] = d - c; replayedDone[round] = e - c;
    }
    int result[64];
    CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof result, result, 0, NULL, NULL));
    printf("a[0] = %d, a[63] = %d (expected %d: both paths ran every launch)\n", result[0], result[63], 2 * ROUNDS * LAUNCHES);
    printf("min / median / max over %d interleaved rounds:\n", ROUNDS);
    report("one by one: enqueue (host)", oneByOne);
    report("one by one: enqueue + finish", oneByOneDone);
    report("replay: enqueue (host)", replayed);
    report("replay: enqueue + finish", replayedDone);
    return result[0] == 2 * ROUNDS * LAUNCHES ? 0 : 1;
}
