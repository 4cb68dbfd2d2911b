#!/usr/bin/env python3
"""Writes the fuzz seed corpora: Tests/Fixtures/fuzz/<target>/seed-*.

Small valid inputs of every format and variant (hand-made, standard library only, deterministic), from which
libFuzzer starts (`make fuzz`), and which `FuzzCorpusTests` replays. Run from the repository root:
    python3 Tests/Fixtures/fuzz/make_seeds.py
Inputs the fuzzer found (crash-*, kept next to the seeds) are not touched.
"""
import gzip
import math
import os
import struct
import zlib

ROOT = os.path.dirname(os.path.abspath(__file__))


def write(target, name, data):
    directory = os.path.join(ROOT, target)
    os.makedirs(directory, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(directory, "seed-" + name), "wb") as f:
        f.write(data)


def deterministic_gzip(data):
    return gzip.compress(data, compresslevel=9, mtime=0)


# --- trace CSV --------------------------------------------------------------------------------------------
def traces():
    rows = [(i / 60, 0.01 * math.sin(i / 5), 0.005 * math.cos(i / 7), 0.35 + 0.001 * i) for i in range(12)]
    plain = "t,x,y,z\n" + "".join(f"{t:.6f},{x:.6f},{y:.6f},{z:.6f}\n" for t, x, y, z in rows)
    write("trace-csv", "minimal.csv", plain)
    full = "# source: fuzz seed\n# rate: 60\nt,x,y,z,tracked,true_x,true_y,true_z\n" + "".join(
        f"{t},{x},{y},{z},{1 if i % 5 else 0},{x},{y},{z}\n" for i, (t, x, y, z) in enumerate(rows))
    write("trace-csv", "tracked-truth.csv", full)
    reordered = "z,y,x,t,tracked,note\n" + "".join(f"{z},{y},{x},{t},true,n{i}\n" for i, (t, x, y, z) in enumerate(rows))
    write("trace-csv", "reordered-extra-column.csv", reordered)
    write("trace-csv", "crlf-blank-lines.csv", plain.replace("\n", "\r\n").replace("t,x,y,z\r\n", "t,x,y,z\r\n\r\n"))
    write("trace-csv", "exponents.csv", "t,x,y,z\n0,1e-3,-2.5E-4,3.5e-1\n0.0166,1.0e-3,-2.4e-4,0.35\n")


# --- TUM / EuRoC trajectories ----------------------------------------------------------------------------------
def trajectories():
    rows = [(1305031098.6659 + i / 100, 1.3 + 0.01 * math.sin(i / 3), 0.6 + 0.01 * math.cos(i / 4), 1.6 + 0.002 * i,
             math.cos(i / 20), 0.0, math.sin(i / 20), 0.0) for i in range(12)]
    tum = "# ground truth trajectory\n# timestamp tx ty tz qx qy qz qw\n" + "".join(
        f"{t:.4f} {x:.4f} {y:.4f} {z:.4f} {qx:.4f} {qy:.4f} {qz:.4f} {qw:.4f}\n" for t, x, y, z, qw, qx, qy, qz in rows)
    write("trajectory", "tum.txt", tum)
    write("trajectory", "tum-tabs-crlf.txt", tum.replace(" ", "\t").replace("#\t", "# ").replace("\n", "\r\n"))
    euroc = "#timestamp [ns],p_RS_R_x [m],p_RS_R_y [m],p_RS_R_z [m],q_RS_w [],q_RS_x [],q_RS_y [],q_RS_z [],v_RS_R_x [m s^-1]\n" + "".join(
        f"{1403715524907143168 + i * 5000000},{x:.6f},{y:.6f},{z:.6f},{qw:.6f},{qx:.6f},{qy:.6f},{qz:.6f},{0.001 * i:.6f}\n"
        for i, (t, x, y, z, qw, qx, qy, qz) in enumerate(rows))
    write("trajectory", "euroc.csv", euroc)


