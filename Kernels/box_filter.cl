// The boxAvg family of "Improving Performance" (OpenCL Programming Guide for Mac, chapter 11).
//
// Semantics, for every kernel: input and output are single-channel float images of w x h pixels,
// pixel (x, y) at [x + w*y]. Output (x, y) is the mean of the input pixels inside the square box of
// half-width RANGE centred at (x, y), counting only pixels inside the image. The box clipped to the
// image is a rectangle, so the count is inCount(x, w) * inCount(y, h), and a horizontal average
// followed by a vertical average gives the same mean.

#ifndef RANGE
#define RANGE 2
#endif
#define TAPS (2 * RANGE + 1)

// Pixels of [c - RANGE, c + RANGE] inside [0, n).
inline int inCount(int c, int n) { return min(n - 1, c + RANGE) - max(0, c - RANGE) + 1; }

// ---------------------------------------------------------------------------------------------
// Naive: one pixel per work item, 25 taps with bounds checks. Global size: w x h.
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: w * h <= 2147483647
// swiftcl-requires: global.x <= 2147483647
// swiftcl-requires: global.y <= 2147483647
kernel void boxAvg1(int w, int h, global const float *in, global float *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h) return;
    float sumA = 0.0f, sum1 = 0.0f;
    for (int dy = -RANGE; dy <= RANGE; dy++) {
        for (int dx = -RANGE; dx <= RANGE; dx++) {
            int xx = x + dx, yy = y + dy;
            if (xx >= 0 && xx < w && yy >= 0 && yy < h) {
                sumA += in[xx + w * yy];
                sum1 += 1.0f;
            }
        }
    }
    out[x + w * y] = sumA / sum1;
}

// ---------------------------------------------------------------------------------------------
// Separable, one pixel per work item. Global size: w x h.
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: w * h <= 2147483647
// swiftcl-requires: global.x <= 2147483647
// swiftcl-requires: global.y <= 2147483647
kernel void boxAvgH1(int w, int h, global const float *in, global float *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h) return;
    float sumA = 0.0f, sum1 = 0.0f;
    for (int dx = -RANGE; dx <= RANGE; dx++) {
        int xx = x + dx;
        if (xx >= 0 && xx < w) { sumA += in[xx + w * y]; sum1 += 1.0f; }
    }
    out[x + w * y] = sumA / sum1;
}

// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: w * h <= 2147483647
// swiftcl-requires: global.x <= 2147483647
// swiftcl-requires: global.y <= 2147483647
kernel void boxAvgV1(int w, int h, global const float *in, global float *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h) return;
    float sumA = 0.0f, sum1 = 0.0f;
    for (int dy = -RANGE; dy <= RANGE; dy++) {
        int yy = y + dy;
        if (yy >= 0 && yy < h) { sumA += in[x + w * yy]; sum1 += 1.0f; }
    }
    out[x + w * y] = sumA / sum1;
}

// ---------------------------------------------------------------------------------------------
// CPU series, horizontal passes: one row per work item. Global size: h.

// v2: direct taps along the row.
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: global.x <= 2147483647
kernel void boxAvgH2(int w, int h, global const float *in, global float *out)
{
    int y = get_global_id(0);
    if (y >= h) return;
    global const float *inRow = in + (size_t)w * y;
    global float *outRow = out + (size_t)w * y;
    for (int x = 0; x < w; x++) {
        float sumA = 0.0f, sum1 = 0.0f;
        for (int dx = -RANGE; dx <= RANGE; dx++) {
            int xx = x + dx;
            if (xx >= 0 && xx < w) { sumA += inRow[xx]; sum1 += 1.0f; }
        }
        outRow[x] = sumA / sum1;
    }
}

// v3: a sliding running sum: add the pixel entering the box, remove the one leaving it.
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: global.x <= 2147483647
kernel void boxAvgH3(int w, int h, global const float *in, global float *out)
{
    int y = get_global_id(0);
    if (y >= h) return;
    global const float *inRow = in + (size_t)w * y;
    global float *outRow = out + (size_t)w * y;
    float sumA = 0.0f, sum1 = 0.0f;
    for (int xx = 0; xx < min(RANGE, w); xx++) { sumA += inRow[xx]; sum1 += 1.0f; }
    for (int x = 0; x < w; x++) {
        if (x - RANGE - 1 >= 0) { sumA -= inRow[x - RANGE - 1]; sum1 -= 1.0f; }
        if (x + RANGE < w) { sumA += inRow[x + RANGE]; sum1 += 1.0f; }
        outRow[x] = sumA / sum1;
    }
}

