#!/usr/bin/env python3
"""An independent numpy reference for `parallax render splat --mode metalsplatter`.

MetalSplatter 1.0.1 (scier/MetalSplatter @ 71ff248) as the app runs it, written from its shader source
(MetalSplatter/Resources/SplatProcessing.metal: splatVertex, calcCovariance2D, decomposeCovariance,
splatFragmentAlpha; ShaderCommon.h: kBoundsRadius = 3, SH_C0; MultiStageRenderPath.metal: the image block
starts at 0 and every fragment blends previous·(1 − α) + colour·α in half; Sources/EncodedSplatPoint.swift:
the SH DC term, opacity and the 3D covariance stored as half; SplatRenderer.swift: focal = size·P/2,
tan½fov = 1/P, sort by squared distance to the camera) and the project's README, not from the Swift renderer.

    metalsplatter_reference.py SCENE.splat CAMERA.json [--flip-y] -o OUT.png [--rgba OUT.rgba]

SCENE.splat: 32-byte records (position 3×f32, linear scale 3×f32, RGBA 4×u8, rotation 4×u8 w x y z as
(q − 128)/128). CAMERA.json: {"width", "height", "projection", "view", "clip"} as `parallax project --json`
writes it (row-major nested arrays acting on column vectors). --flip-y: model matrix diag(1, −1, −1, 1).

Per splat (vectorised over all splats): world p = M·x, eye t = V·p; dropped when t.z ≥ 0, clip z outside
[0, w] or the centre outside ±1.2·w; Σ = R S Sᵀ Rᵀ rounded to half; EWA Σ₂ = T Σ Tᵀ (T = J·W) with the
Jacobian's tangents clamped to ±1.3/P00, ±1.3/P11 around the optical axis, + 0.3 px²; eigen split in float32
(λ = mean ± max(0.1, √(mean² − det)), e₁ = normalise(b, d − λ₂)); quad axes √λ·e rounded to half; colour
max(C0·dc + 0.5, 0)^2.2 in half; opacity in half. Order: back to front by squared distance to the eye, ties
by index. Per pixel (centre at i + ½, row 0 on top): ρ = M⁻¹·d rounded to half, |ρ|² in half, a fragment
where |ρ|² ≤ 9 with α = half(exp(−½|ρ|²)·o), blended in half from 0: c = half(half(c·half(1 − α)) +
half(col·α)). Stored round(clamp(c, 0, 1)·255), opaque (bgra8Unorm: no sRGB encoding).

The rasterization is vectorised over fragments: the image is cut into bands of rows; in each band every
(splat, pixel) candidate on each row's span of the splat's (slightly padded) 3σ ellipse is generated at once
and tested exactly, the fragments are grouped by pixel (a stable sort keeps the back-to-front order), and the
blend runs layer by layer: step k blends the k-th fragment of every pixel that has one, in half.
"""

import argparse
import json
import struct
import sys
import zlib

import numpy as np

SH_C0 = np.float32(0.28209479177387814)
H = np.float16
F = np.float32


def fail(message):
    print(f"metalsplatter_reference: {message}", file=sys.stderr)
    sys.exit(2)


def load_splat(path):
    try:
        raw = np.fromfile(path, dtype=np.uint8)
    except OSError as error:
        fail(f"{path}: cannot be read ({error.strerror})")
    if raw.size == 0 or raw.size % 32:
        fail(f"{path}: {raw.size} bytes is not a positive multiple of 32 (.splat records)")
    records = raw.reshape(-1, 32)
    floats = records[:, :24].copy().view("<f4").reshape(-1, 6)
    return floats[:, :3].astype(F), floats[:, 3:6].astype(F), records[:, 24:28], records[:, 28:32]


def load_camera(path):
    try:
        with open(path) as handle:
            camera = json.load(handle)
    except OSError as error:
        fail(f"{path}: cannot be read ({error.strerror})")
    except ValueError as error:
        fail(f"{path}: not JSON ({error})")
    if not isinstance(camera, dict):
        fail(f"{path}: expected an object {{\"width\", \"height\", \"projection\", \"view\", \"clip\"}}")
    for key in ("width", "height"):
        if not isinstance(camera.get(key), int) or camera[key] <= 0:
            fail(f"{path}: field {key}: expected a positive integer, found {camera.get(key)!r}")
    matrices = []
    for key in ("projection", "view"):
        try:
            matrix = np.array(camera.get(key), dtype=np.float64)
        except (TypeError, ValueError):
            matrix = None
        if matrix is None or matrix.shape != (4, 4) or not np.isfinite(matrix).all():
            fail(f"{path}: field {key}: expected 4 rows of 4 finite numbers")
        matrices.append(matrix)
    if np.linalg.matrix_rank(matrices[1]) < 4:
        fail(f"{path}: field view: expected an invertible matrix")
    return camera["width"], camera["height"], matrices[0], matrices[1]