# --- splat scenes -------------------------------------------------------------------------------------------
SPLATS = [  # position, log σ, rotation (w x y z), opacity logit, f_dc
    ((0.0, 0.0, -0.5), (-4.0, -4.5, -5.0), (1.0, 0.0, 0.0, 0.0), 2.0, (1.0, 0.2, -0.5)),
    ((0.05, -0.02, -0.6), (-3.5, -3.5, -6.0), (0.9, 0.1, 0.3, -0.2), 0.5, (-0.3, 0.8, 0.1)),
    ((-0.04, 0.03, -0.4), (-5.0, -4.0, -4.0), (0.5, 0.5, 0.5, 0.5), -1.0, (0.0, 0.0, 1.2)),
]
NAMES_3DGS = ["x", "y", "z", "f_dc_0", "f_dc_1", "f_dc_2", "opacity", "scale_0", "scale_1", "scale_2",
              "rot_0", "rot_1", "rot_2", "rot_3"]


def splat_values(s, rest=0):
    p, ls, q, o, dc = s
    return list(p) + list(dc) + [0.1 * k for k in range(rest)] + [o] + list(ls) + list(q)


def ply_header(fmt, count, names, pre="", types=None):
    props = "".join(f"property {(types or {}).get(n, 'float')} {n}\n" for n in names)
    return f"ply\nformat {fmt} 1.0\ncomment fuzz seed\n{pre}element vertex {count}\n{props}end_header\n"


def plys():
    write("ply", "ascii.ply", ply_header("ascii", 3, NAMES_3DGS) +
          "".join(" ".join(f"{v:g}" for v in splat_values(s)) + "\n" for s in SPLATS))
    for fmt, endian in (("binary_little_endian", "<"), ("binary_big_endian", ">")):
        body = b"".join(struct.pack(endian + "14f", *splat_values(s)) for s in SPLATS)
        write("ply", f"{fmt}.ply", ply_header(fmt, 3, NAMES_3DGS).encode() + body)
    rest = [f"f_rest_{k}" for k in range(9)]
    names = NAMES_3DGS[:6] + rest + NAMES_3DGS[6:]
    body = b"".join(struct.pack("<23f", *splat_values(s, rest=9)) for s in SPLATS)
    write("ply", "sh-degree-1.ply", ply_header("binary_little_endian", 3, names).encode() + body)
    cloud = ["x", "y", "z", "nx", "ny", "nz", "red", "green", "blue"]
    types = {"red": "uchar", "green": "uchar", "blue": "uchar", "nx": "double", "ny": "double", "nz": "double"}
    body = b"".join(struct.pack("<3f3d3B", *s[0], 0, 0, 1, 200, 100, 50) for s in SPLATS)
    write("ply", "point-cloud.ply", ply_header("binary_little_endian", 3, cloud, types=types).encode() + body)
    pre = "element camera 1\nproperty float fx\nproperty uchar id\n"
    body = struct.pack("<fB", 500.0, 7) + b"".join(struct.pack("<14f", *splat_values(s)) for s in SPLATS)
    write("ply", "element-before-vertex.ply", ply_header("binary_little_endian", 3, NAMES_3DGS, pre=pre).encode() + body)
    pre = "element face 1\nproperty list uchar int vertex_indices\n"
    write("ply", "ascii-face-first.ply", ply_header("ascii", 1, NAMES_3DGS, pre=pre) + "3 0 1 2\n" +
          " ".join(f"{v:g}" for v in splat_values(SPLATS[0])) + "\n")


def splats():
    def record(s):
        p, ls, q, o, dc = s
        sigma = [math.exp(v) for v in ls]
        rgba = [max(0, min(255, round((0.5 + 0.28209479177387814 * f) * 255))) for f in dc]
        rgba.append(round(255 / (1 + math.exp(-o))))
        norm = math.sqrt(sum(c * c for c in q))
        quat = [max(0, min(255, round(c / norm * 128 + 128))) for c in q]
        return struct.pack("<6f8B", *p, *sigma, *rgba, *quat)
    write("splat", "three.splat", b"".join(record(s) for s in SPLATS))
    write("splat", "one.splat", record(SPLATS[1]))
    # σ = 0 on one axis (accepted: drawn as the 0.3 px² dilation) and an opaque, axis-aligned splat.
    flat = ((0.0, 0.01, -0.3), (-4.0, -4.0, -1000.0), (1.0, 0.0, 0.0, 0.0), 9.0, (0.5, 0.5, 0.5))
    write("splat", "flat-opaque.splat", record(flat))


