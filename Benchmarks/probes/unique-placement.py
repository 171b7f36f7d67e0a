"""Ways to place `unique`'s kept elements in one pass, side by side on one OpenCL device (PyOpenCL; SwiftCL's device).

2^26 sorted Int32 pairs (each value twice, so half is kept). Each round times, interleaved, a copy kernel over the
same bytes (the bound) and each variant; the figure is the variant's effective GB/s (4 B read + 2 B written per
element) as a percentage of the copy's in the same round. Every variant's output is checked against NumPy first
(except walk_only, a diagnostic that leaves its kept elements in the scratch).

Variants (all chained: cache-sized blocks taken in order from a ticket, each waiting for the one before to publish
its running kept count, as `swiftcl_place_chained` does):
- walk_scratch:     walk the block's four tiles element by element into the work-item's scratch, publish, copy the
                    kept elements out (SwiftCL up to session 28, and still where the compiler has no AVX-512).
- walk_count:       count the block with vector comparisons, publish, walk it again from the cache into the output.
- walk_draining:    walk_scratch, copying the previous block's kept elements out during the walk (double scratch).
- walk_prefix:      walk_scratch with each step's places from one multiplication of the flag bytes.
- walk_only:        walk_scratch without the copy out (what the walk alone costs).
- compress_scratch: AVX-512: per 16 elements a mask, vpcompressd in a register, a masked store; into the scratch.
- compress_count:   AVX-512: count, publish, compress straight into the output (SwiftCL since session 29).
- permute_count:    AVX2: count, publish, then per 8 elements a mask, a vpermd by a table of packed lane indices, and a
                    full 8-lane store while it stays inside the block's places (its extra lanes are overwritten by the
                    next store); the last few element by element.

The AVX-512 variants need a device compiler that targets it (PoCL on an AVX-512 host), permute_count AVX2. To see an
AVX2-only CPU's code on an AVX-512 host: `POCL_KERNELLIB_NAME=avx2 POCL_LLVM_CPU_NAME=znver1` (and a fresh
`POCL_CACHE_DIR`).

    .venv-pyopencl/bin/python Benchmarks/probes/unique-placement.py [--rounds 9] [--variants walk_scratch,compress_count]
"""
import argparse, statistics, time
import numpy as np
import pyopencl as cl

CHAINS = 4

