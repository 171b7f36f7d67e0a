"""Sums along an axis whose stride is above 16, on PoCL's CPU device: how the lines are walked. (PyOpenCL; SwiftCL's
device.)

SwiftCL's CPU kernel for such axes (session 32) keeps Kahan pairs for a span of up to W neighbouring outputs in a
work-item and adds P lines to them per pass; with W = 1024 and P = 8 most shapes ran at 80-100 % of the read bound,
but `[16, 2^22]` along axis 0 and `[256, 512, 512]` along its middle axis stayed at 62-73 %. This probe times the same
kernel with other P and W, and a kernel without accumulator arrays for short axes (all lines of a span at once, the
span as wide as the work-item's share), against a float16 read of the same buffer timed just before each (paired %),
every variant checked against float64 sums of NumPy first.

    .venv-pyopencl/bin/python Benchmarks/probes/axis-lines.py [--rounds 5] [--shapes 16x4194304:0,...] [--spans 8:8192,...]

The grouped kernel is what SwiftCL adopted in session 33 (with spans of 64 KiB of accumulators, W = 8192 here), and
non-temporal stores of the results into a given array; the short-axis kernel was not kept (docs/decisions.md).
"""
import argparse
import numpy as np
import pyopencl as cl
from paired import check_and_time

SOURCE = r"""
#ifndef P
#define P 8
#endif
#ifndef W
#define W 1024
#endif
// Kahan pairs for W outputs of a span, P lines added per pass (SwiftCL's lines kernel, plain sum of floats).
kernel void lines(global const float *x, const ulong units, const ulong per_item, const ulong length, const ulong stride,
                  global float *out)
{
    const ulong spans = (stride + W - 1) / W, first = get_global_id(0) * per_item, last = min(first + per_item, units);
    float acc_s[W], acc_c[W];
    for (ulong u = first; u < last; ++u) {
        const ulong b = u / spans, s0 = (u % spans) * W, w = min((ulong)W, stride - s0);
        global const float *p = x + b * length * stride + s0;
        for (ulong j = 0; j < w; ++j) { acc_s[j] = 0; acc_c[j] = 0; }
        for (ulong k = 0; k < length; k += P) {
            const ulong rows = min((ulong)P, length - k);
            global const float *r = p + k * stride;
            for (ulong j = 0; j + 16 <= w; j += 16) {
                float16 s = vload16(0, acc_s + j), c = vload16(0, acc_c + j);
                for (ulong i = 0; i < P; ++i) {
                    if (i < rows) {
                        const float16 y = vload16(0, r + i * stride + j) - c, t = s + y;
                        c = (t - s) - y; s = t;
                    }
                }
                vstore16(s, 0, acc_s + j); vstore16(c, 0, acc_c + j);
            }
        }
#if NT
        for (ulong j = 0; j < w; j += 16)
            __builtin_nontemporal_store(vload16(0, acc_s + j) - vload16(0, acc_c + j), (global float16 *)(out + b * stride + s0 + j));
#else
        for (ulong j = 0; j < w; ++j) out[b * stride + s0 + j] = acc_s[j] - acc_c[j];
#endif
    }
}
// The same with each of the P lines of a pass taken from its own group of consecutive lines (line i * G + t in pass t,
// G = ceil(length / P)): where a span covers whole lines (stride <= W) each group is one contiguous stream.
kernel void grouped(global const float *x, const ulong units, const ulong per_item, const ulong length, const ulong stride,
                    global float *out)
{
    const ulong spans = (stride + W - 1) / W, first = get_global_id(0) * per_item, last = min(first + per_item, units);
    const ulong G = (length + P - 1) / P;
    float acc_s[W], acc_c[W];
    for (ulong u = first; u < last; ++u) {
        const ulong b = u / spans, s0 = (u % spans) * W, w = min((ulong)W, stride - s0);
        global const float *p = x + b * length * stride + s0;
        for (ulong j = 0; j < w; ++j) { acc_s[j] = 0; acc_c[j] = 0; }
        for (ulong t = 0; t < G; ++t) {
            global const float *r = p + t * stride;
            const ulong rows = (length - t + G - 1) / G;
            for (ulong j = 0; j + 16 <= w; j += 16) {
                float16 s = vload16(0, acc_s + j), c = vload16(0, acc_c + j);
                for (ulong i = 0; i < P; ++i) {
                    if (i < rows) {
                        const float16 y = vload16(0, r + i * G * stride + j) - c, t = s + y;
                        c = (t - s) - y; s = t;
                    }
                }
                vstore16(s, 0, acc_s + j); vstore16(c, 0, acc_c + j);
            }
        }
        for (ulong j = 0; j < w; ++j) out[b * stride + s0 + j] = acc_s[j] - acc_c[j];
    }
}
// Short axes (length <= 16): no accumulator arrays; a work-item owns a range of columns of a block and adds all its
// lines per vector of outputs (length streams, each as long as the range).
kernel void short_axis(global const float *x, const ulong length, const ulong stride, const ulong columns,
                       global float *out)
{
    const ulong ranges = stride / columns, g = get_global_id(0), b = g / ranges, s0 = (g % ranges) * columns;
    global const float *p = x + b * length * stride + s0;
    for (ulong j = 0; j < columns; j += 16) {
        float16 s = 0, c = 0;
        for (ulong k = 0; k < length; ++k) {
            const float16 y = vload16(0, p + k * stride + j) - c, t = s + y;
            c = (t - s) - y; s = t;
        }
        vstore16(s - c, 0, out + b * stride + s0 + j);
    }
}
kernel void read_rows(global const float16 *x, const ulong per_item, global float *sums)
{
    const ulong g = get_global_id(0);
    float16 s = 0;
    for (ulong i = g * per_item; i < (g + 1) * per_item; ++i) s += x[i];
    sums[g] = s.s0 + s.s1 + s.s2 + s.s3 + s.s4 + s.s5 + s.s6 + s.s7 + s.s8 + s.s9 + s.sa + s.sb + s.sc + s.sd + s.se + s.sf;
}
"""