def spzs():
    def spz(version, degree, fractional_bits=12):
        n = len(SPLATS)
        out = struct.pack("<IIIBBBB", 0x5053474E, version, n, degree, fractional_bits, 0, 0)
        for p, *_ in SPLATS:  # positions (RUB: y and z negated from the scene's RDF)
            rub = (p[0], -p[1], -p[2])
            if version == 1:
                out += struct.pack("<3e", *rub)
            else:
                for c in rub:
                    fixed = round(c * (1 << fractional_bits)) & 0xFFFFFF
                    out += struct.pack("<I", fixed)[:3]
        out += bytes(round(255 / (1 + math.exp(-s[3]))) for s in SPLATS)
        out += bytes(max(0, min(255, round((0.15 * f + 0.5) * 255))) for s in SPLATS for f in s[4])
        out += bytes(max(0, min(255, round((v + 10) * 16))) for s in SPLATS for v in s[1])
        for s in SPLATS:
            w, x, y, z = s[2]
            norm = math.sqrt(w * w + x * x + y * y + z * z)
            w, x, y, z = w / norm, x / norm, -y / norm, -z / norm  # RDF → RUB
            if w < 0:
                w, x, y, z = -w, -x, -y, -z
            if version == 3:
                q = [x, y, z, w]
                largest = max(range(4), key=lambda i: abs(q[i]))
                if q[largest] < 0:
                    q = [-c for c in q]
                comp = largest
                for i in range(4):
                    if i == largest:
                        continue
                    magnitude = round(abs(q[i]) / math.sqrt(0.5) * 511)
                    comp = (comp << 10) | ((1 if q[i] < 0 else 0) << 9) | min(511, magnitude)
                out += struct.pack("<I", comp)
            else:
                out += bytes(max(0, min(255, round((c + 1) * 127.5))) for c in (x, y, z))
        per = 3 * ((degree + 1) ** 2 - 1)
        out += bytes((128 + 7 * k) % 256 for k in range(per * n))
        return deterministic_gzip(out)
    write("spz", "v1.spz", spz(1, 0))
    write("spz", "v2.spz", spz(2, 0))
    write("spz", "v2-degree-1.spz", spz(2, 1))
    write("spz", "v3.spz", spz(3, 0))
    write("spz", "v3-degree-2.spz", spz(3, 2, fractional_bits=16))


# --- PNG ------------------------------------------------------------------------------------------------------
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, color_type, bit_depth, pixel, interlace=False, extra=b""):
    """pixel(x, y) → the sample bytes of one pixel; filter type 0 on every scanline."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    bits_per_pixel = channels * bit_depth

    def scanlines(xs, ys):
        raw = b""
        for y in ys:
            row = bytearray()
            if bit_depth < 8:
                acc, nbits = 0, 0
                for x in xs:
                    acc = (acc << bit_depth) | pixel(x, y)[0]
                    nbits += bit_depth
                    if nbits == 8:
                        row.append(acc); acc, nbits = 0, 0
                if nbits:
                    row.append(acc << (8 - nbits))
            else:
                for x in xs:
                    row += pixel(x, y)
            raw += b"\x00" + bytes(row)
        return raw

    if interlace:
        passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        raw = b""
        for x0, y0, dx, dy in passes:
            xs, ys = list(range(x0, width, dx)), list(range(y0, height, dy))
            if xs and ys:
                raw += scanlines(xs, ys)
    else:
        raw = scanlines(range(width), range(height))
    del bits_per_pixel
    header = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 1 if interlace else 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def pngs():
    write("png", "rgba8.png", png(5, 4, 6, 8, lambda x, y: bytes((40 * x, 50 * y, 99, 200))))
    write("png", "rgb8.png", png(3, 3, 2, 8, lambda x, y: bytes((x * 80, y * 80, 7))))
    write("png", "gray8.png", png(4, 2, 0, 8, lambda x, y: bytes((x * 60 + y,))))
    write("png", "gray-alpha8.png", png(2, 3, 4, 8, lambda x, y: bytes((x * 100, 255 - y * 50))))
    write("png", "rgb16.png", png(2, 2, 2, 16, lambda x, y: struct.pack(">3H", x * 30000, y * 30000, 1234)))
    write("png", "gray2.png", png(5, 3, 0, 2, lambda x, y: bytes(((x + y) % 4,))))
    palette = chunk(b"PLTE", bytes((255, 0, 0, 0, 255, 0, 0, 0, 255, 250, 250, 250)))
    write("png", "palette.png", png(4, 4, 3, 8, lambda x, y: bytes(((x + y) % 4,)), extra=palette))
    write("png", "palette-trns-4bit.png", png(7, 3, 3, 4, lambda x, y: bytes(((x * y) % 4,)),
                                              extra=palette + chunk(b"tRNS", bytes((255, 128, 0)))))
    write("png", "interlaced-rgba.png", png(9, 9, 6, 8, lambda x, y: bytes((x * 28, y * 28, (x ^ y) * 16, 255)), interlace=True))
    write("png", "interlaced-palette.png", png(10, 3, 3, 8, lambda x, y: bytes(((x + 2 * y) % 4,)), interlace=True, extra=palette))
    write("png", "1x1.png", png(1, 1, 6, 8, lambda x, y: bytes((1, 2, 3, 4))))


# --- suites ---------------------------------------------------------------------------------------------------
def suites():
    # Files the fuzz entry point puts beside the suite: trace.csv, lean.yml, scene.splat, back.png.
    write("suite", "minimal.yml", "name: minimal\ntraces: [trace.csv]\nsmoothers: [\"ema:alpha=0.25\"]\n")
    write("suite", "every-key.yml", """\
