// An example of what SwiftCLKernelPlugin turns into typed Swift: SaxpyCL.saxpy(cl, range, a: 2, x: x, y: y).
// swiftcl-options: -D SCALE_OFFSET=0.0f

#define ONE 1

/* A helper the generator passes over. */
inline float fused(float a, float x, float y) { return a * x + y + SCALE_OFFSET; }

__kernel void saxpy(float a, __global const float *x, __global float *y)
{
    size_t i = get_global_id(0);
    y[i] = fused(a, x[i], y[i]);
}

// Vector types map to SIMD types; a `local` pointer maps to LocalMemory; a required work-group size
// is exposed and enforced.
__attribute__((reqd_work_group_size(8, 1, 1)))
kernel void scale4(global float4 *data, float4 factor, local float4 *scratch, uint count)
{
    size_t i = get_global_id(0);
    scratch[get_local_id(0)] = data[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < count) data[i] = scratch[get_local_id(0)] * factor;
}
