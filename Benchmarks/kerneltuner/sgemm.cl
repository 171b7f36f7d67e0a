// A tiled SGEMM for the tuner comparison: C (M x N) = A (M x K) * B (K x N), row-major.
// A work-group of TS x BY items computes a TS x TS tile of C; each item WPT rows of it, BY apart
// (TS == BY * WPT). The K dimension goes through local memory TS at a time; PAD columns of padding.
// Any M, N, K (tiles are zero-filled past the edges). Parameters: TS, BY, WPT, PAD.
kernel void sgemm(const int M, const int N, const int K, global const float *A, global const float *B, global float *C)
{
    local float As[TS][TS + PAD], Bs[TS][TS + PAD];
    const int col = get_local_id(0), row = get_local_id(1);
    const int tileRow = get_group_id(1) * TS, globalCol = get_group_id(0) * TS + col;
    float acc[WPT];
    for (int w = 0; w < WPT; w++) acc[w] = 0.0f;
    for (int t = 0; t < K; t += TS) {
        for (int w = 0; w < WPT; w++) {
            const int r = row + w * BY;
            const int ar = tileRow + r, ac = t + col, br = t + r;
            As[r][col] = (ar < M && ac < K) ? A[ar * K + ac] : 0.0f;
            Bs[r][col] = (br < K && globalCol < N) ? B[br * N + globalCol] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; k++) {
            const float b = Bs[k][col];
            for (int w = 0; w < WPT; w++) acc[w] += As[row + w * BY][k] * b;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < WPT; w++) {
        const int r = tileRow + row + w * BY;
        if (r < M && globalCol < N) C[r * N + globalCol] = acc[w];
    }
}
