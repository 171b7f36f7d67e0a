#ifndef SWIFTCL_CPNG_SHIM_H
#define SWIFTCL_CPNG_SHIM_H

// libpng (Debian libpng-dev), imported only inside SwiftCLImageIO (internal import). libpng reports errors by
// longjmp, which Swift cannot catch: these two functions do the whole decode and encode in C, between a setjmp and
// its return, and hand back either pixels or libpng's message.
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned char *data;   // decoded pixels (host byte order for 16-bit samples) or encoded PNG bytes; free with swiftcl_png_free
    size_t size;
    uint32_t width, height;
    int channels;          // 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA
    int bit_depth;         // 8 or 16
    char message[256];     // why it failed
} swiftcl_png_result;

typedef struct {
    const unsigned char *bytes;
    size_t count, offset;
} swiftcl_png_reader;

typedef struct {
    unsigned char *data;
    size_t size, capacity;
    int failed;
} swiftcl_png_writer;

static void swiftcl_png_error(png_structp png, png_const_charp message) {
    swiftcl_png_result *result = (swiftcl_png_result *)png_get_error_ptr(png);
    if (result) {
        strncpy(result->message, message ? message : "libpng error", sizeof(result->message) - 1);
        result->message[sizeof(result->message) - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void swiftcl_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static void swiftcl_png_read_bytes(png_structp png, png_bytep out, png_size_t count) {
    swiftcl_png_reader *reader = (swiftcl_png_reader *)png_get_io_ptr(png);
    if (reader->count - reader->offset < count) png_error(png, "the file ends early (truncated)");
    memcpy(out, reader->bytes + reader->offset, count);
    reader->offset += count;
}

static void swiftcl_png_write_bytes(png_structp png, png_bytep bytes, png_size_t count) {
    swiftcl_png_writer *writer = (swiftcl_png_writer *)png_get_io_ptr(png);
    if (writer->capacity - writer->size < count) {
        size_t capacity = writer->capacity ? writer->capacity : 4096;
        while (capacity - writer->size < count) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(writer->data, capacity);
        if (!grown) png_error(png, "out of memory");
        writer->data = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->data + writer->size, bytes, count);
    writer->size += count;
}

static void swiftcl_png_flush(png_structp png) { (void)png; }

/// PNG stores 16-bit samples big-endian; on a little-endian host libpng swaps them to and from host order.
static void swiftcl_png_host_order(png_structp png) {
    const unsigned one = 1;
    if (*(const unsigned char *)&one == 1) png_set_swap(png);
}

static inline void swiftcl_png_free(swiftcl_png_result *result) {
    free(result->data);
    result->data = NULL;
}

/// Decodes a PNG: palettes and 1/2/4-bit gray are expanded to 8 bits, transparency chunks to an alpha channel;
/// 8- and 16-bit samples keep their values. Returns 1, or 0 with `message` set.
static inline int swiftcl_png_decode(const unsigned char *bytes, size_t count, uint32_t max_pixels, swiftcl_png_result *result) {
    memset(result, 0, sizeof *result);
    if (count < 8 || png_sig_cmp(bytes, 0, 8) != 0) {
        strcpy(result->message, "not a PNG file (no PNG signature)");
        return 0;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, result, swiftcl_png_error, swiftcl_png_warning);
    if (!png) { strcpy(result->message, "out of memory"); return 0; }
    png_infop info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    unsigned char *volatile data = NULL;
    swiftcl_png_reader reader = { bytes, count, 0 };
    if (!info || setjmp(png_jmpbuf(png))) {
        free(rows);
        free(data);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        if (!result->message[0]) strcpy(result->message, "out of memory");
        return 0;
    }
    png_set_read_fn(png, &reader, swiftcl_png_read_bytes);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if ((uint64_t)width * height > max_pixels) png_error(png, "the image has more pixels than allowed");
    int color = png_get_color_type(png, info);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && png_get_bit_depth(png, info) < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (png_get_bit_depth(png, info) == 16) swiftcl_png_host_order(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    int channels = png_get_channels(png, info), depth = png_get_bit_depth(png, info);
    size_t row_bytes = png_get_rowbytes(png, info);
    if (row_bytes != (size_t)width * channels * (depth / 8)) png_error(png, "unexpected row layout");
    data = (unsigned char *)malloc(row_bytes * height ? row_bytes * height : 1);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!data || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = data + (size_t)y * row_bytes;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    result->data = data;
    result->size = row_bytes * height;
    result->width = width;
    result->height = height;
    result->channels = channels;
    result->bit_depth = depth;
    return 1;
}

/// Encodes tightly packed pixels (16-bit samples in host byte order) as a PNG in memory. Returns 1 with the PNG
/// bytes in `data`/`size`, or 0 with `message` set.
static inline int swiftcl_png_encode(const unsigned char *pixels, uint32_t width, uint32_t height, int channels,
                                     int bit_depth, swiftcl_png_result *result) {
    memset(result, 0, sizeof *result);
    static const int colors[5] = { 0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGBA };
    if (channels < 1 || channels > 4 || (bit_depth != 8 && bit_depth != 16) || width == 0 || height == 0) {
        strcpy(result->message, "unsupported layout");
        return 0;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, result, swiftcl_png_error, swiftcl_png_warning);
    if (!png) { strcpy(result->message, "out of memory"); return 0; }
    png_infop info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    swiftcl_png_writer writer = { NULL, 0, 0, 0 };
    swiftcl_png_writer *volatile output = &writer;
    if (!info || setjmp(png_jmpbuf(png))) {
        free(rows);
        free(output->data);
        png_destroy_write_struct(&png, info ? &info : NULL);
        if (!result->message[0]) strcpy(result->message, "out of memory");
        return 0;
    }
    png_set_write_fn(png, &writer, swiftcl_png_write_bytes, swiftcl_png_flush);
    png_set_IHDR(png, info, width, height, bit_depth, colors[channels], PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    if (bit_depth == 16) swiftcl_png_host_order(png);
    size_t row_bytes = (size_t)width * channels * (bit_depth / 8);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
    if (!rows) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(pixels + (size_t)y * row_bytes);
    png_write_image(png, rows);
    png_write_end(png, NULL);
    free(rows);
    png_destroy_write_struct(&png, &info);
    result->data = writer.data;
    result->size = writer.size;
    result->width = width;
    result->height = height;
    result->channels = channels;
    result->bit_depth = bit_depth;
    return 1;
}

#endif