// v4: v3 with the conditionals and the division moved out of the inner loop (left border,
// interior with a constant weight, right border).
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: global.x <= 2147483647
kernel void boxAvgH4(int w, int h, global const float *in, global float *out)
{
    int y = get_global_id(0);
    if (y >= h) return;
    global const float *inRow = in + (size_t)w * y;
    global float *outRow = out + (size_t)w * y;
    float sumA = 0.0f;
    for (int xx = 0; xx < min(RANGE, w); xx++) sumA += inRow[xx];
    int x = 0;
    for (; x <= RANGE && x < w; x++) {
        if (x + RANGE < w) sumA += inRow[x + RANGE];
        outRow[x] = sumA / (float)inCount(x, w);
    }
    const float k = 1.0f / (float)TAPS;
    for (; x + RANGE < w; x++) {
        sumA += inRow[x + RANGE] - inRow[x - RANGE - 1];
        outRow[x] = sumA * k;
    }
    for (; x < w; x++) {
        sumA -= inRow[x - RANGE - 1];
        outRow[x] = sumA / (float)inCount(x, w);
    }
}

// ---------------------------------------------------------------------------------------------
// CPU series, vertical pass v3: a band of rows per work item, all columns, direct taps (the inner
// loop runs along a row, so it vectorises). Global size: any number of bands.
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: global.x <= 2147483647
kernel void boxAvgV3(int w, int h, global const float *in, global float *out)
{
    int rowsPerItem = (h + get_global_size(0) - 1) / get_global_size(0);
    int y0 = rowsPerItem * get_global_id(0);
    int y1 = min(h, y0 + rowsPerItem);
    for (int y = y0; y < y1; y++) {
        int top = max(0, y - RANGE), bottom = min(h - 1, y + RANGE);
        float u = 1.0f / (float)(bottom - top + 1);
        global float *outRow = out + (size_t)w * y;
        for (int x = 0; x < w; x++) {
            float sumA = 0.0f;
            for (int yy = top; yy <= bottom; yy++) sumA += in[x + (size_t)w * yy];
            outRow[x] = sumA * u;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// CPU series, fused: a band of output rows per work item; each input row's horizontal average is
// computed once into the work item's AUX row and accumulated into the 2*RANGE+1 output rows it
// touches. OUT must be zero on entry. Global size: bands; AUX holds w floats per work item.
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: aux.count >= global.x * w
// swiftcl-requires: global.x <= 2147483647
kernel void boxAvg2(int w, int h, global const float *in, global float *out, global float *aux)
{
    int rowsPerItem = (h + get_global_size(0) - 1) / get_global_size(0);
    int y0 = rowsPerItem * get_global_id(0);
    int y1 = min(h, y0 + rowsPerItem);
    aux += (size_t)get_global_id(0) * w;
    const float k = 1.0f / (float)TAPS;
    for (int y = y0 - RANGE; y < y1 + RANGE; y++) {
        if (y < 0 || y >= h) continue;
        global const float *inRow = in + (size_t)w * y;
        // Horizontal pass (v4) of row y into AUX.
        float sumA = 0.0f;
        for (int xx = 0; xx < min(RANGE, w); xx++) sumA += inRow[xx];
        int x = 0;
        for (; x <= RANGE && x < w; x++) {
            if (x + RANGE < w) sumA += inRow[x + RANGE];
            aux[x] = sumA / (float)inCount(x, w);
        }
        for (; x + RANGE < w; x++) {
            sumA += inRow[x + RANGE] - inRow[x - RANGE - 1];
            aux[x] = sumA * k;
        }
        for (; x < w; x++) {
            sumA -= inRow[x - RANGE - 1];
            aux[x] = sumA / (float)inCount(x, w);
        }
        // Accumulate AUX into our output rows y - RANGE .. y + RANGE.
        for (int dy = -RANGE; dy <= RANGE; dy++) {
            int yy = y + dy;
            if (yy < max(0, y0) || yy >= y1) continue;
            float u = 1.0f / (float)inCount(yy, h);
            global float *outRow = out + (size_t)w * yy;
            for (int i = 0; i < w; i++) outRow[i] += u * aux[i];
        }
    }
}

// ---------------------------------------------------------------------------------------------
// GPU series, horizontal pass v5: the work-group copies the input segment it needs (PX pixels per
// work item plus RANGE on each side, for PY rows) into local memory, waits at a barrier, then each
// work item sums its taps from local memory. Global size: roundup(ceil(w / PX), local) x ceil(h / PY);
// local size: (L, 1); AUX: PY * (L * PX + 2 * RANGE) floats.
#ifndef PX
#define PX 1
#endif
#ifndef PY
#define PY 1
#endif
kernel void boxAvgH5(int w, int h, global const float *in, global float *out, local float *aux)
{
    int lid = get_local_id(0), L = get_local_size(0);
    int x0 = get_group_id(0) * L * PX;
    int y0 = get_global_id(1) * PY;
    int seg = L * PX + 2 * RANGE;
    for (int r = 0; r < PY; r++) {
        int y = y0 + r;
        for (int i = lid; i < seg; i += L) {
            int xx = x0 - RANGE + i;
            aux[r * seg + i] = (y < h && xx >= 0 && xx < w) ? in[xx + w * y] : 0.0f;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int r = 0; r < PY; r++) {
        int y = y0 + r;
        if (y >= h) break;
        for (int p = 0; p < PX; p++) {
            int x = x0 + lid * PX + p;
            if (x >= w) break;
            float sumA = 0.0f;
            for (int dx = -RANGE; dx <= RANGE; dx++) sumA += aux[r * seg + lid * PX + p + RANGE + dx];
            out[x + w * y] = sumA / (float)inCount(x, w);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// GPU series, vertical pass v4: each work item walks down a segment of one column with a running
// sum (2 reads + 1 write per pixel). Global size: roundup(w, local) x bands.
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: w * h <= 2147483647
// swiftcl-requires: global.x <= 2147483647
// swiftcl-requires: global.y <= 2147483647
kernel void boxAvgV4(int w, int h, global const float *in, global float *out)
{
    int rowsPerItem = (h + get_global_size(1) - 1) / get_global_size(1);
    int x = get_global_id(0);
    if (x >= w) return;
    int y0 = rowsPerItem * get_global_id(1);
    int y1 = min(h, y0 + rowsPerItem);
    float sumA = 0.0f;
    for (int y = max(0, y0 - RANGE - 1); y < min(h, y0 + RANGE); y++) sumA += in[x + w * y];
    for (int y = y0; y < y1; y++) {
        int yy = y - RANGE - 1;
        if (yy >= 0) sumA -= in[x + w * yy];
        yy = y + RANGE;
        if (yy < h) sumA += in[x + w * yy];
        out[x + w * y] = sumA / (float)inCount(y, h);
    }
}

// v4 with a register ring of the last 2*RANGE+1 rows: 1 read + 1 write per pixel. The inner loop is
// unrolled TAPS times so every ring slot index is a constant.
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: w * h <= 2147483647
// swiftcl-requires: global.x <= 2147483647
// swiftcl-requires: global.y <= 2147483647
kernel void boxAvgV4_ring(int w, int h, global const float *in, global float *out)
{
    int rowsPerItem = (h + get_global_size(1) - 1) / get_global_size(1);
    int x = get_global_id(0);
    if (x >= w) return;
    int y0 = rowsPerItem * get_global_id(1);
    int y1 = min(h, y0 + rowsPerItem);
    float ring[TAPS];
    float sumA = 0.0f;
    // Slot (row - y0 + RANGE) % TAPS holds row `row`; rows y0-RANGE .. y0+RANGE-1 first.
    #pragma unroll
    for (int k = 0; k < TAPS - 1; k++) {
        int y = y0 - RANGE + k;
        float v = (y >= 0 && y < h) ? in[x + w * y] : 0.0f;
        ring[k] = v;
        sumA += v;
    }
    ring[TAPS - 1] = 0.0f;
    for (int y = y0; y < y1; y += TAPS) {
        #pragma unroll
        for (int k = 0; k < TAPS; k++) {
            int yc = y + k;
            if (yc < y1) {
                int yn = yc + RANGE;
                float v = (yn < h) ? in[x + w * yn] : 0.0f;
                int slot = (2 * RANGE + k) % TAPS;
                sumA += v - ring[slot];
                ring[slot] = v;
                out[x + w * yc] = sumA / (float)inCount(yc, h);
            }
        }
    }
}

// v4 on float4: each work item handles 4 adjacent columns. Requires w % 4 == 0.
// Global size: roundup(w / 4, local) x bands.
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: w * h <= 2147483647
// swiftcl-requires: global.x <= 2147483647
// swiftcl-requires: global.y <= 2147483647
// swiftcl-requires: w / 4 * 4 == w
kernel void boxAvgV4_float4(int w, int h, global const float *in, global float *out)
{
    int rowsPerItem = (h + get_global_size(1) - 1) / get_global_size(1);
    int x4 = get_global_id(0);
    if (4 * x4 >= w) return;
    int w4 = w / 4;
    global const float4 *in4 = (global const float4 *)in;
    global float4 *out4 = (global float4 *)out;
    int y0 = rowsPerItem * get_global_id(1);
    int y1 = min(h, y0 + rowsPerItem);
    float4 sumA = (float4)(0.0f);
    for (int y = max(0, y0 - RANGE - 1); y < min(h, y0 + RANGE); y++) sumA += in4[x4 + w4 * y];
    for (int y = y0; y < y1; y++) {
        int yy = y - RANGE - 1;
        if (yy >= 0) sumA -= in4[x4 + w4 * yy];
        yy = y + RANGE;
        if (yy < h) sumA += in4[x4 + w4 * yy];
        out4[x4 + w4 * y] = sumA / (float)inCount(y, h);
    }
}

// ---------------------------------------------------------------------------------------------
// Beyond the guide, for PoCL's CPU device: a band of rows per work item, explicit float16 SIMD along
// rows. For each output row the clipped 2*RANGE+1 input rows are summed directly into the work
// item's AUX row (direct taps: measured faster here than a running vertical sum, whose extra AUX
// traffic costs more than the taps it saves; the rows come from cache after their first use), then
// the horizontal taps are summed from AUX, which is padded with 16 zeros on each side (RANGE <= 16) so the border columns need no test, only their own count.
// Global size: bands; AUX: w + 32 floats per work item.
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: aux.count >= global.x * (w + 32)
// swiftcl-requires: global.x <= 2147483647
kernel void boxAvgBand(int w, int h, global const float *restrict in, global float *restrict out,
                       global float *restrict aux)
{
    int rowsPerItem = (h + get_global_size(0) - 1) / get_global_size(0);
    int y0 = rowsPerItem * get_global_id(0);
    int y1 = min(h, y0 + rowsPerItem);
    global float *vsum = aux + (size_t)get_global_id(0) * (w + 32) + 16;
    for (int i = 1; i <= 16; i++) { vsum[-i] = 0.0f; vsum[w - 1 + i] = 0.0f; }
    int w16 = w / 16 * 16;
    for (int y = y0; y < y1; y++) {
        int top = max(0, y - RANGE), bottom = min(h - 1, y + RANGE);
        for (int x = 0; x < w16; x += 16) {
            float16 s = vload16(0, in + (size_t)w * top + x);
            for (int yy = top + 1; yy <= bottom; yy++) s += vload16(0, in + (size_t)w * yy + x);
            vstore16(s, 0, vsum + x);
        }
        for (int x = w16; x < w; x++) {
            float s = 0.0f;
            for (int yy = top; yy <= bottom; yy++) s += in[(size_t)w * yy + x];
            vsum[x] = s;
        }
        float ny = (float)(bottom - top + 1);
        global float *outRow = out + (size_t)w * y;
        float16 k = (float16)(1.0f / (ny * (float)TAPS));
        for (int x = 0; x < w16; x += 16) {
            float16 s = vload16(0, vsum + x - RANGE);
            #pragma unroll
            for (int dx = -RANGE + 1; dx <= RANGE; dx++) s += vload16(0, vsum + x + dx);
            vstore16(s * k, 0, outRow + x);
        }
        for (int x = w16; x < w; x++) {
            float s = 0.0f;
            #pragma unroll
            for (int dx = -RANGE; dx <= RANGE; dx++) s += vsum[x + dx];
            outRow[x] = s * (1.0f / (ny * (float)TAPS));
        }
        // Border columns: fewer pixels in the box than TAPS.
        for (int x = 0; x < w; x++) {
            if (x == RANGE && w - RANGE > RANGE) x = w - RANGE;
            float s = 0.0f;
            #pragma unroll
            for (int dx = -RANGE; dx <= RANGE; dx++) s += vsum[x + dx];
            outRow[x] = s / (ny * (float)inCount(x, w));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Beyond the guide, shaped for PoCL's work-group vectoriser. PoCL turns the loop over the work items
// of a work-group into SIMD lanes (the copy kernel's speed comes from that), but it if-converts any
// branch it cannot prove uniform, so a clamped border path turns every load into a gather, and a
// loop left in the body keeps the work items scalar. So: each work item owns one interior column
// (x0 <= x < w - RANGE) of a strip of KROWS rows; every loop is unrolled (RANGE and KROWS are
// compile-time constants); rows outside the image are read clamped and weighted 0 (a uniform
// scalar); the launch covers a whole number of work-groups of interior columns, so no work item
// needs a column test. The few columns left at each side are done by boxAvg1 with an offset.
// Per KROWS pixels: (KROWS + 2*RANGE) * (2*RANGE+1) loads, nearly all from cache.
// Global size: (a multiple of L) x ceil(h / KROWS), offset (RANGE, 0); local size: (L, 1).
#ifndef KROWS
#define KROWS 8
#endif
#define SPAN (KROWS + 2 * RANGE)
// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: offset.x >= RANGE
// swiftcl-requires: global.x + RANGE <= w
// swiftcl-requires: global.y * KROWS <= 2147483647
kernel void boxAvgStrip(int w, int h, global const float *restrict in, global float *restrict out)
{
    int x = get_global_id(0);
    int y0 = get_global_id(1) * KROWS;
    float rows[SPAN];
    #pragma unroll
    for (int r = 0; r < SPAN; r++) {
        int yy = y0 - RANGE + r;
        float weight = (yy >= 0 && yy < h) ? 1.0f : 0.0f;
        global const float *row = in + (size_t)w * clamp(yy, 0, h - 1) + x;
        float s = 0.0f;
        #pragma unroll
        for (int dx = -RANGE; dx <= RANGE; dx++) s += row[dx];
        rows[r] = s * weight;
    }
    const float k = 1.0f / (float)TAPS;
    float s = 0.0f;
    #pragma unroll
    for (int j = 0; j < 2 * RANGE; j++) s += rows[j];
    #pragma unroll
    for (int r = 0; r < KROWS; r++) {
        s += rows[r + 2 * RANGE];
        int y = y0 + r;
        if (y < h) out[x + (size_t)w * y] = s * (k / (float)inCount(y, h));
        s -= rows[r];
    }
}

// ---------------------------------------------------------------------------------------------
// Beyond the guide, explicit SIMD: each work item owns VW adjacent interior columns (one floatVW)
// over a band of BAND rows. Per input row it loads 2*RANGE+1 shifted vectors for the horizontal sum,
// and keeps the vertical sum running down the band with a register ring of the last 2*RANGE+1 row
// sums (the ring loop is unrolled TAPS times so slots are constants). Running sums along y do not
// block SIMD here: the lanes are columns. The few columns that do not fill a vector are done by
// boxAvg1 with an offset. Global size: floor((w - 2*RANGE) / VW) x ceil(h / BAND).
#ifndef VW
#define VW 16
#endif
#ifndef BAND
#define BAND 64
#endif
#define GLUE_(a, b) a##b
#define GLUE(a, b) GLUE_(a, b)
#define VFLOAT GLUE(float, VW)
#define VLOAD GLUE(vload, VW)
#define VSTORE GLUE(vstore, VW)

inline VFLOAT rowSum(global const float *restrict in, int w, int h, int x, int y)
{
    if (y < 0 || y >= h) return (VFLOAT)(0.0f);
    global const float *p = in + (size_t)w * y + x;
    VFLOAT s = VLOAD(0, p - RANGE);
    #pragma unroll
    for (int dx = -RANGE + 1; dx <= RANGE; dx++) s += VLOAD(0, p + dx);
    return s;
}

// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: global.x * VW + 2 * RANGE <= w
// swiftcl-requires: global.y * BAND <= 2147483647
kernel void boxAvgVec(int w, int h, global const float *restrict in, global float *restrict out)
{
    int x = RANGE + (int)get_global_id(0) * VW;
    int y0 = (int)get_global_id(1) * BAND;
    int y1 = min(h, y0 + BAND);
    VFLOAT ring[TAPS];
    VFLOAT vs = (VFLOAT)(0.0f);
    #pragma unroll
    for (int k = 0; k < TAPS - 1; k++) {
        ring[k] = rowSum(in, w, h, x, y0 - RANGE + k);
        vs += ring[k];
    }
    ring[TAPS - 1] = (VFLOAT)(0.0f);
    const float kx = 1.0f / (float)TAPS;
    for (int y = y0; y < y1; y += TAPS) {
        #pragma unroll
        for (int k = 0; k < TAPS; k++) {
            int yc = y + k;
            if (yc < y1) {
                const int slot = (2 * RANGE + k) % TAPS;
                VFLOAT s = rowSum(in, w, h, x, yc + RANGE);
                vs += s - ring[slot];
                ring[slot] = s;
                VSTORE(vs * (kx / (float)inCount(yc, h)), 0, out + (size_t)w * yc + x);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Beyond the guide, at the memory bound on PoCL's CPU device: ROWS output rows per work item, the
// whole width, 16 columns at a time in float16 registers, nothing written but the output.
// - Vertical first: the ROWS + 2*RANGE input rows of a 16-column block are loaded once (rows outside
//   the image are zero) and the ROWS vertical sums come from one running sum.
// - Horizontal from registers: the sums of the blocks left and right of the current one are kept, and
//   the 2*RANGE shifted neighbours are lane shuffles of (left, current) and (current, right), not loads.
// - One multiply per pixel by 1 / (rows counted * TAPS); only the blocks touching the left or right
//   border scale per column.
// - With STREAM != 0 and a 64-byte-aligned output row, full blocks are written with non-temporal
//   stores (no read-for-ownership of the output, no cache pollution): on a large image this halves the
//   write traffic. The host asks for it only when the image does not fit in the caches.
// Any width and height; RANGE <= 16. Global size: ceil(h / ROWS) rounded up to the local size.
#ifndef ROWS
#define ROWS 4
#endif
#define ROW_SPAN (ROWS + 2 * RANGE)

#define LANES16(b) (b)+0, (b)+1, (b)+2, (b)+3, (b)+4, (b)+5, (b)+6, (b)+7, \
                   (b)+8, (b)+9, (b)+10, (b)+11, (b)+12, (b)+13, (b)+14, (b)+15
#if defined(__has_builtin)
#if __has_builtin(__builtin_shufflevector)
#define HAS_SHUFFLEVECTOR 1
#endif
#if __has_builtin(__builtin_nontemporal_store)
#define HAS_NONTEMPORAL_STORE 1
#endif
#endif
// Lanes i - s of (left, cur) and i + s of (cur, right), for 1 <= s <= 16.
#ifdef HAS_SHUFFLEVECTOR
#define SHIFTED_RIGHT(left, cur, s) __builtin_shufflevector(left, cur, LANES16(16 - (s)))
#define SHIFTED_LEFT(cur, right, s) __builtin_shufflevector(cur, right, LANES16(s))
#else
#define SHIFTED_RIGHT(left, cur, s) shuffle2(left, cur, (uint16)(LANES16(16 - (s))))
#define SHIFTED_LEFT(cur, right, s) shuffle2(cur, right, (uint16)(LANES16(s)))
#endif
#define TAP_PAIR(k) s += SHIFTED_RIGHT(left, cur, k) + SHIFTED_LEFT(cur, right, k);

// The horizontal box sum of the 16 lanes of `cur`, given the blocks beside it.
__attribute__((always_inline)) inline float16 horizontalSum(float16 left, float16 cur, float16 right)
{
    float16 s = cur;
#if RANGE >= 1
    TAP_PAIR(1)
#endif
#if RANGE >= 2
    TAP_PAIR(2)
#endif
#if RANGE >= 3
    TAP_PAIR(3)
#endif
#if RANGE >= 4
    TAP_PAIR(4)
#endif
#if RANGE >= 5
    TAP_PAIR(5)
#endif
#if RANGE >= 6
    TAP_PAIR(6)
#endif
#if RANGE >= 7
    TAP_PAIR(7)
#endif
#if RANGE >= 8
    TAP_PAIR(8)
#endif
#if RANGE >= 9
    TAP_PAIR(9)
#endif
#if RANGE >= 10
    TAP_PAIR(10)
#endif
#if RANGE >= 11
    TAP_PAIR(11)
#endif
#if RANGE >= 12
    TAP_PAIR(12)
#endif
#if RANGE >= 13
    TAP_PAIR(13)
#endif
#if RANGE >= 14
    TAP_PAIR(14)
#endif
#if RANGE >= 15
    TAP_PAIR(15)
#endif
#if RANGE >= 16
    TAP_PAIR(16)
#endif
    return s;
}

// Vertical sums of output rows y0 .. y0 + ROWS - 1 over the 16 columns from x (lanes at or beyond w,
// and rows outside the image, count as 0). `in` is not `restrict` here (the kernel's parameter is): inlining a
// restrict parameter made Oclgrind 21.10's optimiser emit llvm.experimental.noalias.scope.decl, which it cannot run.
__attribute__((always_inline)) inline void verticalSums(global const float *in, int w, int h, int x, int y0, float16 *sums)
{
    float16 rows[ROW_SPAN];
    if (x + 16 <= w) {
        #pragma unroll
        for (int t = 0; t < ROW_SPAN; t++) {
            int y = y0 - RANGE + t;
            rows[t] = (y >= 0 && y < h) ? vload16(0, in + (size_t)w * y + x) : (float16)(0.0f);
        }
    } else {
        #pragma unroll
        for (int t = 0; t < ROW_SPAN; t++) {
            int y = y0 - RANGE + t;
            float lanes[16];
            for (int i = 0; i < 16; i++) lanes[i] = (y >= 0 && y < h && x + i < w) ? in[(size_t)w * y + x + i] : 0.0f;
            rows[t] = vload16(0, lanes);
        }
    }
    float16 s = rows[0];
    #pragma unroll
    for (int t = 1; t < TAPS; t++) s += rows[t];
    sums[0] = s;
    #pragma unroll
    for (int j = 1; j < ROWS; j++) {
        s += rows[j + 2 * RANGE] - rows[j - 1];
        sums[j] = s;
    }
}

// swiftcl-requires: in.count >= w * h
// swiftcl-requires: out.count >= w * h
// swiftcl-requires: global.x * ROWS <= 2147483647
kernel void boxAvgRows(int w, int h, global const float *restrict in, global float *restrict out, int stream)
{
    int y0 = (int)get_global_id(0) * ROWS;
    if (y0 >= h) return;
    float scale[ROWS];
    #pragma unroll
    for (int j = 0; j < ROWS; j++) scale[j] = 1.0f / (float)(inCount(y0 + j, h) * TAPS);
    float16 left[ROWS], cur[ROWS], right[ROWS];
    #pragma unroll
    for (int j = 0; j < ROWS; j++) left[j] = (float16)(0.0f);
    verticalSums(in, w, h, 0, y0, cur);
    for (int x = 0; x < w; x += 16) {
        if (x + 16 < w) {
            verticalSums(in, w, h, x + 16, y0, right);
        } else {
            #pragma unroll
            for (int j = 0; j < ROWS; j++) right[j] = (float16)(0.0f);
        }
        bool interior = x >= RANGE && x + 16 + RANGE <= w;
        #pragma unroll
        for (int j = 0; j < ROWS; j++) {
            float16 s = horizontalSum(left[j], cur[j], right[j]);
            int y = y0 + j;
            if (y < h) {
                global float *o = out + (size_t)w * y + x;
                if (interior) {
#ifdef HAS_NONTEMPORAL_STORE
                    if (stream && ((size_t)o & 63) == 0) __builtin_nontemporal_store(s * scale[j], (global float16 *)o);
                    else
#endif
                    vstore16(s * scale[j], 0, o);
                } else {
                    for (int i = 0; i < 16 && x + i < w; i++) o[i] = s[i] * (scale[j] * (float)TAPS / (float)inCount(x + i, w));
                }
            }
            left[j] = cur[j];
            cur[j] = right[j];
        }
    }
}
