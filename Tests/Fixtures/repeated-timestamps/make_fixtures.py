"""Writes the repeated-timestamp trajectory fixtures of EvoReferenceTests (plain Python, deterministic).

Real TUM ground truth and EuRoC estimates carry millisecond stamps and repeat them; these files do so on purpose:
a ~100 Hz truth and a ~30 Hz estimate of the same helix-like head path, stamps truncated to milliseconds, every
7th truth row and every 5th estimate row written twice (the second the pose 8 ms later, as a logger that
emits two poses within one millisecond does), and some estimate stamps equal to a repeated truth stamp, some
half-way between two truth stamps (evo's ties). The estimate is the truth moved by a fixed rotation and
translation, plus a deterministic wobble, so that aligned and unaligned errors differ.
Usage: python3 make_fixtures.py   (writes truth.tum, estimate.tum, truth.euroc.csv, estimate.euroc.csv here)
"""
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def pose(t):
    position = (0.10 * math.sin(1.3 * t), 0.05 * math.sin(2.1 * t + 0.4), 0.40 + 0.03 * math.cos(0.9 * t))
    yaw, pitch = 0.3 * math.sin(0.7 * t), 0.2 * math.sin(1.1 * t)
    cy, sy, cp, sp = math.cos(yaw / 2), math.sin(yaw / 2), math.cos(pitch / 2), math.sin(pitch / 2)
    q = (cy * cp, cy * sp, sy * cp, -sy * sp)  # w, x, y, z: yaw about y after pitch about x
    return position, q


def moved(position, q, t):
    # A fixed rotation of 10° about z and a translation, plus a wobble of a few millimetres.
    c, s = math.cos(math.radians(10)), math.sin(math.radians(10))
    x, y, z = position
    wobble = 0.004 * math.sin(17 * t), 0.003 * math.cos(13 * t), 0.002 * math.sin(11 * t)
    p = (c * x - s * y + 0.2 + wobble[0], s * x + c * y - 0.1 + wobble[1], z + 0.05 + wobble[2])
    hw, hz = math.cos(math.radians(5)), math.sin(math.radians(5))
    w, qx, qy, qz = q
    rotated = (hw * w - hz * qz, hw * qx - hz * qy, hw * qy + hz * qx, hw * qz + hz * w)
    return p, rotated


def rows(stamps_ms, repeat_every, transform):
    out = []
    for i, ms in enumerate(stamps_ms):
        t = ms / 1000
        for copy in range(2 if i % repeat_every == 3 else 1):
            position, q = pose(t + 0.008 * copy)
            if transform:
                position, q = moved(position, q, t + 0.008 * copy)
            out.append((ms, position, q))
    return out


def write(name, start_ms, data, euroc):
    with open(os.path.join(HERE, name), "w") as f:
        if euroc:
            f.write("#timestamp [ns],p_RS_R_x [m],p_RS_R_y [m],p_RS_R_z [m],q_RS_w [],q_RS_x [],q_RS_y [],q_RS_z []\n")
        else:
            f.write("# timestamp tx ty tz qx qy qz qw\n")
        for ms, (x, y, z), (w, qx, qy, qz) in data:
            if euroc:
                f.write("%d,%.9f,%.9f,%.9f,%.9f,%.9f,%.9f,%.9f\n" % ((start_ms + ms) * 1000000, x, y, z, w, qx, qy, qz))
            else:
                f.write("%d.%03d %.9f %.9f %.9f %.9f %.9f %.9f %.9f\n" % ((start_ms + ms) // 1000, (start_ms + ms) % 1000, x, y, z, qx, qy, qz, w))


# Truth: ~100 Hz with a 10.3 ms period truncated to ms; estimate: every third truth stamp (equal stamps, some of
# them repeated runs) alternating with stamps half-way between two truth stamps (ties).
truth_ms = [int(i * 10.3) for i in range(400)]
estimate_ms = []
for k in range(1, 130):
    a = truth_ms[3 * k]
    estimate_ms.append(a if k % 2 else a + (truth_ms[3 * k + 1] - a) // 2 if (truth_ms[3 * k + 1] - a) % 2 == 0 else a + 5)
truth = rows(truth_ms, 7, False)
estimate = rows(estimate_ms, 5, True)
for euroc in (False, True):
    suffix = ".euroc.csv" if euroc else ".tum"
    write("truth" + suffix, 1305031000000, truth, euroc)
    write("estimate" + suffix, 1305031000000, estimate, euroc)