SHAPES = [((256, 512, 512), 1), ((16, 1 << 22), 0), ((8192, 8192), 0), ((4096, 16384), 0), ((64, 1 << 20), 0)]
SPANS = [(8, 1024), (8, 4096), (4, 1024), (16, 1024)]


def geometry(shape, axis):
    blocks = int(np.prod(shape[:axis], dtype=np.int64))
    return blocks, shape[axis], int(np.prod(shape[axis + 1:], dtype=np.int64))


def parse_pairs(text):
    """`"256x512x512:1,16x4194304:0"` -> [((256, 512, 512), 1), ((16, 4194304), 0)]; `"8:1024,8:4096"` -> [(8, 1024), ...]."""
    pairs = []
    for item in text.split(","):
        left, right = item.split(":")
        pairs.append((tuple(int(d) for d in left.split("x")) if "x" in left else int(left), int(right)))
    return pairs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--shapes", type=parse_pairs, default=SHAPES, help="shape:axis,... e.g. 16x4194304:0 (at most 2^26 floats)")
    ap.add_argument("--spans", type=parse_pairs, default=SPANS, help="lines per pass:span width,... e.g. 8:1024,8:8192")
    args = ap.parse_args()
    ctx = cl.Context([d for p in cl.get_platforms() for d in p.get_devices()][:1])
    queue = cl.CommandQueue(ctx)
    dev = ctx.devices[0]
    n = 1 << 26
    host = np.random.default_rng(1).standard_normal(n).astype(np.float32)
    mf = cl.mem_flags
    xb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=host)
    out = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
    rows = 4096
    sums = cl.Buffer(ctx, mf.READ_WRITE, rows * 4)
    programs = {}

    def kernel(name, p=8, w=1024, nt=0):
        if (name, p, w, nt) not in programs:
            programs[(name, p, w, nt)] = cl.Kernel(cl.Program(ctx, SOURCE).build(options=f"-DP={p} -DW={w} -DNT={nt}"), name)
        return programs[(name, p, w, nt)]

    read_rows = kernel("read_rows")

    def read_bound():
        read_rows(queue, (rows,), (1,), xb, np.uint64(n // 16 // rows), sums)

    variants = []   # (name, outputs, float64 reference, elements read, launch)
    for shape, axis in args.shapes:
        blocks, length, stride = geometry(shape, axis)
        outputs, size = blocks * stride, blocks * length * stride
        reference = host[:size].reshape(shape).astype(np.float64).sum(axis=axis).reshape(-1)
        for p, w in args.spans:
            # SwiftCL's schedule: eight work-items per compute unit, four units each where there are enough.
            units = blocks * ((stride + w - 1) // w)
            per_item = max(1, -(-units // (dev.max_compute_units * 8 * 4)))
            items = -(-units // per_item)
            for kind, nt in [("lines", 0), ("grouped", 0), ("lines", 1)]:
                if kind == "grouped" and stride > w:
                    continue   # grouping needs whole lines in a span
                k = kernel(kind, p, w, nt)
                variants.append((f"{shape} axis {axis} {kind}{' NT stores' if nt else ''} P={p} W={w}", outputs, reference, size,
                                 lambda k=k, items=items, units=units, per_item=per_item, length=length, stride=stride:
                                 k(queue, (items,), (1,), xb, np.uint64(units), np.uint64(per_item), np.uint64(length),
                                   np.uint64(stride), out)))
        if length <= 16:
            for columns in [4096, 16384]:
                if stride % columns:
                    continue
                items = blocks * stride // columns
                k = kernel("short_axis")
                variants.append((f"{shape} axis {axis} short columns={columns} ({items} items)", outputs, reference, size,
                                 lambda k=k, items=items, length=length, stride=stride, columns=columns:
                                 k(queue, (items,), (1,), xb, np.uint64(length), np.uint64(stride), np.uint64(columns), out)))
    check_and_time(queue, out, read_bound, [(name, outputs, reference, size / n, run) for name, outputs, reference, size, run in variants],
                   args.rounds, f"device {dev.name}; {n} floats")

if __name__ == "__main__":
    main()
