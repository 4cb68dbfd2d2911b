// Included by metal_tile.c once per target; PXSPLAT_SUFFIX names this copy's functions. Not a public header.
// Eight pixels of a tile row at a time (lanes beyond the tile or outside the pass's set are masked).

typedef float PXSPLAT_SUFFIX(f8) __attribute__((ext_vector_type(8)));
typedef int32_t PXSPLAT_SUFFIX(i8) __attribute__((ext_vector_type(8)));
typedef uint16_t PXSPLAT_SUFFIX(u16x8) __attribute__((ext_vector_type(8)));
typedef _Float16 PXSPLAT_SUFFIX(h8) __attribute__((ext_vector_type(8)));
#define f8 PXSPLAT_SUFFIX(f8)
#define i8 PXSPLAT_SUFFIX(i8)
#define u16x8 PXSPLAT_SUFFIX(u16x8)
#define h8 PXSPLAT_SUFFIX(h8)

/// Eight floats (or masks) from or to memory aligned only as floats.
static inline __attribute__((always_inline)) f8 PXSPLAT_SUFFIX(load)(const float *from) { f8 v; __builtin_memcpy(&v, from, sizeof v); return v; }
static inline __attribute__((always_inline)) i8 PXSPLAT_SUFFIX(load_int)(const int32_t *from) { i8 v; __builtin_memcpy(&v, from, sizeof v); return v; }
static inline __attribute__((always_inline)) void PXSPLAT_SUFFIX(store)(float *to, f8 v) { __builtin_memcpy(to, &v, sizeof v); }
static inline __attribute__((always_inline)) void PXSPLAT_SUFFIX(store_int)(int32_t *to, i8 v) { __builtin_memcpy(to, &v, sizeof v); }

/// ρ = (q0·dx + q1·dy, q2·dx + q3·dy) of splat `p` at eight pixels dx, dy, and whether any lane in `open` can be
/// inside the 3σ ellipse: beyond |ρ|² = 9.1 in float32 the float16 |ρ|² is above 9 too (four roundings of relative
/// 2⁻¹¹ move it by under 0.3 %), so such rows of eight are skipped before the float16 steps. NaN lanes stay in.
static inline __attribute__((always_inline)) int PXSPLAT_SUFFIX(rho)(const pxsplat_projected *p, f8 dx, float dy, i8 open, f8 *r1, f8 *r2) {
    *r1 = p->q0 * dx + p->q1 * dy;
    *r2 = p->q2 * dx + p->q3 * dy;
    f8 rough = *r1 * *r1 + *r2 * *r2;
    i8 near = open & ~(rough > 9.1f);
    return __builtin_reduce_or(near) != 0;
}

/// Whether any lane of a mask is set.
static inline int PXSPLAT_SUFFIX(any)(i8 mask) { return __builtin_reduce_or(mask) != 0; }

/// Round to float16 and back (round to nearest even; subnormals, ±∞ and NaN as the conversion gives them).
static inline __attribute__((always_inline)) f8 PXSPLAT_SUFFIX(half)(f8 v) { return __builtin_convertvector(__builtin_convertvector(v, h8), f8); }

/// Lanes where `mask` is all ones take `a`, the others `b`.
static inline __attribute__((always_inline)) f8 PXSPLAT_SUFFIX(choose)(i8 mask, f8 a, f8 b) { return (f8)((mask & (i8)a) | (~mask & (i8)b)); }

/// `v` clamped to lo…hi as an index, compared as a float first (NaN gives lo): Splatting's `pixelIndex`.
static inline __attribute__((always_inline)) int PXSPLAT_SUFFIX(pixel_index)(float v, int lo, int hi) {
    if (!(v > (float)lo)) return lo;
    if (!(v < (float)hi)) return hi;
    return (int)v;
}

/// The pixels of the tile that splat `p` can reach, columns xa..<xb and rows ya..<yb (Splatting's `span`); 0 if none.
static inline __attribute__((always_inline)) int PXSPLAT_SUFFIX(box)(const pxsplat_projected *p, pxsplat_tile tile,
                                                                     int *xa, int *xb, int *ya, int *yb) {
    *xa = PXSPLAT_SUFFIX(pixel_index)(floorf(p->mx - p->ex) - 1, tile.x0, tile.x1);
    *xb = PXSPLAT_SUFFIX(pixel_index)(ceilf(p->mx + p->ex) + 2, tile.x0, tile.x1);
    *ya = PXSPLAT_SUFFIX(pixel_index)(floorf(p->my - p->ey) - 1, tile.y0, tile.y1);
    *yb = PXSPLAT_SUFFIX(pixel_index)(ceilf(p->my + p->ey) + 2, tile.y0, tile.y1);
    return *xa < *xb && *ya < *yb;
}