def prepare(positions, scales, rgba, rotation, width, height, projection, view, model):
    """Every splat's screen-space quad, colour and sort key; returns the visible ones back to front."""
    n = positions.shape[0]
    # EncodedSplatPoint: rotation normalised, Σ = (R·S)(R·S)ᵀ in float, stored as half (covA, covB).
    q = (rotation.astype(F) - F(128)) / F(128)
    q = q / np.sqrt((q * q).sum(axis=1, keepdims=True))
    w, x, y, z = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    R = np.empty((n, 3, 3), dtype=F)
    R[:, 0, 0] = 1 - 2 * (y * y + z * z); R[:, 0, 1] = 2 * (x * y - w * z); R[:, 0, 2] = 2 * (x * z + w * y)
    R[:, 1, 0] = 2 * (x * y + w * z); R[:, 1, 1] = 1 - 2 * (x * x + z * z); R[:, 1, 2] = 2 * (y * z - w * x)
    R[:, 2, 0] = 2 * (x * z - w * y); R[:, 2, 1] = 2 * (y * z + w * x); R[:, 2, 2] = 1 - 2 * (x * x + y * y)
    RS = R * scales[:, None, :]
    sigma = np.einsum("nij,nkj->nik", RS, RS).astype(H).astype(F)
    # Colour: the .splat byte c is sRGB c/255 = 0.5 + C0·dc; dc is stored as half; the shader's SH0 fast path.
    dc = ((rgba[:, :3].astype(F) / F(255) - F(0.5)) / SH_C0).astype(H).astype(F)
    srgb = np.maximum(SH_C0 * dc + F(0.5), F(0)).astype(H)
    color = np.power(srgb.astype(F), F(2.2)).astype(H)                     # pow(half3, 2.2h)
    opacity = (rgba[:, 3].astype(F) / F(255)).astype(H)

    # The shader's viewMatrix is the app's view·model (float); positions are the file's.
    view_model = (view @ model).astype(F)
    proj = projection.astype(F)
    homogeneous = np.concatenate([positions, np.ones((n, 1), dtype=F)], axis=1)
    eye4 = homogeneous @ view_model.T
    clip = eye4 @ proj.T
    t = eye4[:, :3]
    cw = clip[:, 3]
    bound = F(1.2) * cw
    visible = ((t[:, 2] < 0) & (clip[:, 2] >= 0) & (clip[:, 2] <= cw)
               & (np.abs(clip[:, 0]) <= bound) & (np.abs(clip[:, 1]) <= bound))

    # calcCovariance2D with the uniforms focal = size·P/2, tan½fov = 1/P.
    fx = F(width) * proj[0, 0] / F(2); fy = F(height) * proj[1, 1] / F(2)
    lim_x = F(1.3) / proj[0, 0]; lim_y = F(1.3) / proj[1, 1]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        inv_z = F(1) / t[:, 2]
        tx = np.clip(t[:, 0] * inv_z, -lim_x, lim_x) * t[:, 2]
        ty = np.clip(t[:, 1] * inv_z, -lim_y, lim_y) * t[:, 2]
        J = np.zeros((n, 2, 3), dtype=F)
        J[:, 0, 0] = fx * inv_z; J[:, 0, 2] = -(fx * tx) * inv_z * inv_z
        J[:, 1, 1] = fy * inv_z; J[:, 1, 2] = -(fy * ty) * inv_z * inv_z
        T = J @ view_model[:3, :3]
        cov = np.einsum("nij,njk,nlk->nil", T, sigma, T)
        a = cov[:, 0, 0] + F(0.3); b = cov[:, 0, 1]; d = cov[:, 1, 1] + F(0.3)
        # decomposeCovariance (float).
        det = a * d - b * b
        mean = F(0.5) * (a + d)
        dist = np.maximum(F(0.1), np.sqrt(mean * mean - det))
        lambda1 = mean + dist; lambda2 = mean - dist
        ev = np.stack([b, d - lambda2], axis=1)
        ev = ev / np.sqrt((ev * ev).sum(axis=1, keepdims=True))
        diagonal = np.where((a > d)[:, None], np.array([1, 0], dtype=F), np.array([0, 1], dtype=F))
        ev = np.where((b == 0)[:, None], diagonal, ev)
        axis1 = (ev * np.sqrt(lambda1)[:, None]).astype(H).astype(F)
        axis2 = (np.stack([ev[:, 1], -ev[:, 0]], axis=1) * np.sqrt(lambda2)[:, None]).astype(H).astype(F)
        ndc_x = clip[:, 0] / cw; ndc_y = clip[:, 1] / cw
    visible &= np.isfinite(axis1).all(axis=1) & np.isfinite(axis2).all(axis=1)

    # Back to front by squared distance from the eye to the world position (float of the double sum).
    eye = np.linalg.inv(view)[:3, 3]
    world = positions.astype(np.float64) @ model[:3, :3].T + model[:3, 3]
    key = ((world - eye) ** 2).sum(axis=1).astype(F)
    index = np.nonzero(visible)[0]
    order = index[np.lexsort((index, -key[index]))]

    # Screen: pixel centre i + ½ ↔ NDC, row 0 on top; offsets d in pixels with y up (the quad's NDC axes).
    centre_u = ((ndc_x[order] + F(1)) * F(width) / F(2)).astype(F)
    centre_v = ((F(1) - ndc_y[order]) * F(height) / F(2)).astype(F)
    m = np.stack([axis1[order], axis2[order]], axis=2)                         # columns e₁√λ₁, e₂√λ₂
    det_m = m[:, 0, 0] * m[:, 1, 1] - m[:, 0, 1] * m[:, 1, 0]
    with np.errstate(divide="ignore", invalid="ignore"):
        inverse = np.stack([np.stack([m[:, 1, 1], -m[:, 0, 1]], axis=1),
                            np.stack([-m[:, 1, 0], m[:, 0, 0]], axis=1)], axis=1) / det_m[:, None, None]
    keep = np.isfinite(inverse).all(axis=(1, 2)) & (det_m != 0)
    return dict(u=centre_u[keep], v=centre_v[keep], inverse=inverse[keep].astype(F),
                color=color[order][keep], opacity=opacity[order][keep])


