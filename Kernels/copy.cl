// The memory-bandwidth yardstick of "Improving Performance" (Listing 11-3): one float read and one
// float written per work item, so its speed is the bound every other kernel is measured against.
// swiftcl-requires: in.count >= global.x
// swiftcl-requires: out.count >= global.x
kernel void copy(global const float *in, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = in[i];
}

// The machine's copy bound for kernels that stream their output (the box filter's rows variants):
// one row of w floats per work item, float16 loads and, where the row is 64-byte aligned,
// non-temporal stores that skip the read-for-ownership of the output. Any w; global size: the rows.
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: global.x <= 2147483647
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

// The box filter's rows variants read more than they write: each work item reads its ROWS rows plus
// RANGE rows above and below (the halo) and writes ROWS rows. This copy has exactly that access
// pattern — per 16-column block, the haloRows (RANGE) rows above and below, then the rows rows, float16 loads, non-temporal stores
// when `stream` is set and the row is 64-byte aligned — and no filtering arithmetic, so the distance
// between it and a rows variant is the arithmetic's, and between it and copyRowsStreaming the halo's.
// out = in + weight·(halo sum): with weight 0 a copy the compiler cannot drop the halo loads from.
// Global size: ceil(h / rows) work items.
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: rows >= 1
// swiftcl-requires: global.x * rows <= 2147483647
kernel void copyRowsHalo(int w, int h, int rows, int haloRows, float weight, global const float *restrict in,
                         global float *restrict out, int stream)
{
    int y0 = (int)get_global_id(0) * rows;
    if (y0 >= h) return;
    int y1 = min(y0 + rows, h);
    int x = 0;
    for (; x + 16 <= w; x += 16) {
        float16 halo = (float16)(0.0f);
        for (int r = 1; r <= haloRows; r++) {
            halo += vload16(0, in + (size_t)w * clamp(y0 - r, 0, h - 1) + x);
            halo += vload16(0, in + (size_t)w * clamp(y1 - 1 + r, 0, h - 1) + x);
        }
        for (int y = y0; y < y1; y++) {
            float16 value = vload16(0, in + (size_t)w * y + x) + weight * halo;
            global float *o = out + (size_t)w * y + x;
#if defined(__has_builtin)
#if __has_builtin(__builtin_nontemporal_store)
            if (stream && ((size_t)o & 63) == 0) {
                __builtin_nontemporal_store(value, (global float16 *)o);
                continue;
            }
#endif
#endif
            vstore16(value, 0, o);
        }
    }
    for (; x < w; x++) {
        for (int y = y0; y < y1; y++) out[(size_t)w * y + x] = in[(size_t)w * y + x];
    }
}

// Read-only bound: every float of a row read once (float16 accumulators, so it is not a serial add
// chain), one float written per row. Global size: h.
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: rowSums.count >= h
// swiftcl-requires: global.x <= 2147483647
kernel void readRows(int w, int h, global const float *restrict in, global float *restrict rowSums)
{
    int y = get_global_id(0);
    if (y >= h) return;
    global const float *src = in + (size_t)w * y;
    float16 sum = (float16)(0.0f);
    int x = 0;
    for (; x + 16 <= w; x += 16) sum += vload16(0, src + x);
    float tail = 0.0f;
    for (; x < w; x++) tail += src[x];
    float8 a = sum.lo + sum.hi;
    float4 b = a.lo + a.hi;
    float2 c = b.lo + b.hi;
    rowSums[y] = c.x + c.y + tail;
}

// Write-only bound: every float of a row written once, float16 non-temporal stores where aligned
// (the rows variants' stores). Global size: h.
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: global.x <= 2147483647
kernel void fillRows(int w, int h, float value, global float *restrict out)
{
    int y = get_global_id(0);
    if (y >= h) return;
    global float *dst = out + (size_t)w * y;
    int x = 0;
#if defined(__has_builtin)
#if __has_builtin(__builtin_nontemporal_store)
    if (((size_t)dst & 63) == 0) {
        for (; x + 16 <= w; x += 16) __builtin_nontemporal_store((float16)(value), (global float16 *)(dst + x));
    }
#endif
#endif
    for (; x + 16 <= w; x += 16) vstore16((float16)(value), 0, dst + x);
    for (; x < w; x++) dst[x] = value;
}
