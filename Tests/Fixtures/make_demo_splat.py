"""Writes demo.splat: a small deterministic Gaussian-splat scene (3 depth layers) for the project's suite.
32-byte records: position (3 × f32), linear σ (3 × f32), RGBA (4 × u8), rotation quaternion w,x,y,z (4 × u8,
(q − 128)/128). Run: python3 Tests/Fixtures/make_demo_splat.py"""
import math, struct

records = []
def splat(x, y, z, s, rgb, a=230):
    records.append(struct.pack('<3f3f4B4B', x, y, z, s, s, s * 0.6, rgb[0], rgb[1], rgb[2], a, 255, 128, 128, 128))

# Back layer: a coloured grid; middle layer: a ring; front layer: a few large blobs.
for i in range(16):
    for j in range(24):
        splat(-0.6 + i * 0.08, -0.9 + j * 0.078, -0.6, 0.03, (40 + 13 * i, 80 + 7 * j, 200 - 9 * i))
for k in range(60):
    t = 2 * math.pi * k / 60
    splat(0.35 * math.cos(t), 0.35 * math.sin(t), -0.3, 0.025, (240, 180 - k * 2, 40))
for k, (x, y) in enumerate([(-0.25, 0.4), (0.3, -0.35), (0.0, 0.0), (-0.3, -0.5), (0.28, 0.5)]):
    splat(x, y, 0.0, 0.06, (220, 60 + 30 * k, 90 + 25 * k), 250)
with open(__file__.replace('make_demo_splat.py', 'demo.splat'), 'wb') as f:
    f.write(b''.join(records))
print(len(records), 'splats')