COMMON = r"""
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#define FLAG(i) ((i) == 0 || x[i] != x[(i) - 1])

ulong count_kept(global const int *x, const ulong first, const ulong end, ulong *last)
{
    ulong i = first, total = 0;
    if (i == 0 && i < end) { total = 1; i = 1; }
    int16 acc = (int16)(0);
    for (; i + 16 <= end; i += 16) acc -= convert_int16(vload16(0, x + i) != vload16(0, x + i - 1));
    const int8 a8 = acc.lo + acc.hi; const int4 a4 = a8.lo + a8.hi; const int2 a2 = a4.lo + a4.hi;
    total += (ulong)(a2.x + a2.y);
    for (; i < end; ++i) total += FLAG(i);
    ulong l = end;
    while (l > first && !FLAG(l - 1)) --l;
    *last = l;
    return total;
}

#define K8(i) (as_uchar8(convert_char8(vload8(0, x + (i)) != vload8(0, x + (i) - 1))) & (uchar8)(1))

// The four tiles' common length (index 0 taken alone first), and each tile's rest element by element.
#define TILES_HEAD \
    if (s0 == 0 && l0 > 0) { out[p0] = x[0]; p0 += 1; s0 = 1; } \
    ulong len = l0 > s0 ? l0 - s0 : 0; \
    len = min(len, l1 > s1 ? l1 - s1 : 0); len = min(len, l2 > s2 ? l2 - s2 : 0); len = min(len, l3 > s3 ? l3 - s3 : 0); \
    ulong j = 0;
#define TILE_TAIL(c) { ulong p = p##c; for (ulong i = s##c + j; i < l##c; ++i) { out[p] = x[i]; p += FLAG(i); } ends[c] = p; }
#define TILES_TAIL TILE_TAIL(0) TILE_TAIL(1) TILE_TAIL(2) TILE_TAIL(3)
#define STEP_LOAD(c) const uchar8 k##c = K8(s##c + j); const int8 v##c = vload8(0, x + s##c + j);
#define STEP_LOADS STEP_LOAD(0) STEP_LOAD(1) STEP_LOAD(2) STEP_LOAD(3)

void place_tiles(global const int *x, global int *out, ulong s0, const ulong l0, ulong p0, ulong s1, const ulong l1,
                 ulong p1, ulong s2, const ulong l2, ulong p2, ulong s3, const ulong l3, ulong p3, ulong *ends)
{
    TILES_HEAD
    for (; j + 8 <= len; j += 8) {
        STEP_LOADS
#define ST(e) out[p0] = v0.s##e; p0 += k0.s##e; out[p1] = v1.s##e; p1 += k1.s##e; \
              out[p2] = v2.s##e; p2 += k2.s##e; out[p3] = v3.s##e; p3 += k3.s##e;
        ST(0) ST(1) ST(2) ST(3) ST(4) ST(5) ST(6) ST(7)
    }
    TILES_TAIL
}

void copy_run(global const int *from, global int *to, const ulong count)
{
    ulong i = 0;
    for (; i + 8 <= count; i += 8) vstore8(vload8(0, from + i), 0, to + i);
    for (; i < count; ++i) to[i] = from[i];
}

#define PUBLISH \
    ulong before = 0; \
    if (b > 0) { ulong s; while ((s = atom_add(&state[b], 0)) == 0) {} before = s - 1; } \
    const ulong through = before + c0 + c1 + c2 + c3; \
    atom_xchg(&state[1 + b], through + 1); \
    if (b == blocks - 1) kept[0] = through;

#define TILES \
    const ulong first = b * block, end = min(first + block, n), per = (end - first + 3) / 4; \
    const ulong s0 = min(first, end), e0 = min(first + per, end), s1 = e0, e1 = min(first + 2 * per, end); \
    const ulong s2 = e1, e2 = min(first + 3 * per, end), s3 = e2, e3 = end;

// A block's kept elements waiting in scratch: four runs, copied to their places bit by bit during the next walk.
typedef struct { global const int *src[4]; global int *dst[4]; ulong count[4]; } Pending;

#define DRAIN_STEP \
    if (rem >= 16) { vstore16(vload16(0, src), 0, dst); src += 16; dst += 16; rem -= 16; } \
    else if (seg < 4) { for (ulong t = 0; t < rem; ++t) dst[t] = src[t]; \
        if (++seg < 4) { src = pend->src[seg]; dst = pend->dst[seg]; rem = pend->count[seg]; } else rem = 0; }

void place_tiles_draining(global const int *x, global int *out, ulong s0, const ulong l0, ulong p0, ulong s1, const ulong l1,
                 ulong p1, ulong s2, const ulong l2, ulong p2, ulong s3, const ulong l3, ulong p3, ulong *ends, const Pending *pend)
{
    uint seg = 0; global const int *src = pend->src[0]; global int *dst = pend->dst[0]; ulong rem = pend->count[0];
    TILES_HEAD
    for (; j + 8 <= len; j += 8) {
        STEP_LOADS
        ST(0) ST(1) ST(2) ST(3) ST(4) ST(5) ST(6) ST(7)
        DRAIN_STEP
    }
    while (seg < 4) { DRAIN_STEP }
    TILES_TAIL
}

// The flags of a step as bytes of a ulong, summed by one multiplication: byte e of inc is the kept count of lanes 0...e.
#define INC(c) const ulong inc##c = as_ulong(K8(s##c + j)) * 0x0101010101010101UL;
#define AT(c, e) out[p##c + (e == 0 ? 0 : ((inc##c >> (8 * e - 8)) & 0xff))] = x[s##c + j + e];
#define ST2(e) AT(0, e) AT(1, e) AT(2, e) AT(3, e)

void place_tiles_prefix(global const int *x, global int *out, ulong s0, const ulong l0, ulong p0, ulong s1, const ulong l1,
                 ulong p1, ulong s2, const ulong l2, ulong p2, ulong s3, const ulong l3, ulong p3, ulong *ends)
{
    TILES_HEAD
    for (; j + 8 <= len; j += 8) {
        INC(0) INC(1) INC(2) INC(3)
        ST2(0) ST2(1) ST2(2) ST2(3) ST2(4) ST2(5) ST2(6) ST2(7)
        p0 += inc0 >> 56; p1 += inc1 >> 56; p2 += inc2 >> 56; p3 += inc3 >> 56;
    }
    TILES_TAIL
}

#if defined(__AVX512F__)
typedef int v16si __attribute__((vector_size(64)));

// Places the kept elements of [s, e) at out + p on, sixteen lanes at a time through AVX-512's compress: nothing past
// the kept elements is written. Returns the place after the last.
ulong place_compress(global const int *x, global int *out, ulong s, const ulong e, ulong p)
{
    if (s == 0 && e > 0) { out[p] = x[0]; p += 1; s = 1; }
    ulong i = s;
    for (; i + 16 <= e; i += 16) {
        const int16 v = vload16(0, x + i);
        const int16 ne = v != vload16(0, x + i - 1);
        const ushort m = __builtin_ia32_cmpd512_mask((v16si)ne, (v16si)(int16)(0), 4, (ushort)0xffff);
        const v16si c = __builtin_ia32_compresssi512_mask((v16si)v, (v16si)(int16)(0), m);
        __builtin_ia32_storedqusi512_mask((int *)(ulong)(out + p), c, (ushort)((1u << popcount(m)) - 1));
        p += popcount(m);
    }
    for (; i < e; ++i) if (FLAG(i)) out[p++] = x[i];
    return p;
}
#endif

#if defined(__AVX2__)
typedef int v8si __attribute__((vector_size(32)));
typedef float v8sf __attribute__((vector_size(32)));
// For each 8-bit mask, the indices of its set lanes packed to the front, 3 bits each (PERM8: filled in by Python).
constant uint perm8[256] = { PERM8 };

// Places the kept elements of [s, e) at out + p on, eight lanes at a time through AVX2: the kept lanes' mask, a vpermd
// by the mask's packed indices, and a full 8-lane store (its lanes past the kept ones are overwritten by the next
// store) while it stays below pend, the end of this run's places; the rest element by element.
ulong place_permute(global const int *x, global int *out, ulong s, const ulong e, ulong p, const ulong pend)
{
    if (s == 0 && e > 0) { out[p] = x[0]; p += 1; s = 1; }
    ulong i = s;
    for (; i + 8 <= e && p + 8 <= pend; i += 8) {
        const int8 v = vload8(0, x + i);
        const int8 ne = v != vload8(0, x + i - 1);
        const uint m = __builtin_ia32_movmskps256((v8sf)ne);
        const int8 idx = ((int8)(perm8[m]) >> (int8)(0, 3, 6, 9, 12, 15, 18, 21)) & (int8)(7);
        const v8si c = __builtin_ia32_permvarsi256((v8si)v, (v8si)idx);
        vstore8(as_int8(c), 0, out + p);
        p += popcount(m);
    }
    for (; i < e; ++i) if (FLAG(i)) out[p++] = x[i];
    return p;
}
#endif

// The chained skeleton: a work-item takes blocks in order from the ticket state[0] until none is left.
#define BLOCKS(name, ...) \
kernel void name(global const int *x, global int *out, const ulong n, const ulong block, \
                 global volatile ulong *state, global ulong *kept, global int *scratch) \
{ \
    const ulong blocks = (n + block - 1) / block; \
    for (;;) { \
        const ulong b = atom_inc(state); \
        if (b >= blocks) break; \
        __VA_ARGS__ \
    } \
}

// Walks the block's four tiles into the work-item's scratch with `walk`, publishes, and (with `out_too`) copies out.
#define SCRATCH_WALK(walk, out_too) \
    global int *mine = scratch + get_global_id(0) * block; \
    TILES \
    ulong ends[4]; \
    walk(x, mine, s0, e0, 0, s1, e1, per, s2, e2, 2 * per, s3, e3, 3 * per, ends); \
    const ulong c0 = ends[0], c1 = ends[1] - per, c2 = ends[2] - 2 * per, c3 = ends[3] - 3 * per; \
    PUBLISH \
    if (out_too) { \
        copy_run(mine, out + before, c0); \
        copy_run(mine + per, out + before + c0, c1); \
        copy_run(mine + 2 * per, out + before + c0 + c1, c2); \
        copy_run(mine + 3 * per, out + before + c0 + c1 + c2, c3); \
    }

BLOCKS(walk_scratch, SCRATCH_WALK(place_tiles, 1))
BLOCKS(walk_prefix, SCRATCH_WALK(place_tiles_prefix, 1))
BLOCKS(walk_only, SCRATCH_WALK(place_tiles, 0))

BLOCKS(walk_count,
    TILES
    ulong l0, l1, l2, l3;
    const ulong c0 = count_kept(x, s0, e0, &l0), c1 = count_kept(x, s1, e1, &l1);
    const ulong c2 = count_kept(x, s2, e2, &l2), c3 = count_kept(x, s3, e3, &l3);
    PUBLISH
    ulong ends[4];
    place_tiles(x, out, s0, l0, before, s1, l1, before + c0, s2, l2, before + c0 + c1, s3, l3, before + c0 + c1 + c2, ends);
)

#if defined(__AVX512F__)
BLOCKS(compress_scratch,
    global int *mine = scratch + get_global_id(0) * block;
    const ulong first = b * block, end = min(first + block, n);
    const ulong c0 = place_compress(x, mine, first, end, 0), c1 = 0, c2 = 0, c3 = 0;
    PUBLISH
    copy_run(mine, out + before, c0);
)

BLOCKS(compress_count,
    const ulong first = b * block, end = min(first + block, n);
    ulong l;
    const ulong c0 = count_kept(x, first, end, &l), c1 = 0, c2 = 0, c3 = 0;
    PUBLISH
    place_compress(x, out, first, end, before);
)
#endif

#if defined(__AVX2__)
BLOCKS(permute_count,
    const ulong first = b * block, end = min(first + block, n);
    ulong l;
    const ulong c0 = count_kept(x, first, end, &l), c1 = 0, c2 = 0, c3 = 0;
    PUBLISH
    place_permute(x, out, first, end, before, through);
)
#endif

// walk_scratch, copying the previous block's kept elements out during the walk (two scratch halves in turn).
kernel void walk_draining(global const int *x, global int *out, const ulong n, const ulong block,
                          global volatile ulong *state, global ulong *kept, global int *scratch)
{
    global int *mine = scratch + 2 * get_global_id(0) * block;
    const ulong blocks = (n + block - 1) / block;
    Pending pend = { { mine, mine, mine, mine }, { out, out, out, out }, { 0, 0, 0, 0 } };
    for (uint turn = 0;; turn ^= 1) {
        const ulong b = atom_inc(state);
        if (b >= blocks) break;
        TILES
        global int *here = mine + turn * block;
        ulong ends[4];
        place_tiles_draining(x, here, s0, e0, 0, s1, e1, per, s2, e2, 2 * per, s3, e3, 3 * per, ends, &pend);
        const ulong c0 = ends[0], c1 = ends[1] - per, c2 = ends[2] - 2 * per, c3 = ends[3] - 3 * per;
        PUBLISH
        pend.src[0] = here; pend.src[1] = here + per; pend.src[2] = here + 2 * per; pend.src[3] = here + 3 * per;
        pend.dst[0] = out + before; pend.dst[1] = out + before + c0; pend.dst[2] = out + before + c0 + c1;
        pend.dst[3] = out + before + c0 + c1 + c2;
        pend.count[0] = c0; pend.count[1] = c1; pend.count[2] = c2; pend.count[3] = c3;
    }
    for (uint c = 0; c < 4; ++c) copy_run(pend.src[c], pend.dst[c], pend.count[c]);
}

kernel void copy(global const int4 *x, global int4 *y) { const size_t i = get_global_id(0); y[i] = x[i]; }
"""

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--log2n", type=int, default=26)
    ap.add_argument("--variants", default="walk_scratch,walk_count,walk_draining,walk_prefix,compress_scratch,compress_count")
    ap.add_argument("--block-bytes", type=int, default=2 * 1024 * 1024)
    a = ap.parse_args()
    ctx = cl.Context(cl.get_platforms()[0].get_devices())
    dev = ctx.devices[0]
    q = cl.CommandQueue(ctx)
    perm8 = []
    for m in range(256):
        lanes = [l for l in range(8) if m >> l & 1]
        perm8.append(sum(l << (3 * k) for k, l in enumerate(lanes)))
    prg = cl.Program(ctx, COMMON.replace("PERM8", ", ".join(map(str, perm8)))).build()
    n = 1 << a.log2n
    host = (np.arange(n, dtype=np.int64) // 2).astype(np.int32)
    mf = cl.mem_flags
    x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=host)
    out = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
    copy_out = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
    block = max(1024, (a.block_bytes // 4) & ~31)
    blocks = (n + block - 1) // block
    items = max(1, min(blocks, dev.max_compute_units))
    state = cl.Buffer(ctx, mf.READ_WRITE, (blocks + 1) * 8)
    kept = cl.Buffer(ctx, mf.READ_WRITE, 8)
    scratch = cl.Buffer(ctx, mf.READ_WRITE, 2 * items * block * 4)
    expect = np.unique(host)

    kernels = {v: cl.Kernel(prg, v) for v in a.variants.split(",")}
    copy_kernel = cl.Kernel(prg, "copy")

    def run(name):
        cl.enqueue_fill_buffer(q, state, np.uint64(0), 0, (blocks + 1) * 8)
        kernels[name](q, (items,), (1,), x, out, np.uint64(n), np.uint64(block), state, kept, scratch)
        q.finish()

    def run_copy():
        copy_kernel(q, (n // 4,), None, x, copy_out)
        q.finish()

    variants = a.variants.split(",")
    for v in variants:
        if v == "walk_only":
            continue
        run(v)
        k = np.empty(1, np.uint64); cl.enqueue_copy(q, k, kept)
        got = np.empty(n, np.int32); cl.enqueue_copy(q, got, out)
        if not (int(k[0]) == len(expect) and np.array_equal(got[: len(expect)], expect)):
            bad = np.nonzero(got[: len(expect)] != expect)[0]
            print(v, int(k[0]), len(expect), bad[:10], got[bad[:10]], expect[bad[:10]]); raise SystemExit(1)
    run_copy()
    for _ in range(2):
        [run(v) for v in variants]; run_copy()

    def timed(f):
        t = time.perf_counter(); f(); return time.perf_counter() - t

    pct = {v: [] for v in variants}
    ms = {v: [] for v in variants + ["copy"]}
    for _ in range(a.rounds):
        for v in variants:
            tc = timed(run_copy)
            tv = timed(lambda: run(v))
            ms["copy"].append(tc * 1e3); ms[v].append(tv * 1e3)
            pct[v].append(100 * (6 * n / tv) / (8 * n / tc))
    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    print(f"{dev.name}, n = 2^{a.log2n}, block {block * 4 // 1024} KiB, {items} work-items, {a.rounds} rounds, load {load}")
    print(f"copy ms min/median/max {min(ms['copy']):.2f} / {statistics.median(ms['copy']):.2f} / {max(ms['copy']):.2f}")
    for v in variants:
        p = pct[v]
        print(f"{v:17s} ms median {statistics.median(ms[v]):.2f}; % of copy paired min/median/max "
              f"{min(p):.1f} / {statistics.median(p):.1f} / {max(p):.1f}")

if __name__ == "__main__":
    main()
