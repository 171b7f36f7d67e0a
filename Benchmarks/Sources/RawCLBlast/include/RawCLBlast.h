#ifndef SWIFTCL_RAW_CLBLAST_H
#define SWIFTCL_RAW_CLBLAST_H

// CLBlast called straight from C: the yardstick the BLAS suite compares SwiftCLBLAS's GEMM with, on the same queue
// and buffers (lent through SwiftCL's interop API). Not part of the library.

#include <stddef.h>

/// C = A·B for row-major n×n float matrices in the cl_mem buffers `a`, `b`, `c`, enqueued by CLBlastSgemm on the
/// cl_command_queue `queue` (alpha 1, beta 0). Does not wait. Returns CLBlast's status (0: success).
int raw_clblast_sgemm(void *queue, void *a, void *b, void *c, size_t n);

#endif
