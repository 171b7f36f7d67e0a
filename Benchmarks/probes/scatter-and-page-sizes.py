"""A radix sort's scatter and fresh memory on PoCL's CPU device: page sizes and write-combining. (PyOpenCL; SwiftCL's
device.)

PoCL allocates a buffer's memory itself, in 4 KiB pages. A buffer made with CL_MEM_USE_HOST_PTR over memory the host
asked to be backed by 2 MiB pages (`madvise(MADV_HUGEPAGE)`; the kernel's THP mode here is `madvise`) is used in place
by the CPU device. Two kernels, interleaved round by round, each checked against NumPy first:
- a radix sort's scatter pass (2^24 random UInt32 keys, 8 tiles, 256 digit streams per tile: each store of a key goes
  to one of 256 places far apart, so 4 KiB pages miss the TLB);
- a copy into a *fresh* buffer each round (first-touch page faults: 4 KiB pages fault 512 times as often).
The scatter also runs through write-combining lines (`scatter_wc`: each digit's keys gather in a private 64-byte line
stored whole), with plain stores and with non-temporal ones (`NT=1`, no read for ownership of the line), on PoCL's own
buffers; `lines-nt-K` gathers a run of K consecutive lines per digit and stores them one after another (SwiftCL's
sort uses 4 since session 31).

    .venv-pyopencl/bin/python Benchmarks/probes/scatter-and-page-sizes.py [--rounds 7]
"""
import argparse, ctypes, ctypes.util, mmap, statistics, time
import numpy as np
import pyopencl as cl

libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
libc.posix_memalign.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_size_t]
libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
libc.free.argtypes = [ctypes.c_void_p]
MADV_HUGEPAGE, MADV_NOHUGEPAGE = 14, 15

SOURCE = r"""
kernel void scatter(global const uint *keys, global uint *out, global const uint *places, const ulong tile, const uint tiles)
{
    const uint t = get_global_id(0);
    uint p[256];
    for (uint d = 0; d < 256; ++d) p[d] = places[d * tiles + t];
    for (ulong i = t * tile; i < (t + 1) * tile; ++i) { const uint k = keys[i]; out[p[k & 255]++] = k; }
}
// The same pass through software write-combining: each digit's keys gather in a private run of LINES lines of 16 and
// go out as aligned 64-byte stores (non-temporal with NT=1) when the run fills; partial runs are stored key by key.
#ifndef LINES
#define LINES 1
#endif
#define RUN (16 * LINES)
kernel void scatter_wc(global const uint *keys, global uint *out, global const uint *places, const ulong tile, const uint tiles)
{
    const uint t = get_global_id(0);
    uint p[256];
    uint16 line[256 * LINES];
    for (uint d = 0; d < 256; ++d) p[d] = places[d * tiles + t];
    for (ulong i = t * tile; i < (t + 1) * tile; ++i) {
        const uint k = keys[i], d = k & 255, at = p[d]++;
        ((uint *)&line[d * LINES])[at & (RUN - 1)] = k;
        if ((at & (RUN - 1)) == RUN - 1) {
            if (at + 1 >= RUN && at - (RUN - 1) >= places[d * tiles + t]) {
                for (uint c = 0; c < LINES; ++c) {
#if NT
                    __builtin_nontemporal_store(line[d * LINES + c], (global uint16 *)(out + at - (RUN - 1) + 16 * c));
#else
                    *(global uint16 *)(out + at - (RUN - 1) + 16 * c) = line[d * LINES + c];
#endif
                }
            } else {
                for (uint j = places[d * tiles + t]; j <= at; ++j) out[j] = ((uint *)&line[d * LINES])[j & (RUN - 1)];
            }
        }
    }
    for (uint d = 0; d < 256; ++d) {
        const uint start = max(places[d * tiles + t], p[d] & ~(uint)(RUN - 1));
        for (uint j = start; j < p[d]; ++j) out[j] = ((uint *)&line[d * LINES])[j & (RUN - 1)];
    }
}
kernel void copy(global const uint4 *x, global uint4 *y) { const size_t i = get_global_id(0); y[i] = x[i]; }
"""


