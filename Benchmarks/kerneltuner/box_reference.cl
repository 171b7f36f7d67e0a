// The reference for the box family: the average of the (2 RANGE + 1)^2 neighbourhood's pixels inside the image,
// one work-item per pixel (the arguments of boxAvgRows).
#ifndef RANGE
#define RANGE 2
#endif
kernel void box_reference(int w, int h, global const float *in, global float *out, int stream)
{
    const int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h) return;
    float sum = 0.0f;
    int count = 0;
    for (int dy = -RANGE; dy <= RANGE; dy++)
        for (int dx = -RANGE; dx <= RANGE; dx++)
            if (y + dy >= 0 && y + dy < h && x + dx >= 0 && x + dx < w) { sum += in[(y + dy) * w + x + dx]; count++; }
    out[y * w + x] = sum / (float)count;
}
