// Memory bounds for issue 15, run with swiftcl bench (see docs/NOTES.md, "Issue 15: where the time goes").
// Memory bounds for a 4096-wide float image, one work-item per row (n rows), in a 1-D problem.
kernel void copyRows(global const float *in, global float *out, int w) {
    size_t y = get_global_id(0);
    for (int x = 0; x < w; x++) out[y * w + x] = in[y * w + x];
}
kernel void readRows(global const float *in, global float *sums, int w) {
    size_t y = get_global_id(0);
    float s = 0.0f;
    for (int x = 0; x < w; x++) s += in[y * w + x];
    sums[y] = s;
}
kernel void fillRows(global const float *in, global float *out, int w) {
    size_t y = get_global_id(0);
    for (int x = 0; x < w; x++) out[y * w + x] = 1.0f;
}
kernel void readRows16(global const float *in, global float *sums, int w) {
    size_t y = get_global_id(0);
    float16 s = (float16)(0.0f);
    for (int x = 0; x < w; x += 16) s += vload16(0, in + y * w + x);
    float8 a = s.lo + s.hi; float4 b = a.lo + a.hi; float2 c = b.lo + b.hi;
    sums[y] = c.x + c.y;
}
