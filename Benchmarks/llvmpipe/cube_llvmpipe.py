#!/usr/bin/env python3
"""Renders a scene exported by `parallax-bench` with Mesa's llvmpipe (software OpenGL through EGL) and prints
median timings as one JSON line, so the benchmark can quote both renderers from one run.

Usage: cube_llvmpipe.py SCENE.json [--repetitions N] [--frame OUT.rgba]

SCENE.json: {"width": W, "height": H, "background": [r, g, b, a],
             "triangles": [[texture, x0, y0, z0, w0, u0, v0, x1, ..., v2], ...],   # clip space, OpenGL depth
             "textures": [{"width": w, "height": h, "rgba": "file with w*h*4 bytes, row 0 = top"}, ...]}

The scene is drawn the way the reference rasterizer draws it: clip-space vertices as given, perspective-correct
u, v, bilinear filtering (GL_LINEAR, no mipmaps) with clamp-to-edge, depth test LESS against a buffer cleared
to 1, RGBA8 colour. Timed per repetition: clear + draw + glFinish ("render"), then glReadPixels of the RGBA8
frame into host memory ("readback"). --frame writes the last frame top row first (as parallax renders it).
"""
import argparse
import json
import os
import statistics
import sys
import time

os.environ.setdefault("LIBGL_ALWAYS_SOFTWARE", "1")
os.environ.setdefault("EGL_PLATFORM", "surfaceless")

import moderngl  # noqa: E402  (after the environment is set)
import numpy as np  # noqa: E402

VERTEX_SHADER = """
#version 330
in vec4 clip;
in vec2 uv;
out vec2 texcoord;
void main() { gl_Position = clip; texcoord = uv; }
"""

FRAGMENT_SHADER = """
#version 330
uniform sampler2D image;
in vec2 texcoord;
out vec4 color;
void main() { color = texture(image, texcoord); }
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scene")
    parser.add_argument("--repetitions", type=int, default=9)
    parser.add_argument("--frame", help="write the last frame here as raw RGBA, row 0 = top")
    arguments = parser.parse_args()
    with open(arguments.scene) as file:
        scene = json.load(file)
    directory = os.path.dirname(os.path.abspath(arguments.scene))
    width, height = scene["width"], scene["height"]

    context = moderngl.create_context(standalone=True, backend="egl")
    program = context.program(vertex_shader=VERTEX_SHADER, fragment_shader=FRAGMENT_SHADER)
    textures = []
    for entry in scene["textures"]:
        with open(os.path.join(directory, entry["rgba"]), "rb") as file:
            texels = file.read()
        texture = context.texture((entry["width"], entry["height"]), 4, texels)
        texture.filter = (moderngl.LINEAR, moderngl.LINEAR)
        texture.repeat_x = texture.repeat_y = False  # clamp to edge
        textures.append(texture)
    # One vertex array per texture (the cube room: two triangles per face).
    batches = []
    for index, texture in enumerate(textures):
        rows = [t[1:] for t in scene["triangles"] if t[0] == index]
        if not rows:
            continue
        vertices = np.array(rows, dtype="f4").reshape(-1, 6)
        buffer = context.buffer(vertices.tobytes())
        batches.append((texture, context.vertex_array(program, [(buffer, "4f 2f", "clip", "uv")])))

    colour = context.renderbuffer((width, height), 4)
    depth = context.depth_renderbuffer((width, height))
    framebuffer = context.framebuffer(color_attachments=[colour], depth_attachment=depth)
    framebuffer.use()
    context.enable(moderngl.DEPTH_TEST)
    context.depth_func = "<"
    background = [c / 255 for c in scene.get("background", [0, 0, 0, 255])]

    def render() -> None:
        framebuffer.clear(*background, depth=1.0)
        for texture, array in batches:
            texture.use(0)
            array.render(moderngl.TRIANGLES)
        context.finish()

    render()  # warm-up: shader compilation, first allocation
    pixels = framebuffer.read(components=4)
    render_times, readback_times = [], []
    for _ in range(arguments.repetitions):
        start = time.perf_counter()
        render()
        middle = time.perf_counter()
        pixels = framebuffer.read(components=4)
        end = time.perf_counter()
        render_times.append(middle - start)
        readback_times.append(end - middle)
    if arguments.frame:
        rows = np.frombuffer(pixels, dtype=np.uint8).reshape(height, width, 4)[::-1]
        with open(arguments.frame, "wb") as file:
            file.write(rows.tobytes())
    totals = [r + b for r, b in zip(render_times, readback_times)]
    print(json.dumps({
        "renderer": context.info["GL_RENDERER"],
        "repetitions": arguments.repetitions,
        "render_median_s": statistics.median(render_times),
        "readback_median_s": statistics.median(readback_times),
        "total_median_s": statistics.median(totals),
        "total_min_s": min(totals),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
