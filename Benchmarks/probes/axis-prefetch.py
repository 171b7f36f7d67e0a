"""Reductions along rows on PoCL's CPU device: software prefetches and the order of the folds of short rows.
(PyOpenCL; SwiftCL's device.)

Session 36 found SwiftCL's axis kernels on an Intel Xeon limited by instructions per byte rather than by any one
port: with a Kahan step per vector, or a fold of sixteen short rows into one vector, the out-of-order window holds
too little of the stream for the hardware prefetchers alone. This probe times, against a float16 read of the same
buffer timed just before each (the lab's read bound, paired %, min / median / max over rounds), after checking each
against NumPy's float64 sums:

- `kahan`: sums along the rows of [8192, 8192], four 16-lane Kahan accumulators per work-item (SwiftCL's packed
  kernel for a stride of 1), with no prefetch and with one per 64-byte line 2, 4 and 8 KiB ahead;
- `fold even-odd-swizzles` / `fold even-odd` / `fold blocks`: sums along rows of 16 of [2^22, 16], sixteen rows per
  step folded even lanes with odd ones (rows stay in order), written with `.even`/`.odd` as SwiftCL had it before
  session 36 or as lists of lanes, or at lane distances 8, 4, 2, 1 within 128-bit blocks (SwiftCL's `RowFold`, one
  permutation at the end), each without and with prefetches 4 KiB ahead.

    .venv-pyopencl/bin/python Benchmarks/probes/axis-prefetch.py [--rounds 9]
"""
import argparse
import numpy as np
import pyopencl as cl
from paired import check_and_time

HEAD = r"""
#if PREFETCH
#define SC_PREFETCH(p) __builtin_prefetch((const void *)(ulong)(p), 0, 3)
#else
#define SC_PREFETCH(p)
#endif
// The lab's read bound (`CopyCL.ReadRows`): one work-item per row of `w` floats, float16 loads.
kernel void read_rows(const int w, const int h, global const float *restrict in, global float *restrict sums)
{
    const int y = get_global_id(0);
    if (y >= h) return;
    global const float *src = in + (size_t)w * y;
    float16 sum = (float16)(0.0f);
    for (int x = 0; x + 16 <= w; x += 16) sum += vload16(0, src + x);
    float8 a = sum.lo + sum.hi; float4 b = a.lo + a.hi; float2 c = b.lo + b.hi;
    sums[y] = c.x + c.y;
}
#define KAHAN(s, c, v) { const float16 y_ = (v) - c; const float16 t_ = s + y_; c = (t_ - s) - y_; s = t_; }
// Rows of `length` (a multiple of 64) floats, `per_item` rows per work-item.
kernel void kahan(global const float *x, const ulong rows, const ulong per_item, const ulong length, global float *out)
{
    const ulong first = get_global_id(0) * per_item, last = min(first + per_item, rows);
    for (ulong b = first; b < last; ++b) {
        global const float *p = x + b * length;
        float16 s0 = 0, c0 = 0, s1 = 0, c1 = 0, s2 = 0, c2 = 0, s3 = 0, c3 = 0;
        for (ulong e = 0; e < length; e += 64) {
#if PREFETCH
            for (int k = 0; k < 64; k += 16) SC_PREFETCH(p + e + PREFETCH / 4 + k);
#endif
            KAHAN(s0, c0, vload16(0, p + e)) KAHAN(s1, c1, vload16(0, p + e + 16))
            KAHAN(s2, c2, vload16(0, p + e + 32)) KAHAN(s3, c3, vload16(0, p + e + 48))
        }
        KAHAN(s0, c0, s1 - c1) KAHAN(s0, c0, s2 - c2) KAHAN(s0, c0, s3 - c3)
        const float16 r = s0 - c0;
        out[b] = r.s0 + r.s1 + r.s2 + r.s3 + r.s4 + r.s5 + r.s6 + r.s7 + r.s8 + r.s9 + r.sa + r.sb + r.sc + r.sd + r.se + r.sf;
    }
}
"""


def lanes(pairs, a, b):
    return ", ".join(f"{a if v == 0 else b}.s{j:x}" for v, j in pairs)


