#include "png_support.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Error handling: libpng reports errors through png_error → our handler, which records the text and
// longjmps back to the setjmp in the C function that called into libpng. Nothing crosses into Swift.
typedef struct {
    char message[PXPNG_MESSAGE_CAPACITY];
} pxpng_error_state;

static void pxpng_error(png_structp png, png_const_charp text) {
    pxpng_error_state *state = (pxpng_error_state *)png_get_error_ptr(png);
    if (state) snprintf(state->message, sizeof state->message, "%s", text ? text : "libpng error");
    png_longjmp(png, 1);
}

static void pxpng_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;  // warnings (e.g. unknown ancillary chunks) do not stop decoding
}

static void set_message(char *message, const char *text) {
    if (message) snprintf(message, PXPNG_MESSAGE_CAPACITY, "%s", text);
}

struct pxpng_reader {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t offset;
    pxpng_error_state error;
};

static void pxpng_read_memory(png_structp png, png_bytep out, png_size_t count) {
    pxpng_reader *reader = (pxpng_reader *)png_get_io_ptr(png);
    if (count > reader->size - reader->offset) {
        png_error(png, "truncated data (file ends inside a chunk)");
    }
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
}

void pxpng_reader_free(pxpng_reader *reader) {
    if (!reader) return;
    png_destroy_read_struct(&reader->png, &reader->info, NULL);
    free(reader);
}

int pxpng_reader_begin(const uint8_t *data, size_t size, pxpng_reader **out,
                       uint32_t *width, uint32_t *height, char *message) {
    *out = NULL;
    if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        set_message(message, "not a PNG file (bad signature)");
        return 1;
    }
    pxpng_reader *reader = (pxpng_reader *)calloc(1, sizeof *reader);
    if (!reader) {
        set_message(message, "out of memory");
        return 1;
    }
    reader->data = data;
    reader->size = size;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader->error, pxpng_error, pxpng_warning);
    if (!reader->png) {
        free(reader);
        set_message(message, "cannot create libpng read struct");
        return 1;
    }
    reader->info = png_create_info_struct(reader->png);
    if (!reader->info) {
        pxpng_reader_free(reader);
        set_message(message, "cannot create libpng info struct");
        return 1;
    }
    if (setjmp(png_jmpbuf(reader->png))) {
        set_message(message, reader->error.message);
        pxpng_reader_free(reader);
        return 1;
    }
    png_set_read_fn(reader->png, reader, pxpng_read_memory);
    png_set_user_limits(reader->png, 65535, 65535);
    png_read_info(reader->png, reader->info);
    *width = png_get_image_width(reader->png, reader->info);
    *height = png_get_image_height(reader->png, reader->info);
    if ((uint64_t)*width * (uint64_t)*height > PXPNG_MAX_PIXELS) {
        snprintf(message, PXPNG_MESSAGE_CAPACITY, "image %ux%u exceeds the limit of %llu pixels",
                 (unsigned)*width, (unsigned)*height, (unsigned long long)PXPNG_MAX_PIXELS);
        pxpng_reader_free(reader);
        return 1;
    }
    *out = reader;
    return 0;
}

int pxpng_reader_decode_rgba8(pxpng_reader *reader, uint8_t *pixels, size_t stride, char *message) {
    png_structp png = reader->png;
    png_infop info = reader->info;
    uint32_t height = png_get_image_height(png, info);
    png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) {
        set_message(message, "out of memory");
        return 1;
    }
    for (uint32_t y = 0; y < height; y++) rows[y] = pixels + (size_t)y * stride;
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        set_message(message, reader->error.message);
        return 1;
    }
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (has_trns) png_set_tRNS_to_alpha(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !has_trns) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)png_get_image_width(png, info) * 4) {
        png_error(png, "unexpected row size after conversion to RGBA8");
    }
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    return 0;
}

typedef struct {
    uint8_t *bytes;
    size_t size;
    size_t capacity;
} pxpng_buffer;

static void pxpng_write_memory(png_structp png, png_bytep data, png_size_t count) {
    pxpng_buffer *buffer = (pxpng_buffer *)png_get_io_ptr(png);
    if (buffer->size + count > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < buffer->size + count) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(buffer->bytes, capacity);
        if (!grown) png_error(png, "out of memory while encoding");
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->size, data, count);
    buffer->size += count;
}

static void pxpng_flush(png_structp png) { (void)png; }

int pxpng_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                       int channels, int level, int filters,
                       uint8_t **output, size_t *output_size, char *message) {
    *output = NULL;
    *output_size = 0;
    if (channels != 3 && channels != 4) {
        set_message(message, "channels must be 3 (RGB) or 4 (RGBA)");
        return 1;
    }
    if (width == 0 || height == 0) {
        set_message(message, "cannot encode an empty image");
        return 1;
    }
    pxpng_error_state error = {{0}};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error, pxpng_error, pxpng_warning);
    if (!png) {
        set_message(message, "cannot create libpng write struct");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        set_message(message, "cannot create libpng info struct");
        return 1;
    }
    // Volatile: modified between setjmp and a possible longjmp.
    pxpng_buffer *volatile buffer = (pxpng_buffer *)calloc(1, sizeof(pxpng_buffer));
    png_bytep *volatile rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        if (buffer) free(buffer->bytes);
        free(buffer);
        free(rows);
        set_message(message, error.message);
        return 1;
    }
    if (!buffer || !rows) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(pixels + (size_t)y * stride);
    png_set_write_fn(png, buffer, pxpng_write_memory, pxpng_flush);
    png_set_compression_level(png, level);
    if (filters) png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_set_IHDR(png, info, width, height, 8, channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    if (channels == 3) png_set_filler(png, 0, PNG_FILLER_AFTER);  // input rows carry a 4th byte to drop
    png_write_image(png, rows);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(rows);
    *output = buffer->bytes;
    *output_size = buffer->size;
    free(buffer);
    return 0;
}