name: every key
output: Reports/fuzz
goldens: Goldens
traces:
  - trace.csv
  - {name: recorded, file: trace.csv}
  - {name: lean, spec: lean.yml}
smoothers:
  - "ema:alpha=0.25"
  - "one-euro:mincutoff=1,beta=10|predict:horizon=0.03"
  - kalman-cv
screens: [iphone-15-pro, "0.065x0.141@1170x2532"]
movement_scales: [1.0, 1.5]
budgets:
  - {metric: lag_ms, max: 60, traces: [trace], smoothers: ["ema:alpha=0.25"]}
  - {metric: filter_lag_ms, max: 40}
  - {metric: stationary_jitter_mm, max: 1.0}
  - {metric: visible_jitter_px, max: 3.0}
  - {metric: parallax_error_p95_px, max: 80}
  - {metric: parallax_error_rms_px, max: 50}
  - {metric: exaggeration_p95_px, max: 90}
  - {metric: latency_p95_ms, min: 1}
numbers: {golden: numbers/fuzz, absolute: 1.0e-9, relative: 1.0e-6}
frames:
  - name: cube
    scene: {cube: screen}
    head: [0, 0, 0.35]
    scale: 0.25
    samples: 2
  - name: room
    scene: {cube: "0.3,0.3,0.3", textures: {back: back.png}}
    trace: trace
    smoother: "ema:alpha=0.25"
    at: [0.05]
    scale: 0.5
    tolerance: {max-channel-diff: 2, max-over-fraction: 0.0005, min-ssim: 0.98}
  - name: splat
    scene: {splat: scene.splat, mode: metalsplatter, view: translate, fit: true, scale: 0.8, flip_y: true}
    screen: iphone-15-pro
    movement_scale: 1.0
    heads: [[0.08, 0.02, 0.35], [0, 0, 0.3]]
    scale: 0.25
tune:
  smoother: "ema:alpha=0.05...0.95/0.05"
  movement_scale: "0.5...3.0/0.25"
  screen: iphone-15-pro
  traces: [trace]
  objective: "visible_jitter_px+0.01*lag_ms"
  constraints: ["lag_ms<=40"]
