// One work-item per pixel (the 2-D shape every box variant competes with).
kernel void copyPixels(global const float *in, global float *out) {
    size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
    out[i] = in[i];
}
kernel void fillPixels(global const float *in, global float *out) {
    size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
    out[i] = 1.0f;
}