# Bounds of |ρ|² ≤ 9 padded for ρ's and |ρ|²'s half rounding (relative 2⁻¹¹; 9 + ½ ulp = 9.004): a superset of
# the pixels, each still tested exactly.
BOUND_SQUARED = 9.1


def rasterize(splats, width, height):
    """Blended half colour (height × width × 3). The image is cut into bands of at most 65,536 pixels (uint16
    pixel ids: numpy's stable sort is then a radix sort)."""
    out = np.zeros((height, width, 3), dtype=H)
    u, v, inverse = splats["u"], splats["v"], splats["inverse"].astype(np.float64)
    # The ellipse |M⁻¹·d|² ≤ r² is dᵀ·Q·d ≤ r², Q = M⁻ᵀM⁻¹; its rows: for offset dy (y up), dx solves
    # Q₀₀·dx² + 2·Q₀₁·dy·dx + Q₁₁·dy² − r² ≤ 0.
    q00 = inverse[:, 0, 0] ** 2 + inverse[:, 1, 0] ** 2
    q01 = inverse[:, 0, 0] * inverse[:, 0, 1] + inverse[:, 1, 0] * inverse[:, 1, 1]
    q11 = inverse[:, 0, 1] ** 2 + inverse[:, 1, 1] ** 2
    half_h = np.sqrt(BOUND_SQUARED * q00 / (q00 * q11 - q01 * q01))
    y0 = np.maximum(np.ceil(v - half_h - 0.5), 0).astype(np.int64)
    y1 = np.minimum(np.floor(v + half_h - 0.5), height - 1).astype(np.int64)
    live = np.nonzero(y1 >= y0)[0]
    opacity = splats["opacity"].astype(F)
    color = [np.ascontiguousarray(splats["color"][:, channel].astype(F)) for channel in range(3)]
    rows_per_band = max(1, 65536 // width)
    for top in range(0, height, rows_per_band):
        bottom = min(top + rows_per_band, height) - 1
        ids = live[(y0[live] <= bottom) & (y1[live] >= top)]                 # back to front
        if ids.size == 0:
            continue
        # One entry per (splat, row) with the row's span of pixel centres inside the padded ellipse.
        by0 = np.maximum(y0[ids], top)
        row_counts = np.minimum(y1[ids], bottom) - by0 + 1
        row_splat = np.repeat(ids, row_counts)
        row_y = np.arange(row_splat.size) - np.repeat(np.cumsum(row_counts) - row_counts, row_counts) + np.repeat(by0, row_counts)
        dy = v[row_splat].astype(np.float64) - (row_y + 0.5)
        a, b = q00[row_splat], q01[row_splat] * dy
        disc = b * b - a * (q11[row_splat] * dy * dy - BOUND_SQUARED)
        root = np.sqrt(np.maximum(disc, 0))
        centre = u[row_splat].astype(np.float64)
        x0 = np.maximum(np.ceil(centre + (-b - root) / a - 0.5), 0)
        x1 = np.minimum(np.floor(centre + (-b + root) / a - 0.5), width - 1)
        span = np.where(disc >= 0, x1 - x0 + 1, 0).clip(min=0).astype(np.int64)
        # One entry per fragment (splat, pixel), still back to front.
        total = int(span.sum())
        if total == 0:
            continue
        span_start = np.cumsum(span) - span
        px = np.arange(total) - np.repeat(span_start - x0.astype(np.int64), span)
        s = np.repeat(row_splat, span)
        dx = (px.astype(F) + F(0.5)) - u[s]
        dyf = np.repeat((v[row_splat] - (row_y.astype(F) + F(0.5))).astype(F), span)
        inv = splats["inverse"]
        rho_x = (inv[s, 0, 0] * dx + inv[s, 0, 1] * dyf).astype(H)
        rho_y = (inv[s, 1, 0] * dx + inv[s, 1, 1] * dyf).astype(H)
        rx = rho_x.astype(F); ry = rho_y.astype(F)
        r2 = (rx * rx + ry * ry).astype(H)
        inside = np.nonzero(r2 <= H(9))[0]
        s = s[inside]
        pixel = ((np.repeat(row_y - top, span)[inside]) * width + px[inside]).astype(np.uint16)
        r2 = r2[inside]
        # Layer-major order: layer k holds the k-th fragment (back to front) of every pixel with more than k,
        # pixels in order of decreasing depth, so that each layer is a prefix of the previous one: a slice.
        grouping = np.argsort(pixel, kind="stable")                            # by pixel, back to front inside
        pixel = pixel[grouping]
        band_pixels = (bottom - top + 1) * width
        depth = np.bincount(pixel, minlength=band_pixels)
        by_depth = np.argsort(-depth, kind="stable")
        rank = np.empty(band_pixels, dtype=np.int64); rank[by_depth] = np.arange(band_pixels)
        sorted_depth = depth[by_depth]
        layers = int(sorted_depth[0])
        layer_size = np.bincount(sorted_depth, minlength=layers + 1)[::-1].cumsum()[::-1][1:]   # pixels with depth > k
        layer_start = np.cumsum(layer_size) - layer_size
        first = np.cumsum(depth) - depth
        k = np.arange(pixel.size) - first[pixel]
        source = np.empty(pixel.size, dtype=np.int64)
        source[layer_start[k] + rank[pixel]] = grouping
        s = s[source]; r2 = r2[source]
        alpha = (np.exp(F(-0.5) * r2.astype(F)) * opacity[s]).astype(H)
        keep_alpha = H(1) - alpha                                              # half(1 − α), exact in half
        alpha = alpha.astype(F)
        band = np.empty((band_pixels, 3), dtype=H)
        for channel in range(3):
            premultiplied = (color[channel][s] * alpha).astype(H)              # half(col·α)
            c = np.zeros(band_pixels, dtype=H)
            for layer in range(layers):
                n, o = int(layer_size[layer]), int(layer_start[layer])
                head = c[:n]
                np.multiply(head, keep_alpha[o:o + n], out=head)               # half(c·half(1 − α))
                np.add(head, premultiplied[o:o + n], out=head)                  # half(… + half(col·α))
            band[by_depth, channel] = c
        out[top:bottom + 1] = band.reshape(bottom - top + 1, width, 3)
    return out


def encode_png(rgba):
    height, width, _ = rgba.shape
    rows = np.concatenate([np.zeros((height, 1), dtype=np.uint8), rgba.reshape(height, width * 4)], axis=1)

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows.tobytes(), 6))
            + chunk(b"IEND", b""))


def main():
    parser = argparse.ArgumentParser(description="numpy reference of MetalSplatter 1.0.1's splat frame")
    parser.add_argument("scene")
    parser.add_argument("camera")
    parser.add_argument("--flip-y", action="store_true")
    parser.add_argument("-o", "--output", required=True, help="PNG (RGBA, opaque)")
    arguments = parser.parse_args()
    width, height, projection, view = load_camera(arguments.camera)
    model = np.diag([1.0, -1.0, -1.0, 1.0]) if arguments.flip_y else np.eye(4)
    positions, scales, rgba, rotation = load_splat(arguments.scene)
    splats = prepare(positions, scales, rgba, rotation, width, height, projection, view, model)
    blended = rasterize(splats, width, height)
    stored = np.rint(np.clip(blended.astype(F), 0, 1) * F(255)).astype(np.uint8)
    image = np.concatenate([stored, np.full((height, width, 1), 255, dtype=np.uint8)], axis=2)
    with open(arguments.output, "wb") as handle:
        handle.write(encode_png(image))


if __name__ == "__main__":
    main()
