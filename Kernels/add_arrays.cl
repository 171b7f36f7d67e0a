// Listings 8-1 and 8-3: c = a + b. Launch offsets split the work across queues.
// swiftcl-requires: a.count >= global.x
// swiftcl-requires: b.count >= global.x
// swiftcl-requires: c.count >= global.x
kernel void add_arrays(global const float *a, global const float *b, global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
