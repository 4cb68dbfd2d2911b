#ifndef PARALLAX_PNG_SUPPORT_H
#define PARALLAX_PNG_SUPPORT_H
// libpng read/write guarded by setjmp (Swift cannot call setjmp): every function returns 0 on success, or
// non-zero with a one-line reason in `message` (libpng's own error text where it has one). No function
// aborts or longjmps into Swift.
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PXPNG_MESSAGE_CAPACITY 256
/// Largest image decoded (pixels): 2^27 (512 MiB as RGBA8); larger headers are rejected before allocating.
#define PXPNG_MAX_PIXELS (1ULL << 27)

typedef struct pxpng_reader pxpng_reader;

/// Starts decoding a PNG held in memory (the bytes must stay alive until pxpng_reader_free). On success
/// *reader is set and width/height hold the image size; on failure *reader is NULL.
int pxpng_reader_begin(const uint8_t *data, size_t size, pxpng_reader **reader,
                       uint32_t *width, uint32_t *height, char *message);

/// Decodes every pixel as 8-bit RGBA, row 0 = top, rows `stride` bytes apart (>= width * 4):
/// 16-bit samples are scaled (v * 255 / 65535, rounded), gray is replicated, palette and tRNS expanded,
/// missing alpha = 255, interlacing resolved. No gamma conversion: stored values are kept.
int pxpng_reader_decode_rgba8(pxpng_reader *reader, uint8_t *pixels, size_t stride, char *message);

void pxpng_reader_free(pxpng_reader *reader);

/// Encodes 8-bit RGBA pixels (row 0 = top, `stride` bytes per row) as a PNG in memory.
/// channels: 4 writes RGBA8, 3 writes RGB8 (alpha dropped). level: zlib level 0...9. filters: a
/// PNG_FILTER_* mask (0 = libpng's default choice). On success *output is malloc'ed (free with free()).
int pxpng_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                       int channels, int level, int filters,
                       uint8_t **output, size_t *output_size, char *message);

#ifdef __cplusplus
}
#endif
#endif
