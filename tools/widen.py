#!/usr/bin/env python3
"""Widens a network file's accumulator (HIDDEN) to a wider one, evaluating as before.

    tools/widen.py OLD.nnue NEW.nnue 64

The file format is `src/eval/nnue/file.rs`'s: magic, FEATURES, HIDDEN and L2 as u32, then
w1 (FEATURES rows of HIDDEN), b1, w2 (L2 rows of the side to move's HIDDEN and the other's)
as i16, b2 as i32, w3 as i16, b3 as i32, little-endian. The new units' output weights are
zero, so the wider network's evaluation is the old one's to the centipawn; their input
weights are small random numbers (the trainer's initial scale, a fixed seed) and their
biases half an activation, so that training moves them from the first step
(`examples/nnue_train.rs --init NEW.nnue`). Needs numpy (`pip install numpy`): its
generator makes the random weights, so the same command writes the same bytes.
"""
import os
import struct
import sys

import numpy as np

QA = 508  # an activation of 1.0 (src/eval/nnue/mod.rs)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    src, dst = sys.argv[1], sys.argv[2]
    if not sys.argv[3].isdigit():
        sys.exit(f"{sys.argv[3]}: not a width")
    wide = int(sys.argv[3])
    try:
        with open(src, "rb") as f:
            data = f.read()
    except OSError as e:
        sys.exit(f"{src}: {e.strerror}")
    magic = data[:8]
    if len(data) < 20 or magic != b"GSNNUE04":
        sys.exit(f"{src}: not a network file of today's format (GSNNUE04)")
    features, hidden, l2 = struct.unpack("<3I", data[8:20])
    if len(data) != 20 + 2 * (features * hidden + hidden + l2 * 2 * hidden + l2) + 4 * (l2 + 1):
        sys.exit(f"{src}: not a network file of {features}, {hidden}, {l2}")
    if wide < hidden or wide % 16:
        sys.exit(f"{src} has {hidden} units; the new width must be at least that, a multiple of 16")
    at = 20

    def take(count, kind):
        nonlocal at
        array = np.frombuffer(data, kind, count, at)
        at += array.nbytes
        return array

    w1 = take(features * hidden, "<i2").reshape(features, hidden)
    b1 = take(hidden, "<i2")
    w2 = take(l2 * 2 * hidden, "<i2").reshape(l2, 2, hidden)
    rest = data[at:]  # b2, w3 and b3: the same at any width
    rng = np.random.default_rng(1)
    new_w1 = np.zeros((features, wide), "<i2")
    new_w1[:, :hidden] = w1
    new_w1[:, hidden:] = np.round(rng.uniform(-0.02, 0.02, (features, wide - hidden)) * QA)
    new_b1 = np.full(wide, round(0.5 * QA), "<i2")
    new_b1[:hidden] = b1
    new_w2 = np.zeros((l2, 2, wide), "<i2")
    new_w2[:, :, :hidden] = w2
    out = magic + struct.pack("<3I", features, wide, l2)
    out += new_w1.tobytes() + new_b1.tobytes() + new_w2.tobytes() + rest
    try:
        with open(dst + ".tmp", "wb") as f:
            f.write(out)
        os.replace(dst + ".tmp", dst)
    except OSError as e:
        sys.exit(f"{dst}: {e.strerror}")


if __name__ == "__main__":
    main()
