// A tiled 2-D transpose for the tuner comparison: out (h wide, w tall) = transpose of in (w wide, h tall).
// A work-group of BX x BY items moves a square tile of BY x BY elements through local memory; each
// item moves VW consecutive elements of a row (BY == BX * VW), and PAD columns of padding keep the
// tile's column reads off one bank. Parameters: BX, BY, VW, PAD (from the tuner as -D or #define).
#define TILE BY
kernel void transpose(global const float *in, global float *out, const int w, const int h)
{
    local float tile[TILE][TILE + PAD];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int gx = get_group_id(0) * TILE, gy = get_group_id(1) * TILE;
    for (int v = 0; v < VW; v++) {
        const int x = gx + lx * VW + v, y = gy + ly;
        if (x < w && y < h) tile[ly][lx * VW + v] = in[y * w + x];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int v = 0; v < VW; v++) {
        const int ox = gy + lx * VW + v, oy = gx + ly;
        if (ox < h && oy < w) out[oy * h + ox] = tile[lx * VW + v][ly];
    }
}
