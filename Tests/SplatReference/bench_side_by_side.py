#!/usr/bin/env python3
"""`make bench-numpy`: the numpy reference (metalsplatter_reference.py) beside `parallax render splat` in both
modes on the real capture (plant.splat, --place none --flip-y) at full iPhone 15 Pro resolution 1179×2556, the
camera 1.8 m in front of it through a 60° vertical field of view (parallax-bench's "render splat plant explicit").
Wall-clock medians of 3 runs of each whole command: loading the scene and writing the PNG included (for the
renderer alone: `parallax-bench "render splat plant explicit"`).

    bench_side_by_side.py PARALLAX [--repetitions N] [--size WxH]
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(os.path.dirname(HERE))
PLANT = os.path.join(REPOSITORY, "Tests/Fixtures/scenes/plant/plant.splat")


def camera(width, height):
    f = 1 / math.tan(math.pi / 6)
    aspect, near, far = width / height, 0.01, 100.0
    return {"clip": "opengl", "width": width, "height": height,
            "projection": [[f / aspect, 0, 0, 0], [0, f, 0, 0],
                           [0, 0, (far + near) / (near - far), 2 * far * near / (near - far)], [0, 0, -1, 0]],
            "view": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -1.8], [0, 0, 0, 1]]}


def median_seconds(command, repetitions):
    times = []
    for _ in range(repetitions):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times), times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("parallax")
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--size", default="1179x2556")
    arguments = parser.parse_args()
    width, height = (int(v) for v in arguments.size.split("x"))
    with tempfile.TemporaryDirectory() as directory:
        camera_path = os.path.join(directory, "camera.json")
        with open(camera_path, "w") as handle:
            json.dump(camera(width, height), handle)
        common = [PLANT, "--place", "none", "--flip-y", "--camera", camera_path]
        runs = [
            ("numpy reference (metalsplatter semantics)",
             [sys.executable, os.path.join(HERE, "metalsplatter_reference.py"), PLANT, camera_path, "--flip-y",
              "-o", os.path.join(directory, "numpy.png")]),
            ("parallax render splat --mode metalsplatter",
             [arguments.parallax, "render", "splat"] + common + ["--mode", "metalsplatter", "-o", os.path.join(directory, "metal.png")]),
            ("parallax render splat --mode inria",
             [arguments.parallax, "render", "splat"] + common + ["--mode", "inria", "-o", os.path.join(directory, "inria.png")]),
        ]
        print(f"plant.splat at {width}×{height}, explicit camera; whole commands (load + render + PNG), "
              f"median of {arguments.repetitions}")
        medians = {}
        for name, command in runs:
            median, times = median_seconds(command, arguments.repetitions)
            medians[name] = median
            print(f"  {name:<46} median {median:7.3f} s   ({', '.join(f'{t:.3f}' for t in times)})")
        reference = medians[runs[0][0]]
        for name, _ in runs[1:]:
            print(f"  numpy reference / {name.split()[-1]:<14} {reference / medians[name]:6.1f}×")


if __name__ == "__main__":
    main()
