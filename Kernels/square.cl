// Listing 3-1 of the OpenCL Programming Guide for Mac: output[i] = input[i] * input[i].
// swiftcl-requires: input.count >= global.x
// swiftcl-requires: output.count >= global.x
kernel void square(global const float *input, global float *output)
{
    size_t i = get_global_id(0);
    output[i] = input[i] * input[i];
}
