"""Counter-based generators side by side on one OpenCL device (PyOpenCL; the same device SwiftCL uses).

Each kernel writes 2^26 uniform floats in [0, 1) into one buffer; the figure is GB/s of floats written (median of 5
launches per round) next to a plain float4 store (the write bound) measured in the same round. Every generator's
output is first checked against a host model (Random123's / the ChaCha test vectors pin the block functions in
SwiftCL's tests; here each kernel is compared with a Python model of its own layout on the first 4096 values).

    .venv-pyopencl/bin/python Benchmarks/probes/random-generators.py [--rounds 3]
"""
import argparse, time
import numpy as np
import pyopencl as cl

M = 0xFFFFFFFF
PHILOX = (0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85)
THREEFRY_R = [(10, 26), (11, 21), (13, 27), (23, 5), (6, 20), (17, 11), (25, 10), (18, 20)]
SIGMA = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]
QUARTERS = [(0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
            (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)]
KEY = (1234, 5678)


def rotl(v, n):
    return ((v << n) | (v >> (32 - n))) & M


# ---- host models: the words of block b ----
def philox_words(b):
    c, k = [b & M, b >> 32, 0, 0], list(KEY)
    for r in range(10):
        if r:
            k = [(k[0] + PHILOX[2]) & M, (k[1] + PHILOX[3]) & M]
        p0, p1 = PHILOX[0] * c[0], PHILOX[1] * c[2]
        c = [(p1 >> 32) ^ c[1] ^ k[0], p1 & M, (p0 >> 32) ^ c[3] ^ k[1], p0 & M]
    return c


def threefry_words(b):
    x, k = [b & M, b >> 32, 0, 0], [KEY[0], KEY[1], 0, 0]
    ks = k + [0x1BD11BDA ^ k[0] ^ k[1] ^ k[2] ^ k[3]]
    x = [(x[i] + ks[i]) & M for i in range(4)]
    for r in range(20):
        a, c = THREEFRY_R[r % 8]
        if r % 2 == 0:
            x[0] = (x[0] + x[1]) & M; x[1] = rotl(x[1], a) ^ x[0]; x[2] = (x[2] + x[3]) & M; x[3] = rotl(x[3], c) ^ x[2]
        else:
            x[0] = (x[0] + x[3]) & M; x[3] = rotl(x[3], a) ^ x[0]; x[2] = (x[2] + x[1]) & M; x[1] = rotl(x[1], c) ^ x[2]
        if r % 4 == 3:
            i = r // 4 + 1
            x = [(x[j] + ks[(i + j) % 5] + (i if j == 3 else 0)) & M for j in range(4)]
    return x


def chacha_words(b, rounds):
    x = SIGMA + [KEY[0], KEY[1], 0, 0, 0, 0, 0, 0, b & M, b >> 32, 0, 0]
    start = list(x)
    for _ in range(rounds // 2):
        for a, bb, c, d in QUARTERS:
            x[a] = (x[a] + x[bb]) & M; x[d] = rotl(x[d] ^ x[a], 16); x[c] = (x[c] + x[d]) & M; x[bb] = rotl(x[bb] ^ x[c], 12)
            x[a] = (x[a] + x[bb]) & M; x[d] = rotl(x[d] ^ x[a], 8); x[c] = (x[c] + x[d]) & M; x[bb] = rotl(x[bb] ^ x[c], 7)
    return [(p + q) & M for p, q in zip(x, start)]


def piece(w, k):
    j, s = divmod(24 * k, 32)
    return (w[j] >> s) & 0xFFFFFF if s <= 8 else ((w[j] >> s) | (w[j + 1] << (32 - s))) & 0xFFFFFF


# ---- kernels ----
def philox_kernel():
    rounds = []
    for r in range(10):
        if r:
            rounds.append(f"k0 += {PHILOX[2]:#x}u; k1 += {PHILOX[3]:#x}u;")
        rounds.append(f"p0 = (ulong){PHILOX[0]:#x}u * c0; p1 = (ulong){PHILOX[1]:#x}u * c2;"
                      " c0 = (uint)(p1 >> 32) ^ c1 ^ k0; c1 = (uint)p1; c2 = (uint)(p0 >> 32) ^ c3 ^ k1; c3 = (uint)p0;")
    body = "\n".join(rounds)
    return f"""kernel void philox(global float *out, uint key_lo, uint key_hi) {{
  const ulong b = get_global_id(0);
  uint c0 = (uint)b, c1 = (uint)(b >> 32), c2 = 0, c3 = 0, k0 = key_lo, k1 = key_hi; ulong p0, p1;
  {body}
  vstore4(convert_float4((uint4)(c0, c1, c2, c3) >> (uint4)(8)) * 0x1p-24f, b, out);
}}"""


def lanes_prologue():
    return """  const ulong g = get_global_id(0), first = 8 * g; const uint lo = (uint)first;
  const uint8 c_lo = (uint8)(lo) + (uint8)(0, 1, 2, 3, 4, 5, 6, 7);
  const uint8 c_hi = (uint8)((uint)(first >> 32)) - as_uint8(c_lo < (uint8)(lo));"""


def threefry_kernel():
    s = ["uint8 x0 = c_lo, x1 = c_hi, x2 = 0, x3 = 0, k0 = key_lo, k1 = key_hi, k2 = 0, k3 = 0;",
         "const uint8 k4 = (uint8)(0x1BD11BDAu) ^ k0 ^ k1 ^ k2 ^ k3;", "x0 += k0; x1 += k1; x2 += k2; x3 += k3;"]
    ks = ["k0", "k1", "k2", "k3", "k4"]
    for r in range(20):
        a, c = THREEFRY_R[r % 8]
        if r % 2 == 0:
            s.append(f"x0 += x1; x1 = rotate(x1, (uint8)({a})) ^ x0; x2 += x3; x3 = rotate(x3, (uint8)({c})) ^ x2;")
        else:
            s.append(f"x0 += x3; x3 = rotate(x3, (uint8)({a})) ^ x0; x2 += x1; x1 = rotate(x1, (uint8)({c})) ^ x2;")
        if r % 4 == 3:
            i = r // 4 + 1
            s.append(f"x0 += {ks[i % 5]}; x1 += {ks[(i + 1) % 5]}; x2 += {ks[(i + 2) % 5]}; x3 += {ks[(i + 3) % 5]} + (uint8)({i}u);")
    stores = "\n".join(f"  vstore4((float4)(f0.s{i}, f1.s{i}, f2.s{i}, f3.s{i}), 8 * g + {i}, out);" for i in range(8))
    return f"""kernel void threefry(global float *out, uint key_lo, uint key_hi) {{
{lanes_prologue()}
  {" ".join(s)}
  const float8 f0 = convert_float8(x0 >> 8) * 0x1p-24f, f1 = convert_float8(x1 >> 8) * 0x1p-24f,
               f2 = convert_float8(x2 >> 8) * 0x1p-24f, f3 = convert_float8(x3 >> 8) * 0x1p-24f;
{stores}
}}"""


def chacha_kernel(name, rounds, pieces):
    init = [f"(uint8)({v:#x}u)" for v in SIGMA] + ["(uint8)(key_lo)", "(uint8)(key_hi)"] + ["(uint8)(0)"] * 6
    init += ["c_lo", "c_hi", "(uint8)(0)", "(uint8)(0)"]
    s = ["const uint8 " + ", ".join(f"i{n} = {v}" for n, v in enumerate(init)) + ";",
         "uint8 " + ", ".join(f"x{n} = i{n}" for n in range(16)) + ";"]
    for _ in range(rounds // 2):
        for a, b, c, d in QUARTERS:
            s.append(f"x{a} += x{b}; x{d} = rotate(x{d} ^ x{a}, (uint8)(16)); x{c} += x{d}; x{b} = rotate(x{b} ^ x{c}, (uint8)(12));"
                     f" x{a} += x{b}; x{d} = rotate(x{d} ^ x{a}, (uint8)(8)); x{c} += x{d}; x{b} = rotate(x{b} ^ x{c}, (uint8)(7));")
    s += [f"x{n} += i{n};" for n in range(16)]
    per = 21 if pieces else 16
    stores = []
    for k in range(per):
        if pieces:
            j, sh = divmod(24 * k, 32)
            v = (f"(x{j} >> 8)" if sh == 8 else f"(x{j} & (uint8)(0xFFFFFF))" if sh == 0
                 else f"((x{j} >> {sh}) | ((x{j + 1} << {32 - sh}) & (uint8)(0xFFFFFF)))")
        else:
            v = f"(x{k} >> 8)"
        stores.append(f"  vstore8(convert_float8(as_int8({v})) * 0x1p-24f, g * {per} + {k}, out);")
    return f"""kernel void {name}(global float *out, uint key_lo, uint key_hi) {{
{lanes_prologue()}
  {chr(10).join(s)}
{chr(10).join(stores)}
}}"""


def host_values(name, count):
    """The first `count` floats each kernel writes, from the host models."""
    out = []
    if name == "philox":
        b = 0
        while len(out) < count:
            out += [(w >> 8) * 2.0 ** -24 for w in philox_words(b)]; b += 1
    elif name == "threefry-4x32-20":
        g = 0
        while len(out) < count:
            blocks = [threefry_words(8 * g + i) for i in range(8)]
            for i in range(8):
                out += [(blocks[i][k] >> 8) * 2.0 ** -24 for k in range(4)]
            g += 1
    else:
        rounds, pieces = (20, False) if name == "chacha20-words" else (8, name == "chacha8-pieces")
        per, g = (21 if pieces else 16), 0
        while len(out) < count:
            blocks = [chacha_words(8 * g + i, rounds) for i in range(8)]
            for k in range(per):
                out += [(piece(blocks[i], k) if pieces else blocks[i][k] >> 8) * 2.0 ** -24 for i in range(8)]
            g += 1
    return np.array(out[:count], np.float32)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ctx = cl.create_some_context(interactive=False)
    queue = cl.CommandQueue(ctx)
    print("device:", ctx.devices[0].name)
    source = "\n".join([
        "kernel void write_bound(global float4 *out, uint a, uint b) { out[get_global_id(0)] = (float4)(1.0f); }",
        philox_kernel(), threefry_kernel(), chacha_kernel("chacha20_words", 20, False),
        chacha_kernel("chacha8_words", 8, False), chacha_kernel("chacha8_pieces", 8, True)])
    program = cl.Program(ctx, source).build()
    n = 168 * 400_000  # a multiple of every kernel's values per work-item
    out = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, 4 * n)
    runs = [("write bound", "write_bound", n // 4), ("philox", "philox", n // 4),
            ("threefry-4x32-20", "threefry", n // 32), ("chacha20-words", "chacha20_words", n // 128),
            ("chacha8-words", "chacha8_words", n // 128), ("chacha8-pieces", "chacha8_pieces", n // 168)]
    kernels = {label: (cl.Kernel(program, kname), size) for label, kname, size in runs}
    for label, (kernel, size) in kernels.items():
        if label == "write bound":
            continue
        kernel(queue, (size,), None, out, np.uint32(KEY[0]), np.uint32(KEY[1]))
        got = np.empty(n, np.float32)
        cl.enqueue_copy(queue, got, out)
        assert np.array_equal(got[:4096], host_values(label, 4096)), f"{label}: differs from its host model"
    print("verified: every generator's first 4096 values equal its host model")
    figures = {label: [] for label in kernels}
    for _ in range(args.rounds):
        for label, (kernel, size) in kernels.items():
            times = []
            for _ in range(5):
                start = time.perf_counter()
                kernel(queue, (size,), None, out, np.uint32(KEY[0]), np.uint32(KEY[1]))
                queue.finish()
                times.append(time.perf_counter() - start)
            figures[label].append(4 * n / sorted(times)[2] / 1e9)
    bound = figures["write bound"]
    print(f"{'generator':18} {'GB/s min/median/max':>22}  % of the same round's write bound")
    for label, values in figures.items():
        share = [100 * v / w for v, w in zip(values, bound)]
        print(f"{label:18} {min(values):6.2f} {np.median(values):6.2f} {max(values):6.2f}  "
              + " ".join(f"{p:5.1f}" for p in share))


if __name__ == "__main__":
    main()
