// The reference for sgemm.cl: one work-item per element of C, a plain dot product.
kernel void sgemm_naive(const int M, const int N, const int K, global const float *A, global const float *B, global float *C)
{
    const int j = get_global_id(0), i = get_global_id(1);
    if (i >= M || j >= N) return;
    float acc = 0.0f;
    for (int k = 0; k < K; k++) acc += A[i * K + k] * B[k * N + j];
    C[i * N + j] = acc;
}
