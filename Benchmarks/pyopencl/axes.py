"""Reductions along an axis: `swiftcl-lab bench axes` beside NumPy on the host, interleaved round by round.

Each round runs `swiftcl-lab bench axes` (which checks every case against Double sums of the same lines, then times
it against the read bound measured beside it) and NumPy's `sum`/`max`/`argmax`/`mean`/`var` of the same 2^26 Float32 values in
the same shapes and axes, each NumPy result first checked against a float64 computation. Per case: SwiftCL's
milliseconds per call (median over its rounds, the new result's allocation included) and its paired % of the read
bound, NumPy's milliseconds (the best of three, warm), and NumPy's time over SwiftCL's (above 1: SwiftCL is faster).

    .venv-pyopencl/bin/python Benchmarks/pyopencl/axes.py --swiftcl Benchmarks/.build/release/swiftcl-lab [--rounds 3]
"""
import argparse
import re
import statistics

import numpy as np

from compare import lab_records, timed  # the same lab run and warm-then-best-of timing as the PyOpenCL comparison


def numpy_call(x, name):
    """The NumPy operation for a lab case name such as `sum-8192x8192-axis0`, checked against float64 first."""
    operation, shape, axis, into = re.fullmatch(r"(\w+)-([\dx]+)-axis(\d+)(-into)?", name).groups()
    view = x.reshape([int(d) for d in shape.split("x")])
    axis = int(axis)
    function = {"sum": np.sum, "max": np.max, "argmax": np.argmax, "mean": np.mean, "variance": np.var}[operation]
    got = function(view, axis=axis)
    exact = function(view.astype(np.float64), axis=axis)
    assert np.max(np.abs(got - exact) / np.maximum(1, np.abs(exact))) <= 1e-4, f"numpy {name}"
    if into:  # into one array made beforehand (out=), like `sum(axis:into:)`
        out = np.empty_like(got)
        return lambda: function(view, axis=axis, out=out)
    return lambda: function(view, axis=axis)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--swiftcl", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    x = ((np.arange(1 << 26) % 2003) * 0.001 - 1).astype(np.float32)   # the lab's values
    swift, paired, host, calls = {}, {}, {}, {}
    for round_index in range(1, args.rounds + 1):
        print(f"round {round_index}/{args.rounds}: swiftcl-lab bench axes", flush=True)
        for record in lab_records(args.swiftcl, "axes"):
            if record["variant"] == "bound-read":
                continue
            swift.setdefault(record["variant"], []).append(record["extra"]["ms"])
            paired.setdefault(record["variant"], []).append(record["extra"]["paired_percent_of_read_bound"])
        print(f"round {round_index}/{args.rounds}: numpy", flush=True)
        for name in swift:
            if name not in calls:
                calls[name] = numpy_call(x, name)
            host.setdefault(name, []).append(timed(calls[name], repeats=3) * 1e3)

    print()
    print(f"NumPy {np.__version__}; ms per call, median over {args.rounds} rounds; ratio = NumPy's ms / SwiftCL's")
    print(f"{'case':28} {'SwiftCL ms':>10} {'% of read':>10} {'NumPy ms':>9} {'ratio':>6}")
    for name, values in swift.items():
        ms, numpy_ms = statistics.median(values), statistics.median(host[name])
        print(f"{name:28} {ms:10.2f} {statistics.median(paired[name]):10.1f} {numpy_ms:9.2f} {numpy_ms / ms:6.2f}")


if __name__ == "__main__":
    main()
