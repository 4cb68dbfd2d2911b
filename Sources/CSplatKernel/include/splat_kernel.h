#ifndef PARALLAX_SPLAT_KERNEL_H
#define PARALLAX_SPLAT_KERNEL_H
// The `metalsplatter` tile rasterizer's inner loops (Splatting's SplatRenderer.rasterMetal), in C so that they
// run eight pixels at a time with hardware float16 conversion (x86-64: AVX2 + F16C, chosen at run time; any
// other CPU: the same code, portable). Every rounding is an exact IEEE float32 or float16 operation in a fixed
// order, with no fused multiply-add, so every CPU gives the same bits.
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One splat after projection, in pixel-index units (pixel i's centre is at i).
typedef struct {
    float mx, my;
    /// inria: conic (a, b, c) of the inverse covariance. metalsplatter: the quad's inverse axes, ρ = (q0·dx + q1·dy, q2·dx + q3·dy).
    float q0, q1, q2, q3;
    float opacity;
    float r, g, b;
    /// Pixel-space half extents of the region where the splat can contribute.
    float ex, ey;
    /// Tile rectangle [tx0, tx1) × [ty0, ty1).
    int32_t tx0, tx1, ty0, ty1;
} pxsplat_projected;

/// A tile's pixels: columns x0..<x1, rows y0..<y1 (at most 16 × 16).
typedef struct {
    int32_t x0, y0, x1, y1;
} pxsplat_tile;

/// Side of the colour planes: pixel (x, y) of the tile is at (y − y0)·16 + (x − x0).
#define PXSPLAT_TILE_SIDE 16
/// exp(−½·m) for every float16 m from +0 to 9, indexed by m's float16 bit pattern (0 … 0x4880).
#define PXSPLAT_GAUSSIAN_ENTRIES 0x4881

/// Blends one tile as MetalSplatter does, back to front over `entries` (indices into `splats`, in blend order:
/// the farthest first). `red`, `green`, `blue` hold the start values on entry (16 × 16 each) and the blended
/// values on return. `gaussian` has PXSPLAT_GAUSSIAN_ENTRIES values. `half_precision`: float16 ρ, |ρ|², α and
/// blend steps (else float32, α = o·expf(−½|ρ|²)). `stop_below` > 0: a front-to-back walk first finds, per pixel,
/// the splat from which on the remaining transmittance Π|keep| falls under it, and the blend starts there; 0
/// blends every fragment.
void pxsplat_metal_tile(pxsplat_tile tile, const uint32_t *entries, size_t count, const pxsplat_projected *splats,
                        const float *gaussian, int half_precision, float stop_below, float *red, float *green, float *blue);

/// The same kernel compiled for the baseline target, whatever the CPU has (`pxsplat_metal_tile` calls it where the
/// CPU lacks AVX2 or F16C): for tests, which check that both give the same bits.
void pxsplat_metal_tile_portable(pxsplat_tile tile, const uint32_t *entries, size_t count, const pxsplat_projected *splats,
                                 const float *gaussian, int half_precision, float stop_below, float *red, float *green, float *blue);

#ifdef __cplusplus
}
#endif
#endif
