"""PyOpenCL and SwiftCLArrays on the same device, interleaved round by round.

Each round times PyOpenCL's array arithmetic, array sum/dot/max, an ElementwiseKernel and a ReductionKernel (after
checking each against numpy), then runs `swiftcl-lab bench arrays` (which verifies, then times its own primitives), and
numpy's host time for the same operation. The table gives min/median/max GB/s per primitive over the rounds and the
ratio of the medians.
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

import numpy as np
import pyopencl as cl
import pyopencl.array as cl_array
from pyopencl.elementwise import ElementwiseKernel
from pyopencl.reduction import ReductionKernel
from pyopencl.scan import InclusiveScanKernel
from pyopencl.algorithm import RadixSort, copy_if, partition, unique
from pyopencl.clrandom import PhiloxGenerator


def pick_device(name_hint):
    for platform in cl.get_platforms():
        for device in platform.get_devices():
            if name_hint is None or name_hint in device.name:
                return device
    raise SystemExit(f"no OpenCL device matching {name_hint!r}")


def lab_records(swiftcl, *suites):
    """The records of one `swiftcl-lab bench SUITE …` run (each suite verifies, then times), from its JSON report."""
    with tempfile.TemporaryDirectory() as folder:
        report = os.path.join(folder, "report.json")
        subprocess.run([swiftcl, "bench", *suites, "--json", report], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        with open(report) as handle:
            return json.load(handle)["results"]


def timed(function, repeats=1):
    """Seconds per call: the best of `repeats` samples, each the mean of back-to-back calls filling >= 2 ms (timed
    after a warm-up call, at most 64; one call on a CPU), the rule `swiftcl-lab bench arrays` follows."""
    function()  # warm: builds, first-touch
    start = time.perf_counter()
    function()
    calls = max(1, min(64, int(2e-3 / max(time.perf_counter() - start, 1e-9))))
    best = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        best.append((time.perf_counter() - start) / calls)
    return min(best)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--swiftcl", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--count", type=int, default=1 << 26)
    parser.add_argument("--sort-count", type=int, default=1 << 24)
    parser.add_argument("--device", default=None, help="substring of the device name (default: the first device)")
    args = parser.parse_args()
    n = args.count
    device = pick_device(args.device)
    context = cl.Context([device])
    queue = cl.CommandQueue(context)
    print(f"PyOpenCL {cl.VERSION_TEXT} on {device.name} ({device.platform.name}); numpy {np.__version__}; n = {n}")

    host_x = ((np.arange(n) % 2003) * 0.001 - 1).astype(np.float32)
    host_y = np.full(n, 0.5, dtype=np.float32)
    x = cl_array.to_device(queue, host_x)
    y = cl_array.to_device(queue, host_y)
    z = cl_array.empty_like(x)
    axpy = ElementwiseKernel(context, "float a, float *x, float *y, float *z", "z[i] = a * x[i] + y[i]", "axpy")
    squares = ReductionKernel(context, np.float32, neutral="0", reduce_expr="a+b", map_expr="x[i]*x[i]",
                              arguments="__global const float *x")

    # Check PyOpenCL's answers against numpy before timing anything.
    exact = float(np.sum(host_x, dtype=np.float64))
    assert abs(float(cl_array.sum(x).get()) - exact) <= 1e-3 * abs(exact) + 1e-3, "pyopencl sum"
    assert float(cl_array.max(x).get()) == float(host_x.max()), "pyopencl max"
    expected = np.float32(2) * host_x + host_y
    assert np.array_equal((2 * x + y).get(), expected), "pyopencl a*x+y"
    axpy(np.float32(2), x, y, z)
    assert np.array_equal(z.get(), expected), "pyopencl ElementwiseKernel"

    # Scans, compaction, random numbers (issue 26), checked the same way.
    scan = InclusiveScanKernel(context, np.float32, "a+b", neutral="0")
    scanned = cl_array.empty_like(x)
    scan(x, scanned)
    reference = np.cumsum(host_x, dtype=np.float64)
    bound = np.arange(1, n + 1) * np.finfo(np.float32).eps * np.cumsum(np.abs(host_x), dtype=np.float64)
    assert np.all(np.abs(scanned.get() - reference) <= bound + 1e-30), "pyopencl inclusive scan"
    host_ints = ((np.arange(n, dtype=np.int64) * 2654435761) & 0xffffffff).astype(np.uint32).view(np.int32) >> 8
    ints = cl_array.to_device(queue, host_ints)
    kept, count, _ = copy_if(ints, "ary[i] > 0")
    assert np.array_equal(kept.get()[:int(count.get())], host_ints[host_ints > 0]), "pyopencl copy_if"
    generator = PhiloxGenerator(context, seed=7)
    drawn = generator.uniform(queue, n, np.float32).get()
    assert drawn.min() >= 0 and drawn.max() <= 1, "pyopencl uniform"
    uniform_target = cl_array.empty(queue, n, np.float32)
    generator.fill_uniform(uniform_target)
    assert uniform_target.get().min() >= 0, "pyopencl fill_uniform"
    # Partition and unique (issue 44): PyOpenCL's own algorithms, the peers of SwiftCL's partition(where:into:) and
    # unique(into:) (PyOpenCL has no into-forms: its results are allocated per call).
    true_part, false_part, true_count, _ = partition(ints, "ary[i] > 0")
    kept_count = int(true_count.get())
    assert np.array_equal(true_part.get()[:kept_count], host_ints[host_ints > 0]), "pyopencl partition (true)"
    assert np.array_equal(false_part.get()[:n - kept_count], host_ints[host_ints <= 0]), "pyopencl partition (false)"
    host_pairs = (np.arange(n) // 2).astype(np.int32)
    pairs = cl_array.to_device(queue, host_pairs)
    distinct, distinct_count, _ = unique(pairs)
    assert np.array_equal(distinct.get()[:int(distinct_count.get())], np.unique(host_pairs)), "pyopencl unique"

    # Radix sorts (issue 26): UInt32 keys, and (Float key, UInt32 value) pairs. PyOpenCL's RadixSort takes unsigned
    # keys from a key expression, so float keys go through the IEEE total-order map SwiftCL uses.
    m = args.sort_count
    host_keys = (((np.arange(m, dtype=np.int64) * 2654435761) ^ (np.arange(m, dtype=np.int64) >> 5)) & 0xffffffff).astype(np.uint32)
    host_float_keys = host_keys.view(np.int32).astype(np.float32) * np.float32(2.0 ** -16)
    keys = cl_array.to_device(queue, host_keys)
    float_keys = cl_array.to_device(queue, host_float_keys)
    indices = cl_array.to_device(queue, np.arange(m, dtype=np.uint32))
    key_sort = RadixSort(context, "unsigned int *ary", key_expr="ary[i]", sort_arg_names=["ary"], key_dtype=np.uint32)
    pair_sort = RadixSort(context, "float *fkeys, unsigned int *vals",
                          key_expr="((as_uint(fkeys[i]) >> 31) ? ~as_uint(fkeys[i]) : (as_uint(fkeys[i]) | 0x80000000u))",
                          sort_arg_names=["fkeys", "vals"], key_dtype=np.uint32)
    (sorted_keys,), _ = key_sort(keys, key_bits=32)
    assert np.array_equal(sorted_keys.get(), np.sort(host_keys)), "pyopencl RadixSort keys"
    (sorted_float_keys, sorted_values), _ = pair_sort(float_keys, indices, key_bits=32)
    order = np.argsort(host_float_keys, kind="stable")
    assert np.array_equal(sorted_float_keys.get(), host_float_keys[order]), "pyopencl RadixSort pairs (keys)"
    assert np.array_equal(sorted_values.get(), order.astype(np.uint32)), "pyopencl RadixSort pairs (values)"

    host_copy = np.empty_like(host_x)
    primitives = {
        # name: (bytes per element, pyopencl call, numpy call)
        "sum": (4, lambda: cl_array.sum(x).get(), lambda: np.sum(host_x)),
        "dot": (8, lambda: cl_array.dot(x, y).get(), lambda: np.dot(host_x, host_y)),
        "max": (4, lambda: cl_array.max(x).get(), lambda: np.max(host_x)),
        "reduction-kernel-sum-of-squares": (4, lambda: squares(x).get(), lambda: np.sum(host_x * host_x)),
        "a*x+y": (12, lambda: (2 * x + y).finish(), lambda: 2 * host_x + host_y),
        # Host data into a new device array, and a device array back into new host memory (NumPy: a copy).
        "upload-from-host": (8, lambda: cl_array.to_device(queue, host_x).finish(), lambda: np.array(host_x)),
        "to-array": (8, lambda: x.get(), lambda: host_x.copy()),
        "to-array-into": (8, lambda: x.get(ary=host_copy), lambda: np.copyto(host_copy, host_x)),
        "inclusive-scan": (8, lambda: (scan(x, scanned), queue.finish()), lambda: np.cumsum(host_x)),
        "compaction-50%": (7, lambda: copy_if(ints, "ary[i] > 0")[1].get(), lambda: host_ints[host_ints > 0]),
        # SwiftCL into a preallocated array; PyOpenCL allocates its results (it has no into-form).
        "compaction-50%-into": (7, lambda: copy_if(ints, "ary[i] > 0")[1].get(), lambda: host_ints[host_ints > 0]),
        "partition-50%-into": (9, lambda: partition(ints, "ary[i] > 0")[2].get(), lambda: np.concatenate((host_ints[host_ints > 0], host_ints[host_ints <= 0]))),
        "unique-50%-into": (6, lambda: unique(pairs)[1].get(), lambda: np.unique(host_pairs)),
        # Both sides draw into one preallocated array (PyOpenCL's fill_uniform, SwiftCL's uniform(into:)).
        "uniform-float": (4, lambda: (generator.fill_uniform(uniform_target), queue.finish()), lambda: np.random.random(n).astype(np.float32)),
        # SwiftCL's ChaCha8 against the same PyOpenCL Philox draw (PyOpenCL has no other counter-based generator).
        "uniform-float-chacha8": (4, lambda: (generator.fill_uniform(uniform_target), queue.finish()), lambda: np.random.random(n).astype(np.float32)),
        "elementwise-kernel-axpy": (12, lambda: (axpy(np.float32(2), x, y, z), queue.finish()), lambda: np.add(2 * host_x, host_y, out=None)),
        # bytes per element None: Mkeys/s over the sort count.
        "radix-sort-uint32": (None, lambda: key_sort(keys, key_bits=32)[1].wait(), lambda: np.sort(host_keys, kind="stable")),
        "radix-sort-float-uint32-pairs": (None, lambda: pair_sort(float_keys, indices, key_bits=32)[1].wait(),
                                          lambda: np.argsort(host_float_keys, kind="stable")),
    }
    py = {name: [] for name in primitives}
    npy = {name: [] for name in primitives}
    swift = {name: [] for name in primitives}
    for round_index in range(1, args.rounds + 1):
        print(f"round {round_index}/{args.rounds}: pyopencl", flush=True)
        for name, (bytes_per, call, host_call) in primitives.items():
            py[name].append(bytes_per * n / timed(call) / 1e9 if bytes_per else m / timed(call) / 1e6)
            npy[name].append(timed(host_call) * 1e3)
        print(f"round {round_index}/{args.rounds}: swiftcl-lab bench arrays", flush=True)
        for record in lab_records(args.swiftcl, "arrays"):
            if record["variant"] in swift:
                swift[record["variant"]].append(record["median"])

    def triple(values):
        return f"{min(values):8.2f} {statistics.median(values):8.2f} {max(values):8.2f}"

    print()
    print("Rates in GB/s (Mkeys/s for the sorts); ratio = SwiftCL median / PyOpenCL median.")
    print(f"{'primitive':34} {'SwiftCL (min med max)':>28} {'PyOpenCL (min med max)':>29} {'ratio':>8} {'numpy ms (med)':>15}")
    for name in primitives:
        if not swift[name]:
            print(f"{name:34} (no SwiftCL figure)")
            continue
        ratio = statistics.median(swift[name]) / statistics.median(py[name])
        print(f"{name:34} {triple(swift[name]):>28} {triple(py[name]):>29} {ratio:8.1f} {statistics.median(npy[name]):15.1f}")


if __name__ == "__main__":
    main()
