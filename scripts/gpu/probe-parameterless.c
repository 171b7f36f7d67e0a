/* Builds kernels with and without parameters under each option set with the raw C API and prints which fail:
   NVIDIA (driver 580) fails parameterless kernels under -cl-kernel-arg-info. gcc -o probe probe-parameterless.c -lOpenCL */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>
int main(void) {
    cl_platform_id p; cl_device_id d; cl_int e;
    clGetPlatformIDs(1, &p, NULL);
    clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL);
    cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    const char *sources[] = {
        "kernel void k() {}",
        "kernel void k0() {}",
        "kernel void k() { }\n",
        "kernel void empty_kernel(void) {}",
        "kernel void k(global int *x) {}",
        "kernel void k(global int *x) { x[0] = 1; }",
        "kernel void k() { int a = 1; (void)a; }",
    };
    const char *options[] = { "", "-cl-kernel-arg-info", "-cl-std=CL1.2", "-cl-kernel-arg-info -cl-std=CL1.2" };
    for (unsigned s = 0; s < sizeof sources / sizeof *sources; s++)
        for (unsigned o = 0; o < 4; o++) {
            cl_program prog = clCreateProgramWithSource(c, 1, &sources[s], NULL, &e);
            e = clBuildProgram(prog, 1, &d, options[o], NULL, NULL);
            char log[4096] = "";
            clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
            for (char *q = log; *q; q++) if (*q == '\n') *q = ' ';
            printf("%-45s | %-35s | %s %s\n", sources[s], options[o], e == 0 ? "ok" : "FAILED", e == 0 ? "" : log);
            clReleaseProgram(prog);
        }
    return 0;
}
