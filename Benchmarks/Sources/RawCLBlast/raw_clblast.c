#include "RawCLBlast.h"

#define CL_TARGET_OPENCL_VERSION 300
#include <clblast_c.h>

int raw_clblast_sgemm(void *queue, void *a, void *b, void *c, size_t n) {
    cl_command_queue q = (cl_command_queue)queue;
    return (int)CLBlastSgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo, n, n, n, 1.0f,
                             (cl_mem)a, 0, n, (cl_mem)b, 0, n, 0.0f, (cl_mem)c, 0, n, &q, NULL);
}
