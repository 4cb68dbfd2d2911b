// The kernel is compiled twice from metal_tile_body.h: for AVX2 + F16C (x86-64, used when the CPU has both) and
// for the baseline target. Both are the same IEEE operations in the same order, so they give the same bits.
#include "splat_kernel.h"
#include <math.h>
#include <stdlib.h>

#pragma clang fp contract(off)
// The helpers pass eight-float vectors by value; they are static, so no outside ABI depends on how.
#pragma clang diagnostic ignored "-Wpsabi"

/// Eight fragments of one tile row found by the front-to-back walk: α (−1 where the lane has none), the splat's
/// place in the tile's list, the row's first pixel.
typedef struct {
    float alpha[8];
    uint32_t entry, pixel;
} pxsplat_row;

/// A growing list of rows; `failed` once memory ran out (the blend then computes α itself).
typedef struct {
    pxsplat_row *items;
    size_t count, capacity;
    int failed;
} pxsplat_rows;

static int pxsplat_rows_grow(pxsplat_rows *rows) {
    size_t capacity = rows->capacity ? 2 * rows->capacity : 1024;
    pxsplat_row *items = realloc(rows->items, capacity * sizeof *items);
    if (!items) return 0;
    rows->items = items;
    rows->capacity = capacity;
    return 1;
}

#if defined(__x86_64__)
#define PXSPLAT_SUFFIX(name) name##_avx2
#pragma clang attribute push(__attribute__((target("avx2,f16c"))), apply_to = function)
#include "metal_tile_body.h"
#pragma clang attribute pop
#undef PXSPLAT_SUFFIX
#endif

#define PXSPLAT_SUFFIX(name) name##_portable
#include "metal_tile_body.h"
#undef PXSPLAT_SUFFIX

void pxsplat_metal_tile(pxsplat_tile tile, const uint32_t *entries, size_t count, const pxsplat_projected *splats,
                        const float *gaussian, int half_precision, float stop_below, float *red, float *green, float *blue) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c")) {
        metal_tile_avx2(tile, entries, count, splats, gaussian, half_precision, stop_below, red, green, blue);
        return;
    }
#endif
    metal_tile_portable(tile, entries, count, splats, gaussian, half_precision, stop_below, red, green, blue);
}

void pxsplat_metal_tile_portable(pxsplat_tile tile, const uint32_t *entries, size_t count, const pxsplat_projected *splats,
                                 const float *gaussian, int half_precision, float stop_below, float *red, float *green, float *blue) {
    metal_tile_portable(tile, entries, count, splats, gaussian, half_precision, stop_below, red, green, blue);
}