/// The fragments' α of splat `p` at the eight pixels whose quad coordinates are ρ = (r1, r2): −1 outside the 3σ
/// ellipse (|ρ|² > 9), NaN stays NaN.
static inline __attribute__((always_inline)) f8 PXSPLAT_SUFFIX(alpha)(const pxsplat_projected *p, f8 r1, f8 r2, const float *gaussian, int half_precision) {
    f8 result;
    if (half_precision) {
        f8 a = PXSPLAT_SUFFIX(half)(r1), b = PXSPLAT_SUFFIX(half)(r2);
        h8 m = __builtin_convertvector(PXSPLAT_SUFFIX(half)(a * a) + PXSPLAT_SUFFIX(half)(b * b), h8);
        i8 index = __builtin_convertvector((u16x8)m, i8);
        // |ρ|² ≥ +0, so a pattern past 9's is above 9 (outside: any entry will do) or NaN (exp of NaN is NaN).
        i8 entry = __builtin_elementwise_min(index, (i8)(PXSPLAT_GAUSSIAN_ENTRIES - 1));
        f8 g;
        for (int lane = 0; lane < 8; lane++) g[lane] = gaussian[entry[lane]];
        g = PXSPLAT_SUFFIX(choose)(index > 0x7C00, (f8)NAN, g);
        result = PXSPLAT_SUFFIX(half)(g * p->opacity);
        i8 outside = __builtin_convertvector(m, f8) > 9.0f;
        return PXSPLAT_SUFFIX(choose)(outside, (f8)(-1.0f), result);
    }
    f8 rough = r1 * r1 + r2 * r2;
    for (int lane = 0; lane < 8; lane++) result[lane] = expf(-0.5f * rough[lane]) * p->opacity;
    return PXSPLAT_SUFFIX(choose)(rough > 9.0f, (f8)(-1.0f), result);
}

/// One blend step of splat `p` over the eight pixels at `red`, `green`, `blue`, in the lanes of `hit`.
static inline __attribute__((always_inline)) void PXSPLAT_SUFFIX(blend)(const pxsplat_projected *p, f8 alpha, i8 hit, int half_precision,
                                                                        float *red, float *green, float *blue) {
    f8 r = PXSPLAT_SUFFIX(load)(red), g = PXSPLAT_SUFFIX(load)(green), b = PXSPLAT_SUFFIX(load)(blue);
    if (half_precision) {
        f8 keep = PXSPLAT_SUFFIX(half)(1.0f - alpha);
        r = PXSPLAT_SUFFIX(choose)(hit, PXSPLAT_SUFFIX(half)(PXSPLAT_SUFFIX(half)(r * keep) + PXSPLAT_SUFFIX(half)(p->r * alpha)), r);
        g = PXSPLAT_SUFFIX(choose)(hit, PXSPLAT_SUFFIX(half)(PXSPLAT_SUFFIX(half)(g * keep) + PXSPLAT_SUFFIX(half)(p->g * alpha)), g);
        b = PXSPLAT_SUFFIX(choose)(hit, PXSPLAT_SUFFIX(half)(PXSPLAT_SUFFIX(half)(b * keep) + PXSPLAT_SUFFIX(half)(p->b * alpha)), b);
    } else {
        // min(1, α·c) as Swift's `min(1, v)` takes it (v < 1 ? v : 1), plus (1 − α)·colour.
        f8 keep = 1.0f - alpha, pr = p->r * alpha, pg = p->g * alpha, pb = p->b * alpha;
        r = PXSPLAT_SUFFIX(choose)(hit, PXSPLAT_SUFFIX(choose)(pr < 1.0f, pr, (f8)1.0f) + keep * r, r);
        g = PXSPLAT_SUFFIX(choose)(hit, PXSPLAT_SUFFIX(choose)(pg < 1.0f, pg, (f8)1.0f) + keep * g, g);
        b = PXSPLAT_SUFFIX(choose)(hit, PXSPLAT_SUFFIX(choose)(pb < 1.0f, pb, (f8)1.0f) + keep * b, b);
    }
    PXSPLAT_SUFFIX(store)(red, r);
    PXSPLAT_SUFFIX(store)(green, g);
    PXSPLAT_SUFFIX(store)(blue, b);
}

