"""SwiftCLBLAS/SwiftCLFFT (CLBlast, clFFT, and on a CPU device SwiftCLBLAS's host engine) beside numpy on the host,
interleaved round by round.

Each round runs `swiftcl-lab bench blas fft` (which checks CLBlast, the SwiftCL tiled GEMM kernel, clFFT, the host
engines and `fftConvolve` against host references, then times them) and numpy's matmul (OpenBLAS), scipy.fft (numpy.fft
without SciPy) and scipy.signal.fftconvolve on the same sizes and data shapes, each host result checked against a
float64 computation first. The table gives min/median/max GFLOP/s per operation over the rounds (2·n³ per GEMM,
5·N·log2 N per complex FFT, 3 · 2.5·N·log2 N per convolution of N output samples) and SwiftCL's median over the peer's.
"""
import argparse
import math
import os
import statistics

import numpy as np

from compare import lab_records, timed  # the same lab run and warm-then-best-of timing as the PyOpenCL comparison


def host_operations():
    """(metric, flops, verified call) per operation, the metric naming the SwiftCL record it stands beside."""
    operations = []
    for n in (512, 1024, 2048):
        index = np.arange(n * n, dtype=np.int64)
        a = (((index * 7919) % 2001) / 1000 - 1).astype(np.float32).reshape(n, n)
        b = (((index * 104729) % 2001) / 1000 - 1).astype(np.float32).reshape(n, n)
        c = a @ b
        rows = np.arange(0, n, max(1, n // 16))
        exact = a[rows].astype(np.float64) @ b.astype(np.float64)
        assert np.max(np.abs(c[rows] - exact)) <= n * np.finfo(np.float32).eps * np.max(np.abs(a[rows]) @ np.abs(b)), "numpy GEMM"
        operations.append((f"sgemm_{n}", 2.0 * n ** 3, lambda a=a, b=b: a @ b))
        if n <= 1024:
            a64, b64 = a.astype(np.float64), b.astype(np.float64)
            operations.append((f"dgemm_{n}", 2.0 * n ** 3, lambda a=a64, b=b64: a @ b))
    # Level-2/1 beside the lab's sgemv_4096 and sdot_16777216 (same data formulas), each checked against float64.
    n, count = 4096, 1 << 24
    a = (((np.arange(n * n, dtype=np.int64) * 7919) % 2001) / 1000 - 1).astype(np.float32).reshape(n, n)
    x = (((np.arange(count, dtype=np.int64) * 104729) % 2001) / 1000 - 1).astype(np.float32)
    y = (((np.arange(count, dtype=np.int64) * 7919) % 2001) / 1000 - 1).astype(np.float32)
    product = a @ x[:n]
    assert np.max(np.abs(product - a.astype(np.float64) @ x[:n].astype(np.float64))) <= n * np.finfo(np.float32).eps * np.max(np.abs(a) @ np.abs(x[:n])), "numpy GEMV"
    assert abs(float(np.dot(x, y)) - float(np.dot(x.astype(np.float64), y.astype(np.float64)))) <= count * np.finfo(np.float32).eps * float(np.abs(x) @ np.abs(y)), "numpy DOT"
    operations.append((f"sgemv_{n}", 2.0 * n * n, lambda a=a, v=x[:n]: a @ v))
    operations.append((f"sdot_{count}", 2.0 * count, lambda x=x, y=y: np.dot(x, y)))
    # FFTs: scipy.fft with as many workers as the machine has cores (the engines on the device use them all), numpy.fft
    # (one thread) where scipy is missing.
    workers = os.cpu_count() or 1
    try:
        import scipy.fft as host_fft
        fftn = lambda x: host_fft.fftn(x, workers=workers)
        rfft = lambda x: host_fft.rfft(x, workers=workers)
        peer = f"scipy.fft (workers={workers})"
    except ImportError:
        fftn, rfft, peer = np.fft.fftn, np.fft.rfft, "numpy.fft"
    for shape in ((1 << 20,), (2048, 2048)):
        count = math.prod(shape)
        index = np.arange(count, dtype=np.int64)
        x = ((((index * 7919) % 2001) / 1000 - 1) + 1j * (((index * 104729) % 2001) / 1000 - 1)).astype(np.complex64).reshape(shape)
        y = fftn(x)
        exact = np.fft.fftn(x.astype(np.complex128))
        assert np.linalg.norm(y - exact) <= 1e-5 * np.linalg.norm(exact), "host FFT"
        name = "x".join(str(s) for s in shape)
        operations.append((f"c2c_{name}", 5.0 * count * math.log2(count), lambda x=x: fftn(x)))
    count = 1 << 21
    index = np.arange(count, dtype=np.int64)
    x = (((index * 7919) % 2001) / 1000 - 1).astype(np.float32)
    assert np.linalg.norm(rfft(x) - np.fft.rfft(x.astype(np.float64))) <= 1e-5 * np.linalg.norm(np.fft.rfft(x.astype(np.float64))), "host rFFT"
    operations.append((f"r2c_{count}", 2.5 * count * math.log2(count), lambda x=x: rfft(x)))
    # Convolution beside `swiftcl-lab`'s fftConvolve cases: scipy.signal.fftconvolve with scipy.fft's workers (it picks
    # its own transform length), counted like SwiftCL's as three real transforms of the output's length.
    try:
        import scipy.fft
        import scipy.signal
        for n, m in ((1 << 20, 1001), (1 << 19, 1 << 19)):
            x = (((np.arange(n, dtype=np.int64) * 7919) % 2001) / 1000 - 1).astype(np.float32)
            h = (((np.arange(m, dtype=np.int64) * 104729) % 2001) / 1000 - 1).astype(np.float32)

            def convolve(x=x, h=h):
                with scipy.fft.set_workers(workers):
                    return scipy.signal.fftconvolve(x, h)

            y, length = convolve(), n + m - 1
            bound = 1e-5 * math.sqrt(float(np.dot(x, x)) * float(np.dot(h, h)))
            for sample in range(8):
                index = (sample * 2654435761 + 12345) % length
                low, high = max(0, index - m + 1), min(index, n - 1)
                direct = np.dot(x[low:high + 1].astype(np.float64), h[index - high:index - low + 1][::-1].astype(np.float64))
                assert abs(float(y[index]) - direct) <= bound, "scipy fftconvolve"
            operations.append((f"convolve_{n}x{m}", 3 * 2.5 * length * math.log2(length), convolve))
        peer += f"; convolution peer: scipy.signal.fftconvolve (workers={workers})"
    except ImportError:
        pass
    print(f"FFT peer: {peer}; GEMM peer: numpy matmul ({np.__version__})", flush=True)
    return operations


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--swiftcl", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"numpy {np.__version__}; host peers beside `swiftcl-lab bench blas fft`", flush=True)
    operations = host_operations()
    host = {metric: [] for metric, _, _ in operations}
    swift = {}
    for round_index in range(1, args.rounds + 1):
        print(f"round {round_index}/{args.rounds}: swiftcl-lab bench blas fft", flush=True)
        for record in lab_records(args.swiftcl, "blas", "fft"):
            swift.setdefault((record["variant"], record["metric"]), []).append(record["median"])
        print(f"round {round_index}/{args.rounds}: numpy", flush=True)
        for metric, flops, call in operations:
            host[metric].append(flops / timed(call, repeats=3) / 1e9)

    def triple(values):
        return f"{min(values):7.2f} {statistics.median(values):7.2f} {max(values):7.2f}"

    print()
    print("GFLOP/s, min / median / max over the rounds; ratio = SwiftCL median / numpy median (host).")
    print(f"{'operation':16} {'SwiftCL variant':20} {'SwiftCL':>24} {'numpy':>24} {'ratio':>7}")
    for (variant, metric), values in sorted(swift.items(), key=lambda item: (item[0][1], item[0][0])):
        if metric not in host:
            continue
        ratio = statistics.median(values) / statistics.median(host[metric])
        print(f"{metric:16} {variant:20} {triple(values):>24} {triple(host[metric]):>24} {ratio:7.2f}")


if __name__ == "__main__":
    main()
