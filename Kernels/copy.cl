// The memory-bandwidth yardstick of "Improving Performance" (Listing 11-3): one float read and one
// float written per work item, so its speed is the bound every other kernel is measured against.
kernel void copy(global const float *in, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = in[i];
}

// The machine's copy bound for kernels that stream their output (the box filter's rows variants):
// one row of w floats per work item, float16 loads and, where the row is 64-byte aligned,
// non-temporal stores that skip the read-for-ownership of the output. Any w; global size: the rows.
kernel void copyRowsStreaming(int w, int h, global const float *restrict in, global float *restrict out)
{
    int y = get_global_id(0);
    if (y >= h) return;
    global const float *src = in + (size_t)w * y;
    global float *dst = out + (size_t)w * y;
    int x = 0;
#if defined(__has_builtin)
#if __has_builtin(__builtin_nontemporal_store)
    if (((size_t)dst & 63) == 0) {
        for (; x + 16 <= w; x += 16) __builtin_nontemporal_store(vload16(0, src + x), (global float16 *)(dst + x));
    }
#endif
#endif
    for (; x + 16 <= w; x += 16) vstore16(vload16(0, src + x), 0, dst + x);
    for (; x < w; x++) dst[x] = src[x];
}