static void PXSPLAT_SUFFIX(metal_tile)(pxsplat_tile tile, const uint32_t *entries, size_t count, const pxsplat_projected *splats,
                                       const float *gaussian, int half_precision, float stop_below,
                                       float *red, float *green, float *blue) {
    enum { side = PXSPLAT_TILE_SIDE };
    const f8 lanes = {0, 1, 2, 3, 4, 5, 6, 7};
    // first[k]: the splat (in blend order) pixel k's blend starts at; remaining[k]: its transmittance, −1 once cut.
    int32_t first[side * side] __attribute__((aligned(32)));
    float remaining[side * side] __attribute__((aligned(32)));
    for (int k = 0; k < side * side; k++) { first[k] = 0; remaining[k] = 1; }
    size_t from = 0;
    // The walk's fragments, eight pixels a row, kept for the blend (which then reads them backwards instead of
    // computing every α again); without the walk, or if memory runs out, the blend computes them itself.
    pxsplat_rows rows = {0};
    if (stop_below > 0 && count > 1) {
        const int pixels = (tile.x1 - tile.x0) * (tile.y1 - tile.y0);
        int done = 0;
        for (size_t n = count; n-- > 0 && done < pixels;) {
            const pxsplat_projected *p = &splats[entries[n]];
            int xa, xb, ya, yb;
            if (!PXSPLAT_SUFFIX(box)(p, tile, &xa, &xb, &ya, &yb)) continue;
            for (int y = ya; y < yb; y++) {
                float dy = (float)y - p->my;
                for (int c = (xa - tile.x0) & ~7; c < xb - tile.x0; c += 8) {
                    int k = (y - tile.y0) * side + c;
                    f8 x = (float)(tile.x0 + c) + lanes;
                    f8 t = PXSPLAT_SUFFIX(load)(&remaining[k]);
                    i8 open = (x < (float)tile.x1) & ~(t < 0.0f);  // NaN stays open, as in the blend
                    if (!PXSPLAT_SUFFIX(any)(open)) continue;
                    f8 r1, r2;
                    if (!PXSPLAT_SUFFIX(rho)(p, x - p->mx, dy, open, &r1, &r2)) continue;
                    f8 alpha = PXSPLAT_SUFFIX(alpha)(p, r1, r2, gaussian, half_precision);
                    i8 hit = open & ~(alpha < 0.0f);
                    if (!PXSPLAT_SUFFIX(any)(hit)) continue;
                    if (rows.count == rows.capacity && !pxsplat_rows_grow(&rows)) rows.failed = 1;
                    if (!rows.failed) {
                        pxsplat_row *row = &rows.items[rows.count++];
                        PXSPLAT_SUFFIX(store)(row->alpha, PXSPLAT_SUFFIX(choose)(hit, alpha, (f8)(-1.0f)));
                        row->entry = (uint32_t)n;
                        row->pixel = (uint32_t)k;
                    }
                    f8 keep = half_precision ? PXSPLAT_SUFFIX(half)(1.0f - alpha) : 1.0f - alpha;
                    f8 next = t * __builtin_elementwise_abs(keep);
                    i8 cut = hit & (next < stop_below);
                    f8 updated = PXSPLAT_SUFFIX(choose)(hit, next, t);
                    PXSPLAT_SUFFIX(store)(&remaining[k], PXSPLAT_SUFFIX(choose)(cut, (f8)(-1.0f), updated));
                    i8 starts = PXSPLAT_SUFFIX(load_int)(&first[k]);
                    PXSPLAT_SUFFIX(store_int)(&first[k], (cut & (i8)(int32_t)n) | (~cut & starts));
                    for (int lane = 0; lane < 8; lane++) done += cut[lane] != 0;
                }
            }
        }
        // Splats below every pixel's first are never blended.
        if (done == pixels) {
            int32_t lowest = INT32_MAX;
            for (int y = tile.y0; y < tile.y1; y++)
                for (int x = tile.x0; x < tile.x1; x++) {
                    int32_t f = first[(y - tile.y0) * side + (x - tile.x0)];
                    if (f < lowest) lowest = f;
                }
            from = (size_t)lowest;
        }
    }
    // Back to front, each pixel from its first splat on: the app's blend.
    if (rows.items && !rows.failed) {
        for (size_t i = rows.count; i-- > 0;) {
            const pxsplat_row *row = &rows.items[i];
            const pxsplat_projected *p = &splats[entries[row->entry]];
            f8 alpha = PXSPLAT_SUFFIX(load)(row->alpha);
            PXSPLAT_SUFFIX(blend)(p, alpha, ~(alpha < 0.0f), half_precision, red + row->pixel, green + row->pixel, blue + row->pixel);
        }
        free(rows.items);
        return;
    }
    free(rows.items);
    for (size_t n = from; n < count; n++) {
        const pxsplat_projected *p = &splats[entries[n]];
        int xa, xb, ya, yb;
        if (!PXSPLAT_SUFFIX(box)(p, tile, &xa, &xb, &ya, &yb)) continue;
        for (int y = ya; y < yb; y++) {
            float dy = (float)y - p->my;
            for (int c = (xa - tile.x0) & ~7; c < xb - tile.x0; c += 8) {
                int k = (y - tile.y0) * side + c;
                f8 x = (float)(tile.x0 + c) + lanes;
                i8 open = (x < (float)tile.x1) & (PXSPLAT_SUFFIX(load_int)(&first[k]) <= (i8)(int32_t)n);
                if (!PXSPLAT_SUFFIX(any)(open)) continue;
                f8 r1, r2;
                if (!PXSPLAT_SUFFIX(rho)(p, x - p->mx, dy, open, &r1, &r2)) continue;
                f8 alpha = PXSPLAT_SUFFIX(alpha)(p, r1, r2, gaussian, half_precision);
                PXSPLAT_SUFFIX(blend)(p, alpha, open & ~(alpha < 0.0f), half_precision, red + k, green + k, blue + k);
            }
        }
    }
}

#undef f8
#undef i8
#undef u16x8
#undef h8