def host_array(count, huge):
    """`count` uint32 in memory aligned to 2 MiB, advised to be backed by huge pages or not (the pointer is kept
    alive by the returned array's base)."""
    size = count * 4
    ptr = ctypes.c_void_p()
    assert libc.posix_memalign(ctypes.byref(ptr), 1 << 21, size) == 0
    assert libc.madvise(ptr, size, MADV_HUGEPAGE if huge else MADV_NOHUGEPAGE) == 0
    buf = (ctypes.c_uint32 * count).from_address(ptr.value)
    return np.ctypeslib.as_array(buf), ptr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--log2n", type=int, default=24)
    a = ap.parse_args()
    ctx = cl.Context(cl.get_platforms()[0].get_devices())
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, SOURCE).build(options="-D NT=0")
    scatter, copy = cl.Kernel(prg, "scatter"), cl.Kernel(prg, "copy")
    lines = {"lines": cl.Kernel(prg, "scatter_wc")} | {
        f"lines-nt-{k}": cl.Kernel(cl.Program(ctx, SOURCE).build(options=f"-D NT=1 -D LINES={k}"), "scatter_wc")
        for k in (1, 2, 4, 8)}
    n, tiles = 1 << a.log2n, 8
    tile = n // tiles
    rng = np.random.default_rng(1)
    keys_host = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    digits = (keys_host & 255).reshape(tiles, tile)
    counts = np.stack([np.bincount(digits[t], minlength=256) for t in range(tiles)], axis=1)  # [digit, tile]
    places = (np.cumsum(counts.ravel()) - counts.ravel()).astype(np.uint32)
    expect = keys_host[np.argsort(keys_host & 255, kind="stable")]
    mf = cl.mem_flags
    places_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=places)

    keep = []
    def buffers(kind):
        if kind == "pocl":
            k = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=keys_host)
            return k, cl.Buffer(ctx, mf.READ_WRITE, n * 4)
        arrays = []
        for _ in range(2):
            arr, ptr = host_array(n, kind == "huge")
            keep.append(ptr); arrays.append(arr)
        arrays[0][:] = keys_host
        arrays[1][:] = 0
        return (cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=arrays[0]),
                cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=arrays[1]))

    kinds = ["pocl", "small", "huge"]
    bufs = {k: buffers(k) for k in kinds}

    def run_scatter(kind):
        keys, out = bufs[kind if kind in bufs else "pocl"]
        kernel = lines.get(kind, scatter)
        kernel(q, (tiles,), (1,), keys, out, places_buf, np.uint64(tile), np.uint32(tiles)); q.finish()

    def run_fresh_copy(kind):
        keys, _ = bufs[kind]
        if kind == "pocl":
            out = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
        else:
            arr, ptr = host_array(n, kind == "huge")
            out = cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=arr)
        t = time.perf_counter()
        copy(q, (n // 4,), None, keys, out); q.finish()
        elapsed = time.perf_counter() - t
        got = np.empty(n, np.uint32); cl.enqueue_copy(q, got, out)
        assert np.array_equal(got, keys_host), f"fresh copy {kind}"
        out.release()
        if kind != "pocl":
            libc.free(ptr)
        return elapsed

    scatters = kinds + list(lines)
    for kind in scatters:
        out = bufs[kind if kind in bufs else "pocl"][1]
        cl.enqueue_fill_buffer(q, out, np.uint32(0), 0, n * 4)
        run_scatter(kind)
        got = np.empty(n, np.uint32); cl.enqueue_copy(q, got, out)
        assert np.array_equal(got, expect), f"scatter {kind}"
    ms = {f"scatter {k}": [] for k in scatters} | {f"fresh copy {k}": [] for k in kinds}
    for _ in range(a.rounds):
        for kind in scatters:
            t = time.perf_counter(); run_scatter(kind); ms[f"scatter {kind}"].append((time.perf_counter() - t) * 1e3)
        for kind in kinds:
            ms[f"fresh copy {kind}"].append(run_fresh_copy(kind) * 1e3)
    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    print(f"{ctx.devices[0].name}, n = 2^{a.log2n}, {a.rounds} rounds, load {load}; ms min / median / max")
    for name, v in ms.items():
        print(f"{name:18s} {min(v):8.2f} {statistics.median(v):8.2f} {max(v):8.2f}")


if __name__ == "__main__":
    main()
