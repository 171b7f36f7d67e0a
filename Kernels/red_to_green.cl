// Listing 6-6 of the OpenCL Programming Guide for Mac: swap the red and green channels of an RGBA
// image with integer channels, reading through a program-scope sampler.
const sampler_t sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

// swiftcl-requires: input.width >= global.x
// swiftcl-requires: input.height >= global.y
// swiftcl-requires: output.width >= global.x
// swiftcl-requires: output.height >= global.y
kernel void red_to_green(read_only image2d_t input, write_only image2d_t output)
{
    int2 position = (int2)((int)get_global_id(0), (int)get_global_id(1));
    uint4 pixel = read_imageui(input, sampler, position);
    write_imageui(output, position, pixel.yxzw);
}