def fold_levels(order):
    """The (first, second) operand lanes of each level folding sixteen rows of 16, and the last vector's row order."""
    rows = [[i] * 16 for i in range(16)]
    levels = []
    while len(rows) > 1:
        if order == "even-odd":
            first = [(0, j) for j in range(0, 16, 2)] + [(1, j) for j in range(0, 16, 2)]
            second = [(0, j) for j in range(1, 16, 2)] + [(1, j) for j in range(1, 16, 2)]
            candidates = [(first, second)]
        else:
            candidates = []
            for d in (8, 4, 2, 1):
                g = d if d > 2 else 2
                f = [j for j in range(16) if (j // d) % 2 == 0]
                s = [j for j in range(16) if (j // d) % 2 == 1]
                inter = lambda ls: [p for k in range(0, 8, g) for p in [(0, j) for j in ls[k:k + g]] + [(1, j) for j in ls[k:k + g]]]
                candidates.append((inter(f), inter(s)))
        for first, second in candidates:
            if all(rows[k + a[0]][a[1]] == rows[k + b[0]][b[1]] for k in range(0, len(rows), 2) for a, b in zip(first, second)):
                break
        levels.append((first, second))
        rows = [[rows[k + v][j] for v, j in first] for k in range(0, len(rows), 2)]
    return levels, [rows[0].index(r) for r in range(16)]


def fold_kernel(order):
    swizzles = order == "even-odd-swizzles"
    levels, lane_of_row = fold_levels("even-odd" if swizzles else order)
    body = [f"        const float16 u0_{i} = convert_float16(vload16({i}, p));" for i in range(16)]
    count = 16
    for level, (first, second) in enumerate(levels):
        for k in range(count // 2):
            a, b = f"u{level}_{2 * k}", f"u{level}_{2 * k + 1}"
            if swizzles:   # as SwiftCL wrote it before session 36
                body.append(f"        const float16 u{level + 1}_{k} = (float16)({a}.even, {b}.even) + (float16)({a}.odd, {b}.odd);")
            else:
                body.append(f"        const float16 u{level + 1}_{k} = (float16)({lanes(first, a, b)}) + (float16)({lanes(second, a, b)});")
        count //= 2
    last = f"u{len(levels)}_0"
    body.append(f"        vstore16((float16)({', '.join(f'{last}.s{j:x}' for j in lane_of_row)}), 0, out + b);")
    return f"""
kernel void fold_{order.replace('-', '_')}(global const float *x, const ulong rows, const ulong per_item, global float *out)
{{
    const ulong first = get_global_id(0) * per_item, last = min(first + per_item, rows);
    for (ulong b = first; b + 16 <= last; b += 16) {{
        global const float *p = x + b * 16;
#if PREFETCH
        for (int k = 0; k < 256; k += 16) SC_PREFETCH(p + PREFETCH / 4 + k);
#endif
{chr(10).join(body)}
    }}
}}
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=9)
    args = ap.parse_args()
    ctx = cl.Context([d for p in cl.get_platforms() for d in p.get_devices()][:1])
    queue = cl.CommandQueue(ctx)
    dev = ctx.devices[0]
    n = 1 << 26
    host = (np.arange(n) % 2003).astype(np.float32) * 0.001 - 1
    mf = cl.mem_flags
    xb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=host)
    out = cl.Buffer(ctx, mf.READ_WRITE, n // 16 * 4)
    sums = cl.Buffer(ctx, mf.READ_WRITE, n // 4096 * 4)
    source = HEAD + fold_kernel("even-odd-swizzles") + fold_kernel("even-odd") + fold_kernel("blocks")
    programs = {}

    def program(prefetch):
        if prefetch not in programs:
            programs[prefetch] = cl.Program(ctx, source).build(options=f"-DPREFETCH={prefetch}")
        return programs[prefetch]

    read_rows = cl.Kernel(program(0), "read_rows")

    def read_bound():
        read_rows(queue, (n // 4096,), (1,), np.int32(4096), np.int32(n // 4096), xb, sums)

    wanted = dev.max_compute_units * 8 * 4   # SwiftCL's schedule: four work-items per wanted one
    variants = []   # (name, outputs, reference, run)
    square = host.reshape(8192, 8192).astype(np.float64).sum(axis=1)
    short = host.reshape(-1, 16).astype(np.float64).sum(axis=1)
    for prefetch in (0, 2048, 4096, 8192):
        k = program(prefetch).kahan
        per = -(-8192 // wanted)
        variants.append((f"kahan [8192, 8192] rows, prefetch {prefetch} B", 8192, square,
                         lambda k=k, per=per: k(queue, (-(-8192 // per),), (1,), xb, np.uint64(8192), np.uint64(per), np.uint64(8192), out)))
    rows = n // 16
    per = max(16, -(-rows // wanted) // 16 * 16)
    for order in ("even-odd-swizzles", "even-odd", "blocks"):
        for prefetch in (0, 4096):
            k = cl.Kernel(program(prefetch), f"fold_{order.replace('-', '_')}")
            variants.append((f"fold {order} [2^22, 16] rows, prefetch {prefetch} B", rows, short,
                             lambda k=k: k(queue, (-(-rows // per),), (1,), xb, np.uint64(rows), np.uint64(per), out)))
    check_and_time(queue, out, read_bound, [(name, outputs, reference, 1.0, run) for name, outputs, reference, run in variants],
                   args.rounds, f"device {dev.name}; {n} floats")

if __name__ == "__main__":
    main()