""")
    write("suite", "anchors.yml", "name: anchors\nsmoothers: &s [\"ema:alpha=0.25\"]\ntraces: [trace.csv]\n"
                                   "frames:\n  - &f {name: a, scene: {cube: app-cube}, head: [0, 0, 0.3]}\n"
                                   "  - {name: b, scene: {cube: app-portrait}, head: [0.01, 0, 0.3]}\n")
    write("suite", "flow.yml", '{name: flow, traces: [trace.csv], smoothers: ["kalman-cv"], screens: [iphone-15-pro]}\n')


# --- command-line specs ---------------------------------------------------------------------------------------
def specs():
    for i, text in enumerate(["ema:alpha=0.25", "one-euro:mincutoff=1,beta=10,dcutoff=1", "kalman-cv", "desp",
                              "one-euro:mincutoff=1,beta=10|predict:horizon=0.03", "none", "ema-time:tau=0.05"]):
        write("smoother-spec", f"{i}.txt", text)
    for i, text in enumerate(["max-channel-diff=2,min-ssim=0.98", "{max-channel-diff: 0, max-over-pixels: 0}",
                              "max-over-fraction=0.0005,min-ssim-local=0.9,min-psnr=40"]):
        write("tolerance-spec", f"{i}.txt", text)
    for i, text in enumerate(["0.05...0.95/0.01", "1.5", "0.5...3.0/0.1", "ema:alpha=0.05...0.95/0.05",
                              "one-euro:mincutoff=0.25...2/0.25,beta=0...40/5"]):
        write("range", f"{i}.txt", text)
    for i, text in enumerate(["iphone-15-pro", "iPhone17,1", "iPhone 16 Pro", "app-table:iPhone17,1", "0.065x0.141",
                              "0.065x0.141@1170x2532"]):
        write("screen-spec", f"{i}.txt", text)


# --- renderers (structured input; the layouts are in Sources/FuzzEntryPoints) ------------------------------------
def renderers():
    def f(*values):
        return struct.pack(f"<{len(values)}f", *values)

    def projection_camera(head, zmin=0.1):
        return (f(0.0715, 0.1496, 1.5, 0.001, 10.0) + (b"\x00" + f(zmin) if zmin is not None else b"\x01")
                + b"\x00\x00" + f(*head))

    def splat_input(mode, view_splat, head, splats, fit=False, zmin=0.1):
        out = bytes((mode, 1)) + struct.pack("<II", 31, 47) + b"\x00" + bytes((view_splat,)) + projection_camera(head, zmin)
        out += bytes((len(splats),))
        for field in range(5):
            for p, ls, q, o, dc in splats:
                out += {0: f(*p), 1: f(*[math.exp(v) for v in ls]), 2: f(*q), 3: f(1 / (1 + math.exp(-o))), 4: f(*dc)}[field]
        return out + bytes((1 if fit else 0,)) + f(1.0) + f(0, 0, 0) + f(0, 0, 0) + b"\x00\x02\x01"
    write("splat-renderer", "inria.bin", splat_input(0, 1, (0.02, 0.01, 0.35), SPLATS))
    write("splat-renderer", "metalsplatter.bin", splat_input(1, 1, (0.1, 0.0, 0.35), SPLATS))
    write("splat-renderer", "translate-fit.bin", splat_input(0, 0, (0.0, 0.0, 0.3), SPLATS[:1], fit=True))
    write("splat-renderer", "no-clamp.bin", splat_input(1, 0, (0.0, 0.0, 0.2), SPLATS[1:], zmin=None))
    # The scene: zero quaternion and log-scale 80 (σ = e^80), straight to the renderer.
    huge = [((0.0, 0.0, -0.5), (80.0, 80.0, 80.0), (0.0, 0.0, 0.0, 0.0), 5.0, (1.0, 1.0, 1.0))]
    write("splat-renderer", "huge-zero-quaternion.bin", splat_input(0, 0, (0.0, 0.0, 0.35), huge))
    explicit = bytes((0, 1)) + struct.pack("<II", 15, 15) + b"\x01" + f(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.35, 0, 0, 0, 1)
    explicit += f(2, 0, 0, 0, 0, 2, 0, 0, 0, 0, -1.0002, -0.0020002, 0, 0, -1, 0) + b"\x00" + bytes((1,))
    explicit += f(0, 0, -0.5) + f(0.01, 0.01, 0.01) + f(1, 0, 0, 0) + f(0.9) + f(1, 0, 0)
    write("splat-renderer", "explicit-matrices.bin", explicit + b"\x00" + f(1.0) + f(0, 0, 0) + f(0, 0, 0) + b"\x00\x00\x00")

    def cube_input(room, texture, samples, head, matrix=None):
        out = f(*room)
        if texture:
            out += b"\x01\x00" + struct.pack("<II", 1, 1) + bytes(range(0, 96, 6))
        else:
            out += b"\x00"
        out += bytes((1, 0, samples, 1, 0, 10, 20, 30, 0)) + struct.pack("<II", 39, 23)
        if matrix:
            return out + b"\x01" + f(*matrix)
        return out + b"\x00" + projection_camera(head)
    write("cube-renderer", "app-cube.bin", cube_input((0.3, 0.3, 0.3), False, 0, (0.02, 0.01, 0.35)))
    write("cube-renderer", "textured-4x.bin", cube_input((0.0715, 0.1496, 0.1496), True, 2, (-0.05, 0.03, 0.3)))
    write("cube-renderer", "matrix.bin", cube_input((0.3, 0.3, 0.3), False, 1, None,
                                                   matrix=(2, 0, 0, 0, 0, 2, 0, 0, 0, 0, -1.0002, -0.35, 0, 0, -1, 0.35)))


def device_recordings():
    """ParallaxRecorder CSVs at 20 Hz: the phone turning ±30° about x (0–1 s) then y (1–2 s) with the head still,
    then the head moving up, down, left, right from 3.5 s — decided under gravity and under camera (every step of
    `arkit-frame` and the trace) — and one where the phone never turns (undecided: refused by `import`)."""
    header = ("# parallax-recorder 1\n# device_model: iPhone16,1\n# system_version: 17.4\n# world_alignment: gravity\n"
              "t,tracked,face_x,face_y,face_z,face_qw,face_qx,face_qy,face_qz,camera_x,camera_y,camera_z,camera_qw,camera_qx,camera_qy,camera_qz,"
              "attitude_t,attitude_qw,attitude_qx,attitude_qy,attitude_qz\n")

    def rotate(axis, angle, v):  # Rodrigues about the x (0) or y (1) axis
        c, s = math.cos(angle), math.sin(angle)
        x, y, z = v
        return (x, c * y - s * z, s * y + c * z) if axis == 0 else (c * x + s * z, y, -s * x + c * z)

    for name, truth in (("gravity.csv", "gravity"), ("camera.csv", "camera"), ("still.csv", "still")):
        rows = []
        for k in range(240):
            t = k / 20
            axis, angle = (0 if t < 1 else 1), (math.radians(30) * math.sin(2 * math.pi * t) if truth != "still" and t < 2 else 0.0)
            head = [0.0, 0.0, 0.35]
            if 3.5 <= t < 11.5:
                block, local = int((t - 3.5) / 2), (t - 3.5) % 2
                if local < 1:
                    head[[1, 1, 0, 0][block]] += [0.1, -0.1, -0.1, 0.1][block] * math.sin(math.pi * local) ** 2
            face = rotate(axis, -angle, head) if truth == "camera" else tuple(head)
            # The attitude: upright (90° about x in CoreMotion's z-up frame) times the phone's turn.
            h, a = math.pi / 4, angle / 2
            if axis == 0:
                q = (math.cos(h + a), math.sin(h + a), 0.0, 0.0)
            else:  # (cos h, sin h, 0, 0) · (cos a, 0, sin a, 0)
                q = (math.cos(h) * math.cos(a), math.sin(h) * math.cos(a), math.cos(h) * math.sin(a), math.sin(h) * math.sin(a))
            rows.append("%.6f,%d,%.6f,%.6f,%.6f,1,0,0,0,0,0,0,1,0,0,0,%.6f,%.7f,%.7f,%.7f,%.7f" % (
                100 + t, 0 if k == 20 else 1, face[0], face[1], -face[2], 100 + t, q[0], q[1], q[2], q[3]))
        write("device-recording", name, header + "\n".join(rows) + "\n")


def device_probes():
    """Device probes (`device-check`), small: 8 s of 4 Hz streams (rates that differ from 60 Hz), the face lost for a
    second, 3 Euler samples and 3 attitude pairs (too few: both orders undecided, their residuals still computed). Under the defaults; under every alternative
    (didUpdate first, removed while lost, the renderer elsewhere, Rz·Ry·Rx, a⊗b⁻¹); and with zero angles and no loss."""
    def rx(a): return [[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]]
    def ry(a): return [[math.cos(a), 0, math.sin(a)], [0, 1, 0], [-math.sin(a), 0, math.cos(a)]]
    def rz(a): return [[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]]
    def mul(a, b): return [[sum(a[r][k] * b[k][c] for k in range(3)) for c in range(3)] for r in range(3)]
    def hamilton(p, q):
        return [p[0] * q[0] - p[1] * q[1] - p[2] * q[2] - p[3] * q[3], p[0] * q[1] + p[1] * q[0] + p[2] * q[3] - p[3] * q[2],
                p[0] * q[2] - p[1] * q[3] + p[2] * q[0] + p[3] * q[1], p[0] * q[3] + p[1] * q[2] - p[2] * q[1] + p[3] * q[0]]

    def probe(first="didAdd", loss="frozen", thread="main", order="xyz", product="b-1a", angles=None):
        calls = []
        removed = False
        for k in range(32):
            t = k / 4
            if k == 0:
                calls.append((t, first, True))
            elif loss != "none" and 3 <= t < 4:
                if loss == "frozen":
                    calls.append((t, "didUpdate", False))
                elif not removed:
                    calls.append((t, "didRemove", False))
                    removed = True
            else:
                calls.append((t, "didAdd" if removed else "didUpdate", True))
                removed = False
        euler = []
        for e in (angles or [(0.3, -0.5, 0.8), (-0.9, 0.4, 0.2), (0.6, 0.7, -1.1)]):
            m = mul(rx(e[0]), mul(ry(e[1]), rz(e[2]))) if order == "xyz" else mul(rz(e[2]), mul(ry(e[1]), rx(e[0])))
            columns = [m[r][c] if r < 3 and c < 3 else (1.0 if r == c else 0.0) for c in range(4) for r in range(4)]
            euler.append('{"euler": [%s], "matrix": [%s]}' % (", ".join("%r" % v for v in e), ", ".join("%.7g" % v for v in columns)))
        pairs = []
        for k in range(3):
            a = [math.cos(0.2 + 0.1 * k), math.sin(0.2 + 0.1 * k), 0.0, 0.0]
            b = [math.cos(0.3), 0.0, math.sin(0.3), 0.0]
            b_inverse = [b[0], -b[1], -b[2], -b[3]]
            p = hamilton(b_inverse, a) if product == "b-1a" else hamilton(a, b_inverse)
            pairs.append('{"a": [%s], "b": [%s], "product": [%s]}' % tuple(", ".join("%r" % v for v in q) for q in (a, b, p)))
        stamps = lambda phase: "[" + ", ".join("%r" % (100 + phase + k / 4) for k in range(32)) + "]"
        return ('{"probe": 1, "device_model": "iPhone16,1", "system_version": "18.1",\n "delegate_calls": [%s],\n'
                ' "arkit_timestamps": %s,\n "motion_timestamps": %s,\n "render_timestamps": %s,\n'
                ' "motion_requested_interval": 0.0166667, "render_thread": "%s",\n "euler_samples": [%s],\n "attitude_samples": [%s]}\n') % (
            ", ".join('{"t": %r, "call": "%s", "tracked": %s}' % (t, call, "true" if tracked else "false") for t, call, tracked in calls),
            stamps(0.002), stamps(0.005), stamps(0.009), thread, ", ".join(euler), ", ".join(pairs))

    write("device-probe", "defaults.json", probe())
    write("device-probe", "alternatives.json", probe(first="didUpdate", loss="removed", thread="other", order="zyx", product="ab-1"))
    write("device-probe", "uninformative.json", probe(loss="none", angles=[(0.0, 0.0, 0.0), (0.5, 0.0, 0.7), (0.0, 0.2, 0.0)]))


if __name__ == "__main__":
    traces(); trajectories(); plys(); splats(); spzs(); pngs(); suites(); specs(); renderers(); device_recordings(); device_probes()
