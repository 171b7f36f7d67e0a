// The memory-bandwidth yardstick of "Improving Performance" (Listing 11-3): one float read and one
// float written per work item, so its speed is the bound every other kernel is measured against.
kernel void copy(global const float *in, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = in[i];
}
