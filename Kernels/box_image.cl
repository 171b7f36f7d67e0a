// The box filter read through an image (see box_filter.cl for the semantics). The sampler is a kernel
// argument; with CLK_ADDRESS_CLAMP, reads outside the image return the border colour 0, so the sum
// covers exactly the in-image pixels and the count is computed, not sampled.
// Global size: w x h.
#ifndef RANGE
#define RANGE 2
#endif

inline int inCount(int c, int n) { return min(n - 1, c + RANGE) - max(0, c - RANGE) + 1; }

// swiftcl-requires: out.count >= w * h
// swiftcl-requires: input.width >= w
// swiftcl-requires: input.height >= h
// swiftcl-requires: w * h <= 2147483647
// swiftcl-requires: global.x <= 2147483647
// swiftcl-requires: global.y <= 2147483647
kernel void boxAvgImage(read_only image2d_t input, sampler_t sampler, global float *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h) return;
    float sum = 0.0f;
    for (int dy = -RANGE; dy <= RANGE; dy++) {
        for (int dx = -RANGE; dx <= RANGE; dx++) {
            sum += read_imagef(input, sampler, (int2)(x + dx, y + dy)).x;
        }
    }
    out[x + w * y] = sum / (float)(inCount(x, w) * inCount(y, h));
}
